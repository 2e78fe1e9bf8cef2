/* log (musl's, from ARM's optimized routines, as in glibc; error < 0.52 ulp) and log1p (fdlibm). */
#include "musl/libm.h"
#include "musl/log_data.h"
#include "musl/log_data.c"
#include "musl/log.c"
#include "musl/log1p.c"
#pragma weak log
#pragma weak log1p
