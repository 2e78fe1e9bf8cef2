/* exp and exp2 (musl's, from ARM's optimized routines: the code glibc
 * uses too; error < 0.52 ulp). */
#include "musl/libm.h"
#include "musl/exp_data.h"
#include "musl/exp_data.c"
#include "musl/exp.c"
#define specialcase exp2_specialcase
#define top12 exp2_top12
#undef N
#undef Shift
#undef T
#undef C2
#undef C3
#undef C4
#undef C5
#include "musl/exp2.c"
#pragma weak exp
#pragma weak exp2
