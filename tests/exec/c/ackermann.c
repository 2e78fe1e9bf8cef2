#include <stdio.h>

static int ack(int m, int n) {
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

int main(void) {
  for (int m = 0; m <= 2; m++)
    for (int n = 0; n <= 4; n++)
      printf("ack(%d,%d)=%d\n", m, n, ack(m, n));
  int r = ack(3, 3);
  printf("ack(3,3)=%d\n", r);
  return r;
}
