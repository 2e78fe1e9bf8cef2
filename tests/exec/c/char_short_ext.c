#include <stdio.h>

static int sext8(int x) { return (signed char)x; }
static int zext8(int x) { return (unsigned char)x; }
static int sext16(int x) { return (short)x; }
static int zext16(int x) { return (unsigned short)x; }

static signed char gsc[4] = {-1, -128, 127, 0};
static unsigned char guc[4] = {255, 128, 127, 0};
static short gss[4] = {-1, -32768, 32767, 0};
static unsigned short gus[4] = {65535, 32768, 32767, 0};

static int takes_char(signed char c, unsigned char u, short s, unsigned short us) {
  return c + u + s + us;
}

static signed char ret_char(int x) { return (signed char)(x * 3); }
static unsigned short ret_ushort(int x) { return (unsigned short)(x * 1000); }

int main(void) {
  int probes[] = {0, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x12345678, -1};
  for (int i = 0; i < 10; i++)
    printf("%d %d %d %d\n", sext8(probes[i]), zext8(probes[i]), sext16(probes[i]),
           zext16(probes[i]));
  int s = 0;
  for (int i = 0; i < 4; i++) {
    s += gsc[i] * 3 + guc[i] * 5 + gss[i] * 7 + gus[i] * 11;
    printf("%d %d %d %d\n", gsc[i], guc[i], gss[i], gus[i]);
  }
  printf("s=%d\n", s);
  printf("%d\n", takes_char(-100, 200, -30000, 60000));
  for (int i = 40; i < 46; i++)
    printf("%d %d\n", ret_char(i), ret_ushort(i * 2));
  char buf[4] = {(char)0xf0, 0x10, (char)0x80, 0x7f};
  unsigned t = 0;
  for (int i = 0; i < 4; i++)
    t = t * 256 + (unsigned char)buf[i];
  printf("t=%d %x\n", (int)t, t);
  return s & 0xff;
}
