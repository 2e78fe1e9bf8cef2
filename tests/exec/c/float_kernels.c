/* Numeric kernels: Newton and library square roots, dot products, a
 * polynomial (multiply-add contraction), a small matrix product, a series. */
#include <stdio.h>

double fmod(double, double);
float fmodf(float, float);
double sqrt(double);
float sqrtf(float);

static double newton_sqrt(double x) {
  if (x <= 0)
    return 0;
  double g = x > 1 ? x / 2 : 1;
  for (int i = 0; i < 60; i++) {
    double n = 0.5 * (g + x / g);
    if (n == g)
      break;
    g = n;
  }
  return g;
}

static float newton_sqrtf(float x) {
  float g = x > 1 ? x / 2 : 1;
  for (int i = 0; i < 40; i++)
    g = 0.5f * (g + x / g);
  return g;
}

static float dotf(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static double poly(const double *c, int n, double x) {
  double r = 0;
  for (int i = n - 1; i >= 0; i--)
    r = r * x + c[i];
  return r;
}

float va[16], vb[16];
double coef[] = {1.0, -0.5, 0.041666666666666664, -0.001388888888888889, 2.48015873015873e-05};
double m1[3][3] = {{1.5, 2, -1}, {0.25, 4, 8}, {-3, 0.125, 1}}, m2[3][3], m3[3][3];

int main(void) {
  for (int i = 1; i <= 10; i++)
    printf("sqrt(%d) = %.15f %.7f\n", i, newton_sqrt(i), (double)newton_sqrtf((float)i));
  printf("sqrt(2e10) = %.6f sqrt(1e-6) = %.9e\n", newton_sqrt(2e10), newton_sqrt(1e-6));
  for (int i = 0; i < 16; i++) {
    va[i] = (float)i / 3.0f;
    vb[i] = 1.0f - (float)i * 0.125f;
  }
  printf("dot = %.8f\n", (double)dotf(va, vb, 16));
  for (int i = 0; i <= 8; i++) {
    double x = i * 0.25;
    printf("cos~(%.2f) = %.12f\n", x, poly(coef, 5, x * x));
  }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      m2[i][j] = m1[j][i] * 0.5 + i - j;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int k = 0; k < 3; k++)
        s += m1[i][k] * m2[k][j];
      m3[i][j] = s;
    }
  for (int i = 0; i < 3; i++)
    printf("%10.4f %10.4f %10.4f\n", m3[i][0], m3[i][1], m3[i][2]);
  double h = 0;
  for (int i = 1; i <= 1000; i++)
    h += 1.0 / i;
  printf("H(1000) = %.14f\n", h);
  printf("fmod %g %g %g %g\n", fmod(10.5, 3.0), fmod(-7.25, 2.0), (double)fmodf(5.5f, 1.5f),
         fmod(1e20, 3.0));
  for (int i = 0; i < 5; i++) {
    double x = 0.7 + i * 1.3;
    printf("sqrt %.17g %.9g %.17g %d\n", sqrt(x), (double)sqrtf((float)x), __builtin_sqrt(x * 1e-200),
           sqrt(x) == newton_sqrt(x));
  }
  printf("fabs %g %g copysign %g %g\n", __builtin_fabs(-2.5), (double)__builtin_fabsf(3.0f),
         __builtin_copysign(2.0, -0.0), (double)__builtin_copysignf(-4.0f, 1.0f));
  return 0;
}
