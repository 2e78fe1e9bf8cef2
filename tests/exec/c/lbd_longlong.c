/* In the spirit of lbd's ch7_1_longlong / ch9_1_longlong: 64-bit add,
 * subtract and multiply with carries between the two words, and i64
 * arguments and return values across calls. */
#include <stdio.h>

__attribute__((noinline)) long long test_longlong(long long a, long long b) {
  unsigned long long c = (unsigned long long)a + (unsigned long long)b;
  unsigned long long d = (unsigned long long)a - (unsigned long long)b;
  unsigned long long e = (unsigned long long)a * (unsigned long long)b;
  return (long long)((c ^ d) + e);
}

__attribute__((noinline)) long long sum_longlong(long long a, long long b, long long c,
                                                 long long d, long long e) {
  return a + b + c + d + e;
}

__attribute__((noinline)) unsigned long long umul_hi(unsigned a, unsigned b) {
  return ((unsigned long long)a * b) >> 32;
}

int main(void) {
  long long a = 0x0000000300000002LL, b = 0x0000000100000001LL;
  long long r = test_longlong(a, b);
  printf("hi=%d lo=%u\n", (int)(r >> 32), (unsigned)r);
  long long carry = 0x00000000ffffffffLL;
  printf("carry: %lld %lld\n", carry + 1, -carry - 1);
  printf("sum=%lld\n", sum_longlong(1, -2, 3, -4, 0x100000000LL));
  printf("umul_hi=%llu %llu\n", umul_hi(0xffffffffu, 0xffffffffu), umul_hi(65536, 65536));
  return (int)(sum_longlong(1, 2, 3, 4, -1) & 0xff);
}
