/* A user-defined variadic function (va_arg over int and long long).
 * exec: no-host -- va_list layout is ABI-specific: x86-64 IR lowers va_arg
 * against the x86-64 register save area, which Cpu0 code cannot provide. */
#include <stdarg.h>
#include <stdio.h>

static int sum_ints(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

static long long sum_mixed(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  long long s = 0;
  for (; *fmt; fmt++) {
    if (*fmt == 'i')
      s += va_arg(ap, int);
    else if (*fmt == 'l')
      s += va_arg(ap, long long);
    else if (*fmt == 's')
      s += *va_arg(ap, const char *);
  }
  va_end(ap);
  return s;
}

static int max_of(int first, ...) {
  va_list ap;
  va_start(ap, first);
  int m = first, v;
  while ((v = va_arg(ap, int)) != 0)
    if (v > m)
      m = v;
  va_end(ap);
  return m;
}

int main(void) {
  printf("%d\n", sum_ints(0));
  printf("%d\n", sum_ints(3, 1, 2, 3));
  printf("%d\n", sum_ints(8, 10, -20, 30, -40, 50, -60, 70, -80));
  printf("%lld\n", sum_mixed("ilis", 5, 1LL << 40, -7, "A"));
  printf("%lld\n", sum_mixed("llll", -1LL, -2LL, 3LL << 33, 4LL));
  int m = max_of(3, 9, -4, 27, 8, 0);
  printf("max=%d\n", m);
  return m;
}
