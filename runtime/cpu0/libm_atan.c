/* atan and atan2 (fdlibm, through musl; error < 1 ulp). */
#include "musl/libm.h"
#include "musl/atan.c"
#include "musl/atan2.c"
#pragma weak atan
#pragma weak atan2
