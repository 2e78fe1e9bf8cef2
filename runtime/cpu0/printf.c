/* printf for the Cpu0 console.
 *
 * Supports %d %i %u %x %X %s %c %p %% with the length modifiers hh, h, l and
 * ll, a field width (digits or '*') and the '-' and '0' flags: the subset the
 * execution tests use, formatted exactly as glibc does. */
#include "rt.h"

/* fmt_out pads and prints one converted field. */
static int fmt_out(const char *body, int len, const char *prefix, int width,
                   int left, int zero) {
  int plen = 0, n = 0, pad;
  while (prefix[plen])
    plen++;
  pad = width - len - plen;
  if (pad < 0)
    pad = 0;
  if (!left && !zero)
    for (; pad > 0; pad--, n++)
      putchar(' ');
  for (int i = 0; i < plen; i++, n++)
    putchar(prefix[i]);
  if (!left && zero)
    for (; pad > 0; pad--, n++)
      putchar('0');
  for (int i = 0; i < len; i++, n++)
    putchar(body[i]);
  for (; pad > 0; pad--, n++)
    putchar(' ');
  return n;
}

/* utoa_rev writes the digits of v in base (10 or 16) into buf, least
 * significant first, and returns their count. 64-bit values whose high
 * word is zero take the cheaper 32-bit path. */
static int utoa_rev(char *buf, unsigned long long v, unsigned base,
                    const char *digits) {
  int n = 0;
  while ((unsigned)(v >> 32) != 0) {
    unsigned long long rem;
    v = __udivmoddi4(v, base, &rem);
    buf[n++] = digits[(unsigned)rem];
  }
  unsigned w = (unsigned)v;
  do {
    buf[n++] = digits[w % base];
    w /= base;
  } while (w);
  return n;
}

int vprintf(const char *fmt, va_list ap) {
  int count = 0;
  for (; *fmt; fmt++) {
    if (*fmt != '%') {
      putchar(*fmt);
      count++;
      continue;
    }
    fmt++;
    int left = 0, zero = 0, width = 0, size = 0;
    for (;; fmt++) {
      if (*fmt == '-')
        left = 1;
      else if (*fmt == '0')
        zero = 1;
      else
        break;
    }
    if (*fmt == '*') {
      width = va_arg(ap, int);
      if (width < 0) {
        left = 1;
        width = -width;
      }
      fmt++;
    } else {
      while (*fmt >= '0' && *fmt <= '9')
        width = width * 10 + (*fmt++ - '0');
    }
    /* size: -2 hh, -1 h, 0 int, 1 long (32-bit here), 2 long long */
    if (*fmt == 'h') {
      size = -1;
      if (*++fmt == 'h') {
        size = -2;
        fmt++;
      }
    } else if (*fmt == 'l') {
      size = 1;
      if (*++fmt == 'l') {
        size = 2;
        fmt++;
      }
    }
    char buf[24], tmp[24];
    const char *prefix = "";
    int len = 0;
    char c = *fmt;
    switch (c) {
    case 'd':
    case 'i': {
      long long v;
      if (size == 2)
        v = va_arg(ap, long long);
      else if (size == 1)
        v = va_arg(ap, long);
      else
        v = va_arg(ap, int);
      if (size == -1)
        v = (short)v;
      else if (size == -2)
        v = (signed char)v;
      unsigned long long u = (unsigned long long)v;
      if (v < 0) {
        prefix = "-";
        u = -u;
      }
      int n = utoa_rev(tmp, u, 10, "0123456789");
      for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
      len = n;
      break;
    }
    case 'u':
    case 'x':
    case 'X':
    case 'p': {
      unsigned long long u;
      if (c == 'p') {
        u = (unsigned)(size_t)va_arg(ap, void *);
        prefix = "0x";
      } else if (size == 2)
        u = va_arg(ap, unsigned long long);
      else if (size == 1)
        u = va_arg(ap, unsigned long);
      else
        u = va_arg(ap, unsigned);
      if (size == -1)
        u = (unsigned short)u;
      else if (size == -2)
        u = (unsigned char)u;
      int n = utoa_rev(tmp, u, c == 'u' ? 10 : 16,
                       c == 'X' ? "0123456789ABCDEF" : "0123456789abcdef");
      for (int i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
      len = n;
      break;
    }
    case 'c':
      buf[0] = (char)va_arg(ap, int);
      len = 1;
      zero = 0;
      break;
    case 's': {
      const char *s = va_arg(ap, const char *);
      if (!s)
        s = "(null)";
      int n = 0;
      while (s[n])
        n++;
      count += fmt_out(s, n, "", width, left, 0);
      continue;
    }
    case '%':
      buf[0] = '%';
      len = 1;
      width = 0;
      break;
    case 0:
      return count; /* stray '%' at the end */
    default:
      /* Unknown conversion: print it verbatim, as a diagnostic aid. */
      putchar('%');
      putchar(c);
      count += 2;
      continue;
    }
    count += fmt_out(buf, len, prefix, width, left, zero);
  }
  return count;
}

int printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vprintf(fmt, ap);
  va_end(ap);
  return n;
}
