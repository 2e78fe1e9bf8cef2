#include <stdio.h>

static int sum8(int a, int b, int c, int d, int e, int f, int g, int h) {
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

static int mixed(char a, short b, int c, unsigned char d, long long e, int f, short g) {
  return a + b + c + d + (int)(e % 1000) + f + g;
}

static int forward(int a, int b, int c, int d, int e, int f) {
  return sum8(f, e, d, c, b, a, a + b, c + d) + mixed((char)a, (short)b, c, (unsigned char)d, (long long)e * 1000003, f, -7);
}

struct quad { int a, b, c, d; };
static int with_struct(int x, struct quad q, int y) { return x * q.a + q.b - q.c * q.d + y; }

static int recursive_args(int n, int a, int b, int c, int d, int e) {
  if (n == 0)
    return a + b + c + d + e;
  return recursive_args(n - 1, b, c, d, e, a + n);
}

int main(void) {
  printf("%d\n", sum8(1, 2, 3, 4, 5, 6, 7, 8));
  printf("%d\n", sum8(-1, -2, -3, -4, -5, -6, -7, -8));
  printf("%d\n", mixed(-3, -300, 70000, 250, 123456789012LL, 9, 11));
  printf("%d\n", forward(1, 2, 3, 4, 5, 6));
  struct quad q = {3, 4, 5, 6};
  printf("%d\n", with_struct(10, q, 100));
  printf("%d\n", recursive_args(20, 1, 2, 3, 4, 5));
  return forward(9, 8, 7, 6, 5, 4) & 0xff;
}
