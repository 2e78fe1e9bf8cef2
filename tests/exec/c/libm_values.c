/* The C library's transcendental functions on arguments across their
 * ranges (huge trigonometric arguments, subnormal and overflowing results,
 * exact cases, special values), printed with 12 significant digits so that
 * any libm within a few ulp prints the same: a wrong reduction, table or
 * special case shows. */
#include <math.h>
#include <stdio.h>

static void show(const char *name, double v) {
  if (isnan(v))
    printf("%s nan\n", name);
  else
    printf("%s %.12g\n", name, v);
}

int main(void) {
  static const double xs[] = {0.0, -0.0, 1e-300, 3e-9, 0.1, 0.5, -0.75, 1.0, 2.5, -3.25, 10.0, 100.5,
                              709.5, -745.0, 1e6, 1e22, -1e300, 123456789.0};
  int n = (int)(sizeof xs / sizeof xs[0]);
  for (int i = 0; i < n; i++) {
    double x = xs[i], ax = fabs(x);
    printf("x %.17g\n", x);
    show("sin", sin(x));
    show("cos", cos(x));
    show("tan", tan(x));
    show("atan", atan(x));
    show("exp", exp(x));
    show("exp2", exp2(x / 4));
    show("expm1", expm1(x / 8));
    show("log", log(ax));
    show("log2", log2(ax));
    show("log10", log10(ax));
    show("log1p", log1p(x / 1000));
    show("sinh", sinh(x / 64));
    show("cosh", cosh(x / 64));
    show("tanh", tanh(x));
    show("cbrt", cbrt(x));
    show("asin", asin(x / (ax + 1)));
    show("acos", acos(x / (ax + 1)));
    show("atan2", atan2(x, -0.3));
    show("hypot", hypot(x, 3.0));
    show("pow", pow(ax, 0.75));
    show("powi", pow(x, 3.0));
    show("sinf", (double)sinf((float)x));
    show("expf", (double)expf((float)x / 16));
    show("logf", (double)logf((float)ax));
  }
  /* exact cases */
  printf("%.17g %.17g %.17g %.17g %.17g\n", pow(10, 15), pow(2, -3), exp2(10), log10(1000), log2(1024));
  printf("%.12g %.17g %.17g\n", cbrt(-27), hypot(3, 4), pow(-2, 5));
  return 0;
}
