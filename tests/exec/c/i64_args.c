#include <stdio.h>

typedef long long i64;

static i64 add3(i64 a, i64 b, i64 c) { return a + b + c; }
static i64 mixed(int a, i64 b, int c, i64 d) { return a * b + c * d; }
static i64 skip_a1(int a, i64 b) { return b - a; }
static int hi_word(i64 x) { return (int)(x >> 32); }
static unsigned lo_word(i64 x) { return (unsigned)x; }
static i64 make(int hi, unsigned lo) { return (i64)((unsigned long long)(unsigned)hi << 32 | lo); }
static i64 tri(i64 n) { return n == 0 ? 0 : n + tri(n - 1); }

int main(void) {
  i64 a = 0x100000001LL, b = -0x200000002LL, c = 0x7fffffff00000000LL;
  printf("%lld\n", add3(a, b, c));
  printf("%lld\n", mixed(3, a, -4, b));
  printf("%lld\n", skip_a1(7, 1LL << 40));
  printf("%d %u\n", hi_word(b), lo_word(b));
  printf("%lld\n", make(-2, 0x80000000u));
  printf("%lld\n", tri(300));
  i64 arr[4] = {1, -1, 1LL << 33, -(1LL << 33)};
  i64 s = 0;
  for (int i = 0; i < 4; i++)
    s = add3(s, arr[i], arr[(i + 1) % 4] * 2);
  printf("s=%lld\n", s);
  return (int)(tri(20) & 0xff);
}
