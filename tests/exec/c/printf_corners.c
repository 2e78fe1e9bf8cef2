/* printf corners against glibc: %n (it was printed verbatim), rounding of
 * ties in %.Nf/%e/%g, %a, flags with precision, widths on strings and %%,
 * snprintf truncation and its NULL/0 count. */
#include <stdio.h>
#include <string.h>
int main(void) {
  double ds[] = {0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 1e-5, 123456789.0, 1.0/3, 2.0/3, 1e21, 1e-310, 5e-324, 1.7976931348623157e308, 0.05, 0.15, 0.25, 0.35, 9.995, 99.5, 999999.5};
  int n = sizeof ds / sizeof ds[0];
  for (int i = 0; i < n; i++) {
    double d = ds[i];
    printf("[%.0f|%.1f|%.2f|%.3e|%.0e|%g|%.0g|%.1g|%#g|%a|%.2a|%A|%+.3g|% .2e|%-12.4g|%012.3f]\n", d, d, d, d, d, d, d, d, d, d, d, d, d, d, d, d);
  }
  int is[] = {0, 1, -1, 255, -256, 2147483647, -2147483647 - 1, 4096};
  for (int i = 0; i < 8; i++) {
    int v = is[i];
    printf("[%d|%5d|%-5d|%05d|%+d|% d|%x|%#x|%#o|%o|%X|%#X|%hhd|%hhu|%hx|%.0d|%.3d|%8.3d|%-+8.3d|%u]\n", v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v);
  }
  long long lls[] = {0, -1, 9223372036854775807LL, -9223372036854775807LL - 1, 1234567890123LL};
  for (int i = 0; i < 5; i++) printf("[%lld|%llx|%llo|%llu|%20lld|%-20lld|%+lld]\n", lls[i], lls[i], lls[i], lls[i], lls[i], lls[i], lls[i]);
  printf("[%s|%10s|%-10s|%.2s|%10.3s|%-10.1s|%c|%3c|%-3c|%%|%5%]\n", "abc", "abc", "abc", "abc", "abc", "abc", 'x', 'y', 'z');
  printf("[%s]\n", "");
  char buf[8]; int r = snprintf(buf, sizeof buf, "%s", "0123456789"); printf("%d %s\n", r, buf);
  r = snprintf(NULL, 0, "%d-%d", 123, 456); printf("%d\n", r);
  r = printf("%n", &r); printf("%d\n", r);
  int cnt; printf("abc%n def\n", &cnt); printf("%d\n", cnt);
  printf("%.3s|%.*s|%-*.*s|\n", "abcdef", 2, "xyz", 6, 2, "pqrs");
  printf("%#.3x %#5o %#x %#o\n", 5, 5, 0, 0);
  printf("%e %f %g\n", 1e100, 1e15, 1e-100);
  printf("%.15g %.16g %.17g\n", 0.1, 0.1, 0.1);
  printf("%5.1f|%-8.3e|%08.2f|%+08d|%-08d|\n", -0.05, -123.456, -3.14159, 42, 42);
  return 0;
}
