#include <stdio.h>

static signed char sadd(signed char a, signed char b) { return (signed char)(a + b); }
static unsigned char uadd(unsigned char a, unsigned char b) { return (unsigned char)(a + b); }
static signed char sdiv8(signed char a, signed char b) { return (signed char)(a / b); }
static signed char smod8(signed char a, signed char b) { return (signed char)(a % b); }
static unsigned char udiv8(unsigned char a, unsigned char b) { return a / b; }
static unsigned char shr8(unsigned char a, int s) { return (unsigned char)(a >> s); }
static signed char sar8(signed char a, int s) { return (signed char)(a >> s); }

int main(void) {
  signed char sv[] = {-128, -100, -1, 0, 1, 99, 127};
  unsigned char uv[] = {0, 1, 127, 128, 200, 255};
  unsigned acc = 0;
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 7; j++) {
      signed char r = sadd(sv[i], sv[j]);
      acc = acc * 3 + (unsigned)r;
      if (sv[j] != 0 && !(sv[i] == -128 && sv[j] == -1))
        acc += (unsigned)sdiv8(sv[i], sv[j]) + smod8(sv[i], sv[j]);
    }
  printf("signed acc=%u\n", acc);
  for (int i = 0; i < 6; i++) {
    for (int j = 0; j < 6; j++)
      printf("%d ", uadd(uv[i], uv[j]));
    if (uv[i])
      printf("| %d %d", udiv8(200, uv[i]), 255 % uv[i]);
    putchar('\n');
  }
  for (int s = 0; s < 8; s++)
    printf("%d %d\n", shr8(0xb7, s), sar8(-73, s));
  signed char m = -128;
  m--;
  unsigned char w = 0;
  w--;
  printf("wrap %d %d\n", m, w);
  return (int)(acc & 0xff);
}
