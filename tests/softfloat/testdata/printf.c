/* Host-side check of the runtime printf's floating-point conversions (and
 * the precision and flags added with them) against the host C library.
 * Prints "ok" or the mismatches. The runtime is #included with its public
 * names renamed. */
#include "../../rtcheck/testdata/rename.h"
#include "../../../runtime/cpu0/int64.c"
#include "../../../runtime/cpu0/printf.c"
#include "../../rtcheck/testdata/unrename.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char out[4096];
static int outn;

int rt_putchar(int c) {
  if (outn < (int)sizeof out - 1)
    out[outn++] = (char)c;
  return (unsigned char)c;
}

/* printf.c writes through fputc(c, stdout). */
static rt_FILE out_file = {0, 0, -1};
rt_FILE *rt_stdout = &out_file;
int rt_fputc(int c, rt_FILE *f) { return (void)f, rt_putchar(c); }

static long failures;

#define CHECKF(fmt, ...)                                                       \
  do {                                                                         \
    static char want[4096];                                                    \
    outn = 0;                                                                  \
    int got_n = rt_printf(fmt, __VA_ARGS__);                                   \
    out[outn] = 0;                                                             \
    int want_n = snprintf(want, sizeof want, fmt, __VA_ARGS__);                \
    if (strcmp(out, want) != 0 || got_n != want_n) {                           \
      if (failures++ < 30)                                                     \
        printf("printf(%s) of %a: got %s (%d), want %s (%d)\n", fmt,          \
               (double)(x), out, got_n, want, want_n);                         \
    }                                                                          \
  } while (0)

static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static unsigned long long next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* value draws doubles of every class, many of them short decimals and
 * exact ties of the printed precision. */
static double value(void) {
  unsigned long long u = next();
  double d;
  switch (next() % 8) {
  case 0: /* any bit pattern */
    memcpy(&d, &u, 8);
    return d;
  case 1: /* moderate exponents */
    u = (u & 0x800fffffffffffffULL) | ((0x3ff - 40 + next() % 80) << 52);
    memcpy(&d, &u, 8);
    return d;
  case 2: /* ties: k/2^j */
    return (double)(long long)(next() % 100000 - 50000) / (double)(1 << (next() % 12));
  case 3:
    return (double)(long long)(next() % 2000001 - 1000000) / 1000.0;
  case 4: /* subnormals */
    u &= 0x800fffffffffffffULL;
    memcpy(&d, &u, 8);
    return d;
  case 5:
    return (double)(float)(next() % 1000) * 0.1;
  case 6: /* near powers of ten */
    return (next() & 1 ? 9.9999999 : 1.0000001) * (double)(1ULL << (next() % 50));
  default: {
    static const double sp[] = {0.0, -0.0, 1.0, 0.5, 1.5, 2.5, -2.5, 0.125, 1e300, 1e-300,
                                5e-324, 1.7976931348623157e308, 0.1, 0.05, 0.005, 999999.5,
                                9.5, 99.5, 0.00001, 0.0001, 123456789.0, 1e15, 1e16, 1e17};
    return sp[next() % (sizeof sp / sizeof sp[0])];
  }
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000;
  double x = 0;
  const double inf = 1.0 / 0.0;
  x = inf;
  CHECKF("%f %e %g %F %E %G %5f|%-6e|%+g|%010f", x, -x, x, x, -x, x, x, -x, x, -x);
  x = 0.0 / 0.0;
  CHECKF("%f %e %g %F %E %G %5f|%-6g|%010f", x, -x, x, x, -x, x, x, -x, -x);
  x = 1.5;
  CHECKF("%d %5.3d|%.0d|%.3x|%#x|%#X|%.2s|%+d|% d|%+.2f|% e", 0, 7, 0, 10, 255, 255, "abc", 5, 5, x, x);
  x = 99.5; /* %#g corner cases of rounding carries */
  CHECKF("[%#.2g] [%#.3g] [%#.6g] [%#.3g] [%#.2g] [%#.3g] [%#.1g] [%#.2g] [%#.3g]", x, 9.9951,
         999999.5, 0.0009996, 9.96, 99.96, 9.6, 0.0000996, 999.6);
  CHECKF("%.3f %.0f %.0f %.0f %.1f %.2e %g %g %g", 0.0005, 0.5, 1.5, 2.5, 0.25, 1.125, 1e-5, 123456.0, 1234567.0);
  for (long i = 0; i < n; i++) {
    x = value();
    int p = (int)(next() % 20), w = (int)(next() % 30);
    CHECKF("%f|%e|%g", x, x, x);
    CHECKF("%.*f|%.*e|%.*g", p, x, p, x, p, x);
    CHECKF("%*.*f|%-*.*e|%0*.*g|%#.*g|%#.0f|%#.0e", w, p, x, w, p, x, w, p, x, p, x, x, x);
    CHECKF("%+.3f|% .2e|%+G|%E|%.0f|%.1f|%.2f", x, x, x, x, x, x, x);
  }
  if (failures) {
    printf("%ld mismatches\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
