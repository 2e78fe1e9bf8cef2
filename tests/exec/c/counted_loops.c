#include <stdio.h>

/* Counted loops of every trip count the hardware-loop pass handles on
   BWDSP (LCn = count; if LCn b): 0 (guarded), 1, small, constant, counted
   down, nested two deep (LC0 inside LC1), pointer walks, unsigned counts
   near the top of the range and loops with a call (left alone). */

#define N 40
static int a[N], b[N];
static float x[N], y[N];

__attribute__((noinline)) static int sum(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += p[i];
  return s;
}

__attribute__((noinline)) static int sum_down(int n) {
  int s = 0;
  for (int i = n; i > 0; i--) s = s * 3 + i;
  return s;
}

__attribute__((noinline)) static unsigned span(unsigned lo, unsigned hi) {
  unsigned c = 0;
  for (unsigned i = lo; i != hi; i++) c += i & 7;
  return c;
}

__attribute__((noinline)) static void saxpy(int n, float s, const float *px, float *py) {
  for (int i = 0; i < n; i++) py[i] = s * px[i] + py[i];
}

__attribute__((noinline)) static int nested(int n, int m) {
  int t = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) t += a[i] * b[j] + j;
  return t;
}

__attribute__((noinline)) static int fixed64(void) {
  int t = 0;
  for (int i = 0; i < 64; i++) t ^= i * 2654435761u;
  return t;
}

__attribute__((noinline)) static void copy(int *d, const int *s, int n) {
  while (n-- > 0) *d++ = *s++;
}

static int calls;
__attribute__((noinline)) static void tick(int i) { calls += i; }

__attribute__((noinline)) static void with_call(int n) {
  for (int i = 0; i < n; i++) tick(i);
}

__attribute__((noinline)) static int dot(const int *p, const int *q, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += p[i] * q[i];
  return s;
}

/* Bottom-tested with < and no entry guard: runs once when n <= 1. */
__attribute__((noinline)) static int dowhile(int n) {
  int i = 0, s = 0;
  do {
    s += i + 1;
    i++;
  } while (i < n);
  return s;
}

__attribute__((noinline)) static unsigned dowhile_u(unsigned lo, unsigned hi) {
  unsigned s = 0;
  do {
    s = s * 5 + lo;
    lo++;
  } while (lo < hi);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = i * 7 - 50;
    b[i] = 3 - i;
    x[i] = (float)i * 0.5f;
    y[i] = 10.0f - (float)i;
  }
  for (int n = 0; n <= 5; n++) printf("sum %d: %d\n", n, sum(a, n));
  printf("sum %d: %d\n", N, sum(a, N));
  for (int n = -1; n <= 4; n++) printf("down %d: %d\n", n, sum_down(n));
  printf("span: %u %u %u\n", span(5, 5), span(0xfffffff0u, 0x10u), span(3, 40));
  saxpy(0, 2.0f, x, y);
  saxpy(N, 2.0f, x, y);
  saxpy(1, 3.0f, x + 5, y + 7);
  for (int i = 0; i < N; i += 7) printf("y[%d] = %d\n", i, (int)(y[i] * 4.0f));
  printf("nested: %d %d %d %d\n", nested(0, 5), nested(5, 0), nested(1, 1), nested(9, 13));
  printf("fixed64: %d\n", fixed64());
  int d[N] = {0};
  copy(d, a, 0);
  copy(d + 1, a, 17);
  printf("copy: %d %d %d %d\n", d[0], d[1], d[17], d[18]);
  with_call(10);
  printf("calls: %d\n", calls);
  printf("dot: %d %d\n", dot(a, b, N), dot(a + 3, b + 1, 11));
  for (int n = -3; n <= 4; n++) printf("dowhile %d: %d\n", n, dowhile(n));
  printf("dowhile_u: %u %u %u\n", dowhile_u(7, 3), dowhile_u(0xfffffffeu, 0xffffffffu), dowhile_u(2, 9));
  return 0;
}
