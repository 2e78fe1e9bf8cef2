#include <stdio.h>

static unsigned bswap32(unsigned x) {
  return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}
static unsigned short bswap16(unsigned short x) { return (unsigned short)((x >> 8) | (x << 8)); }
static unsigned long long bswap64(unsigned long long x) {
  return ((unsigned long long)bswap32((unsigned)x) << 32) | bswap32((unsigned)(x >> 32));
}

/* Assemble values from byte arrays in a fixed order (endian-independent). */
static unsigned load_be32(const unsigned char *p) {
  return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}
static unsigned load_le32(const unsigned char *p) {
  return (unsigned)p[3] << 24 | (unsigned)p[2] << 16 | (unsigned)p[1] << 8 | p[0];
}

static unsigned reverse_bits(unsigned x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return bswap32(x);
}

int main(void) {
  unsigned v[] = {0x12345678u, 0xff000000u, 0x000000ffu, 0xdeadbeefu, 0};
  for (int i = 0; i < 5; i++)
    printf("%08x -> %08x rev %08x\n", v[i], bswap32(v[i]), reverse_bits(v[i]));
  printf("%04x %04x\n", bswap16(0x1234), bswap16(0xff00));
  printf("%016llx\n", bswap64(0x0102030405060708ULL));
  unsigned char bytes[] = {0xca, 0xfe, 0xba, 0xbe};
  unsigned be = load_be32(bytes), le = load_le32(bytes);
  printf("be=%08x le=%08x same=%d\n", be, le, bswap32(be) == le);
  return bswap32(0x11223344u) & 0xff;
}
