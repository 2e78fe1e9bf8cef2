/* <time.h> of the Cpu0 C library. Cpu0 has no clock: time() returns 0 and
 * clock() counts its own calls (a monotonic value, not processor time).
 * The calendar functions (runtime/cpu0/timefmt.c) are exact, in UTC, with
 * strftime's "C" locale output. */
#ifndef _CPU0_TIME_H
#define _CPU0_TIME_H
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
#define CLOCKS_PER_SEC ((clock_t)1000000)
time_t time(time_t *t);
clock_t clock(void);
double difftime(time_t a, time_t b);
/* struct tm has glibc's layout. There is no time zone: local time is UTC
 * (tm_isdst 0, tm_zone "GMT"). */
struct tm {
  int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday,
      tm_isdst;
  long tm_gmtoff;
  const char *tm_zone;
};
struct tm *gmtime(const time_t *t);
struct tm *localtime(const time_t *t);
struct tm *gmtime_r(const time_t *t, struct tm *tm);
struct tm *localtime_r(const time_t *t, struct tm *tm);
time_t mktime(struct tm *tm);
size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm);
char *asctime(const struct tm *tm);
char *ctime(const time_t *t);
#endif
