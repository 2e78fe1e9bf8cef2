/* Console output through the memory-mapped port at 0xFF000000. */
#include "rt.h"

int putchar(int c) {
  *CPU0_CONSOLE = (char)c;
  return (unsigned char)c;
}

/* puts prints s and a newline, like the C library. */
int puts(const char *s) {
  while (*s)
    putchar(*s++);
  putchar('\n');
  return 0;
}
