/* A program as it is usually written, compiled by TestGlibcHeaders against
 * the host's glibc headers too (i386 and x86-64): <ctype.h>'s macros read
 * glibc's class and case tables (__ctype_b_loc, __ctype_tolower_loc,
 * __ctype_toupper_loc), <stdio.h> renames sscanf to __isoc99_sscanf,
 * errno is (*__errno_location ()), setjmp is _setjmp; x86-64's long and
 * size_t are 64 bits. */
#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf env;

static void jump(int depth) {
  if (depth == 0)
    longjmp(env, 7);
  jump(depth - 1);
}

int main(void) {
  const char *text = "Hello, World! 0x1F tab\there 42";
  int counts[6] = {0};
  for (const char *p = text; *p; p++) {
    unsigned char c = (unsigned char)*p;
    counts[0] += isalpha(c) != 0;
    counts[1] += isdigit(c) != 0;
    counts[2] += isspace(c) != 0;
    counts[3] += ispunct(c) != 0;
    counts[4] += isxdigit(c) != 0;
    counts[5] += isupper(c) != 0;
  }
  printf("%d %d %d %d %d %d\n", counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]);
  char up[64];
  size_t n = strlen(text);
  for (size_t i = 0; i <= n; i++)
    up[i] = (char)toupper((unsigned char)text[i]);
  printf("%s|%c%c|%zu\n", up, tolower('Q'), tolower('['), n);
  printf("%d %d %d\n", isalnum(200) != 0, isprint(127) != 0, isgraph('~') != 0);
  int a = 0, b = 0;
  char word[16] = "";
  int got = sscanf("17 -4 name", "%d %d %15s", &a, &b, word);
  printf("%d %d %d %s\n", got, a, b, word);
  errno = 0;
  long v = strtol("99999999999999999999", NULL, 10);
  printf("%d %d\n", errno == ERANGE, v > 0);
  volatile int tries = 0;
  int r = setjmp(env);
  if (r == 0) {
    tries++;
    jump(5);
  }
  printf("%d %d\n", r, tries);
  return 0;
}
