#include <stdio.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int fib_iter(int n) {
  int a = 0, b = 1;
  while (n-- > 0) {
    int t = a + b;
    a = b;
    b = t;
  }
  return a;
}

int main(void) {
  for (int i = 0; i <= 18; i++)
    printf("fib(%d)=%d\n", i, fib(i));
  printf("fib_iter(45)=%d\n", fib_iter(45));
  return fib(12) & 0xff;
}
