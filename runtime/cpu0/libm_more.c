/* More of <math.h>: the inverse hyperbolic functions, remainder, fdim,
 * nextafter, ilogb, logb and the rounding conversions lround, llround,
 * lrint, llrint, in double (the float forms round the double result, or
 * are exact). Written for this runtime from the identities
 *   asinh x = log(x + sqrt(x^2 + 1)), acosh x = log(x + sqrt(x^2 - 1)),
 *   atanh x = log1p(2x / (1 - x)) / 2,
 * each rearranged so that no cancellation happens for the x where it
 * would (log1p near 0, log(2x) for huge x). tests/rtcheck compares them
 * with glibc (asinh, acosh, atanh within 2 ulp; the rest exact). */
#include <stdint.h>
#include <string.h>

double sqrt(double);
double log(double);
double log1p(double);
double round(double);
double rint(double);

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

static double with_sign(double r, double x) { return from_bits(bits(r) | (bits(x) & 0x8000000000000000ULL)); }

/* is_special: NaN or infinite (the exponent field all ones). */
static int is_special(double x) { return (bits(x) >> 52 & 0x7ff) == 0x7ff; }

static const double ln2 = 0.69314718055994530942;
static const double huge_arg = 268435456.0; /* 2^28: x^2 + 1 rounds to x^2 */

double asinh(double x) {
  double s = from_bits(bits(x) & ~0x8000000000000000ULL);
  if (s == 0 || is_special(x))
    return x + x; /* NaN, +-0, +-inf */
  double r;
  if (s > huge_arg)
    r = log(s) + ln2;
  else if (s > 2)
    r = log(2 * s + 1 / (sqrt(s * s + 1) + s));
  else
    r = log1p(s + s * s / (1 + sqrt(1 + s * s)));
  return with_sign(r, x);
}

double acosh(double x) {
  if (x != x)
    return x + x;
  if (x < 1)
    return (x - x) / (x - x); /* NaN */
  if (x > huge_arg)
    return is_special(x) ? x : log(x) + ln2;
  if (x > 2)
    return log(2 * x - 1 / (x + sqrt(x * x - 1)));
  double t = x - 1;
  return log1p(t + sqrt(2 * t + t * t));
}

double atanh(double x) {
  double s = from_bits(bits(x) & ~0x8000000000000000ULL);
  if (s != s)
    return x + x;
  if (s > 1)
    return (x - x) / (x - x);
  if (s == 1)
    return x / 0.0;
  double r;
  if (s < 0.5)
    r = 0.5 * log1p(2 * s + 2 * s * s / (1 - s));
  else
    r = 0.5 * log1p(2 * s / (1 - s));
  return with_sign(r, x);
}

float asinhf(float x) { return (float)asinh(x); }
float acoshf(float x) { return (float)acosh(x); }
float atanhf(float x) { return (float)atanh(x); }

double fdim(double x, double y) {
  if (x != x || y != y)
    return x + y;
  return x > y ? x - y : 0.0;
}

float fdimf(float x, float y) {
  if (x != x || y != y)
    return x + y;
  return x > y ? x - y : 0.0f;
}

double fmod(double, double);

/* remainder is x - n*y with n the integer nearest x/y (ties to even),
 * exact: r0 = fmod(|x|, 2|y|) is exact and lies in [0, 2|y|), so n mod 2
 * rounds r0/|y| to 0, 1 or 2 (a tie at 1/2 to 0, at 3/2 to 2: even), and
 * each subtraction of |y| below is exact (Sterbenz), as are the doublings
 * (an overflow to inf still compares right). */
double remainder(double x, double y) {
  double ax = from_bits(bits(x) & ~0x8000000000000000ULL);
  double ay = from_bits(bits(y) & ~0x8000000000000000ULL);
  if (x != x || y != y)
    return x + y;
  if (is_special(ax) || ay == 0)
    return (ax - ax) / (ax - ax); /* NaN */
  double r = ay <= 8.9e307 ? fmod(ax, 2 * ay) : ax;
  if (2 * r > ay) { /* r/|y| > 1/2 */
    r -= ay;
    if (2 * r >= ay) /* r0/|y| >= 3/2 */
      r -= ay;
  }
  return bits(x) >> 63 ? -r : r;
}

float remainderf(float x, float y) { return (float)remainder(x, y); }

double nextafter(double x, double y) {
  if (x != x || y != y)
    return x + y;
  if (x == y)
    return y;
  if (x == 0)
    return with_sign(from_bits(1), y);
  uint64_t u = bits(x);
  if ((x < y) == !(u >> 63))
    u++;
  else
    u--;
  return from_bits(u);
}

float nextafterf(float x, float y) {
  if (x != x || y != y)
    return x + y;
  if (x == y)
    return y;
  uint32_t u;
  memcpy(&u, &x, 4);
  if (x == 0)
    u = 1 | (y < 0 ? 0x80000000u : 0);
  else if ((x < y) == !(u >> 31))
    u++;
  else
    u--;
  float r;
  memcpy(&r, &u, 4);
  return r;
}

#define ILOGB_ZERO (-2147483647 - 1) /* glibc's FP_ILOGB0 and FP_ILOGBNAN */

int ilogb(double x) {
  uint64_t u = bits(x) & ~0x8000000000000000ULL;
  int e = (int)(u >> 52);
  if (u == 0 || u > 0x7ff0000000000000ULL)
    return ILOGB_ZERO;
  if (e == 0x7ff)
    return 2147483647;
  if (e == 0) { /* subnormal: normalize */
    e = -1023; /* the mantissa's top bit, 2^51 * 2^-1074 */
    for (u <<= 12; !(u >> 63); u <<= 1)
      e--;
    return e;
  }
  return e - 1023;
}

int ilogbf(float x) { return ilogb(x); }

double logb(double x) {
  uint64_t u = bits(x) & ~0x8000000000000000ULL;
  if (u == 0)
    return -1 / 0.0;
  if (u >= 0x7ff0000000000000ULL)
    return x * x; /* inf -> inf, NaN -> NaN */
  return ilogb(x);
}

float logbf(float x) { return (float)logb(x); }

long lround(double x) { return (long)round(x); }
long lroundf(float x) { return (long)round(x); }
long long llround(double x) { return (long long)round(x); }
long long llroundf(float x) { return (long long)round(x); }
long lrint(double x) { return (long)rint(x); }
long lrintf(float x) { return (long)rint(x); }
long long llrint(double x) { return (long long)rint(x); }
long long llrintf(float x) { return (long long)rint(x); }
