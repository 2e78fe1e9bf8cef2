/* Comparisons of every kind, including NaN, infinities and signed zeros. */
#include <stdio.h>

static volatile float fz = 0.0f;

int main(void) {
  float nan = fz / fz, inf = 1.0f / fz;
  float fv[] = {0.0f, -0.0f, 1.0f, -1.0f, 2.5f, nan, inf, -inf, 1e-40f};
  double dv[] = {0.0, -0.0, 1.0, -1.0, 2.5, (double)nan, (double)inf, -(double)inf, 1e-310};
  int n = sizeof fv / sizeof fv[0];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      float a = fv[i], b = fv[j];
      double c = dv[i], d = dv[j];
      int fm = (a == b) | (a != b) << 1 | (a < b) << 2 | (a <= b) << 3 | (a > b) << 4 |
               (a >= b) << 5 | (!(a < b)) << 6 | (!(a >= b)) << 7 | (!(a > b || a < b)) << 8 |
               (a > b || a < b) << 9 | (a != a || b != b) << 10;
      int dm = (c == d) | (c != d) << 1 | (c < d) << 2 | (c <= d) << 3 | (c > d) << 4 |
               (c >= d) << 5 | (!(c < d)) << 6 | (!(c >= d)) << 7 | (!(c > d || c < d)) << 8 |
               (c > d || c < d) << 9 | (c != c || d != d) << 10;
      printf("%d %d: %03x %03x\n", i, j, fm, dm);
    }
  }
  /* selects and min/max */
  float m = fv[0];
  double dmx = dv[0];
  for (int i = 0; i < n; i++) {
    if (fv[i] > m)
      m = fv[i];
    dmx = dv[i] < dmx ? dv[i] : dmx;
  }
  printf("max %f min %f\n", (double)m, dmx);
  int isnan_count = 0;
  for (int i = 0; i < n; i++)
    isnan_count += fv[i] != fv[i];
  printf("nans %d\n", isnan_count);
  return 0;
}
