/* Host-side check of the runtime's transcendental functions (runtime/cpu0/
 * libm*.c, compiled on the host with rename-libm.h: rt_*) against the
 * host's glibc libm: on random arguments of every magnitude and on edge
 * cases, the difference in ulps (on the ordered integer line of the
 * doubles) must stay within the error libm.c documents relative to the
 * exact value (below 1 ulp) plus glibc's own (its libm-test-ulps): 1 ulp
 * where glibc is below 1 ulp too, 2 for expm1, 3 for sinh, cosh and tanh
 * (glibc: 2), 4 for cbrt (glibc: 4). NaN must match NaN-ness,
 * infinities and zeros exactly (sign included). The float forms are
 * checked against glibc's float functions within 2 ulp (glibc: log10f 2).
 * Prints the largest error seen per function to stderr, and "ok" when all
 * are within bounds. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#define D1(n) double rt_##n(double);
#define D2(n) double rt_##n(double, double);
#define F1(n) float rt_##n##f(float);
#define F2(n) float rt_##n##f(float, float);
D1(sin) D1(cos) D1(tan) D1(asin) D1(acos) D1(atan) D2(atan2) D1(exp) D1(exp2) D1(expm1)
D1(log) D1(log2) D1(log10) D1(log1p) D2(pow) D1(sinh) D1(cosh) D1(tanh) D1(cbrt) D2(hypot)
F1(sin) F1(cos) F1(tan) F1(asin) F1(acos) F1(atan) F2(atan2) F1(exp) F1(exp2) F1(expm1)
F1(log) F1(log2) F1(log10) F1(log1p) F2(pow) F1(sinh) F1(cosh) F1(tanh) F1(cbrt) F2(hypot)
double rt_frexp(double, int *), rt_ldexp(double, int), rt_modf(double, double *);
double rt_fabs(double), rt_copysign(double, double);
D1(asinh) D1(acosh) D1(atanh) F1(asinh) F1(acosh) F1(atanh)
D2(remainder) D2(fdim) D2(nextafter) F2(remainder) F2(fdim) F2(nextafter)
double rt_logb(double);
int rt_ilogb(double);
long rt_lround(double), rt_lrint(double);
long long rt_llround(double), rt_llrint(double);

static int failures;

static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static unsigned long long next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static unsigned long long bits(double x) {
  unsigned long long u;
  memcpy(&u, &x, 8);
  return u;
}

/* ulps is the distance of a and b in units in the last place; a huge
 * value when their class (NaN, infinity, zero sign) differs. */
static double ulps(double a, double b) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b) ? 0 : 1e30;
  if (isinf(a) || isinf(b) || a == 0 || b == 0)
    return bits(a) == bits(b) ? 0 : (fabs(a - b) < 1e-300 && a == b ? 0 : 1e30);
  long long ia = (long long)bits(a), ib = (long long)bits(b);
  if (ia < 0)
    ia = (long long)0x8000000000000000ULL - ia;
  if (ib < 0)
    ib = (long long)0x8000000000000000ULL - ib;
  return fabs((double)(ia - ib));
}

static double fulps(float a, float b) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b) ? 0 : 1e30;
  if (isinf(a) || isinf(b) || a == 0 || b == 0)
    return a == b && signbit(a) == signbit(b) ? 0 : 1e30;
  int ia, ib;
  memcpy(&ia, &a, 4);
  memcpy(&ib, &b, 4);
  if (ia < 0)
    ia = (int)0x80000000u - ia;
  if (ib < 0)
    ib = (int)0x80000000u - ib;
  return fabs((double)ia - (double)ib);
}

/* arg draws a double: any bit pattern, or a value of moderate magnitude
 * (where the functions' results are neither huge nor tiny), or an edge. */
static double arg(void) {
  static const double edge[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 10.0, 1e-310, -1e-310, 1e300,
                                -1e300, 709.78, -745.1, 1e22, 3.141592653589793, 1.5707963267948966,
                                INFINITY, -INFINITY, NAN, 0.7853981633974483, 1e-8, 710.0, 0.9999999};
  unsigned long long r = next();
  double x;
  switch (r % 6) {
  case 0:
    return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
  case 1:
    memcpy(&x, &r, 8);
    return x + 0.0; /* a signaling NaN quieted (hypot(inf, sNaN) is NaN in glibc, inf in musl) */
  default: /* |x| in [2^-20, 2^20) with either sign, or small */
    x = ldexp((double)(next() >> 11) / 9007199254740992.0 + 1, (int)((r >> 8) % 40) - 20);
    return (r >> 20) & 1 ? -x : x;
  }
}

struct fn1 {
  const char *name;
  double (*rt)(double), (*host)(double);
  float (*rtf)(float), (*hostf)(float);
  double bound;
};
struct fn2 {
  const char *name;
  double (*rt)(double, double), (*host)(double, double);
  float (*rtf)(float, float), (*hostf)(float, float);
  double bound;
};

#define E1(n, b) {#n, rt_##n, n, rt_##n##f, n##f, b}
static const struct fn1 fns1[] = {
    E1(sin, 1),  E1(cos, 1),   E1(tan, 1), E1(asin, 1), E1(acos, 1),  E1(atan, 1),  E1(exp, 1),
    E1(exp2, 1), E1(expm1, 2), E1(log, 1), E1(log2, 1), E1(log10, 1), E1(log1p, 1), E1(sinh, 3),
    E1(cosh, 3), E1(tanh, 3),  E1(cbrt, 4),  E1(asinh, 2), E1(acosh, 2), E1(atanh, 2),
};
static const struct fn2 fns2[] = {E1(atan2, 1), E1(pow, 1), E1(hypot, 1)};

int main(void) {
  for (unsigned i = 0; i < sizeof fns1 / sizeof fns1[0]; i++) {
    const struct fn1 *f = &fns1[i];
    double worst = 0, worstf = 0, wx = 0;
    for (int k = 0; k < 100000; k++) {
      double x = arg(), u = ulps(f->rt(x), f->host(x));
      if (u > worst)
        worst = u, wx = x;
      float xf = (float)x;
      double uf = fulps(f->rtf(xf), f->hostf(xf));
      if (uf > worstf)
        worstf = uf;
    }
    fprintf(stderr, "%-6s max %g ulp (at %a), float %g ulp\n", f->name, worst, wx, worstf);
    if (worst > f->bound || worstf > 2) {
      fprintf(stderr, "  %s: beyond the bound of %g ulp\n", f->name, f->bound);
      failures++;
    }
  }
  for (unsigned i = 0; i < sizeof fns2 / sizeof fns2[0]; i++) {
    const struct fn2 *f = &fns2[i];
    double worst = 0, worstf = 0, wx = 0, wy = 0;
    for (int k = 0; k < 100000; k++) {
      double x = arg(), y = arg();
      if (k % 4 == 0) /* small integral exponents and bases */
        y = (double)(long long)(next() % 64) - 20, x = k % 8 ? x : (double)(next() % 20);
      double u = ulps(f->rt(x, y), f->host(x, y));
      if (u > worst)
        worst = u, wx = x, wy = y;
      float xf = (float)x, yf = (float)y;
      double uf = fulps(f->rtf(xf, yf), f->hostf(xf, yf));
      if (uf > worstf)
        worstf = uf;
    }
    fprintf(stderr, "%-6s max %g ulp (at %a, %a), float %g ulp\n", f->name, worst, wx, wy, worstf);
    if (worst > f->bound || worstf > 2) {
      fprintf(stderr, "  %s: beyond the bound of %g ulp\n", f->name, f->bound);
      failures++;
    }
  }
  /* The exact ones: bit for bit. */
  for (int k = 0; k < 100000; k++) {
    double x = arg(), ip1, ip2;
    int e1, e2, n = (int)(next() % 4200) - 2100;
    double m1 = rt_frexp(x, &e1), m2 = frexp(x, &e2);
    double f1 = rt_modf(x, &ip1), f2 = modf(x, &ip2);
    if (ulps(m1, m2) != 0 || (!isnan(x) && !isinf(x) && e1 != e2) || ulps(rt_ldexp(x, n), ldexp(x, n)) != 0 ||
        ulps(f1, f2) != 0 || ulps(ip1, ip2) != 0 || bits(rt_fabs(x)) != bits(fabs(x)) ||
        bits(rt_copysign(1.5, x)) != bits(copysign(1.5, x))) {
      fprintf(stderr, "frexp/ldexp/modf/fabs/copysign differ at %a (n %d)\n", x, n);
      failures++;
      break;
    }
  }
  /* remainder, fdim, nextafter, logb, ilogb and the rounding conversions
   * are exact too. */
  for (int k = 0; k < 100000; k++) {
    double x = arg(), y = k % 3 ? arg() : x * (double)(next() % 9) + (double)(next() % 5) * 0.5;
    float xf = (float)x, yf = (float)y;
    int bad = ulps(rt_remainder(x, y), remainder(x, y)) != 0 || ulps(rt_fdim(x, y), fdim(x, y)) != 0 ||
              ulps(rt_nextafter(x, y), nextafter(x, y)) != 0 || ulps(rt_logb(x), logb(x)) != 0 ||
              rt_ilogb(x) != ilogb(x) || fulps(rt_remainderf(xf, yf), remainderf(xf, yf)) != 0 ||
              fulps(rt_fdimf(xf, yf), fdimf(xf, yf)) != 0 || fulps(rt_nextafterf(xf, yf), nextafterf(xf, yf)) != 0;
    if (!bad && fabs(x) < 1e15)
      bad = rt_lround(x) != lround(x) || rt_llround(x) != llround(x) || rt_lrint(x) != lrint(x) ||
            rt_llrint(x) != llrint(x);
    if (bad) {
      fprintf(stderr, "remainder/fdim/nextafter/logb/ilogb/lround/lrint differ at %a, %a\n", x, y);
      failures++;
      break;
    }
  }
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
