#include <stdio.h>

static unsigned rotl(unsigned x, int r) { return (x << r) | (x >> ((32 - r) & 31)); }
static unsigned rotr(unsigned x, int r) { return (x >> r) | (x << ((32 - r) & 31)); }
static unsigned rotl7(unsigned x) { return (x << 7) | (x >> 25); }
static unsigned rotr13(unsigned x) { return (x >> 13) | (x << 19); }
static unsigned short rotl16(unsigned short x, int r) {
  return (unsigned short)((x << r) | (x >> (16 - r)));
}
static unsigned long long rotl64(unsigned long long x, int r) {
  return (x << r) | (x >> ((64 - r) & 63));
}
static unsigned funnel(unsigned hi, unsigned lo, int s) {
  return s ? (hi << s) | (lo >> (32 - s)) : hi;
}

int main(void) {
  unsigned x = 0x80000001u, h = 0;
  for (int r = 0; r < 32; r++) {
    h = rotl(h, 5) ^ rotl(x, r) ^ rotr(x + (unsigned)r, r);
    if (r % 8 == 3)
      printf("%2d %08x %08x\n", r, rotl(x, r), rotr(0x12345678u, r));
  }
  printf("h=%08x %08x %08x\n", h, rotl7(0xdeadbeefu), rotr13(0xdeadbeefu));
  for (int r = 1; r < 16; r += 5)
    printf("r16 %04x\n", rotl16(0xabcd, r));
  printf("r64 %llx %llx\n", rotl64(0x0123456789abcdefULL, 12), rotl64(0x8000000000000001ULL, 63));
  printf("funnel %08x %08x\n", funnel(0x12345678u, 0x9abcdef0u, 8), funnel(1, 2, 0));
  return (int)(h & 0xff);
}
