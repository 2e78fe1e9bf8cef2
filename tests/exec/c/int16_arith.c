#include <stdio.h>

static short smul16(short a, short b) { return (short)(a * b); }
static unsigned short umul16(unsigned short a, unsigned short b) { return (unsigned short)((unsigned)a * b); }
static short sdiv16(short a, short b) { return (short)(a / b); }
static unsigned short urem16(unsigned short a, unsigned short b) { return a % b; }

int main(void) {
  short sv[] = {-32768, -12345, -2, -1, 1, 3, 255, 256, 32767};
  unsigned short uv[] = {1, 2, 255, 256, 40000, 65535};
  unsigned h = 0;
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < 9; j++) {
      h = h * 33 + (unsigned short)smul16(sv[i], sv[j]);
      if (!(sv[i] == -32768 && sv[j] == -1))
        h += (unsigned)sdiv16(sv[i], sv[j]);
    }
  printf("h=%u\n", h);
  for (int i = 0; i < 6; i++) {
    printf("%u %u %u\n", umul16(uv[i], uv[i]), urem16(65535, uv[i]),
           (unsigned short)(uv[i] << 3));
  }
  short x = 32767;
  x = (short)(x + 1);
  unsigned short y = 65535;
  y = (unsigned short)(y + 1);
  printf("%d %u %d\n", x, y, (short)(x >> 4));
  return (int)(h & 0xff);
}
