#include <stdio.h>

typedef long long i64;
typedef unsigned long long u64;

static u64 shl(u64 a, int s) { return a << s; }
static u64 lshr(u64 a, int s) { return a >> s; }
static i64 ashr(i64 a, int s) { return a >> s; }

int main(void) {
  u64 a = 0x8123456789abcdefULL;
  i64 b = -0x0123456789abcdefLL;
  u64 h = 0;
  for (int s = 0; s < 64; s++) {
    h = h * 3 + shl(a, s) + lshr(a, s) + (u64)ashr(b, s) + (u64)ashr((i64)(a >> 1), s);
    if (s % 9 == 0)
      printf("s=%d %llx %llx %llx\n", s, shl(a, s), lshr(a, s), (u64)ashr(b, s));
  }
  printf("h=%llx\n", h);
  printf("%llx %llx %llx\n", a << 32, a >> 32, (u64)(b >> 32));
  printf("%llx %llx %llx\n", a << 4, a >> 60, (u64)(b >> 63));
  return (int)(h >> 57);
}
