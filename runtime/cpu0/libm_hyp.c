/* expm1, sinh, cosh, tanh (fdlibm, through musl; error < 2 ulp). */
#include "musl/libm.h"
#include "musl/expm1.c"
#include "musl/expo2.c"
#include "musl/sinh.c"
#include "musl/cosh.c"
#include "musl/tanh.c"
#pragma weak expm1
#pragma weak sinh
#pragma weak cosh
#pragma weak tanh
