/* cpu0run's test program: prints its arguments, then (unless NO_STDIN)
 * sums the decimal integers on standard input. Returns a value made of
 * both, so that argc/argv, input and the exit status are all checked.
 * Host builds (for lli) read with getchar; Cpu0 builds read the console
 * input port directly (docs/cpu0-run.md), so the test does not depend on
 * the runtime's stdio. */
#include <stdio.h>

#ifdef __mips__
static int next_byte(void) { return *(volatile int *)0xFF000004; }
#else
int getchar(void);
static int next_byte(void) { return getchar(); }
#endif

int main(int argc, char **argv) {
  int first = 1;
#ifdef ARGV0
  first = 0;
#endif
  printf("argc=%d\n", argc);
  for (int i = first; i < argc; i++)
    printf("argv[%d]=\"%s\"\n", i, argv[i]);
  if (argv[argc] != 0)
    printf("argv[argc] is not NULL\n");
  int sum = 0, count = 0;
#ifndef NO_STDIN
  int n = 0, neg = 0, in = 0, c, bytes = 0;
  while ((c = next_byte()) != -1) {
    bytes++;
    if (c == '-' && !in) {
      neg = 1;
    } else if (c >= '0' && c <= '9') {
      n = n * 10 + (c - '0');
      in = 1;
    } else {
      if (in) {
        sum += neg ? -n : n;
        count++;
      }
      n = neg = in = 0;
    }
  }
  if (in) {
    sum += neg ? -n : n;
    count++;
  }
  printf("%d bytes, %d numbers, sum %d\n", bytes, count, sum);
  if (next_byte() != -1)
    printf("input does not stay at its end\n");
#endif
  return (argc * 16 + sum) & 0xff;
}
