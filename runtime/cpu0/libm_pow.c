/* pow (musl's, from ARM's optimized routines, as in glibc; error < 0.52 ulp). */
#include "musl/libm.h"
#include "musl/exp_data.h"
#include "musl/pow_data.h"
#include "musl/pow_data.c"
#undef A
#undef N
#include "musl/pow.c"
#pragma weak pow
