#include <stdio.h>

static unsigned shl(unsigned a, int s) { return a << s; }
static unsigned shr(unsigned a, int s) { return a >> s; }
static int sar(int a, int s) { return a >> s; }

int main(void) {
  unsigned a = 0x80000001u;
  int b = -123456789;
  unsigned h = 0;
  for (int s = 0; s < 32; s++) {
    h = h * 5 + shl(a, s) + shr(a, s) + (unsigned)sar(b, s);
    printf("%2d %08x %08x %08x\n", s, shl(a, s), shr(a, s), (unsigned)sar(b, s));
  }
  printf("h=%08x\n", h);
  printf("%x %x %x\n", a << 31, a >> 31, (unsigned)((int)a >> 31));
  printf("%d %d\n", -1 >> 5, (-17) >> 2);
  int x = 1;
  for (int i = 0; i < 30; i++)
    x <<= 1;
  printf("x=%d\n", x);
  return (int)(h & 0xff);
}
