#ifndef _CPU0_ALLOCA_H
#define _CPU0_ALLOCA_H
/* <alloca.h>: alloca is the compiler's (a dynamic stack allocation). */
#include <stddef.h>
#define alloca(n) __builtin_alloca(n)
#endif
