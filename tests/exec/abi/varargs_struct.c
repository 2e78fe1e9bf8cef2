/* A user-defined variadic function reading int, long long, double,
 * unsigned, promoted char and structs (mixed char/float/int/short, two
 * doubles, two long longs) with va_arg, called with them at every word
 * parity. Triples whose va_list cannot read O32's argument area must be
 * refused (TestABI's vaRefusal), the others must match clang -m32. */
#include <stdio.h>
#include <stdarg.h>
#define NI __attribute__((noinline))
struct Mix { char c; float f; int i; short s; };
struct LL2 { long long a, b; };
struct D2 { double a, b; };
NI int usemix(struct Mix m, int x) { return m.c + (int)(m.f * 2) + m.i + m.s + x; }
NI long long vsum(int n, ...) {
  va_list ap; va_start(ap, n); long long s = 0;
  for (int i = 0; i < n; i++) {
    int kind = va_arg(ap, int);
    switch (kind) {
    case 0: s += va_arg(ap, int); break;
    case 1: s += va_arg(ap, long long); break;
    case 2: s += (long long)(va_arg(ap, double) * 100); break;
    case 3: { struct Mix m = va_arg(ap, struct Mix); s += usemix(m, 1); break; }
    case 4: { struct D2 d = va_arg(ap, struct D2); s += (long long)(d.a * 10 + d.b); break; }
    case 5: { struct LL2 d = va_arg(ap, struct LL2); s += d.a ^ d.b; break; }
    case 6: s += va_arg(ap, unsigned); break;
    case 7: s += (char)va_arg(ap, int); break;
    }
  }
  va_end(ap);
  return s;
}

int main(void) {
  struct Mix m = { 'd', 4.5f, 3007, -3 };
  struct D2 d2 = { 3.0, -1.0 };
  struct LL2 l2 = { -5, 0x123456789LL };
  printf("%lld\n", vsum(9, 0, 5, 1, 0x100000000LL, 2, 1.5, 3, m, 4, d2, 5, l2, 6, 4000000000u, 7, 300, 2, -0.25));
  printf("%lld\n", vsum(4, 3, m, 3, m, 1, -7LL, 4, d2));
  printf("%lld\n", vsum(5, 5, l2, 0, -1, 4, d2, 2, 2.0, 3, m));
  printf("%lld\n", vsum(3, 7, -200, 2, 1e3, 5, l2));
  return 0;
}
