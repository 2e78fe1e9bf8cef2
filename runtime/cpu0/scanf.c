/* The scanf family: sscanf, scanf, fscanf and their va_list forms. One
 * formatter reads from a string or a FILE (one character of push-back,
 * as ungetc gives); each numeric field is collected into a buffer by its
 * syntax and converted by strtoll/strtoull/strtod, so it reads what those
 * read. Lengths: hh, h, l, ll, j, z, t, L (long double is double under
 * O32). The __lp64_ entry points serve LP64 IR (lltosimd renames its
 * calls, frontend.LP64Entries), where %ld, %zu and %td store 8 bytes. */
#include "rt.h"

int fgetc(FILE *f);
int ungetc(int c, FILE *f);
long long strtoll(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
double strtod(const char *s, char **end);

struct src {
  FILE *f;       /* the stream, or NULL */
  const char *s; /* else the string */
  int n;         /* characters consumed (%n) */
  int lp64;
};

static int get(struct src *in) {
  int c;
  if (in->f)
    c = fgetc(in->f);
  else
    c = *in->s ? (unsigned char)*in->s++ : EOF;
  if (c != EOF)
    in->n++;
  return c;
}

static void unget(struct src *in, int c) {
  if (c == EOF)
    return;
  in->n--;
  if (in->f)
    ungetc(c, in->f);
  else
    in->s--;
}

static int is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static int skip_space(struct src *in) {
  int c;
  do
    c = get(in);
  while (is_space(c));
  unget(in, c);
  return c;
}

static int digit_val(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

/* A numeric field of at most width characters collected into buf. */
struct field {
  char buf[400];
  int len, width;
};

/* take appends c to the field when the width allows and reports whether
 * it did; otherwise c goes back to the input. */
static int take(struct src *in, struct field *fl, int c) {
  if (c == EOF || fl->len >= fl->width || fl->len + 1 >= (int)sizeof fl->buf) {
    unget(in, c);
    return 0;
  }
  fl->buf[fl->len++] = (char)c;
  return 1;
}

/* scan_int collects an integer in base (0: C's prefixes) and returns the
 * base used, or -1 if no digit was read. */
static int scan_int(struct src *in, struct field *fl, int base) {
  int c = get(in);
  if ((c == '+' || c == '-') && take(in, fl, c))
    c = get(in);
  int digits = 0;
  if ((base == 0 || base == 16) && c == '0') {
    if (!take(in, fl, c))
      return -1;
    digits = 1;
    c = get(in);
    if ((c == 'x' || c == 'X') && fl->len < fl->width) {
      take(in, fl, c);
      c = get(in);
      base = 16;
      digits = 0;
    } else if (base == 0) {
      base = 8;
    }
  }
  if (base == 0)
    base = 10;
  while (digit_val(c) < base && take(in, fl, c)) {
    digits++;
    c = get(in);
  }
  if (digit_val(c) >= base)
    unget(in, c);
  fl->buf[fl->len] = 0;
  return digits ? base : -1;
}

/* match_word takes the letters of w (any case) as far as they match. */
static int match_word(struct src *in, struct field *fl, const char *w) {
  int k = 0;
  for (; w[k]; k++) {
    int c = get(in);
    if ((c | 32) != w[k] || !take(in, fl, c)) {
      if ((c | 32) != w[k])
        unget(in, c);
      break;
    }
  }
  return k;
}

/* scan_float collects a decimal or hexadecimal floating constant, inf,
 * infinity or nan; it reports whether strtod can convert the field. */
static int scan_float(struct src *in, struct field *fl) {
  int c = get(in);
  if ((c == '+' || c == '-') && take(in, fl, c))
    c = get(in);
  if ((c | 32) == 'i' || (c | 32) == 'n') {
    unget(in, c);
    int k = match_word(in, fl, (c | 32) == 'i' ? "infinity" : "nan");
    fl->buf[fl->len] = 0;
    return k >= 3;
  }
  int hex = 0, digits = 0;
  if (c == '0') {
    take(in, fl, c);
    digits = 1;
    c = get(in);
    if ((c == 'x' || c == 'X') && take(in, fl, c)) {
      hex = 1;
      c = get(in);
    }
  }
  int base = hex ? 16 : 10;
  while (digit_val(c) < base && take(in, fl, c)) {
    digits++;
    c = get(in);
  }
  if (c == '.' && take(in, fl, c)) {
    c = get(in);
    while (digit_val(c) < base && take(in, fl, c)) {
      digits++;
      c = get(in);
    }
  }
  if (digits && (c | 32) == (hex ? 'p' : 'e') && take(in, fl, c)) {
    c = get(in);
    if ((c == '+' || c == '-') && take(in, fl, c))
      c = get(in);
    while (c >= '0' && c <= '9' && take(in, fl, c))
      c = get(in);
  }
  if (!(digit_val(c) < base))
    unget(in, c);
  fl->buf[fl->len] = 0;
  return digits > 0;
}

/* store_int stores v through p as the length modifier says: -2 hh, -1 h,
 * 0 int, 1 long, 2 long long (intmax_t), 3 size_t/ptrdiff_t. */
static void store_int(void *p, int size, int lp64, unsigned long long v) {
  if ((size == 1 || size == 3) && lp64)
    size = 2;
  switch (size) {
  case -2:
    *(char *)p = (char)v;
    break;
  case -1:
    *(short *)p = (short)v;
    break;
  case 2:
    *(long long *)p = (long long)v;
    break;
  default:
    *(int *)p = (int)v;
  }
}

static int scan(struct src *in, const char *fmt, va_list ap) {
  int assigned = 0, any = 0;
  for (; *fmt; fmt++) {
    if (is_space((unsigned char)*fmt)) {
      skip_space(in);
      continue;
    }
    if (*fmt != '%' || fmt[1] == '%') {
      if (*fmt == '%') {
        fmt++;
        skip_space(in);
      }
      int c = get(in);
      if (c != (unsigned char)*fmt) {
        unget(in, c);
        return c == EOF && !any ? EOF : assigned;
      }
      continue;
    }
    fmt++;
    int suppress = 0, width = 0, size = 0;
    if (*fmt == '*') {
      suppress = 1;
      fmt++;
    }
    while (*fmt >= '0' && *fmt <= '9')
      width = width * 10 + (*fmt++ - '0');
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
    } else if (*fmt == 'j' || *fmt == 'q') {
      size = 2;
      fmt++;
    } else if (*fmt == 'z' || *fmt == 't') {
      size = 3;
      fmt++;
    } else if (*fmt == 'L') {
      size = 1;
      fmt++;
    }
    char conv = *fmt;
    if (conv == 0)
      break;
    if (conv == 'n') {
      if (!suppress)
        store_int(va_arg(ap, void *), size, in->lp64, (unsigned long long)in->n);
      continue;
    }
    if (conv != 'c' && conv != '[' && skip_space(in) == EOF)
      return any ? assigned : EOF;
    struct field fl;
    fl.len = 0;
    fl.width = width > 0 ? width : 0x7fffffff;
    switch (conv) {
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X':
    case 'p': {
      int base = conv == 'i' ? 0 : conv == 'o' ? 8 : conv == 'x' || conv == 'X' || conv == 'p' ? 16 : 10;
      if (scan_int(in, &fl, base) < 0)
        return assigned; /* a matching failure */
      any = 1;
      if (suppress)
        break;
      unsigned long long v;
      if (conv == 'd' || conv == 'i')
        v = (unsigned long long)strtoll(fl.buf, NULL, base);
      else
        v = strtoull(fl.buf, NULL, base);
      store_int(va_arg(ap, void *), conv == 'p' ? 3 : size, in->lp64, v);
      assigned++;
      break;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      if (!scan_float(in, &fl))
        return assigned;
      any = 1;
      if (suppress)
        break;
      double d = strtod(fl.buf, NULL);
      if (size >= 1)
        *va_arg(ap, double *) = d;
      else
        *va_arg(ap, float *) = (float)d;
      assigned++;
      break;
    }
    case 's':
    case 'c':
    case '[': {
      char set[256];
      if (conv == '[') {
        int neg = 0;
        fmt++;
        if (*fmt == '^') {
          neg = 1;
          fmt++;
        }
        memset(set, neg, sizeof set);
        if (*fmt == ']')
          set[(unsigned char)*fmt++] = !neg;
        for (; *fmt && *fmt != ']'; fmt++) {
          if (fmt[1] == '-' && fmt[2] && fmt[2] != ']') {
            for (int c = (unsigned char)fmt[0]; c <= (unsigned char)fmt[2]; c++)
              set[c] = !neg;
            fmt += 2;
          } else {
            set[(unsigned char)*fmt] = !neg;
          }
        }
        if (!*fmt)
          return assigned;
      }
      if (conv == 'c' && width == 0)
        fl.width = 1;
      char *out = suppress ? NULL : va_arg(ap, char *);
      int k = 0, c;
      while (k < fl.width) {
        c = get(in);
        if (c == EOF || (conv == 's' && is_space(c)) || (conv == '[' && !set[c])) {
          unget(in, c);
          break;
        }
        if (out)
          out[k] = (char)c;
        k++;
      }
      if (k == 0 || (conv == 'c' && k < fl.width))
        return any || k ? assigned : EOF;
      any = 1;
      if (out) {
        if (conv != 'c')
          out[k] = 0;
        assigned++;
      }
      break;
    }
    default:
      return assigned;
    }
  }
  return assigned;
}

RT_WEAK int vsscanf(const char *s, const char *fmt, va_list ap) {
  struct src in = {NULL, s, 0, 0};
  return scan(&in, fmt, ap);
}

RT_WEAK int vfscanf(FILE *f, const char *fmt, va_list ap) {
  struct src in = {f, NULL, 0, 0};
  return scan(&in, fmt, ap);
}

RT_WEAK int vscanf(const char *fmt, va_list ap) { return vfscanf(stdin, fmt, ap); }

RT_WEAK int sscanf(const char *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsscanf(s, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int fscanf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vfscanf(f, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int scanf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vfscanf(stdin, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int __lp64_sscanf(const char *s, const char *fmt, ...) {
  struct src in = {NULL, s, 0, 1};
  va_list ap;
  va_start(ap, fmt);
  int n = scan(&in, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int __lp64_fscanf(FILE *f, const char *fmt, ...) {
  struct src in = {f, NULL, 0, 1};
  va_list ap;
  va_start(ap, fmt);
  int n = scan(&in, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int __lp64_scanf(const char *fmt, ...) {
  struct src in = {stdin, NULL, 0, 1};
  va_list ap;
  va_start(ap, fmt);
  int n = scan(&in, fmt, ap);
  va_end(ap);
  return n;
}
