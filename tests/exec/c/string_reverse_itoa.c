#include <stdio.h>

static int my_len(const char *s) {
  int n = 0;
  while (s[n])
    n++;
  return n;
}

static void reverse_in_place(char *s) {
  for (int i = 0, j = my_len(s) - 1; i < j; i++, j--) {
    char t = s[i];
    s[i] = s[j];
    s[j] = t;
  }
}

/* to_base writes v in the given base (2..16); handles INT_MIN. */
static char *to_base(int v, int base, char *buf) {
  unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  int i = 0;
  do {
    buf[i++] = "0123456789abcdef"[u % base];
    u /= base;
  } while (u);
  if (v < 0)
    buf[i++] = '-';
  buf[i] = 0;
  reverse_in_place(buf);
  return buf;
}

static int parse_int(const char *s) {
  int neg = 0, v = 0;
  while (*s == ' ')
    s++;
  if (*s == '-' || *s == '+')
    neg = *s++ == '-';
  while (*s >= '0' && *s <= '9')
    v = v * 10 + (*s++ - '0');
  return neg ? -v : v;
}

static int is_palindrome(const char *s) {
  int i = 0, j = my_len(s) - 1;
  while (i < j)
    if (s[i++] != s[j--])
      return 0;
  return 1;
}

int main(void) {
  char buf[40];
  int vals[] = {0, 7, -7, 255, 1000000, -2147483647 - 1, 2147483647};
  for (int i = 0; i < 7; i++) {
    printf("%s ", to_base(vals[i], 10, buf));
    printf("%s ", to_base(vals[i], 16, buf));
    printf("%s\n", to_base(vals[i], 2, buf));
  }
  char s[] = "stressed";
  reverse_in_place(s);
  printf("%s\n", s);
  printf("%d %d %d\n", parse_int("  -1234"), parse_int("+99"), parse_int("42abc"));
  const char *cands[] = {"racecar", "abba", "abc", "a", ""};
  int pals = 0;
  for (int i = 0; i < 5; i++)
    pals += is_palindrome(cands[i]);
  printf("palindromes=%d\n", pals);
  return pals;
}
