/* printf's floating-point conversions, formatted as glibc does. */
#include <stdio.h>

static volatile double zero = 0.0;

int main(void) {
  double v[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.5, 3.14159265358979, 1e10, 1.5e-7, 123456789.125,
                1e300, 5e-324, 0.1, 0.125, 999.9996, 1e21, -273.15};
  for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
    double x = v[i];
    printf("[%f] [%e] [%g] [%.3f] [%.0f] [%.2e] [%.10g] [%12.4f] [%-12.3e|] [%+g] [%E] [%G]\n", x,
           x, x, x, x, x, x, x, x, x, x, x);
  }
  double inf = 1.0 / zero, nan = zero / zero;
  printf("[%f] [%e] [%g] [%F] [%8.2f] [%-8g|]\n", inf, -inf, inf, inf, -inf, inf);
  printf("[%f] [%G] [%5.1e]\n", nan, nan, nan);
  printf("[%.0f] [%.0f] [%.0f] [%.1f] [%.2f] [%.3f]\n", 0.5, 1.5, 2.5, 0.25, 1.005, 2.0005);
  printf("[%08.3f] [%+.2f] [% .2f] [%#.0f] [%#g] [%.3g]\n", -3.14159, 2.0, 2.0, 3.0, 1.0, 1234.5);
  float f = 1.0f / 3.0f;
  printf("[%f] [%.9f] [%e]\n", f, f, f);
  return 0;
}
