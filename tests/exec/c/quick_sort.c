#include <stdio.h>

static void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}

static int partition(int *a, int lo, int hi) {
  int pivot = a[(lo + hi) / 2];
  int i = lo - 1, j = hi + 1;
  for (;;) {
    do i++; while (a[i] < pivot);
    do j--; while (a[j] > pivot);
    if (i >= j)
      return j;
    swap(&a[i], &a[j]);
  }
}

static void quicksort(int *a, int lo, int hi) {
  if (lo < hi) {
    int p = partition(a, lo, hi);
    quicksort(a, lo, p);
    quicksort(a, p + 1, hi);
  }
}

#define N 200
static int data[N];

int main(void) {
  unsigned x = 2463534242u;
  for (int i = 0; i < N; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    data[i] = (int)(x % 20001) - 10000;
  }
  quicksort(data, 0, N - 1);
  int ok = 1;
  unsigned h = 0;
  for (int i = 0; i < N; i++) {
    if (i && data[i - 1] > data[i])
      ok = 0;
    h = h * 31 + (unsigned)data[i];
  }
  for (int i = 0; i < N; i += 20)
    printf("data[%d]=%d\n", i, data[i]);
  printf("ok=%d hash=%u\n", ok, h);
  return ok;
}
