/* tan (fdlibm, through musl; error < 1 ulp). */
#include "musl/libm.h"
#include "musl/k_tan.c"
#include "musl/tan.c"
#pragma weak tan
