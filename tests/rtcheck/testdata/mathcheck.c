/* Host-side check of the Cpu0 runtime's libm functions (runtime/cpu0/
 * math.c, fma in softfloat.c) and complex helpers (complex.c), compiled
 * with the host compiler:
 *   - floor/ceil/trunc/round/rint/nearbyint and fma against the host libm,
 *     bit for bit (NaNs: NaN-ness only for fma, whose NaN payload choice
 *     the host's FMA hardware makes);
 *   - fmin/fmax against __builtin_fmin/fmax, i.e. llvm.minnum/maxnum as
 *     the host compiles them (lli's reference semantics);
 *   - __mulsc3/__muldc3 against the host's (libgcc or compiler-rt): the
 *     same class of each part (NaN, infinity with its sign, zero, finite),
 *     bit for bit when finite;
 *   - __divsc3/__divdc3 against the host's libgcc (GCC 12's, which lli and
 *     the native references link), bit for bit including the sign of
 *     zeros, any NaN equal to any NaN, on operands from all of the exponent
 *     range, subnormals, signed zeros, infinities and NaNs.
 * Run by rtcheck_test.go; prints "ok" and returns 0 on success, otherwise
 * lists the mismatches. */
#include "rename.h"
#include "../../../runtime/cpu0/softfloat.c"
#include "../../../runtime/cpu0/math.c"
#include "../../../runtime/cpu0/complex.c"
#include "unrename.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

_Complex float __mulsc3(float, float, float, float);
_Complex double __muldc3(double, double, double, double);
_Complex float __divsc3(float, float, float, float);
_Complex double __divdc3(double, double, double, double);

static int failures;

static u64 dbits(double x) {
  u64 u;
  memcpy(&u, &x, 8);
  return u;
}
static double dval(u64 u) {
  double x;
  memcpy(&x, &u, 8);
  return x;
}
static u32 fbits(float x) {
  u32 u;
  memcpy(&u, &x, 4);
  return u;
}
static float fval(u32 u) {
  float x;
  memcpy(&x, &u, 4);
  return x;
}

static u64 rng = 0x2545F4914F6CDD1DULL;
static u64 next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* rand_double draws from every class, with extra weight on values near
 * integers and halves and on short significands (ties). */
static double rand_double(void) {
  static const double edge[] = {0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, 2.5, -2.5,
                                4503599627370495.5, 4503599627370496.0, 9007199254740991.0,
                                1e308, -1e-308, 4.9e-324, 2.2250738585072014e-308,
                                INFINITY, -INFINITY, NAN, -NAN};
  u64 r = next();
  switch (r % 8) {
  case 0:
    return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
  case 1: /* an integer or a half, up to 2^60 */
    return ldexp((double)(long long)(next() >> (r >> 8) % 64), -(int)((r >> 16) % 2)) *
           ((r >> 20) & 1 ? -1 : 1);
  case 2: /* a short significand at a random moderate exponent */
    return ldexp((double)((next() >> 40) | 1), (int)((r >> 8) % 120) - 60);
  case 3: /* a NaN with a random payload, quiet or signaling */
    return dval(0x7ff0000000000000ULL | (next() & 0x800fffffffffffffULL) | 1);
  default: /* any bit pattern */
    return dval(next());
  }
}

static float rand_float(void) {
  u64 r = next();
  if (r % 4 == 0)
    return fval((u32)next());
  return (float)rand_double();
}

static int same_nan_or_bits(u64 a, u64 b, int isnan_a, int isnan_b, int nan_bits) {
  if (isnan_a && isnan_b)
    return !nan_bits || a == b;
  return a == b;
}

#define CHECK1D(name, rtf, hostf)                                                       \
  do {                                                                                  \
    u64 g = rtf(dbits(x)), w = dbits(hostf(x));                                         \
    if (!same_nan_or_bits(g, w, isnan(dval(g)), isnan(dval(w)), 1)) {                   \
      fprintf(stderr, "%s(%a) = %a (%016llx), want %a (%016llx)\n", name, x, dval(g), g, \
              dval(w), w);                                                              \
      failures++;                                                                       \
    }                                                                                   \
  } while (0)

#define CHECK1F(name, rtf, hostf)                                                          \
  do {                                                                                     \
    u32 g = rtf(fbits(y)), w = fbits(hostf(y));                                            \
    if (g != w) {                                                                          \
      fprintf(stderr, "%s(%a) = %a (%08x), want %a (%08x)\n", name, y, fval(g), g, fval(w), \
              w);                                                                          \
      failures++;                                                                          \
    }                                                                                      \
  } while (0)

/* part_class: 0 NaN, 1 +inf, 2 -inf, 3 zero, 4 finite nonzero. */
static int part_class(double x) {
  if (isnan(x))
    return 0;
  if (isinf(x))
    return x > 0 ? 1 : 2;
  return x == 0 ? 3 : 4;
}

/* div_special: the specials, then libgcc's scaling thresholds with their
 * neighbours (DBL_MAX/2, DBL_MAX/2 * 2^-52, 2^-52, DBL_MIN, DBL_MAX). */
static const double div_special[] = {
    0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1.0, -1.0,
    0x1.fffffffffffffp+1022, 0x1p+1023, 0x1.ffffffffffffep+1022,
    0x1.fffffffffffffp+970, 0x1p+971, 0x1.ffffffffffffep+970,
    0x1p-52, 0x1.0000000000001p-52, 0x1.fffffffffffffp-53,
    0x1p-1022, 0x0.fffffffffffffp-1022, 0x1.0000000000001p-1022,
    0x1.fffffffffffffp+1023};
#define N_DIV_SPECIAL (int)(sizeof div_special / sizeof div_special[0])
#define N_DIV_THRESHOLD 8 /* div_special[N_DIV_THRESHOLD:] are thresholds */

/* div_double draws a complex division operand of the given kind (-1 for
 * any): any bit pattern, an exponent near either end of the range, a
 * subnormal, a signed zero, an infinity, a NaN, a threshold, or a small
 * integer or half (exact zero parts and ties). */
static double div_double(int kind) {
  u64 r = next(), m = next() & 0x800fffffffffffffULL;
  switch (kind < 0 ? r % 8 : (u64)kind) {
  case 0:
    return div_special[(r >> 8) % N_DIV_SPECIAL] * ((r >> 60) & 1 ? -1 : 1);
  case 1: /* subnormal */
    return dval(m);
  case 2: /* near the overflow threshold */
    return dval(m | (u64)(2046 - (r >> 8) % ((r >> 16) % 2 ? 64 : 2)) << 52);
  case 3: /* near the underflow threshold */
    return dval(m | (u64)(1 + (r >> 8) % 64) << 52);
  case 4: /* near the thresholds of libgcc's scaling: 2^-52, 2^971, 2^1023 */
    return dval(m | (u64)((int[]){1023 - 52 + 2, 1023 + 971 + 2, 2046}[(r >> 8) % 3] -
                          (int)((r >> 16) % 5)) << 52);
  case 5:
    return (double)((long long)(r >> 8) % 7) / 2;
  default:
    return dval(r);
  }
}

/* div_float is div_double's counterpart for float. */
static float div_float(int kind) {
  static const float special[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1.0f, -1.0f};
  u64 r = next();
  u32 m = (u32)next() & 0x807fffffu;
  switch (kind < 0 ? r % 8 : (u64)kind) {
  case 0:
    return special[(r >> 8) % 8];
  case 1:
    return fval(m);
  case 2:
    return fval(m | (u32)(254 - (r >> 8) % ((r >> 16) % 2 ? 32 : 2)) << 23);
  case 3:
    return fval(m | (u32)(1 + (r >> 8) % 32) << 23);
  case 4:
    return (float)rand_double();
  case 5:
    return (float)((long long)(r >> 8) % 7) / 2;
  default:
    return fval((u32)r);
  }
}

/* same_part: equal bits, or both NaN. */
static int same_part(double g, double w) {
  return dbits(g) == dbits(w) || (isnan(g) && isnan(w));
}

/* check_div compares our complex division with the host's, bit for bit.
 * Every fourth divisor is made of the dividend's parts (equal or opposite,
 * maybe swapped), so that parts of the quotient cancel exactly; every
 * eighth has special parts and the dividend huge or special ones (Annex
 * G's recovery, where a float sum may overflow). */
static void check_div(int i) {
  int annexg = i % 8 == 3;
  double v[4];
  for (int k = 0; k < 4; k++)
    v[k] = div_double(annexg ? (k < 2 ? 2 * (int)(next() % 2) : 0) : -1);
  if (i % 8 == 2) /* the divisor's larger part at a threshold */
    v[2 + next() % 2] = div_special[N_DIV_THRESHOLD + next() % (N_DIV_SPECIAL - N_DIV_THRESHOLD)] *
                        (next() % 2 ? -1 : 1);
  if (i % 4 == 0) {
    v[2] = next() % 2 ? v[0] : -v[0];
    v[3] = next() % 2 ? v[1] : -v[1];
    if (next() % 2) {
      double t = v[2];
      v[2] = v[3];
      v[3] = t;
    }
  }
  _Complex double zg = rt_divdc3(v[0], v[1], v[2], v[3]), zw = __divdc3(v[0], v[1], v[2], v[3]);
  if (!same_part(__real__ zg, __real__ zw) || !same_part(__imag__ zg, __imag__ zw)) {
    fprintf(stderr, "__divdc3(%a, %a, %a, %a) = (%a, %a), want (%a, %a)\n", v[0], v[1], v[2],
            v[3], __real__ zg, __imag__ zg, __real__ zw, __imag__ zw);
    failures++;
  }
  float f[4];
  for (int k = 0; k < 4; k++)
    f[k] = div_float(annexg ? (k < 2 ? 2 * (int)(next() % 2) : 0) : -1);
  if (i % 4 == 1) {
    f[2] = next() % 2 ? f[0] : -f[0];
    f[3] = next() % 2 ? f[1] : -f[1];
  }
  _Complex float cg = rt_divsc3(f[0], f[1], f[2], f[3]), cw = __divsc3(f[0], f[1], f[2], f[3]);
  if (!same_part(__real__ cg, __real__ cw) || !same_part(__imag__ cg, __imag__ cw)) {
    fprintf(stderr, "__divsc3(%a, %a, %a, %a) = (%a, %a), want (%a, %a)\n", f[0], f[1], f[2],
            f[3], __real__ cg, __imag__ cg, __real__ cw, __imag__ cw);
    failures++;
  }
}

/* check_complex compares (gr, gi) with (wr, wi): the same class of each
 * part, equal values for finite parts. */
static void check_complex(const char *name, double a, double b, double c, double d, double gr,
                          double gi, double wr, double wi) {
  int bad = part_class(gr) != part_class(wr) || part_class(gi) != part_class(wi);
  if (!bad)
    bad = (part_class(wr) == 4 && gr != wr) || (part_class(wi) == 4 && gi != wi);
  if (bad) {
    fprintf(stderr, "%s(%a, %a, %a, %a) = (%a, %a), want (%a, %a)\n", name, a, b, c, d, gr, gi,
            wr, wi);
    failures++;
  }
}

int main(void) {
  for (int i = 0; i < 300000; i++) {
    double x = rand_double();
    float y = rand_float();
    CHECK1D("floor", rt_floor, floor);
    CHECK1D("ceil", rt_ceil, ceil);
    CHECK1D("trunc", rt_trunc, trunc);
    CHECK1D("round", rt_round, round);
    CHECK1D("rint", rt_rint, rint);
    CHECK1D("nearbyint", rt_nearbyint, nearbyint);
    CHECK1F("floorf", rt_floorf, floorf);
    CHECK1F("ceilf", rt_ceilf, ceilf);
    CHECK1F("truncf", rt_truncf, truncf);
    CHECK1F("roundf", rt_roundf, roundf);
    CHECK1F("rintf", rt_rintf, rintf);
    CHECK1F("nearbyintf", rt_nearbyintf, nearbyintf);

    double x2 = rand_double(), x3 = rand_double();
    float y2 = rand_float(), y3 = rand_float();
    u64 g = rt_fmin(dbits(x), dbits(x2)), w = dbits(__builtin_fmin(x, x2));
    u64 g2 = rt_fmax(dbits(x), dbits(x2)), w2 = dbits(__builtin_fmax(x, x2));
    u32 gf = rt_fminf(fbits(y), fbits(y2)), wf = fbits(__builtin_fminf(y, y2));
    u32 gf2 = rt_fmaxf(fbits(y), fbits(y2)), wf2 = fbits(__builtin_fmaxf(y, y2));
    if (g != w || g2 != w2 || gf != wf || gf2 != wf2) {
      fprintf(stderr, "fmin/fmax(%a, %a): %a %a, want %a %a; f(%a, %a): %a %a, want %a %a\n", x,
              x2, dval(g), dval(g2), dval(w), dval(w2), y, y2, fval(gf), fval(gf2), fval(wf),
              fval(wf2));
      failures++;
    }

    /* fma: operands with nearby exponents make the interesting cases
     * (cancellation, ties) more frequent. */
    if (next() % 2)
      x3 = -x * x2 * (1 + ldexp((double)(next() % 16), -52));
    g = rt_fma(dbits(x), dbits(x2), dbits(x3));
    w = dbits(fma(x, x2, x3));
    if (!same_nan_or_bits(g, w, isnan(dval(g)), isnan(dval(w)), 0)) {
      fprintf(stderr, "fma(%a, %a, %a) = %a, want %a\n", x, x2, x3, dval(g), dval(w));
      failures++;
    }
    if (next() % 2)
      y3 = -y * y2 * (1 + ldexpf((float)(next() % 16), -23));
    gf = rt_fmaf(fbits(y), fbits(y2), fbits(y3));
    wf = fbits(fmaf(y, y2, y3));
    if (!same_nan_or_bits(gf, wf, isnan(fval(gf)), isnan(fval(wf)), 0)) {
      fprintf(stderr, "fmaf(%a, %a, %a) = %a, want %a\n", y, y2, y3, fval(gf), fval(wf));
      failures++;
    }

    /* Complex multiplication: moderate finite values, sometimes a zero,
     * an infinity or a NaN (Annex G's cases). Division: check_div below. */
    static const double special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN};
    double v[4];
    for (int k = 0; k < 4; k++)
      v[k] = next() % 5 ? ldexp((double)(long long)next(), (int)(next() % 40) - 83)
                        : special[next() % 5];
    _Complex double zg = rt_muldc3(v[0], v[1], v[2], v[3]), zw = __muldc3(v[0], v[1], v[2], v[3]);
    check_complex("__muldc3", v[0], v[1], v[2], v[3], __real__ zg, __imag__ zg, __real__ zw,
                  __imag__ zw);
    float f[4];
    for (int k = 0; k < 4; k++)
      f[k] = (float)v[k];
    _Complex float cg = rt_mulsc3(f[0], f[1], f[2], f[3]), cw = __mulsc3(f[0], f[1], f[2], f[3]);
    check_complex("__mulsc3", f[0], f[1], f[2], f[3], __real__ cg, __imag__ cg, __real__ cw,
                  __imag__ cw);
    if (failures > 30)
      break;
  }
  for (int i = 0; i < 500000 && failures <= 30; i++)
    check_div(i);
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
