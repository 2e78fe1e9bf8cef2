/* asinh, acosh, atanh (within 2 ulp of glibc: printed to 12 digits, the
 * float forms to 6; tests/rtcheck compares them closely),
 * and the exact remainder, fdim, nextafter, ilogb, logb, lround, llround,
 * lrint, llrint (float forms too). */
#include <math.h>
#include <stdio.h>

static volatile double xs[] = {0.0, -0.0, 0.5, -0.75, 1.0, 1.5, 2.5, -3.5, 10.0, 1e10, -1e-300, 123.456, 1e300};

int main(void) {
  int n = sizeof xs / sizeof xs[0];
  for (int i = 0; i < n; i++) {
    double x = xs[i];
    printf("%.12g %.12g", asinh(x), x >= 1 ? acosh(x) : 0.0);
    printf(" %.12g", fabs(x) < 1 ? atanh(x) : 0.0);
    printf(" %.6g %.6g", (double)asinhf((float)x), fabs(x) < 1 ? (double)atanhf((float)x) : 0.0);
    printf(" %d %g %a", ilogb(x == 0 ? 1 : x), logb(x == 0 ? 1 : x), nextafter(x, 1.0));
    printf(" %a %a", remainder(x, 0.75), remainder(x * 3, -2.0));
    printf(" %g %a", fdim(x, 1.0), (double)nextafterf((float)x, -1.0f));
    if (fabs(x) < 1e9)
      printf(" %ld %lld %ld %lld %ld", lround(x), llround(x), lrint(x), llrint(x), lroundf((float)x));
    printf("\n");
  }
  printf("%g %d %g %d\n", logb(0.0), isnan(acosh(0.5)) != 0, atanh(1.0), ilogb(0.0) == FP_ILOGB0);
  printf("%a %a %a\n", remainder(7.0, 2.0), remainder(5.0, 2.0), remainderf(-5.5f, 2.0f));
  return 0;
}
