/* log2 (musl's, from ARM's optimized routines, as in glibc; error < 0.55 ulp). */
#include "musl/libm.h"
#include "musl/log2_data.h"
#include "musl/log2_data.c"
#include "musl/log2.c"
#pragma weak log2
