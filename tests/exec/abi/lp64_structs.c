/* The C library's structures with long and pointer fields (struct lconv,
 * struct tm) and a time_t written through a pointer. LP64 IR (x86-64,
 * AArch64, RISC-V 64) lays them out with 8-byte longs and pointers, the
 * ILP32 runtime with 4-byte ones: its calls must reach entry points that
 * use the IR's layout (frontend.LP64Entries), or the fields after the
 * first pointer are read from the wrong place. */
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int main(void) {
  struct lconv *lc = localeconv();
  printf("[%s] [%s] [%s] [%s] %d %d %d %d\n", lc->decimal_point, lc->thousands_sep, lc->grouping,
         lc->negative_sign, lc->int_frac_digits, lc->frac_digits, lc->p_cs_precedes,
         lc->int_n_sign_posn);
  time_t t = -1;
  time_t r = time(&t);
  printf("time %d\n", t == r);
  time_t when = 951782400 + 3723; /* 2000-02-29 01:02:03 UTC */
  struct tm *g = gmtime(&when);
  printf("%d-%d-%d %d:%d:%d wday %d yday %d dst %d off %d zone %s\n", g->tm_year, g->tm_mon,
         g->tm_mday, g->tm_hour, g->tm_min, g->tm_sec, g->tm_wday, g->tm_yday, g->tm_isdst,
         (int)g->tm_gmtoff, g->tm_zone);
  struct tm mine;
  memset(&mine, 0, sizeof mine);
  if (gmtime_r(&when, &mine) != &mine)
    return 1;
  printf("off %d zone %s\n", (int)mine.tm_gmtoff, mine.tm_zone);
  char buf[100];
  size_t n = strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %b %j %Z", &mine);
  printf("%d %s\n", (int)n, buf);
  mine.tm_year = 99;
  mine.tm_mon = 11;
  mine.tm_mday = 31;
  printf("%s", asctime(&mine));
  printf("%s", ctime(&when) + 11);
  return 0;
}
