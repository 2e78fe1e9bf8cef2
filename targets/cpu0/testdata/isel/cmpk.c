/* Compares against boundary constants (slti/sltiu forms); an execution test candidate. */
#include <stdio.h>
#define V(x) ((volatile int)(x))
static int vals[] = {0, 1, -1, 2, 10, 11, -2, -3, 32766, 32767, 32768, -32767, -32768, -32769, 65535, 65536, 2147483647, -2147483647-1, 100000, -100000, 7};
__attribute__((noinline)) int f(int a) {
  int r = 0;
  r = r * 3 + (a < 10); r = r * 3 + (a <= 10); r = r * 3 + (a > 10); r = r * 3 + (a >= 10);
  r = r * 3 + (a < -3); r = r * 3 + (a > -3); r = r * 3 + (a > 32767); r = r * 3 + (a <= 32767);
  r = r * 3 + (a < -32768); r = r * 3 + (a >= -32768); r = r * 3 + (a == 7) + (a != 32768) * 2;
  r ^= (r << 5);
  r = r * 3 + ((unsigned)a < 100u); r = r * 3 + ((unsigned)a <= 32767u); r = r * 3 + ((unsigned)a > 32766u);
  r = r * 3 + ((unsigned)a >= 40000u); r = r * 3 + ((unsigned)a > 0xFFFFFFFEu); r = r * 3 + (a > 2147483646);
  r = r * 3 + (a < -2147483647); r = r * 3 + (a == 0) + (a != 0) * 2 + (a == 100000) * 5;
  return r;
}
__attribute__((noinline)) int g(int a) {
  int r = 0;
  if (a < 10) r += 1; if (a <= -32768) r += 2; if (a > 32767) r += 4; if (a >= 2) r += 8;
  if ((unsigned)a < 5u) r += 16; if ((unsigned)a > 32767u) r += 32; if ((unsigned)a <= 65535u) r += 64;
  if (a == 65536) r += 128; if (a != -1) r += 256; if (a > 2147483646) r += 512;
  return r;
}
__attribute__((noinline)) int h(int a, int b) { return (a < 5 ? a : b) + (a == b ? 3 : 9) + ((unsigned)a > (unsigned)b ? a : -b); }
int main(void) {
  unsigned acc = 0;
  for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
    int a = vals[i];
    printf("%d %d %d %d\n", a, f(a), g(a), h(a, vals[(i + 3) % 21]));
    acc = acc * 31 + f(a) + g(a);
  }
  printf("%u\n", acc);
  return acc & 0xff;
}
