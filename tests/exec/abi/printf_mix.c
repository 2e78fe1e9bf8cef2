/* Variadic calls into the runtime's printf with int, long long and double
 * arguments at every word parity, more than the two argument registers.
 * O32 puts an i64 or double in an 8-byte aligned pair or stack slot; IR
 * from i386 (i64:32, f64:32) or x86-64 must be passed the same way. */
#include <stdio.h>

static volatile int vi = 7;
static volatile long long vll = -1234567890123LL;
static volatile double vd = 3.25;

int main(void) {
  int i = vi;
  long long ll = vll;
  double d = vd;
  printf("%lld\n", ll);
  printf("%d %lld\n", i, ll);
  printf("%d %d %lld\n", i, i + 1, ll);
  printf("%f\n", d);
  printf("%d %f\n", i, d);
  printf("%d %d %f %d\n", i, i * 2, d, i * 3);
  printf("%lld %f %lld %f\n", ll, d, ll * 3, d * 2);
  printf("%d %lld %d %f %d %lld %d\n", 1, ll, 2, d, 3, ll + 1, 4);
  printf("%c%c %hd %hhd %u %x %llx %llu\n", 'o', 'k', (short)-3, (signed char)-4,
         4000000000u, 0xbeefu, (unsigned long long)ll, 18446744073709551615ULL);
  printf("%e %g %.3f %10.2f|%-8d|\n", d * 1e10, d / 1e6, -d, d, i);
  float f = (float)d;
  printf("%f %f %d\n", f, (double)f * 2, i);
  printf("%s=%lld %s=%f\n", "ll", ll, "d", d);
  return i - 7;
}
