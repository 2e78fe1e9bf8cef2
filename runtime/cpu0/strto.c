/* Number parsing: strtol, strtoul, strtoll, strtoull, atoi, atol, atoll,
 * strtod, strtof, atof.
 *
 * strtod and strtof are correctly rounded (to nearest, ties to even) for
 * decimal inputs with up to MAX_DIGITS (800) significant digits: the digits
 * form an exact big integer D, and D * 10^E is rounded from its exact
 * binary expansion (a big-integer quotient for negative E). Digits beyond
 * MAX_DIGITS only count as "nonzero tail", which can misround a value that
 * lies within 10^-800 relative of a rounding boundary. Hexadecimal inputs
 * ("0x1.8p3") are exact to 16 hex digits, likewise with a sticky tail.
 * Overflow gives ±HUGE_VAL, underflow to zero or to an inexact subnormal
 * sets ERANGE, like glibc. */
#include "rt.h"

typedef unsigned long long u64;

/* --- integers ----------------------------------------------------------- */

/* parse_int reads an optionally signed integer in base (0: C prefixes) and
 * returns its magnitude clamped to limit (with *over set); *neg gets the
 * sign. *end points after the digits, or at s when there are none. */
static u64 parse_int(const char *s, char **end, int base, int *neg, u64 limit,
                     int *over) {
  const char *p = s;
  *neg = 0;
  *over = 0;
  while (isspace((unsigned char)*p))
    p++;
  if (*p == '+' || *p == '-')
    *neg = *p++ == '-';
  if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
      isxdigit((unsigned char)p[2])) {
    p += 2;
    base = 16;
  } else if (base == 0) {
    base = *p == '0' ? 8 : 10;
  }
  if (base < 2 || base > 36) {
    errno = EINVAL;
    if (end)
      *end = (char *)s;
    return 0;
  }
  u64 v = 0, cut = limit / (unsigned)base;
  unsigned cutd = (unsigned)(limit % (unsigned)base);
  const char *start = p;
  for (;; p++) {
    int c = (unsigned char)*p, d;
    if (isdigit(c))
      d = c - '0';
    else if (isalpha(c))
      d = tolower(c) - 'a' + 10;
    else
      break;
    if (d >= base)
      break;
    if (v > cut || (v == cut && (unsigned)d > cutd))
      *over = 1;
    else
      v = v * (unsigned)base + (unsigned)d;
  }
  if (end)
    *end = (char *)(p == start ? s : p);
  if (*over) {
    errno = ERANGE;
    return limit;
  }
  return v;
}

/* sparse parses a signed value within [-(max+1), max]. */
static long long sparse(const char *s, char **end, int base, u64 max) {
  int neg, over;
  u64 v = parse_int(s, end, base, &neg, max + 1, &over);
  if (!neg && v > max) {
    errno = ERANGE;
    return (long long)max;
  }
  if (over) /* clamped to max + 1: the minimum */
    return neg ? (long long)-v : (long long)max;
  return neg ? (long long)(0 - v) : (long long)v;
}

/* uparse parses an unsigned value; a '-' negates it modulo 2^bits. */
static u64 uparse(const char *s, char **end, int base, u64 max) {
  int neg, over;
  u64 v = parse_int(s, end, base, &neg, max, &over);
  if (over)
    return max;
  return neg ? (0 - v) & max : v;
}

#define LONG_MAX_U ((u64)__LONG_MAX__)
RT_WEAK long strtol(const char *s, char **end, int base) { return (long)sparse(s, end, base, LONG_MAX_U); }
RT_WEAK unsigned long strtoul(const char *s, char **end, int base) {
  return (unsigned long)uparse(s, end, base, LONG_MAX_U * 2 + 1);
}
RT_WEAK long long strtoll(const char *s, char **end, int base) {
  return sparse(s, end, base, (u64)__LONG_LONG_MAX__);
}
RT_WEAK unsigned long long strtoull(const char *s, char **end, int base) {
  return uparse(s, end, base, ~0ULL);
}
RT_WEAK int atoi(const char *s) { return (int)strtol(s, NULL, 10); }
RT_WEAK long atol(const char *s) { return strtol(s, NULL, 10); }
RT_WEAK long long atoll(const char *s) { return strtoll(s, NULL, 10); }

/* --- big integers (32-bit limbs, least significant first) -------------- */

#define LIMBS 136
typedef struct {
  int n;
  unsigned l[LIMBS];
} big;

static void big_mul_add(big *a, unsigned m, unsigned add) {
  u64 carry = add;
  for (int i = 0; i < a->n; i++) {
    u64 v = (u64)a->l[i] * m + carry;
    a->l[i] = (unsigned)v;
    carry = v >> 32;
  }
  if (carry && a->n < LIMBS)
    a->l[a->n++] = (unsigned)carry;
}

static void big_pow10(big *a, int e) {
  for (; e >= 9; e -= 9)
    big_mul_add(a, 1000000000u, 0);
  static const unsigned p10[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
  if (e > 0)
    big_mul_add(a, p10[e], 0);
}

static int big_bits(const big *a) {
  int n = a->n;
  while (n > 0 && a->l[n - 1] == 0)
    n--;
  if (n == 0)
    return 0;
  unsigned top = a->l[n - 1];
  int b = 0;
  while (top) {
    b++;
    top >>= 1;
  }
  return 32 * (n - 1) + b;
}

static void big_shl(big *a, int s) {
  int w = s / 32, b = s % 32;
  int n = a->n + w + 1;
  if (n > LIMBS)
    n = LIMBS;
  for (int i = n - 1; i >= 0; i--) {
    int j = i - w;
    unsigned hi = j >= 0 && j < a->n ? a->l[j] : 0;
    unsigned lo = j - 1 >= 0 && j - 1 < a->n ? a->l[j - 1] : 0;
    a->l[i] = b ? (hi << b) | (lo >> (32 - b)) : hi;
  }
  a->n = n;
}

static void big_shr1(big *a) {
  for (int i = 0; i < a->n; i++)
    a->l[i] = (a->l[i] >> 1) | (i + 1 < a->n ? a->l[i + 1] << 31 : 0);
}

static int big_cmp(const big *a, const big *b) {
  int n = a->n > b->n ? a->n : b->n;
  for (int i = n - 1; i >= 0; i--) {
    unsigned x = i < a->n ? a->l[i] : 0, y = i < b->n ? b->l[i] : 0;
    if (x != y)
      return x < y ? -1 : 1;
  }
  return 0;
}

/* big_sub: a -= b, with a >= b. */
static void big_sub(big *a, const big *b) {
  unsigned borrow = 0;
  for (int i = 0; i < a->n; i++) {
    u64 y = (u64)(i < b->n ? b->l[i] : 0) + borrow;
    borrow = a->l[i] < y;
    a->l[i] = (unsigned)((u64)a->l[i] - y);
  }
}

/* big_top64 returns bits [start, start+64) of a and ORs any lower nonzero
 * bit into *sticky. */
static u64 big_top64(const big *a, int start, int *sticky) {
  u64 q = 0;
  for (int i = 63; i >= 0; i--) {
    int bit = start + i;
    if (bit / 32 < a->n)
      q = q << 1 | ((a->l[bit / 32] >> (bit % 32)) & 1);
    else
      q <<= 1;
  }
  for (int bit = 0; bit < start && !*sticky; bit++)
    if ((a->l[bit / 32] >> (bit % 32)) & 1)
      *sticky = 1;
  return q;
}

/* --- rounding to a binary format ---------------------------------------- */

/* round_fp rounds (q + tail) * 2^e2, tail in [0, 1) nonzero iff sticky, to
 * the format with mb mantissa bits and exponent bias `bias` (52/1023 for
 * double, 23/127 for float) and returns its bits without the sign; sets
 * ERANGE on overflow and on inexact tiny results. */
static u64 round_fp(u64 q, int e2, int sticky, int mb, int bias) {
  if (q == 0)
    return 0;
  while (!(q >> 63)) {
    q <<= 1;
    e2--;
  }
  int exp = e2 + 63; /* value in [2^exp, 2^(exp+1)) */
  int drop = 63 - mb, tiny = exp < 1 - bias;
  if (tiny)
    drop += 1 - bias - exp;
  if (drop > 64) {
    errno = ERANGE;
    return 0;
  }
  u64 m = drop == 64 ? 0 : q >> drop;
  u64 rem = drop == 64 ? q : q & ((1ULL << drop) - 1), half = 1ULL << (drop - 1);
  int inexact = rem != 0 || sticky;
  if (rem > half || (rem == half && (sticky || (m & 1))))
    m++;
  if (tiny) {
    /* m < 2^mb is subnormal; m == 2^mb rounded up to the smallest normal
     * and the same bits encode it. Like glibc, report underflow when the
     * result is inexact and tiny after rounding: rounded to full precision
     * with an unbounded exponent, the value stays below the smallest
     * normal. */
    if (inexact) {
      int below = 1;
      if (exp == -bias) {
        u64 r = q & ((1ULL << (63 - mb)) - 1), h = 1ULL << (62 - mb);
        u64 full = q >> (63 - mb);
        below = !((full + (r > h || (r == h && (sticky || (full & 1))))) >> (mb + 1));
      }
      if (below)
        errno = ERANGE;
    }
    return m;
  }
  if (m >> (mb + 1)) {
    m >>= 1;
    exp++;
  }
  if (exp + bias >= 2 * bias + 1) {
    errno = ERANGE;
    return (u64)(2 * bias + 1) << mb; /* infinity */
  }
  return (u64)(exp + bias) << mb | (m & ((1ULL << mb) - 1));
}

/* --- strtod -------------------------------------------------------------- */

#define MAX_DIGITS 800

static int lower_eq(const char *s, const char *word) {
  for (; *word; s++, word++)
    if (tolower((unsigned char)*s) != *word)
      return 0;
  return 1;
}

/* parse_fp parses a floating-point number into the bits of the format
 * (mb, bias) without its sign, and sets *neg. */
/* exponent reads the exponent part of a number at *pp: the lower-case
   letter (or its upper case), an optional sign and at least one digit. It
   advances *pp past it and returns its value (clamped far beyond any
   exponent that matters); without a complete exponent part it returns 0 and
   leaves *pp, as the letter then ends the number. */
static int exponent(const char **pp, char letter) {
  const char *p = *pp;
  if ((*p != letter && *p != letter - ('a' - 'A')) ||
      !(isdigit((unsigned char)p[1]) ||
        ((p[1] == '+' || p[1] == '-') && isdigit((unsigned char)p[2]))))
    return 0;
  int neg = 0, v = 0;
  p++;
  if (*p == '+' || *p == '-')
    neg = *p++ == '-';
  for (; isdigit((unsigned char)*p); p++)
    if (v < 100000)
      v = v * 10 + (*p - '0');
  *pp = p;
  return neg ? -v : v;
}

static u64 parse_fp(const char *s, char **end, int mb, int bias, int *neg) {
  const char *p = s;
  u64 inf = (u64)(2 * bias + 1) << mb;
  *neg = 0;
  if (end)
    *end = (char *)s;
  while (isspace((unsigned char)*p))
    p++;
  if (*p == '+' || *p == '-')
    *neg = *p++ == '-';
  if (lower_eq(p, "inf")) {
    p += lower_eq(p, "infinity") ? 8 : 3;
    if (end)
      *end = (char *)p;
    return inf;
  }
  if (lower_eq(p, "nan")) {
    u64 payload = 0;
    p += 3;
    if (*p == '(') {
      /* "nan(n-char-sequence)": a number in the sequence is the payload,
       * as glibc does it. */
      const char *q = p + 1;
      while (isalnum((unsigned char)*q) || *q == '_')
        q++;
      if (*q == ')') {
        char *num_end;
        int e = errno;
        u64 v = strtoull(p + 1, &num_end, 0);
        errno = e;
        if (num_end == q)
          payload = v & ((1ULL << (mb - 1)) - 1);
        p = q + 1;
      }
    }
    if (end)
      *end = (char *)p;
    return inf | 1ULL << (mb - 1) | payload;
  }
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
      (isxdigit((unsigned char)p[2]) || (p[2] == '.' && isxdigit((unsigned char)p[3])))) {
    /* Hexadecimal: 16 digits exactly, the rest as a sticky bit. */
    u64 q = 0;
    int e2 = 0, sticky = 0, nd = 0, point = 0;
    for (p += 2;; p++) {
      int c = (unsigned char)*p;
      if (c == '.' && !point) {
        point = 1;
        continue;
      }
      if (!isxdigit(c))
        break;
      int d = isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
      if (q == 0 && d == 0) {
        if (point)
          e2 -= 4;
        continue;
      }
      if (nd < 16) {
        q = q << 4 | (unsigned)d;
        nd++;
        if (point)
          e2 -= 4;
      } else {
        sticky |= d != 0;
        if (!point)
          e2 += 4;
      }
    }
    e2 += exponent(&p, 'p');
    if (end)
      *end = (char *)p;
    return round_fp(q, e2, sticky, mb, bias);
  }

  /* Decimal: significant digits (leading zeros dropped) and exponent. */
  static char dig[MAX_DIGITS];
  int nd = 0, e10 = 0, sticky = 0, any = 0, point = 0;
  for (;; p++) {
    if (*p == '.' && !point) {
      point = 1;
      continue;
    }
    if (!isdigit((unsigned char)*p))
      break;
    any = 1;
    int d = *p - '0';
    if (nd == 0 && d == 0) {
      if (point)
        e10--;
      continue;
    }
    if (nd < MAX_DIGITS) {
      dig[nd++] = (char)d;
      if (point)
        e10--;
    } else {
      sticky |= d != 0;
      if (!point)
        e10++;
    }
  }
  if (!any) {
    *neg = 0;
    return 0;
  }
  e10 += exponent(&p, 'e');
  if (end)
    *end = (char *)p;
  if (nd == 0)
    return 0;
  if (nd + e10 > 311) {
    errno = ERANGE;
    return inf;
  }
  if (nd + e10 < -326) {
    errno = ERANGE;
    return 0;
  }
  static big a, b;
  a.n = 1;
  a.l[0] = 0;
  for (int i = 0; i < nd; i++)
    big_mul_add(&a, 10, (unsigned)dig[i]);
  if (e10 >= 0) {
    big_pow10(&a, e10);
    int bits = big_bits(&a), start = bits > 64 ? bits - 64 : 0;
    u64 q = big_top64(&a, start, &sticky);
    return round_fp(q, start, sticky, mb, bias);
  }
  /* D / 10^-e10: a 62..64-bit quotient of D * 2^sh by 10^-e10. */
  b.n = 1;
  b.l[0] = 1;
  big_pow10(&b, -e10);
  int sh = big_bits(&b) - big_bits(&a) + 63;
  if (sh >= 0)
    big_shl(&a, sh);
  else
    big_shl(&b, -sh);
  big_shl(&b, 63);
  u64 q = 0;
  for (int i = 63; i >= 0; i--) {
    if (big_cmp(&a, &b) >= 0) {
      big_sub(&a, &b);
      q |= 1ULL << i;
    }
    big_shr1(&b);
  }
  sticky |= big_bits(&a) != 0;
  return round_fp(q, -sh, sticky, mb, bias);
}

RT_WEAK double strtod(const char *s, char **end) {
  int neg;
  union {
    u64 u;
    double d;
  } v;
  v.u = parse_fp(s, end, 52, 1023, &neg) | (u64)neg << 63;
  return v.d;
}

RT_WEAK float strtof(const char *s, char **end) {
  int neg;
  union {
    unsigned u;
    float f;
  } v;
  v.u = (unsigned)parse_fp(s, end, 23, 127, &neg) | (unsigned)neg << 31;
  return v.f;
}

RT_WEAK double atof(const char *s) { return strtod(s, NULL); }
