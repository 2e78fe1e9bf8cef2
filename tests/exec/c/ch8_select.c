/* Rewrites of the select chapter (lbd ch8_2_select / select2): conditional
 * values that become IR `select` and Cpu0 movz/movn. C-level results:
 * test_movx_1 = 3, test_movx_2 = 1, test_movx_3 = 1, test_movx_4 = 1. */
#include <stdio.h>

int test_movx_1(void) {
  volatile int a = 1;
  int c = 0;
  c = !a ? 1 : 3;
  return c;
}

int test_movx_2(void) {
  volatile int a = 1;
  int c = 0;
  c = a ? 1 : 3;
  return c;
}

int test_movx_3(void) {
  volatile int a = 1;
  int c = 0;
  if (a < 2)
    c = 1;
  else
    c = 3;
  return c;
}

int test_movx_4(void) {
  volatile int a = 1;
  int c = 0;
  if (a <= 2)
    c = 1;
  else
    c = 3;
  return c;
}

__attribute__((noinline)) int sel_eq(int a, int b, int t, int f) { return a == b ? t : f; }
__attribute__((noinline)) int sel_ne(int a, int t, int f) { return a ? t : f; }
__attribute__((noinline)) int sel_lt(int a, int b) { return a < b ? a : b; }
__attribute__((noinline)) unsigned sel_ult(unsigned a, unsigned b) { return a < b ? b : a; }
__attribute__((noinline)) int sel_ge_const(int a) { return a >= 10 ? 100 : -100; }

int main(void) {
  int r1 = test_movx_1(), r2 = test_movx_2(), r3 = test_movx_3(), r4 = test_movx_4();
  printf("movx %d %d %d %d\n", r1, r2, r3, r4);
  int v[] = {-5, 0, 5, 10, 11};
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 5; j++)
      printf("%d %d %d %u %d\n", sel_eq(v[i], v[j], i, j), sel_ne(v[i], 7, 8),
             sel_lt(v[i], v[j]), sel_ult((unsigned)v[i], (unsigned)v[j]), sel_ge_const(v[j]));
  return r1 * 1000 % 256 + r2 + r3 + r4;
}
