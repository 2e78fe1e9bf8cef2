/* sprintf/snprintf/fprintf(stdout)/fputs/fputc/fwrite, the string.h and
 * ctype.h functions, strto* and qsort/bsearch/rand.
 * exec: no-host */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int my_vsn(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return r;
}

int main(void) {
  char buf[128];
  int n = sprintf(buf, "%d|%5s|%-4x|%.3f|%c", -42, "ab", 255, 3.14159, 'z');
  printf("sprintf %d [%s]\n", n, buf);
  n = snprintf(buf, 8, "%s-%d", "truncated", 12345);
  printf("snprintf %d [%s]\n", n, buf);
  n = my_vsn(buf, sizeof buf, "%08.3e %lld", -1234.5, -9000000000LL);
  printf("vsnprintf %d [%s]\n", n, buf);
  fprintf(stdout, "fprintf %s %u\n", "to stdout", 7u);
  fputs("fputs line\n", stdout);
  fputc('!', stdout);
  putc('\n', stdout);
  fwrite("fwrite ok\n", 1, 10, stdout);
  fflush(stdout);

  char s[64] = "hello";
  strcat(s, ", world");
  strncat(s, "!!!", 1);
  printf("%s len %d\n", s, (int)strlen(s));
  strncpy(buf, "abc", 6);
  printf("strncpy %s %d %d %d\n", buf, buf[3], buf[4], buf[5]);
  printf("strchr %s strrchr %s\n", strchr(s, 'o'), strrchr(s, 'o'));
  printf("strstr %s %d\n", strstr(s, "wor"), strstr(s, "xyz") == NULL);
  printf("spn %d cspn %d pbrk %s\n", (int)strspn("aabbc", "ab"),
         (int)strcspn("hello", "lo"), strpbrk("hello", "ol"));
  printf("memchr %s\n", (char *)memchr(s, 'w', strlen(s)));
  char tok[] = "  a,b;;c d ";
  for (char *t = strtok(tok, " ,;"); t; t = strtok(NULL, " ,;"))
    printf("tok[%s]", t);
  printf("\n");
  char *d = strdup("dup me");
  char *dn = strndup("dup me", 3);
  printf("strdup %s strndup %s\n", d, dn);
  free(d);
  free(dn);
  printf("strerror %s\n", strerror(ERANGE));

  unsigned cls = 0;
  for (int c = -1; c < 256; c++)
    cls = cls * 31 + !!isalpha(c) + 2 * !!isdigit(c) + 4 * !!isspace(c) +
          8 * !!ispunct(c) + 16 * !!isupper(c) + 32 * !!isxdigit(c) +
          64 * !!isprint(c) + 128 * !!iscntrl(c) + toupper(c) + tolower(c);
  printf("ctype hash %u\n", cls);

  char *end;
  printf("strtol %ld %ld %ld\n", strtol("  -123xyz", &end, 10), strtol("0x1F", NULL, 0),
         strtol("777", NULL, 8));
  printf("end [%s]\n", end);
  errno = 0;
  long long big = strtoll("99999999999999999999", NULL, 10);
  printf("overflow %d erange %d\n", big == 9223372036854775807LL, errno == ERANGE);
  printf("strtoull %llu %lld\n", strtoull("18446744073709551615", NULL, 10),
         strtoll("-9223372036854775808", NULL, 10));
  printf("strtoul %lu\n", strtoul("-1", NULL, 10) & 0xffffffffUL);
  printf("atoi %d atol %ld atoll %lld\n", atoi(" 42"), atol("-7"), atoll("123456789012"));
  const char *fs[] = {"3.14159", "1e-300", "2.2250738585072011e-308", "123456789012345678",
                      "0.1", "-0", "1e309", "4.9e-324", "0x1.8p3", "inf", "1.7976931348623157e308",
                      "9007199254740993", "2.5e-5"};
  for (int i = 0; i < 13; i++) {
    double v = strtod(fs[i], &end);
    printf("strtod %s -> %.17g (%d)\n", fs[i], v, (int)(end - fs[i]));
  }
  printf("strtof %.9g atof %.17g\n", (double)strtof("0.1", NULL), atof("1e10"));

  int arr[20];
  srand(12345);
  for (int i = 0; i < 20; i++)
    arr[i] = rand() % 1000;
  qsort(arr, 20, sizeof arr[0], cmp_int);
  for (int i = 0; i < 20; i++)
    printf("%d ", arr[i]);
  printf("\n");
  int key = arr[7];
  int *found = bsearch(&key, arr, 20, sizeof arr[0], cmp_int);
  printf("bsearch %d\n", found ? (int)(found - arr) <= 7 && *found == key : -1);
  key = 1001;
  printf("bsearch missing %d\n", bsearch(&key, arr, 20, sizeof arr[0], cmp_int) == NULL);
  div_t q = div(-7, 2);
  printf("abs %d labs %ld llabs %lld div %d %d\n", abs(-5), labs(-6L), llabs(-7LL), q.quot, q.rem);
  printf("getenv %d\n", getenv("HOME") == NULL || 1);
  return 0;
}
