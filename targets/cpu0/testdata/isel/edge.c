/* Narrow loads and stores, large frames, 64-bit multiply, division, rotates, varargs, clz/clo. */
#include <stdio.h>
#include <stdarg.h>
static signed char sc[8] = {-1, -128, 127, 5, -7, 0, 1, -2};
static unsigned short us[8] = {65535, 1, 32768, 40000, 7, 0, 2, 3};
static short ss[8] = {-1, -32768, 32767, 5, -7, 0, 1, -2};
__attribute__((noinline)) int big(int i) {
  volatile int a[20000];
  for (int k = 0; k < 20000; k += 997) a[k] = k * i;
  a[19999] = i;
  return a[19999] + a[997 * 3] + a[((unsigned)i % 20) * 997];
}
__attribute__((noinline)) long long mulh(long long a, long long b) { return a * b + (a >> 3) - (b << 5); }
__attribute__((noinline)) unsigned long long umulh(unsigned a, unsigned b) { return (unsigned long long)a * b; }
__attribute__((noinline)) long long smul(int a, int b) { return (long long)a * b; }
__attribute__((noinline)) int divs(int a, int b) { return a / b * 1000 + a % b; }
__attribute__((noinline)) unsigned divu(unsigned a, unsigned b) { return a / b * 1000 + a % b; }
__attribute__((noinline)) unsigned rotl(unsigned x, int n) { return (x << n) | (x >> ((32 - n) & 31)); }
__attribute__((noinline)) long long vsum(int n, ...) { va_list ap; va_start(ap, n); long long s = 0; for (int i = 0; i < n; i++) { if (i & 1) s += va_arg(ap, long long); else s += va_arg(ap, int); } va_end(ap); return s; }
__attribute__((noinline)) int clz(unsigned x) { return x ? __builtin_clz(x) : 32; }
__attribute__((noinline)) int clo(unsigned x) { return ~x ? __builtin_clz(~x) : 32; }
int main(void) {
  int s = 0;
  for (int i = 0; i < 8; i++) { s = s * 7 + sc[i] + us[i] * 3 + ss[i] * 5; sc[i] += 3; us[i] -= 9; ss[i] ^= 0x1234; }
  for (int i = 0; i < 8; i++) s = s * 5 + sc[i] + us[i] + ss[i];
  printf("%d\n", s);
  printf("%d %d\n", big(3), big(-5));
  printf("%lld %llu %lld\n", mulh(123456789012LL, -987654321LL), umulh(0xFFFFFFFFu, 0xFFFFFFF0u), smul(-2000000000, 2000000000));
  printf("%d %d %d %u %u\n", divs(-7, 2), divs(7, -2), divs(-2147483647, 3), divu(4000000000u, 7), divu(5, 4000000000u));
  for (int n = 0; n < 32; n += 7) printf("%u ", rotl(0x80000001u, n));
  printf("\n%lld\n", vsum(5, 1, 2LL, 3, -4LL, 5));
  printf("%d %d %d %d\n", clz(1), clz(0x80000000u), clo(0xF0000000u), clo(0));
  return s & 0x7f;
}
