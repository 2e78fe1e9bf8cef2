/* C library calls whose prototype depends on the triple: size_t and long
 * parameters and results (i64 in x86-64 IR, one word in the ILP32 runtime)
 * and div/ldiv/lldiv results (in registers in RISC-V and x86-64 IR, in
 * memory under O32), and printf's %ld, %zu and %td (64-bit arguments in
 * x86-64 IR). The values fit in 32 bits, so the LP64 program
 * prints what the clang -m32 build prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int cmpi(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
int main(void) {
  const char *s = "hello, world";
  size_t n = strlen(s);
  if (n == 12) puts("strlen ok");
  for (size_t i = 0; i < strlen(s); i += 5) putchar(s[i]);
  putchar('\n');
  int v[8] = {5, -3, 9, 0, 2, 7, -8, 1};
  qsort(v, 8, sizeof v[0], cmpi);
  for (int i = 0; i < 8; i++) printf("%d ", v[i]);
  printf("\n");
  int key = 7;
  int *f = bsearch(&key, v, 8, sizeof v[0], cmpi);
  printf("%d\n", f ? (int)(f - v) : -1);
  int *z = calloc(16, sizeof(int));
  int sum = 0;
  for (int i = 0; i < 16; i++) sum += z[i] + 1;
  printf("%d\n", sum);
  char buf[32];
  int len = snprintf(buf, sizeof buf, "%d-%s", 42, "x");
  printf("%d %s\n", len, buf);
  long l = strtol("-123456", NULL, 10);
  if (l < 0) printf("neg %d\n", (int)l);
  unsigned long ul = strtoul("4000000000", NULL, 10);
  if (ul > 3000000000u) printf("big %u\n", (unsigned)ul);
  if (labs(-5L) == 5) puts("labs ok");
  div_t d = div(-17, 5);
  ldiv_t ld = ldiv(-17L, 5L);
  lldiv_t lld = lldiv(-17000000000LL, 5LL);
  printf("%d %d %d %d %d %d\n", d.quot, d.rem, (int)ld.quot, (int)ld.rem, (int)(lld.quot / 1000), (int)lld.rem);
  if (strspn("aaab", "a") == 3 && strcspn("abc", "c") == 2) puts("spn ok");
  char *p = malloc(n + 1);
  memcpy(p, s, n + 1);
  p = realloc(p, 100);
  if (memcmp(p, s, n) == 0 && strncmp(p, s, n) == 0) puts("copy ok");
  long neg = -123456789L;
  unsigned long big = 4000000000UL;
  char arr[40];
  char *q1 = arr + 3, *q2 = arr + 37;
  printf("%ld %lu %zu %td %lx %5ld|%-6zu| %d %s %lld\n", neg, big, sizeof arr, q2 - q1, 0xABCDEFL, 42L, strlen("abc"), 7, "end", -1LL);
  snprintf(buf, sizeof buf, "%zu:%ld", n, l);
  sprintf(arr, "%s/%lu", buf, ul);
  fprintf(stdout, "%s %zd\n", arr, (size_t)9);
  time_t t = -1; /* time stores a whole time_t (8 bytes in LP64 IR) */
  time_t r = time(&t);
  puts(t == r ? "time ok" : "time BAD");
  free(p);
  free(z);
  return 0;
}
