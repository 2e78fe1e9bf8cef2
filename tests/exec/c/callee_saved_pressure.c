/* Many values live across calls: they need every callee-saved register
   ($9, $10, and $fp in functions without a frame pointer) and spill slots
   beyond them; functions with a variable-length array or an over-aligned
   local use $fp as the frame pointer instead. Callers check that their
   values survive callees that use the same registers. */
#include <stdio.h>

__attribute__((noinline)) static unsigned mix(unsigned x) {
  unsigned a = x * 2654435761u, b = x ^ 0x5bd1e995u, c = x + 977u;
  unsigned d = a >> 7, e = b << 3;
  return a ^ b ^ c ^ d ^ e;
}

__attribute__((noinline)) static unsigned pressure(unsigned x, unsigned y) {
  unsigned a = x * 3 + y, b = x ^ y, c = x - y, d = y * 7 + 1, e = x | 5;
  unsigned r = mix(x);
  unsigned f = a + r, g = b ^ r;
  r += mix(y);
  return a + b * 3 + c * 5 + d * 7 + e * 11 + f * 13 + g * 17 + r;
}

__attribute__((noinline)) static int vla(int n, int k) {
  int a = n * 5, b = k - n, c = n ^ k;
  int arr[n];
  for (int i = 0; i < n; i++)
    arr[i] = (int)mix((unsigned)(i + k));
  int s = 0;
  for (int i = 0; i < n; i++)
    s += arr[i] % 1000;
  return s + a + b + c + (int)mix((unsigned)s);
}

__attribute__((noinline)) static int aligned(int k) {
  int a = k * 9, b = k + 11, c = k ^ 77;
  int buf[8] __attribute__((aligned(32)));
  for (int i = 0; i < 8; i++)
    buf[i] = (int)mix((unsigned)(k + i)) & 0xffff;
  int s = 0;
  for (int i = 0; i < 8; i++)
    s += buf[i];
  return s + a + b + c + (((unsigned long)buf & 31) == 0);
}

__attribute__((noinline)) static unsigned rec(unsigned n, unsigned acc) {
  if (n == 0)
    return acc;
  unsigned a = n * 3, b = acc ^ n, c = acc + 17;
  unsigned r = rec(n - 1, acc + mix(n));
  return r + a + b + c;
}

int main(void) {
  unsigned t = 0;
  for (unsigned i = 0; i < 20; i++) {
    unsigned v = pressure(i, i * 31 + 7);
    printf("pressure %u %u\n", i, v);
    t += v;
  }
  for (int n = 1; n < 6; n++)
    printf("vla %d %d\n", n, vla(n, n * 13));
  for (int k = 0; k < 4; k++)
    printf("aligned %d %d\n", k, aligned(k));
  printf("rec %u\n", rec(12, 5));
  printf("total %u\n", t);
  return (int)(t & 0x3f);
}
