/* The rest of the C library surface: fopen failing with ENOENT, strerror,
 * stream state, setlocale/localeconv, signal/raise, <limits.h>,
 * <stdint.h>, <stdbool.h>, <float.h>, <math.h> classification, assert
 * (passing) and exit's status. (atexit is checked by tests/rtcheck: lli
 * cannot resolve glibc's.) */
#include <assert.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile sig_atomic_t got;
static void on_signal(int sig) { got = sig; }


struct s {
  char c;
  int64_t x;
};

int main(void) {
  errno = 0;
  FILE *f = fopen("/no/such/file", "r");
  printf("fopen %s errno ENOENT %d: %s\n", f ? "opened" : "NULL", errno == ENOENT, strerror(errno));
  printf("ferror %d feof %d\n", ferror(stdout), feof(stdout));
  clearerr(stdout);
  printf("setlocale %s\n", setlocale(LC_ALL, "C"));
  printf("decimal_point [%s]\n", localeconv()->decimal_point);
  signal(SIGINT, on_signal); /* (lli has its own SIGINT handler) */
  raise(SIGINT);
  printf("raise -> handler got %d\n", (int)got);
  signal(SIGTERM, SIG_IGN);
  printf("ignored raise %d\n", raise(SIGTERM));
  printf("limits %d %d %u %lld %d %d\n", INT_MAX, INT_MIN, UINT_MAX, LLONG_MIN, CHAR_BIT, SCHAR_MIN);
  printf("stdint %d %d %u %lld %llu\n", INT8_MIN, INT16_MAX, UINT32_MAX, (long long)INT64_MIN,
         (unsigned long long)UINT64_C(18446744073709551615));
  printf("sizes %d %d %d\n", (int)sizeof(int32_t), (int)sizeof(uint64_t), (int)offsetof(struct s, x));
  bool t = true;
  printf("bool %d %d\n", t, (int)sizeof(bool));
  printf("float.h %d %d %g %g %d\n", DBL_MANT_DIG, FLT_DIG, DBL_EPSILON, (double)FLT_MAX, DBL_MAX_EXP);
  double inf = HUGE_VAL, z = 0.0, nan = z / z;
  printf("math %d %d %d %d %d %d\n", isnan(nan), isinf(inf), !!isfinite(1.0), fpclassify(0.0) == FP_ZERO,
         fpclassify(DBL_MIN / 2) == FP_SUBNORMAL, !!signbit(-1.0));
  printf("sqrt %.17g fmod %g\n", sqrt(2.0), fmod(7.5, 2.0));
  assert(t && "assertions pass");
  exit(3);
}
