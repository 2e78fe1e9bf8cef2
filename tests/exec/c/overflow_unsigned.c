#include <stdio.h>

int main(void) {
  unsigned a = 0xffffffffu;
  a += 2;
  unsigned b = 0;
  b -= 1;
  unsigned c = 0x10000u;
  c *= c;
  unsigned d = 3000000000u;
  d *= 3u;
  printf("%u %u %u %u\n", a, b, c, d);
  /* checked add: detect carries the portable way */
  unsigned x = 4000000000u, y = 500000000u, s = x + y;
  printf("carry=%d sum=%u\n", s < x, s);
  /* signed overflow checks without overflowing */
  int big = 2147483647, small = -2147483647 - 1;
  printf("%d %d\n", big > 2147483647 - 5, small < -2147483647 + 5);
  int m = big;
  int willov = (m > 0 && 1 > 2147483647 - m);
  printf("willov=%d\n", willov);
  /* conversions */
  int neg = -5;
  unsigned un = (unsigned)neg;
  printf("un=%u back=%d\n", un, (int)un);
  unsigned long long wide = (unsigned)neg;
  long long swide = neg;
  printf("%llu %lld\n", wide, swide);
  unsigned char ch = (unsigned char)(un + 10);
  printf("ch=%d\n", ch);
  return (int)((a + b + c + d) & 0xff);
}
