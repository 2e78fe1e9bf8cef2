/* In the spirit of lbd's ch4_1 arithmetic/logic chapter programs (math,
 * mult, mod, div, logic, setxx): every operator on int and unsigned. */
#include <stdio.h>

__attribute__((noinline)) int test_math(int a, int b) {
  int c = a + b, d = a - b, e = a * b, f = a * 4, g = a >> 2;
  unsigned ua = (unsigned)a;
  int h = (int)(ua >> 2), i = a / b, j = a % b, k = ~a, l = -b;
  return c + d + e + f + g + h + i + j + k + l;
}

__attribute__((noinline)) int test_logic(int a, int b) {
  int c = a & b, d = a | b, e = a ^ b, f = !a, g = ~b;
  return (c + d) * 3 + e + f + g;
}

__attribute__((noinline)) int test_setxx(int a, int b) {
  int c = a == b, d = a != b, e = a < b, f = a <= b, g = a > b, h = a >= b;
  return c + d * 2 + e * 4 + f * 8 + g * 16 + h * 32;
}

__attribute__((noinline)) int test_mod(int b) { return (b + 5) % 7 + (b * 11) % 13; }

__attribute__((noinline)) unsigned test_udiv(unsigned a, unsigned b) { return a / b + a % b; }

int main(void) {
  unsigned s = 0;
  int pairs[][2] = {{5, 2}, {-11, 3}, {100, -7}, {-64, -5}, {12345, 67}};
  for (int i = 0; i < 5; i++) {
    int a = pairs[i][0], b = pairs[i][1];
    int m = test_math(a, b), l = test_logic(a, b), x = test_setxx(a, b);
    printf("(%d,%d): math=%d logic=%d setxx=%d mod=%d udiv=%u\n", a, b, m, l, x, test_mod(b),
           test_udiv((unsigned)a, (unsigned)b));
    s += (unsigned)(m + l + x);
  }
  printf("s=%u\n", s);
  return (int)(s & 0xff);
}
