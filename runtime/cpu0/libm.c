/* The transcendental functions of the Cpu0 C library, in double
 * precision (the float forms, libm_float.c, round these results).
 *
 * Written for this runtime from the textbook methods: Cody-Waite argument
 * reduction (Payne-Hanek with the bits of 2/pi for huge trigonometric
 * arguments), Taylor or Chebyshev polynomials whose coefficients
 * scripts/libm-consts.py computes with mpmath, and double-double
 * arithmetic (an exact product through fma) where a result needs more
 * than 53 bits on the way: exp, exp2 and pow share one kernel that
 * takes its argument as a double-double, so exact cases such as
 * pow(10, 15) or exp2(10) come out exact. Largest errors against the exact
 * value (scripts/libm-accuracy.py: mpmath, 3000 random arguments per
 * function over its range):
 * log, log2, log10, cbrt, hypot 0.50 ulp; exp, pow 0.51; log1p 0.57;
 * asin, acos 0.57; cos, sin, atan, atan2 0.66; tan 0.67; exp2, expm1
 * 0.71; cosh 0.59, tanh 0.54, sinh 0.95. tests/rtcheck (TestLibmOnHost)
 * compares them with glibc. No function sets errno (math_errhandling is
 * MATH_ERREXCEPT and there are no exception flags). */
#include <stdint.h>
#include <string.h>

/* Correctly rounded in softfloat.c. */
double sqrt(double);
double fma(double, double, double);

static uint64_t bits(double x) {
  uint64_t u;
  memcpy(&u, &x, 8);
  return u;
}

static double from_bits(uint64_t u) {
  double x;
  memcpy(&x, &u, 8);
  return x;
}

/* A double-double: the unevaluated sum hi + lo with |lo| <= ulp(hi)/2. */
typedef struct {
  double hi, lo;
} dd;

/* two_sum is a + b exactly (Knuth). */
static dd two_sum(double a, double b) {
  double s = a + b, bb = s - a;
  dd r = {s, (a - (s - bb)) + (b - bb)};
  return r;
}

/* two_prod is a * b exactly (fma rounds once). */
static dd two_prod(double a, double b) {
  double p = a * b;
  dd r = {p, fma(a, b, -p)};
  return r;
}

#include "libm_consts.h"

/* fast_two_sum is a + b exactly when |a| >= |b| (Dekker). */
static dd fast_two_sum(double a, double b) {
  double s = a + b;
  dd r = {s, b - (s - a)};
  return r;
}

/* pow2 is 2^n for a normal result (-1022 <= n <= 1023). */
static double pow2(int n) { return from_bits((uint64_t)(0x3ff + n) << 52); }

__attribute__((weak)) double scalbn(double x, int n) {
  /* Scale in steps whose products are exact, so that the last product
   * rounds once (a subnormal result is rounded correctly): towards zero
   * the steps keep 53 bits above the subnormal range. */
  for (int i = 0; i < 2 && n > 1023; i++) {
    x *= 0x1p1023;
    n -= 1023;
  }
  for (int i = 0; i < 2 && n < -1022; i++) {
    x *= 0x1p-969; /* 2^-1022 * 2^53 */
    n += 969;
  }
  if (n > 1023)
    n = 1023;
  if (n < -1022)
    n = -1022;
  return x * pow2(n);
}

__attribute__((weak)) double ldexp(double x, int n) { return scalbn(x, n); }

__attribute__((weak)) double frexp(double x, int *e) {
  uint64_t u = bits(x);
  int ex = (int)(u >> 52) & 0x7ff, adj = 0;
  if (ex == 0x7ff || x == 0) {
    *e = 0;
    return x;
  }
  if (ex == 0) { /* subnormal: make it normal first */
    u = bits(x * 0x1p64);
    ex = (int)(u >> 52) & 0x7ff;
    adj = 64;
  }
  *e = ex - 1022 - adj;
  return from_bits((u & 0x800fffffffffffffULL) | 0x3fe0000000000000ULL);
}

__attribute__((weak)) double modf(double x, double *ip) {
  uint64_t u = bits(x), sign = u & 0x8000000000000000ULL;
  int ex = (int)((u >> 52) & 0x7ff) - 1023;
  if (ex >= 52) { /* integral, infinite or NaN */
    *ip = x;
    return x != x ? x : from_bits(sign);
  }
  if (ex < 0) {
    *ip = from_bits(sign);
    return x;
  }
  uint64_t frac = 0x000fffffffffffffULL >> ex;
  if ((u & frac) == 0) {
    *ip = x;
    return from_bits(sign);
  }
  *ip = from_bits(u & ~frac);
  return x - *ip;
}

__attribute__((weak)) double fabs(double x) { return from_bits(bits(x) & 0x7fffffffffffffffULL); }

__attribute__((weak)) double copysign(double x, double y) {
  return from_bits((bits(x) & 0x7fffffffffffffffULL) | (bits(y) & 0x8000000000000000ULL));
}

/* ---- exp ---------------------------------------------------------------- */

/* exp_core computes exp(hi + lo) = (r.hi + r.lo) * 2^*m for |hi| < 746,
 * |lo| <= ulp(hi): hi + lo = m*ln2 + j*ln2/64 + t with |t| <= ln2/128,
 * exp(t) - 1 by its Taylor polynomial (degree 6: the next term is below
 * 2^-64), 2^(j/64) from a double-double table. The result carries about
 * 60 correct bits, so that the rounding of r.hi + r.lo is within 0.51 ulp
 * and exact results come out exact. */
static dd exp_core(double hi, double lo, int *m) {
  double kd = hi * INV_LN2_64;
  int k = (int)(kd < 0 ? kd - 0.5 : kd + 0.5);
  int j = k & 63;
  *m = (k - j) / 64;
  double t_hi = hi - k * LN2_64_HI; /* exact: k*LN2_64_HI is exact and near hi */
  double t_lo = lo - k * LN2_64_LO;
  double t = t_hi + t_lo, t_err = (t_hi - t) + t_lo;
  double q = t + t * t * (0.5 + t * (1.0 / 6 + t * (1.0 / 24 + t * (1.0 / 120 + t * (1.0 / 720)))));
  q += t_err * (1 + q);
  double th = exp2tab[j][0], tl = exp2tab[j][1];
  dd r = {th, tl + th * q + tl * q};
  return r;
}

/* exp_round is exp(hi + lo) rounded to a double, with overflow to
 * infinity and gradual underflow. */
static double exp_round(double hi, double lo) {
  if (hi > 710)
    return 0x1p1023 * 2;
  if (hi < -746)
    return 0x1p-1022 * 0x1p-60;
  int m;
  dd r = exp_core(hi, lo, &m);
  double v = r.hi + r.lo;
  if (m >= -1021 && m <= 1023)
    return v * pow2(m);
  return scalbn(v, m);
}

__attribute__((weak)) double exp(double x) {
  if (x != x)
    return x + x;
  return exp_round(x, 0);
}

__attribute__((weak)) double exp2(double x) {
  if (x != x)
    return x + x;
  if (x > 1025)
    return 0x1p1023 * 2;
  if (x < -1080)
    return 0x1p-1022 * 0x1p-60;
  dd p = two_prod(x, LN2D_HI);
  return exp_round(p.hi, p.lo + x * LN2D_LO);
}

/* expm1_poly is (e^x - 1 - x)/x^2 for |x| <= 0.35 by the Taylor series
 * of e^x to degree 16 (the next term is below 2^-64 of the result). */
static double expm1_poly(double x) {
  double p = 1.0 / 20922789888000; /* 1/16! */
  static const double inv_fact[] = {1.0 / 2,         1.0 / 6,          1.0 / 24,          1.0 / 120,
                                    1.0 / 720,       1.0 / 5040,       1.0 / 40320,       1.0 / 362880,
                                    1.0 / 3628800,   1.0 / 39916800,   1.0 / 479001600,   1.0 / 6227020800,
                                    1.0 / 87178291200, 1.0 / 1307674368000};
  for (int i = 13; i >= 0; i--)
    p = inv_fact[i] + x * p;
  return p;
}

/* expm1_dd is e^x - 1 as a double-double for -40 <= x <= 700. */
static dd expm1_dd(double x) {
  if (x > -0.35 && x < 0.35) {
    double p = expm1_poly(x);
    return fast_two_sum(x, x * x * p);
  }
  int m;
  dd r = exp_core(x, 0, &m);
  double s = pow2(m);
  dd d = two_sum(r.hi * s, -1);
  return fast_two_sum(d.hi, d.lo + r.lo * s);
}

__attribute__((weak)) double expm1(double x) {
  if (x != x)
    return x + x;
  if (x > 710)
    return 0x1p1023 * 2;
  if (x < -40)
    return -1;
  if (x > -0x1p-54 && x < 0x1p-54)
    return x;
  if (x > 700) { /* e^x - 1 == e^x to the last bit */
    int m;
    dd r = exp_core(x, 0, &m);
    return scalbn(r.hi + r.lo, m);
  }
  dd d = expm1_dd(x);
  return d.hi + d.lo;
}

/* ---- log ---------------------------------------------------------------- */

/* log_dd is log(x) as a double-double with a relative error near 2^-70,
 * for finite x > 0: x = 2^k * m, m in [1, 2); m = c * (1 + r) with c the
 * centre of m's interval among 128 (1/c a double, log(c) a double-double
 * in logtab; c = 1 next to 1 so that log(x) near 0 has no cancellation);
 * r = m/c - 1 exactly as a double-double (|r| < 2^-7); log(1 + r) by its
 * Taylor series, the first two terms in double-double. */
static dd log_dd(double x) {
  uint64_t u = bits(x);
  int k = 0;
  if (u < 0x0010000000000000ULL) { /* subnormal */
    u = bits(x * 0x1p64);
    k = -64;
  }
  k += (int)(u >> 52) - 1023;
  int i = (int)(u >> 45) & 127;
  double m = from_bits((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
  const double *e = logtab[i];
  if (i >= 53) /* m >= sqrt(2): log(m) = ln2 + log(m/2); logtab holds log(c/2) */
    k++;
  dd p = two_prod(m, e[0]);
  double r_hi = p.hi - 1, r_lo = p.lo; /* p.hi - 1 is exact: p.hi is near 1 */
  dd r = fast_two_sum(r_hi, r_lo);
  /* log(1+r) = r - r^2/2 + r^3 * (1/3 - r/4 + ...) */
  dd r2 = two_prod(r.hi, r.hi);
  double r2_lo = r2.lo + 2 * r.hi * r.lo;
  double t = r.hi, poly = -1.0 / 12;
  for (int n = 11; n >= 3; n--)
    poly = (n & 1 ? 1.0 : -1.0) / n + t * poly;
  double tail = t * r2.hi * poly;
  /* Sum: k*ln2 + log(c) + r - r^2/2 + tail, largest terms in two_sums. */
  dd s = two_sum(k * LN2_HI, e[1]);
  dd s2 = two_sum(s.hi, r.hi);
  dd s3 = two_sum(s2.hi, -0.5 * r2.hi);
  double lo = s.lo + s2.lo + s3.lo + (k * LN2_LO + e[2] + r.lo - 0.5 * r2_lo + tail);
  return fast_two_sum(s3.hi, lo);
}

/* log_special is log's result for x <= 0, infinity and NaN (or 1 when x
 * needs the general path). */
static int log_special(double x, double *res) {
  if (x != x) {
    *res = x + x;
    return 1;
  }
  if (x == 0) {
    *res = -1 / fabs(x);
    return 1;
  }
  if (x < 0) {
    *res = (x - x) / (x - x);
    return 1;
  }
  if (x == 0x1p1023 * 2) {
    *res = x;
    return 1;
  }
  return 0;
}

__attribute__((weak)) double log(double x) {
  double res;
  if (log_special(x, &res))
    return res;
  dd l = log_dd(x);
  return l.hi + l.lo;
}

/* mul_dd is a * (b.hi + b.lo) for a double-double a, to about 2^-100. */
static double mul_dd_round(dd a, double bh, double bl) {
  dd p = two_prod(a.hi, bh);
  return p.hi + (p.lo + a.hi * bl + a.lo * bh);
}

__attribute__((weak)) double log2(double x) {
  double res;
  if (log_special(x, &res))
    return res;
  return mul_dd_round(log_dd(x), INVLN2_HI, INVLN2_LO);
}

__attribute__((weak)) double log10(double x) {
  double res;
  if (log_special(x, &res))
    return res;
  return mul_dd_round(log_dd(x), INVLN10_HI, INVLN10_LO);
}

__attribute__((weak)) double log1p(double x) {
  if (x != x)
    return x + x;
  if (x == 0 || (x > -0x1p-54 && x < 0x1p-54))
    return x;
  if (x <= -1)
    return x == -1 ? -1 / 0.0 * 1 : (x - x) / (x - x);
  if (x == 0x1p1023 * 2)
    return x;
  dd u = two_sum(1, x); /* log(u.hi + u.lo) = log(u.hi) + u.lo/u.hi */
  dd l = log_dd(u.hi);
  return l.hi + (l.lo + u.lo / u.hi);
}

/* ---- pow ---------------------------------------------------------------- */

/* int_kind classifies y: 0 not an integer, 1 odd integer, 2 even integer. */
static int int_kind(double y) {
  uint64_t u = bits(y);
  int ex = (int)((u >> 52) & 0x7ff) - 1023;
  if (ex < 0)
    return y == 0 ? 2 : 0;
  if (ex > 52)
    return 2;
  uint64_t one = 1ULL << (52 - ex);
  if (u & (one - 1))
    return 0;
  return u & one ? 1 : 2;
}

__attribute__((weak)) double pow(double x, double y) {
  if (y == 0 || x == 1)
    return 1;
  if (x != x || y != y)
    return x + y;
  double ax = fabs(x), inf = 0x1p1023 * 2;
  int kind = int_kind(y);
  double sign = (x < 0 || (x == 0 && bits(x) >> 63)) && kind == 1 ? -1 : 1;
  if (fabs(y) == inf) {
    if (ax == 1)
      return 1;
    return (ax > 1) == (y > 0) ? inf : 0;
  }
  if (ax == 0)
    return y < 0 ? sign * inf : sign * 0.0;
  if (ax == inf)
    return y < 0 ? sign * 0.0 : sign * inf;
  if (x < 0 && kind == 0)
    return (x - x) / (x - x);
  dd l = log_dd(ax);
  double hi = y * l.hi;
  if (hi > 710)
    return sign * inf;
  if (hi < -746)
    return sign * 0x1p-1022 * 0x1p-60;
  dd p = two_prod(y, l.hi);
  return sign * exp_round(p.hi, p.lo + y * l.lo);
}

/* ---- trigonometric ---------------------------------------------------- */

/* reduce_huge is Payne-Hanek reduction for |x| >= 2^20: x*2/pi modulo 4
 * from the 256 bits of 2/pi that matter at x's exponent (the bits above
 * contribute multiples of 4, those below less than 2^-170), in integer
 * arithmetic; the fraction keeps 128 bits, enough for the closest a
 * double comes to a multiple of pi/2 (about 2^-61). */
static int reduce_huge(double x, dd *y) {
  uint64_t u = bits(x);
  int e2 = (int)((u >> 52) & 0x7ff) - 1075; /* x = M * 2^e2 */
  uint64_t mant = (u & 0x000fffffffffffffULL) | 0x0010000000000000ULL;
  int j0 = e2 >= 2 ? (e2 - 2) / 32 : 0;
  uint32_t v[8], p[10] = {0};
  for (int k = 0; k < 8; k++)
    v[k] = two_over_pi[j0 + 7 - k]; /* v[0] least significant */
  uint32_t mw[2] = {(uint32_t)mant, (uint32_t)(mant >> 32)};
  for (int a = 0; a < 2; a++) {
    uint64_t carry = 0;
    for (int b = 0; b < 8; b++) {
      uint64_t t = (uint64_t)mw[a] * v[b] + p[a + b] + carry;
      p[a + b] = (uint32_t)t;
      carry = t >> 32;
    }
    p[a + 8] += (uint32_t)carry;
  }
  int f = 32 * (j0 + 8) - e2; /* fraction bits of p */
  /* bits [f-128, f+2) of p: the two integer bits and 128 fraction bits */
  uint64_t w[3] = {0, 0, 0};
  for (int b = 0; b < 130; b++) {
    int pos = f - 128 + b;
    uint64_t bit = (p[pos / 32] >> (pos % 32)) & 1;
    w[b / 64] |= bit << (b % 64);
  }
  int n = (int)(w[2] & 3);
  uint64_t fh = w[1], fl = w[0];
  int neg = 0;
  if (fh >> 63) { /* fraction >= 1/2: take 1 - fraction, one quadrant more */
    n = (n + 1) & 3;
    neg = 1;
    fh = ~fh;
    fl = ~fl + 1;
    if (fl == 0)
      fh++;
  }
  /* fraction * 2^64 = fh + fl * 2^-64 as a double-double, times pi/2 */
  double h = (double)fh;
  int64_t rem = (int64_t)(fh - (uint64_t)h); /* |rem| < 2^11 */
  double l = (double)rem + (double)fl * 0x1p-64;
  dd fr = fast_two_sum(h * 0x1p-64, l * 0x1p-64);
  dd r = two_prod(fr.hi, PIO2_HI);
  r = fast_two_sum(r.hi, r.lo + fr.hi * PIO2_LO + fr.lo * PIO2_HI);
  if (neg ^ (int)(u >> 63)) {
    r.hi = -r.hi;
    r.lo = -r.lo;
  }
  if (u >> 63)
    n = (4 - n) & 3;
  *y = r;
  return n;
}

/* reduce is x = n*pi/2 + y with |y| <= pi/4 (about), y a double-double;
 * the result is n mod 4. pi/2 is split into pieces of 32 bits so that
 * n*PIO2_k is exact for |n| < 2^21. */
static int reduce(double x, dd *y) {
  double ax = fabs(x);
  if (ax <= PIO4_HI) {
    y->hi = x;
    y->lo = 0;
    return 0;
  }
  if (ax >= 0x1p20)
    return reduce_huge(x, y);
  double nd = x * INV_PIO2;
  nd = nd < 0 ? (double)(int)(nd - 0.5) : (double)(int)(nd + 0.5);
  double r0 = x - nd * PIO2_1; /* exact */
  dd s = two_sum(r0, -nd * PIO2_2);
  dd s2 = two_sum(s.hi, -nd * PIO2_3);
  *y = fast_two_sum(s2.hi, s.lo + s2.lo - nd * PIO2_3T);
  return (int)nd & 3;
}

/* sin_dd is sin(y.hi + y.lo) for |y| <= pi/4 as a double-double: Taylor
 * series to degree 19 (next term below 2^-62 of the result). */
static dd sin_dd(dd y) {
  double z = y.hi * y.hi, p = -1.0 / 121645100408832000; /* -1/19! */
  static const double c[] = {-1.0 / 6,        1.0 / 120,           -1.0 / 5040,
                             1.0 / 362880,    -1.0 / 39916800,     1.0 / 6227020800,
                             -1.0 / 1307674368000, 1.0 / 355687428096000};
  for (int i = 7; i >= 0; i--)
    p = c[i] + z * p;
  double t = y.hi * z * p + y.lo * (1 - 0.5 * z);
  return fast_two_sum(y.hi, t);
}

/* cos_dd is cos(y.hi + y.lo) for |y| <= pi/4 as a double-double:
 * 1 - z/2 + z^2*C(z) with z = y.hi^2 exact as a double-double and the
 * rounding of 1 - z/2 recovered (the result is >= 0.7, so its first
 * terms must be exact to 2^-60). */
static dd cos_dd(dd y) {
  dd zz = two_prod(y.hi, y.hi);
  double z = zz.hi, p = 1.0 / 6402373705728000; /* 1/18! */
  static const double c[] = {1.0 / 24,           -1.0 / 720,          1.0 / 40320,
                             -1.0 / 3628800,     1.0 / 479001600,     -1.0 / 87178291200,
                             1.0 / 20922789888000};
  for (int i = 6; i >= 0; i--)
    p = c[i] + z * p;
  double hz = 0.5 * z, w = 1 - hz;
  double corr = ((1 - w) - hz) + (z * z * p - y.hi * y.lo - 0.5 * zz.lo);
  return fast_two_sum(w, corr);
}

__attribute__((weak)) double sin(double x) {
  double ax = fabs(x);
  if (ax < 0x1p-27)
    return x;
  if (!(ax < 0x1p1023 * 2))
    return (x - x) / (x - x);
  dd y, r;
  int n = reduce(x, &y);
  r = n & 1 ? cos_dd(y) : sin_dd(y);
  return n & 2 ? -(r.hi + r.lo) : r.hi + r.lo;
}

__attribute__((weak)) double cos(double x) {
  double ax = fabs(x);
  if (ax < 0x1p-27)
    return 1;
  if (!(ax < 0x1p1023 * 2))
    return (x - x) / (x - x);
  dd y, r;
  int n = reduce(x, &y);
  r = n & 1 ? sin_dd(y) : cos_dd(y);
  double v = r.hi + r.lo;
  return (n + 1) & 2 ? -v : v;
}

/* div_dd is (a.hi + a.lo) / (b.hi + b.lo) rounded. */
static double div_dd(dd a, dd b) {
  double q = a.hi / b.hi;
  dd p = two_prod(q, b.hi);
  double rem = ((a.hi - p.hi) - p.lo) + a.lo - q * b.lo;
  return q + rem / b.hi;
}

__attribute__((weak)) double tan(double x) {
  double ax = fabs(x);
  if (ax < 0x1p-27)
    return x;
  if (!(ax < 0x1p1023 * 2))
    return (x - x) / (x - x);
  dd y;
  int n = reduce(x, &y);
  dd s = sin_dd(y), c = cos_dd(y);
  if (n & 1) {
    s.hi = -s.hi;
    s.lo = -s.lo;
    return div_dd(c, s);
  }
  return div_dd(s, c);
}

/* ---- inverse trigonometric ------------------------------------------- */

/* atan_dd is atan(x) for x >= 0 as a double-double, by reduction to
 * |t| < 7/16 around atan(1/2), atan(1), atan(3/2) or pi/2 and a Chebyshev
 * polynomial (atan_c) for atan(t)/t - 1 in t^2. */
static dd atan_dd(double x) {
  double t, bh = 0, bl = 0;
  if (x < 0x1p-27) {
    dd r = {x, 0};
    return r;
  }
  if (x < 7.0 / 16) {
    t = x;
  } else if (x < 11.0 / 16) {
    t = (2 * x - 1) / (2 + x);
    bh = ATAN_HALF_HI, bl = ATAN_HALF_LO;
  } else if (x < 19.0 / 16) {
    t = (x - 1) / (x + 1);
    bh = ATAN_ONE_HI, bl = ATAN_ONE_LO;
  } else if (x < 39.0 / 16) {
    t = (2 * x - 3) / (2 + 3 * x);
    bh = ATAN_THREEHALF_HI, bl = ATAN_THREEHALF_LO;
  } else {
    t = -1 / x;
    bh = ATAN_INF_HI, bl = ATAN_INF_LO;
  }
  double z = t * t, p = atan_c[11];
  for (int i = 10; i >= 0; i--)
    p = atan_c[i] + z * p;
  dd s = two_sum(bh, t);
  return fast_two_sum(s.hi, s.lo + bl + t * z * p);
}

__attribute__((weak)) double atan(double x) {
  if (x != x)
    return x + x;
  if (fabs(x) < 0x1p-27)
    return x;
  dd r = atan_dd(fabs(x));
  double v = r.hi + r.lo;
  return x < 0 ? -v : v;
}

__attribute__((weak)) double atan2(double y, double x) {
  if (x != x || y != y)
    return x + y;
  double inf = 0x1p1023 * 2, ax = fabs(x), ay = fabs(y);
  int ys = (int)(bits(y) >> 63), xs = (int)(bits(x) >> 63);
  double pi = PI_HI, pio2 = PIO2_HI, pio4 = PIO4_HI;
  double v;
  if (ay == 0) {
    v = xs ? pi : 0; /* atan2(+-0, -0 or x<0) = +-pi, (+-0, +0 or x>0) = +-0 */
  } else if (ax == inf) {
    v = ay == inf ? (xs ? 3 * pio4 : pio4) : (xs ? pi : 0);
  } else if (ay == inf || ax == 0) {
    v = pio2;
  } else {
    /* q = ay/ax as a double-double; atan(q.hi + q.lo) = atan(q.hi) + q.lo/(1 + q.hi^2) */
    double q = ay / ax;
    if (q == inf || q > 0x1p60) {
      v = pio2;
    } else if (q < 0x1p-1000 && !xs) {
      v = ay / ax; /* tiny, possibly subnormal: rounds as the quotient does */
    } else {
      double ql = fma(-q, ax, ay) / ax;
      dd a = atan_dd(q);
      a.lo += ql / (1 + q * q);
      if (xs) { /* pi - atan */
        dd s = two_sum(PI_HI, -a.hi);
        v = s.hi + (s.lo + PI_LO - a.lo);
      } else {
        v = a.hi + a.lo;
      }
    }
  }
  return ys ? -v : v;
}

/* asin_poly is asin(x)/x - 1 over x^2 (x^2 <= 1/4): a Chebyshev fit. */
static double asin_poly(double z) {
  double p = asin_c[12];
  for (int i = 11; i >= 0; i--)
    p = asin_c[i] + z * p;
  return p;
}

/* asin_big is 2*asin(s) for s = sqrt(w), w = (1 - |x|)/2 <= 1/4, as a
 * double-double: the square root's rounding corrected with its high
 * half sh (sh^2 is exact). */
static dd asin_big(double w) {
  double s = sqrt(w);
  if (s == 0) {
    dd z = {0, 0};
    return z;
  }
  double sh = from_bits(bits(s) & 0xffffffff00000000ULL);
  double c = (w - sh * sh) / (s + sh);
  dd r = {2 * sh, 2 * (c + s * w * asin_poly(w))};
  return r;
}

__attribute__((weak)) double asin(double x) {
  double ax = fabs(x), v;
  if (!(ax <= 1))
    return (x - x) / (x - x);
  if (ax < 0x1p-26)
    return x;
  if (ax <= 0.5) {
    double z = x * x;
    return x + x * z * asin_poly(z);
  }
  dd a = asin_big((1 - ax) * 0.5);
  dd s = two_sum(PIO2_HI, -a.hi);
  v = s.hi + (s.lo + PIO2_LO - a.lo);
  return x < 0 ? -v : v;
}

__attribute__((weak)) double acos(double x) {
  double ax = fabs(x);
  if (!(ax <= 1))
    return (x - x) / (x - x);
  if (ax <= 0.5) {
    double z = x * x;
    dd s = two_sum(PIO2_HI, -x);
    return s.hi + (s.lo + PIO2_LO - x * z * asin_poly(z));
  }
  dd a = asin_big((1 - ax) * 0.5);
  if (x > 0)
    return a.hi + a.lo;
  dd s = two_sum(PI_HI, -a.hi);
  return s.hi + (s.lo + PI_LO - a.lo);
}

/* ---- hyperbolic --------------------------------------------------------- */

/* sinh, cosh and tanh from e^|x| - 1 as a double-double, which keeps
 * the small results (sinh x ~ x, tanh x ~ x) accurate to the last bits;
 * large arguments from exp, split in two factors near overflow. */

__attribute__((weak)) double sinh(double x) {
  double ax = fabs(x), v;
  if (x != x)
    return x + x;
  if (ax < 0x1p-28)
    return x;
  if (ax < 22) { /* (e - 1/e)/2 = (t + t/(t+1))/2 with t = e - 1 */
    dd t = expm1_dd(ax);
    dd t1 = fast_two_sum(1, t.hi);
    t1.lo += t.lo;
    double q = div_dd(t, t1);
    v = 0.5 * (t.hi + (t.lo + q));
  } else if (ax < 709) {
    v = 0.5 * exp(ax);
  } else { /* e^ax/2 overflows later than e^ax */
    double e = exp(0.5 * ax);
    v = (0.5 * e) * e;
  }
  return x < 0 ? -v : v;
}

__attribute__((weak)) double cosh(double x) {
  double ax = fabs(x);
  if (x != x)
    return x + x;
  if (ax < 22) { /* (e + 1/e)/2 */
    int m;
    dd r = exp_core(ax, 0, &m);
    double s = pow2(m);
    dd e = fast_two_sum(r.hi * s, r.lo * s);
    dd one = {1, 0};
    double inv = div_dd(one, e);
    dd sum = two_sum(e.hi, inv);
    return 0.5 * (sum.hi + (sum.lo + e.lo));
  }
  if (ax < 709)
    return 0.5 * exp(ax);
  double e = exp(0.5 * ax);
  return (0.5 * e) * e;
}

__attribute__((weak)) double tanh(double x) {
  double ax = fabs(x), v;
  if (x != x)
    return x + x;
  if (ax < 0x1p-28)
    return x;
  if (ax > 22) {
    v = 1;
  } else { /* t/(t+2) with t = e^(2ax) - 1 */
    dd t = expm1_dd(2 * ax);
    dd t2 = two_sum(2, t.hi);
    t2.lo += t.lo;
    if (fabs(t.hi) > 2)
      t2 = fast_two_sum(t2.hi, t2.lo);
    v = div_dd(t, t2);
  }
  return x < 0 ? -v : v;
}

/* ---- cbrt, hypot ---------------------------------------------------------- */

__attribute__((weak)) double cbrt(double x) {
  if (x != x || x == 0 || fabs(x) == 0x1p1023 * 2)
    return x + x;
  int e;
  double m = frexp(fabs(x), &e); /* |x| = m * 2^e, m in [1/2, 1) */
  int r3 = ((e % 3) + 3) % 3;    /* make the exponent a multiple of 3 */
  if (r3) {
    m = ldexp(m, r3 - 3);
    e += 3 - r3;
  }
  /* m in [1/16, 1): Newton's iteration from a linear first guess */
  double y = 0.45 + 0.58 * m;
  for (int i = 0; i < 6; i++)
    y -= (y * y * y - m) / (3 * y * y);
  /* one more step with the residual in double-double */
  dd y2 = two_prod(y, y);
  dd y3 = two_prod(y2.hi, y);
  double res = (y3.hi - m) + (y3.lo + y2.lo * y);
  y -= res / (3 * y2.hi);
  y = ldexp(y, e / 3);
  return x < 0 ? -y : y;
}

__attribute__((weak)) double hypot(double x, double y) {
  double inf = 0x1p1023 * 2, a = fabs(x), b = fabs(y);
  if (a == inf || b == inf)
    return inf;
  if (a != a || b != b)
    return a + b;
  if (a < b) {
    double t = a;
    a = b;
    b = t;
  }
  if (b == 0)
    return a;
  int ea = (int)(bits(a) >> 52), eb = (int)(bits(b) >> 52);
  if (ea - eb > 60)
    return a + b;
  double scale = 1;
  if (ea > 1023 + 500) {
    a *= 0x1p-600, b *= 0x1p-600, scale = 0x1p600;
  } else if (eb < 1023 - 500) {
    a *= 0x1p600, b *= 0x1p600, scale = 0x1p-600;
  }
  dd a2 = two_prod(a, a), b2 = two_prod(b, b);
  dd s = two_sum(a2.hi, b2.hi);
  double sl = s.lo + a2.lo + b2.lo;
  double h = sqrt(s.hi);
  dd hh = two_prod(h, h);
  h += ((s.hi - hh.hi) - hh.lo + sl) / (2 * h);
  return h * scale;
}
