#include <stdio.h>

static int find_pair(const int *a, int n, int target, int *pi, int *pj) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (a[i] + a[j] == target) {
        *pi = i;
        *pj = j;
        goto found;
      }
  return 0;
found:
  return 1;
}

static int gcd_goto(int a, int b) {
top:
  if (b == 0)
    return a;
  {
    int t = a % b;
    a = b;
    b = t;
  }
  goto top;
}

int main(void) {
  int a[] = {8, 3, 11, 7, 2, 19, 5};
  int i = -1, j = -1;
  int ok = find_pair(a, 7, 24, &i, &j);
  printf("pair: %d %d %d\n", ok, i, j);
  ok = find_pair(a, 7, 100, &i, &j);
  printf("none: %d\n", ok);
  printf("gcd: %d %d %d\n", gcd_goto(84, 36), gcd_goto(17, 5), gcd_goto(0, 9));
  int count = 0, x = 0;
loop:
  x += 5;
  count++;
  if (x < 93)
    goto loop;
  printf("count=%d x=%d\n", count, x);
  return count;
}
