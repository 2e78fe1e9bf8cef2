/* sin and cos with fdlibm's argument reduction (musl's; error < 1 ulp). */
#include "musl/libm.h"
#include "musl/rem_pio2_large.c"
#include "musl/rem_pio2.c"
#include "musl/k_sin.c"
#include "musl/k_cos.c"
#include "musl/sin.c"
#include "musl/cos.c"
#pragma weak sin
#pragma weak cos
