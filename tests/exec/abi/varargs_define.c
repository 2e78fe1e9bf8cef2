/* User-defined variadic functions reading int, long long and double
 * arguments. Their va_arg code comes from the IR, so it only matches the
 * O32 argument area for pointer va_lists of ILP32 IR with 8-byte aligned
 * long long and double (MIPS, RISC-V 32); i386, ARM, x86-64, AArch64 and
 * RISC-V 64 IR must be refused with a position and the --target to use
 * instead. */
#include <stdarg.h>
#include <stdio.h>

static long long sum(const char *types, ...) {
  va_list ap;
  va_start(ap, types);
  long long s = 0;
  double ds = 0;
  for (const char *p = types; *p; p++) {
    switch (*p) {
    case 'i':
      s += va_arg(ap, int);
      break;
    case 'l':
      s += va_arg(ap, long long);
      break;
    case 'd':
      ds += va_arg(ap, double);
      break;
    }
  }
  va_end(ap);
  return s + (long long)(ds * 1000);
}

static int vformat(const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = 0;
  for (const char *p = fmt; *p; p++) {
    if (*p == 'l')
      printf(" l=%lld", va_arg(aq, long long));
    else if (*p == 'd')
      printf(" d=%f", va_arg(aq, double));
    else
      printf(" i=%d", va_arg(aq, int));
    n++;
  }
  va_end(aq);
  printf("\n");
  return n;
}

static int show(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vformat(fmt, ap);
  va_end(ap);
  return n;
}

int main(void) {
  printf("%lld\n", sum("i", 5));
  printf("%lld\n", sum("l", 1LL << 40));
  printf("%lld\n", sum("il", 3, -(1LL << 35)));
  printf("%lld\n", sum("iil", 1, 2, 1LL << 33));
  printf("%lld\n", sum("d", 1.5));
  printf("%lld\n", sum("id", 4, 2.25));
  printf("%lld\n", sum("idild", 1, 0.5, 2, 7LL, 0.125));
  printf("%lld\n", sum("llll", 1LL, 2LL, 3LL, 4LL));
  int n = show("ildid", 10, 20LL, 1.75, 30, -2.5);
  n += show("dl", 9.0, -9LL);
  return n;
}
