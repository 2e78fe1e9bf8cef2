/* log10, cbrt, hypot (fdlibm, through musl; error < 1 ulp), the exact frexp, ldexp, scalbn, modf, fabs, copysign, and musl's error-result helpers. */
#include "musl/libm.h"
#include "musl/log10.c"
#include "musl/cbrt.c"
#include "musl/hypot.c"
#include "musl/frexp.c"
#include "musl/ldexp.c"
#include "musl/scalbn.c"
#include "musl/modf.c"
#include "musl/fabs.c"
#include "musl/copysign.c"
#include "musl/math_oflow.c"
#include "musl/math_uflow.c"
#include "musl/math_xflow.c"
#include "musl/math_divzero.c"
#include "musl/math_invalid.c"
#pragma weak log10
#pragma weak cbrt
#pragma weak hypot
#pragma weak frexp
#pragma weak ldexp
#pragma weak scalbn
#pragma weak modf
#pragma weak fabs
#pragma weak copysign
