/* asin (fdlibm, through musl; error < 1 ulp). */
#include "musl/libm.h"
#include "musl/asin.c"
#pragma weak asin
