#include <stdio.h>

static int pop_loop(unsigned x) {
  int n = 0;
  while (x) {
    n += x & 1;
    x >>= 1;
  }
  return n;
}

static int pop_kernighan(unsigned x) {
  int n = 0;
  for (; x; x &= x - 1)
    n++;
  return n;
}

static int pop_swar(unsigned x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (int)((x * 0x01010101u) >> 24);
}

static int clz_loop(unsigned x) {
  int n = 0;
  if (!x)
    return 32;
  while (!(x & 0x80000000u)) {
    x <<= 1;
    n++;
  }
  return n;
}

static int ctz_loop(unsigned x) {
  int n = 0;
  if (!x)
    return 32;
  while (!(x & 1)) {
    x >>= 1;
    n++;
  }
  return n;
}

static int parity(unsigned x) {
  x ^= x >> 16;
  x ^= x >> 8;
  x ^= x >> 4;
  return (0x6996 >> (x & 15)) & 1;
}

int main(void) {
  unsigned v[] = {0, 1, 2, 3, 0x80000000u, 0xffffffffu, 0x12345678u, 0xf0f0f0f0u, 0x00010000u, 7u << 20};
  int total = 0;
  for (int i = 0; i < 10; i++) {
    int a = pop_loop(v[i]), b = pop_kernighan(v[i]), c = pop_swar(v[i]);
    printf("%08x pop=%d,%d,%d clz=%d ctz=%d par=%d\n", v[i], a, b, c, clz_loop(v[i]),
           ctz_loop(v[i]), parity(v[i]));
    total += a + clz_loop(v[i]) + ctz_loop(v[i]);
  }
  unsigned long long w = 0xf00000000000000fULL;
  int p64 = 0;
  for (; w; w &= w - 1)
    p64++;
  printf("p64=%d total=%d\n", p64, total);
  return total;
}
