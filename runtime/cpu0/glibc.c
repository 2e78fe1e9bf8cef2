/* The entry points glibc's own headers make programs call (a program
 * compiled against the host's <ctype.h> or <stdio.h> instead of
 * runtime/include, e.g. clang --target=i386-unknown-linux-gnu with the
 * default include path):
 *   - <ctype.h>'s macros index the tables __ctype_b_loc,
 *     __ctype_tolower_loc and __ctype_toupper_loc return, at -128..255
 *     ("C" locale; the class bits as glibc's header defines them for the
 *     byte order, _ISbit);
 *   - <stdio.h> renames the scanf family to __isoc99_* (C99's %a rules). */
#include "rt.h"

int isupper(int c);
int islower(int c);
int isprint(int c);
int isgraph(int c);
int isblank(int c);
int iscntrl(int c);
int ispunct(int c);
int toupper(int c);
int vsscanf(const char *s, const char *fmt, va_list ap);
int vfscanf(FILE *f, const char *fmt, va_list ap);

/* isbit is glibc's _ISbit: the class bit of a table entry, which the
 * program's header reads as an unsigned short in its own byte order. */
static unsigned short isbit(int bit) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return (unsigned short)(bit < 8 ? (1 << bit) << 8 : (1 << bit) >> 8);
#else
  return (unsigned short)(1 << bit);
#endif
}

static unsigned short class_table[384];
static int lower_table[384], upper_table[384];
static const unsigned short *class_ptr;
static const int *lower_ptr, *upper_ptr;

static void init_tables(void) {
  if (class_ptr)
    return;
  for (int c = -128; c < 256; c++) {
    int i = c + 128;
    lower_table[i] = upper_table[i] = c;
    if (c < 0)
      continue; /* EOF and the negative chars: no class, mapped to themselves */
    int (*fns[])(int) = {isupper, islower, isalpha, isdigit, isxdigit, isspace,
                         isprint, isgraph, isblank, iscntrl, ispunct, isalnum};
    unsigned short m = 0;
    for (int b = 0; b < 12; b++)
      if (fns[b](c))
        m |= isbit(b);
    class_table[i] = m;
    lower_table[i] = tolower(c);
    upper_table[i] = toupper(c);
  }
  lower_ptr = lower_table + 128;
  upper_ptr = upper_table + 128;
  class_ptr = class_table + 128;
}

RT_WEAK const unsigned short **__ctype_b_loc(void) {
  init_tables();
  return &class_ptr;
}

RT_WEAK const int **__ctype_tolower_loc(void) {
  init_tables();
  return &lower_ptr;
}

RT_WEAK const int **__ctype_toupper_loc(void) {
  init_tables();
  return &upper_ptr;
}

RT_WEAK int __isoc99_vsscanf(const char *s, const char *fmt, va_list ap) { return vsscanf(s, fmt, ap); }
RT_WEAK int __isoc99_vfscanf(FILE *f, const char *fmt, va_list ap) { return vfscanf(f, fmt, ap); }
RT_WEAK int __isoc99_vscanf(const char *fmt, va_list ap) { return vfscanf(stdin, fmt, ap); }

RT_WEAK int __isoc99_sscanf(const char *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsscanf(s, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int __isoc99_fscanf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vfscanf(f, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int __isoc99_scanf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vfscanf(stdin, fmt, ap);
  va_end(ap);
  return n;
}
