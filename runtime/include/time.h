/* <time.h> of the Cpu0 C library. Cpu0 has no clock: time() returns 0 and
 * clock() counts its own calls (a monotonic value, not processor time). */
#ifndef _CPU0_TIME_H
#define _CPU0_TIME_H
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
#define CLOCKS_PER_SEC ((clock_t)1000000)
time_t time(time_t *t);
clock_t clock(void);
double difftime(time_t a, time_t b);
#endif
