#include <stdio.h>

static int bsearch_int(const int *a, int n, int key) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key)
      return mid;
    if (a[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -(lo + 1);
}

static int lower_bound(const unsigned *a, int n, unsigned key) {
  int lo = 0, len = n;
  while (len > 0) {
    int half = len / 2;
    if (a[lo + half] < key) {
      lo += half + 1;
      len -= half + 1;
    } else {
      len = half;
    }
  }
  return lo;
}

static unsigned isqrt(unsigned x) {
  unsigned lo = 0, hi = 65536;
  while (lo + 1 < hi) {
    unsigned mid = (lo + hi) / 2;
    if (mid * mid <= x)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

int main(void) {
  int a[50];
  for (int i = 0; i < 50; i++)
    a[i] = i * i - 300;
  int acc = 0;
  for (int k = -310; k < 2200; k += 97) {
    int r = bsearch_int(a, 50, k);
    printf("%d:%d ", k, r);
    acc += r;
  }
  putchar('\n');
  unsigned u[] = {1, 5, 5, 5, 9, 0x80000000u, 0xfffffff0u};
  for (unsigned k = 0; k < 12; k += 3)
    printf("lb(%u)=%d ", k, lower_bound(u, 7, k));
  printf("lb(max)=%d\n", lower_bound(u, 7, 0xffffffffu));
  printf("isqrt: %u %u %u %u\n", isqrt(0), isqrt(99), isqrt(100), isqrt(4294967295u));
  return acc & 0xff;
}
