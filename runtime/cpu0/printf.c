/* The printf family: one formatting engine writing to a sink (a FILE or
 * a bounded buffer) behind printf, fprintf, sprintf, snprintf and their v
 * forms.
 *
 * Supports %d %i %u %x %X %s %c %p %% with the length modifiers hh, h, l and
 * ll, %f %F %e %E %g %G for doubles, a field width and a precision (digits
 * or '*') and the flags '-' '0' '+' ' ' '#': the subset the execution tests
 * use, formatted exactly as glibc does.
 *
 * Doubles are converted exactly with integer-only big-number arithmetic
 * (the decimal expansion of a binary fraction is finite), rounded to
 * nearest with ties to even like glibc. Precisions above FLT_PREC_MAX are
 * clamped. */
#include "rt.h"

typedef unsigned long long u64;

/* --- exact decimal conversion of doubles ------------------------------- */

#define FLT_PREC_MAX 400
/* Digits of the expansion: at most 309 integer digits, or up to 324 leading
 * fraction zeros for %e of a subnormal, plus the precision and a rounding
 * digit. dg[0] takes the carry of rounding; digits start at dg[1]. */
static unsigned char dg[820];
static int nd;         /* digits generated so far (in dg[1..nd]) */
static unsigned fl[72]; /* fraction limbs, 16 bits each, least significant first */
static int nfl;

/* put_shifted stores the 16-bit limbs of m << s (bits beyond n limbs are
 * dropped). */
static void put_shifted(unsigned *l, int n, u64 m, int s) {
  for (int i = 0; i < n; i++) {
    int p = 16 * i - s;
    u64 v = 0;
    if (p >= 0 && p < 64)
      v = m >> p;
    else if (p < 0 && p > -16)
      v = m << -p;
    l[i] = (unsigned)v & 0xffff;
  }
}

/* frac_digit returns the next decimal digit of the fraction. */
static int frac_digit(void) {
  unsigned carry = 0;
  for (int i = 0; i < nfl; i++) {
    unsigned v = fl[i] * 10 + carry;
    fl[i] = v & 0xffff;
    carry = v >> 16;
  }
  return (int)carry;
}

static int frac_nonzero(void) {
  for (int i = 0; i < nfl; i++)
    if (fl[i])
      return 1;
  return 0;
}

/* dec_setup splits |x| (bits) into its integer digits, stored in dg[1..],
 * and the fraction limbs; returns the number of integer digits (0 when the
 * integer part is zero). */
static int dec_setup(u64 bits) {
  static unsigned il[70];
  static unsigned char tmp[324];
  int be = (int)(bits >> 52) & 0x7ff;
  u64 m = bits & 0xfffffffffffffULL;
  int e = -1074;
  if (be) {
    m |= 1ULL << 52;
    e = be - 1075;
  }
  int nil;
  nfl = 0;
  if (e >= 0) {
    nil = (53 + e) / 16 + 1;
    put_shifted(il, nil, m, e);
  } else {
    int k = -e;
    nil = 4;
    put_shifted(il, nil, k < 64 ? m >> k : 0, 0);
    nfl = (k + 15) / 16;
    put_shifted(fl, nfl, m, 16 * nfl - k);
  }
  /* Integer digits by repeated division by 10000 (fits 32 bits). */
  int cnt = 0;
  while (nil > 0 && il[nil - 1] == 0)
    nil--;
  while (nil > 0) {
    unsigned rem = 0;
    for (int i = nil - 1; i >= 0; i--) {
      unsigned cur = (rem << 16) | il[i];
      il[i] = cur / 10000;
      rem = cur % 10000;
    }
    while (nil > 0 && il[nil - 1] == 0)
      nil--;
    for (int j = 0; j < 4; j++) {
      tmp[cnt++] = (unsigned char)(rem % 10);
      rem /= 10;
    }
  }
  while (cnt > 0 && tmp[cnt - 1] == 0)
    cnt--;
  dg[0] = 0;
  for (int i = 0; i < cnt; i++)
    dg[1 + i] = tmp[cnt - 1 - i];
  nd = cnt;
  return cnt;
}

/* need generates digits until n exist. */
static void need(int n) {
  while (nd < n && nd < (int)sizeof dg - 1)
    dg[1 + nd++] = (unsigned char)frac_digit();
}

/* round_at keeps the first keep digits, rounding to nearest, ties to even
 * on the exact value; a carry out of the first digit lands in dg[0]. */
static void round_at(int keep) {
  need(keep + 1);
  int rd = dg[1 + keep], sticky = frac_nonzero();
  for (int i = keep + 2; i <= nd && !sticky; i++)
    sticky = dg[i] != 0;
  if (rd > 5 || (rd == 5 && (sticky || (dg[keep] & 1)))) {
    int i = keep;
    while (dg[i] == 9)
      dg[i--] = 0;
    dg[i]++;
  }
}

/* fmt_fixed writes |x| in %f style with prec fraction digits. */
static int fmt_fixed(char *out, u64 bits, int prec, int alt) {
  int ni = dec_setup(bits), n = 0, first = 1;
  round_at(ni + prec);
  if (dg[0]) {
    first = 0;
    ni++;
  }
  if (ni == 0)
    out[n++] = '0';
  for (int i = 0; i < ni; i++)
    out[n++] = (char)('0' + dg[first + i]);
  if (prec > 0 || alt)
    out[n++] = '.';
  for (int i = 0; i < prec; i++)
    out[n++] = (char)('0' + dg[first + ni + i]);
  return n;
}

/* exp_carried records that fmt_exp's rounding made a new leading digit. */
static int exp_carried;

/* fmt_exp writes |x| in %e style with prec fraction digits; *exp10 gets the
 * decimal exponent. */
static int fmt_exp(char *out, u64 bits, int prec, int alt, int upper, int *exp10) {
  int ni = dec_setup(bits), n = 0, x = 0, z = 0;
  if ((bits << 1) == 0) {
    need(prec + 1);
  } else if (ni > 0) {
    x = ni - 1;
  } else {
    need(1);
    while (dg[1 + z] == 0) {
      z++;
      need(z + 1);
    }
    x = -(z + 1);
  }
  round_at(z + prec + 1);
  int start = 0;
  while (start <= z && dg[start] == 0)
    start++;
  exp_carried = (bits << 1) != 0 && start < z + 1;
  if (exp_carried)
    x++; /* rounding carried into a new leading digit */
  if ((bits << 1) == 0)
    start = 1;
  out[n++] = (char)('0' + dg[start]);
  if (prec > 0 || alt)
    out[n++] = '.';
  for (int i = 1; i <= prec; i++)
    out[n++] = (char)('0' + dg[start + i]);
  out[n++] = upper ? 'E' : 'e';
  int ax = x < 0 ? -x : x;
  out[n++] = x < 0 ? '-' : '+';
  if (ax >= 100)
    out[n++] = (char)('0' + ax / 100);
  out[n++] = (char)('0' + ax / 10 % 10);
  out[n++] = (char)('0' + ax % 10);
  *exp10 = x;
  return n;
}

/* fmt_double formats the double with bits for conversion c (f F e E g G);
 * it returns the body length and sets *special for inf and nan (which are
 * never zero-padded). */
static int fmt_double(char *out, u64 bits, char c, int prec, int alt, int *special) {
  int upper = c == 'F' || c == 'E' || c == 'G';
  *special = 0;
  if (((bits >> 52) & 0x7ff) == 0x7ff) {
    const char *s = (bits << 12) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    *special = 1;
    for (int i = 0; i < 3; i++)
      out[i] = s[i];
    return 3;
  }
  if (prec < 0)
    prec = 6;
  if (prec > FLT_PREC_MAX)
    prec = FLT_PREC_MAX;
  int x;
  switch (c) {
  case 'f':
  case 'F':
    return fmt_fixed(out, bits, prec, alt);
  case 'e':
  case 'E':
    return fmt_exp(out, bits, prec, alt, upper, &x);
  }
  /* %g: %e's exponent at precision P decides the style. */
  int p = prec == 0 ? 1 : prec, n;
  fmt_exp(out, bits, p - 1, alt, upper, &x);
  if (x < p && x >= -4)
    n = fmt_fixed(out, bits, p - 1 - x, alt);
  else if (alt && exp_carried && x == p)
    /* glibc picks %f style from the unrounded exponent (P-1 here) and
     * switches to %e only after rounding carried to 10^P, keeping %f's
     * zero fraction digits: 99.5 as %#.2g is "1.e+02". */
    n = fmt_exp(out, bits, 0, alt, upper, &x);
  else
    n = fmt_exp(out, bits, p - 1, alt, upper, &x);
  if (!alt) {
    /* Drop trailing fraction zeros (and a bare point). */
    int epos = n;
    for (int i = 0; i < n; i++)
      if (out[i] == 'e' || out[i] == 'E')
        epos = i;
    int dot = -1;
    for (int i = 0; i < epos; i++)
      if (out[i] == '.')
        dot = i;
    if (dot >= 0) {
      int end = epos;
      while (end > dot + 1 && out[end - 1] == '0')
        end--;
      if (end == dot + 1)
        end = dot;
      for (int i = epos; i < n; i++)
        out[end + i - epos] = out[i];
      n = end + n - epos;
    }
  }
  return n;
}

/* fmt_hex formats the finite double with bits for %a (upper: %A) without
 * the sign and the "0x" prefix, as glibc does: the leading digit is 1 for
 * normal numbers and 0 for zero and subnormals (whose exponent is then
 * -1022); without a precision, the fraction digits that are needed to be
 * exact; with one, the fraction rounded to nearest-even, where a carry
 * makes the leading digit 2 ("0x2p+0"). */
static int fmt_hex(char *out, u64 bits, int prec, int alt, int upper) {
  const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  int e = (int)((bits >> 52) & 0x7ff), n = 0;
  u64 m = bits & ((1ULL << 52) - 1);
  int lead = e != 0;
  e = e ? e - 1023 : (m ? -1022 : 0);
  int nd = 13;
  if (prec < 0) {
    while (nd > 0 && ((m >> (4 * (13 - nd))) & 0xf) == 0)
      nd--;
  } else if (prec < 13) {
    int drop = 4 * (13 - prec);
    u64 rem = m & ((1ULL << drop) - 1), half = 1ULL << (drop - 1);
    m >>= drop;
    u64 odd = prec ? m & 1 : (u64)(lead & 1); /* the last digit kept */
    if (rem > half || (rem == half && odd)) {
      m++;
      if (prec == 0 || (m >> (4 * prec)) != 0) {
        lead++;
        m &= prec ? (1ULL << (4 * prec)) - 1 : 0;
      }
    }
    m <<= drop;
  }
  if (prec >= 0)
    nd = prec;
  out[n++] = dig[lead];
  if (nd > 0 || alt)
    out[n++] = '.';
  for (int i = 0; i < nd && i < 13; i++)
    out[n++] = dig[(m >> (4 * (12 - i))) & 0xf];
  for (int i = 13; i < nd && i < FLT_PREC_MAX; i++)
    out[n++] = '0';
  out[n++] = upper ? 'P' : 'p';
  out[n++] = e < 0 ? '-' : '+';
  char tmp[8];
  int k = 0;
  unsigned ue = e < 0 ? -e : e;
  do {
    tmp[k++] = (char)('0' + ue % 10);
    ue /= 10;
  } while (ue);
  while (k > 0)
    out[n++] = tmp[--k];
  return n;
}

/* --- printf --------------------------------------------------------------- */

/* A sink receives the formatted characters: a FILE, or else a buffer of
 * cap bytes that keeps the first cap-1 characters (n counts them all). */
struct sink {
  FILE *f;
  char *buf;
  size_t cap, n;
  int lp64; /* the caller is LP64 IR: long, size_t and ptrdiff_t are 64 bits */
};

static void emit(struct sink *s, char c) {
  if (s->f)
    fputc(c, s->f);
  else if (s->n + 1 < s->cap)
    s->buf[s->n] = c;
  s->n++;
}

/* fmt_out pads and prints one converted field. */
static int fmt_out(struct sink *s, const char *body, int len, const char *prefix,
                   int width, int left, int zero) {
  int plen = 0, n = 0, pad;
  while (prefix[plen])
    plen++;
  pad = width - len - plen;
  if (pad < 0)
    pad = 0;
  if (!left && !zero)
    for (; pad > 0; pad--, n++)
      emit(s, ' ');
  for (int i = 0; i < plen; i++, n++)
    emit(s, prefix[i]);
  if (!left && zero)
    for (; pad > 0; pad--, n++)
      emit(s, '0');
  for (int i = 0; i < len; i++, n++)
    emit(s, body[i]);
  for (; pad > 0; pad--, n++)
    emit(s, ' ');
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

/* int_body writes the n digits of tmp (least significant first) into buf,
 * zero-extended to prec digits; precision 0 prints nothing for zero. */
static int int_body(char *buf, const char *tmp, int n, int prec, int is_zero) {
  if (prec == 0 && is_zero)
    return 0;
  if (prec > 800)
    prec = 800;
  int pad = prec > n ? prec - n : 0;
  for (int i = 0; i < pad; i++)
    buf[i] = '0';
  for (int i = 0; i < n; i++)
    buf[pad + i] = tmp[n - 1 - i];
  return pad + n;
}

/* format writes fmt with ap to the sink and returns the character count. */
static int format(struct sink *snk, const char *fmt, va_list ap) {
  int count = 0;
  for (; *fmt; fmt++) {
    if (*fmt != '%') {
      emit(snk, *fmt);
      count++;
      continue;
    }
    fmt++;
    int left = 0, zero = 0, plus = 0, space = 0, alt = 0, width = 0, size = 0;
    int prec = -1;
    for (;; fmt++) {
      if (*fmt == '-')
        left = 1;
      else if (*fmt == '0')
        zero = 1;
      else if (*fmt == '+')
        plus = 1;
      else if (*fmt == ' ')
        space = 1;
      else if (*fmt == '#')
        alt = 1;
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
    if (*fmt == '.') {
      fmt++;
      prec = 0;
      if (*fmt == '*') {
        prec = va_arg(ap, int);
        fmt++;
      } else {
        while (*fmt >= '0' && *fmt <= '9')
          prec = prec * 10 + (*fmt++ - '0');
      }
    }
    /* size: -2 hh, -1 h, 0 int, 1 long (32-bit here), 2 long long */
    if (*fmt == 'h') {
      size = -1;
      if (*++fmt == 'h') {
        size = -2;
        fmt++;
      }
    } else if (*fmt == 'l') {
      size = 1 + snk->lp64;
      if (*++fmt == 'l') {
        size = 2;
        fmt++;
      }
    } else if (*fmt == 'z' || *fmt == 't') { /* size_t, ptrdiff_t: 32 bits */
      size = 1 + snk->lp64;
      fmt++;
    } else if (*fmt == 'j') { /* intmax_t: 64 bits */
      size = 2;
      fmt++;
    } else if (*fmt == 'L') { /* long double is double (O32) */
      fmt++;
    }
    static char buf[830];
    char tmp[24];
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
      } else if (plus)
        prefix = "+";
      else if (space)
        prefix = " ";
      int n = utoa_rev(tmp, u, 10, "0123456789");
      len = int_body(buf, tmp, n, prec, u == 0);
      if (prec >= 0)
        zero = 0;
      break;
    }
    case 'u':
    case 'o':
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
      int n = utoa_rev(tmp, u, c == 'u' ? 10 : c == 'o' ? 8 : 16,
                       c == 'X' ? "0123456789ABCDEF" : "0123456789abcdef");
      /* %#o: the precision grows just enough for a leading 0. */
      if (c == 'o' && alt && prec <= n && (u != 0 || prec == 0))
        prec = n + (u != 0);
      len = int_body(buf, tmp, n, prec, u == 0);
      if (prec >= 0)
        zero = 0;
      if (alt && u != 0 && (c == 'x' || c == 'X'))
        prefix = c == 'x' ? "0x" : "0X";
      break;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G': {
      union {
        double d;
        unsigned long long u;
      } v;
      int special;
      v.d = va_arg(ap, double);
      prefix = (v.u >> 63) ? "-" : plus ? "+" : space ? " " : "";
      len = fmt_double(buf, v.u, c, prec, alt, &special);
      if (special)
        zero = 0;
      count += fmt_out(snk, buf, len, prefix, width, left, zero);
      continue;
    }
    case 'a':
    case 'A': {
      union {
        double d;
        unsigned long long u;
      } v;
      int special;
      v.d = va_arg(ap, double);
      char pre[4], *q = pre;
      if (v.u >> 63)
        *q++ = '-';
      else if (plus)
        *q++ = '+';
      else if (space)
        *q++ = ' ';
      if (((v.u >> 52) & 0x7ff) == 0x7ff) { /* inf, nan: as %e prints them */
        *q = 0;
        len = fmt_double(buf, v.u, c == 'a' ? 'e' : 'E', prec, alt, &special);
        zero = 0;
      } else {
        *q++ = '0';
        *q++ = c == 'a' ? 'x' : 'X';
        *q = 0;
        len = fmt_hex(buf, v.u, prec, alt, c == 'A');
      }
      count += fmt_out(snk, buf, len, pre, width, left, zero);
      continue;
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
      while (s[n] && (prec < 0 || n < prec))
        n++;
      count += fmt_out(snk, s, n, "", width, left, 0);
      continue;
    }
    case '%':
      buf[0] = '%';
      len = 1;
      width = 0;
      break;
    case 'n': { /* the characters written so far, stored as the size says */
      void *p = va_arg(ap, void *);
      if (size == -2)
        *(signed char *)p = (signed char)count;
      else if (size == -1)
        *(short *)p = (short)count;
      else if (size == 2)
        *(long long *)p = count;
      else
        *(int *)p = count;
      continue;
    }
    case 0:
      return count; /* stray '%' at the end */
    default:
      /* Unknown conversion: print it verbatim, as a diagnostic aid. */
      emit(snk, '%');
      emit(snk, c);
      count += 2;
      continue;
    }
    count += fmt_out(snk, buf, len, prefix, width, left, zero);
  }
  return count;
}

RT_WEAK int vfprintf(FILE *f, const char *fmt, va_list ap) {
  struct sink s = {f, NULL, 0, 0, 0};
  return format(&s, fmt, ap);
}

RT_WEAK int vprintf(const char *fmt, va_list ap) { return vfprintf(stdout, fmt, ap); }

RT_WEAK int vsnprintf(char *buf, size_t n, const char *fmt, va_list ap) {
  struct sink s = {NULL, buf, n, 0, 0};
  int r = format(&s, fmt, ap);
  if (n > 0)
    buf[s.n < n ? s.n : n - 1] = 0;
  return r;
}

RT_WEAK int vsprintf(char *buf, const char *fmt, va_list ap) {
  return vsnprintf(buf, (size_t)-1 >> 1, fmt, ap);
}

RT_WEAK int printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vprintf(fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int fprintf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vfprintf(f, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int sprintf(char *buf, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsprintf(buf, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int snprintf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return r;
}

/* The printf family as LP64 IR (x86-64) calls it: lltosimd renames those
 * calls (frontend.LP64Entries), since there %ld, %zu and %td take 64-bit
 * arguments, which O32 passes in aligned register pairs or stack slots. */
RT_WEAK int __lp64_vfprintf(FILE *f, const char *fmt, va_list ap) {
  struct sink s = {f, NULL, 0, 0, 1};
  return format(&s, fmt, ap);
}

RT_WEAK int __lp64_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap) {
  struct sink s = {NULL, buf, n, 0, 1};
  int r = format(&s, fmt, ap);
  if (n > 0)
    buf[s.n < n ? s.n : n - 1] = 0;
  return r;
}

RT_WEAK int __lp64_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __lp64_vfprintf(stdout, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int __lp64_fprintf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __lp64_vfprintf(f, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int __lp64_sprintf(char *buf, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = __lp64_vsnprintf(buf, (size_t)-1 >> 1, fmt, ap);
  va_end(ap);
  return n;
}

RT_WEAK int __lp64_snprintf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = __lp64_vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return r;
}
