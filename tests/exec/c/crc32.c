#include <stdio.h>
#include <string.h>

static unsigned table[256];

static void make_table(void) {
  for (unsigned i = 0; i < 256; i++) {
    unsigned c = i;
    for (int k = 0; k < 8; k++)
      c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
}

static unsigned crc32(const unsigned char *p, int n) {
  unsigned c = 0xffffffffu;
  while (n--)
    c = table[(c ^ *p++) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

/* Bitwise version, no table, to cross-check. */
static unsigned crc32_bitwise(const unsigned char *p, int n) {
  unsigned c = 0xffffffffu;
  for (int i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++)
      c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
  }
  return ~c;
}

int main(void) {
  make_table();
  const char *msgs[] = {"", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog"};
  unsigned x = 0;
  for (int i = 0; i < 5; i++) {
    int n = (int)strlen(msgs[i]);
    unsigned c = crc32((const unsigned char *)msgs[i], n);
    printf("crc32(\"%s\")=%08x %s\n", msgs[i], c,
           c == crc32_bitwise((const unsigned char *)msgs[i], n) ? "ok" : "MISMATCH");
    x ^= c;
  }
  return (int)(x & 0xff);
}
