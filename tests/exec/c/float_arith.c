/* float and double arithmetic: results printed as values and bit patterns. */
#include <stdio.h>

static unsigned fbits(float f) {
  union { float f; unsigned u; } v;
  v.f = f;
  return v.u;
}

static unsigned long long dbits(double d) {
  union { double d; unsigned long long u; } v;
  v.d = d;
  return v.u;
}

static float fvals[] = {0.0f, -0.0f, 1.0f, -1.5f, 3.14159265f, 1e-3f, 6.5e4f, 1e30f,
                        1.17549435e-38f, 1e-45f, 3.4028235e38f, 0.1f};
static double dvals[] = {0.0, -0.0, 1.0, -1.5, 3.141592653589793, 1e-3, 6.5e4, 1e300,
                         2.2250738585072014e-308, 4.9e-324, 1.7976931348623157e308, 0.1};

#define N (sizeof fvals / sizeof fvals[0])

int main(void) {
  unsigned long long hf = 0, hd = 0;
  for (unsigned i = 0; i < N; i++) {
    for (unsigned j = 0; j < N; j++) {
      float a = fvals[i], b = fvals[j];
      double c = dvals[i], d = dvals[j];
      unsigned r[4] = {fbits(a + b), fbits(a - b), fbits(a * b), fbits(a / b)};
      unsigned long long s[4] = {dbits(c + d), dbits(c - d), dbits(c * d), dbits(c / d)};
      for (int k = 0; k < 4; k++) {
        hf = hf * 31 + r[k];
        hd = hd * 31 + s[k];
      }
      if (i == j || i + 1 == j)
        printf("%u %u: %08x %08x %08x %08x | %016llx %016llx %016llx %016llx\n", i, j, r[0],
               r[1], r[2], r[3], s[0], s[1], s[2], s[3]);
    }
  }
  printf("hash %016llx %016llx\n", hf, hd);
  float x = 1.0f;
  double y = 1.0;
  for (int i = 0; i < 30; i++) {
    x = x * 1.1f + 0.3f;
    y = y / 3.0 - 0.7 * y + i;
  }
  printf("%08x %016llx %.6f %.10e %g\n", fbits(x), dbits(y), (double)x, y, y);
  float neg = -x;
  double dneg = -y;
  printf("%08x %016llx\n", fbits(neg), dbits(dneg));
  return 0;
}
