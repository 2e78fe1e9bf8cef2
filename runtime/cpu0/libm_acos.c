/* acos (fdlibm, through musl; error < 1 ulp). */
#include "musl/libm.h"
#include "musl/acos.c"
#pragma weak acos
