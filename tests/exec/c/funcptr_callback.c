#include <stdio.h>

typedef int (*cmpfn)(const void *, const void *);

static void sort_ints(int *a, int n, cmpfn cmp) {
  for (int i = 1; i < n; i++) {
    int v = a[i], j = i - 1;
    while (j >= 0 && cmp(&a[j], &v) > 0) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

static int asc(const void *p, const void *q) {
  int a = *(const int *)p, b = *(const int *)q;
  return (a > b) - (a < b);
}
static int desc(const void *p, const void *q) { return asc(q, p); }
static int by_last_digit(const void *p, const void *q) {
  int a = *(const int *)p % 10, b = *(const int *)q % 10;
  return a - b;
}

static void each(const int *a, int n, void (*fn)(int)) {
  for (int i = 0; i < n; i++)
    fn(a[i]);
  putchar('\n');
}
static void show(int x) { printf("%d ", x); }

int main(void) {
  int a[] = {42, 17, 93, 8, 56, 31, 74, 25, 60, 12};
  cmpfn cmps[] = {asc, desc, by_last_digit};
  for (int k = 0; k < 3; k++) {
    sort_ints(a, 10, cmps[k]);
    each(a, 10, show);
  }
  return a[0];
}
