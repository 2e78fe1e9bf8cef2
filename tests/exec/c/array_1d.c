#include <stdio.h>

#define N 32

static int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = (i * 37 + 11) % 101 - 50;
  int mn = a[0], mx = a[0], imn = 0, imx = 0;
  for (int i = 1; i < N; i++) {
    if (a[i] < mn) { mn = a[i]; imn = i; }
    if (a[i] > mx) { mx = a[i]; imx = i; }
  }
  printf("sum=%d min=%d@%d max=%d@%d\n", sum(a, N), mn, imn, mx, imx);
  for (int i = 0; i < N / 2; i++) {
    int t = a[i];
    a[i] = a[N - 1 - i];
    a[N - 1 - i] = t;
  }
  for (int i = 0; i < N; i++)
    printf("%d%c", a[i], i % 8 == 7 ? '\n' : ' ');
  int prefix[N + 1];
  prefix[0] = 0;
  for (int i = 0; i < N; i++)
    prefix[i + 1] = prefix[i] + a[i];
  printf("range[5,20)=%d\n", prefix[20] - prefix[5]);
  return (sum(a, N) + mx) & 0xff;
}
