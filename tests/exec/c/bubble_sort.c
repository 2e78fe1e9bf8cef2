#include <stdio.h>

static void bubble(int *a, int n) {
  for (int i = 0; i < n - 1; i++) {
    int swapped = 0;
    for (int j = 0; j < n - 1 - i; j++)
      if (a[j] > a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
        swapped = 1;
      }
    if (!swapped)
      break;
  }
}

int main(void) {
  int a[40];
  unsigned seed = 12345;
  for (int i = 0; i < 40; i++) {
    seed = seed * 1103515245u + 12345u;
    a[i] = (int)((seed >> 16) % 1000) - 500;
  }
  bubble(a, 40);
  int ok = 1;
  for (int i = 0; i < 40; i++) {
    printf("%d ", a[i]);
    if (i && a[i - 1] > a[i])
      ok = 0;
  }
  printf("\nsorted=%d\n", ok);
  return ok ? (a[39] & 0x7f) : 255;
}
