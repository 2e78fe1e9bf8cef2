/* Scalar argument lists mixing int, char, short, long long, float and
 * double, longer than the two argument registers, through direct,
 * indirect and recursive calls; long long, double and float results. */
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

NOINLINE long long m1(int a, long long b, int c, double d, char e, long long f, short g, float h, double i, int j) {
  return a + b + c + (long long)(d * 10) + e + f + g + (long long)(h * 100) + (long long)(i * 1000) + j;
}
NOINLINE double m2(double a, int b, double c, long long d, float e) { return a * b + c - (double)d + e; }
NOINLINE long long m3(long long a, long long b, long long c, long long d) { return a * 4 + b * 3 + c * 2 + d; }
NOINLINE float m4(float a, int b, float c, char d) { return a * b + c + d; }
NOINLINE long long fact(int n, long long acc) { return n <= 1 ? acc : fact(n - 1, acc * n); }
NOINLINE double walk(int n, double x, long long k) { return n == 0 ? x + (double)k : walk(n - 1, x * 1.5, k + n); }

typedef long long (*m1fn)(int, long long, int, double, char, long long, short, float, double, int);

int main(void) {
  volatile int seven = 7;
  int s = seven;
  printf("%lld\n", m1(1, 1LL << 33, 3, 2.5, 'A', -(1LL << 34), -12, 0.25f, 0.125, s));
  printf("%f\n", m2(1.25, s, -0.5, 1LL << 32, 2.5f));
  printf("%lld\n", m3(1LL << 40, -3, s, 1LL << 50));
  printf("%f\n", m4(1.5f, s, 0.25f, 'b'));
  printf("%lld %f\n", fact(20, 1), walk(10, 1.0, 5));
  volatile m1fn p = m1;
  printf("%lld\n", p(s, -1, 2, -2.5, 'z', 1LL << 60, 300, 1.5f, -0.5, -s));
  return 0;
}
