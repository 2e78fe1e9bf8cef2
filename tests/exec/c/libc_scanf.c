/* sscanf (conversions, widths, scansets, %n, %*, length modifiers,
 * matching and input failures), <strings.h> strcasecmp/strncasecmp,
 * strsep, strtok_r, stpcpy and <inttypes.h> PRI/SCN macros. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <inttypes.h>

int main(void) {
  int a = 0, b = 0, n = 0;
  unsigned u = 0;
  char w[16] = "", set[16] = "", c3[4] = "";
  double d = 0;
  float f = 0;
  long l = 0;
  long long ll = 0;
  short sh = 0;
  signed char hh = 0;
  int r = sscanf("  12 -34 word 0x1F 3.5e2 -0.25", "%d %d %15s %x %lf %f%n", &a, &b, w, &u, &d, &f, &n);
  printf("%d: %d %d %s %u %g %g %d\n", r, a, b, w, u, d, (double)f, n);
  r = sscanf("0777 0x10 -010 42", "%i %i %i %o", &a, &b, &n, &u);
  printf("%d: %d %d %d %u\n", r, a, b, n, u);
  r = sscanf("abc123def", "%[a-z]%d%3c", set, &a, c3);
  printf("%d: %s %d %.3s\n", r, set, a, c3);
  r = sscanf("key=value;rest", "%[^=]=%[^;];", w, set);
  printf("%d: %s %s\n", r, w, set);
  r = sscanf("12345678", "%3d%2d%d", &a, &b, &n);
  printf("%d: %d %d %d\n", r, a, b, n);
  r = sscanf("-9223372036854775807 4000000000 -300 70000 -129", "%lld %ld %hd %hd %hhd", &ll, &l, &sh, &sh, &hh);
  printf("%d: %lld %d %d\n", r, ll, sh, hh);
  r = sscanf("10 skip 20", "%d %*s %d", &a, &b);
  printf("%d: %d %d\n", r, a, b);
  r = sscanf("100%", "%d%%", &a);
  printf("%d: %d\n", r, a);
  r = sscanf("", "%d", &a);
  printf("%d\n", r);
  r = sscanf("   ", "%d", &a);
  printf("%d\n", r);
  r = sscanf("x", "%d", &a);
  printf("%d\n", r);
  r = sscanf("5 x", "%d %d", &a, &b);
  printf("%d: %d\n", r, a);
  r = sscanf("inf nan -Infinity 0x1.8p1 1e-2", "%lf %lf %lf %lf %lf", &d, &d, &d, &d, &d);
  printf("%d: %g\n", r, d);
  int64_t i64 = 0;
  r = sscanf("-1234567890123", "%" SCNd64, &i64);
  printf("%d: %" PRId64 " %" PRIx32 " %" PRIu16 "\n", r, i64, (uint32_t)0xBEEF, (uint16_t)65535);
  printf("%d %d %d %d\n", strcasecmp("Hello", "hELLO"), strcasecmp("abc", "ABD") < 0, strncasecmp("ABCx", "abcy", 3), strncasecmp("a", "B", 5) < 0);
  char buf[] = "a,b,,c";
  char *p = buf, *t;
  while ((t = strsep(&p, ",")) != NULL) printf("[%s]", t);
  printf("\n");
  char buf2[] = "x y  z";
  char *save;
  for (t = strtok_r(buf2, " ", &save); t; t = strtok_r(NULL, " ", &save)) printf("<%s>", t);
  char cat[32];
  char *e = stpcpy(stpcpy(cat, "foo"), "bar");
  printf(" %s %d\n", cat, (int)(e - cat));
  return 0;
}
