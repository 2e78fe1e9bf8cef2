#include <stdio.h>

static int depth_sum(int n) {
  if (n == 0)
    return 0;
  return n + depth_sum(n - 1);
}

static int count_down(int n, int acc) {
  volatile int pad[4];
  pad[0] = n;
  if (n == 0)
    return acc;
  return count_down(n - 1, acc + pad[0] % 7);
}

static int is_even(int n);
static int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }

int main(void) {
  printf("depth_sum(5000)=%d\n", depth_sum(5000));
  printf("count_down(3000)=%d\n", count_down(3000, 0));
  printf("even(2001)=%d odd(2001)=%d\n", is_even(2001), is_odd(2001));
  return depth_sum(100) & 0xff;
}
