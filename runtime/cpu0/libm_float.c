/* The float forms of the transcendental functions: the double function's
 * result rounded to float. The double result is within 1 ulp of double
 * (2^-29 of a float ulp), so the float result is the correctly rounded
 * one except when the exact value lies within that distance of a halfway
 * point between two floats (then it may be the other neighbour: at most
 * 1 ulp off). glibc's float functions are correctly rounded or < 1 ulp. */
#include <stdint.h>
#include <string.h>

static uint32_t asuint(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  return u;
}

static float asfloat(uint32_t u) {
  float x;
  memcpy(&x, &u, 4);
  return x;
}

double sin(double), cos(double), tan(double), atan(double), exp(double);
double expm1(double), log(double), log1p(double);
double asin(double), acos(double), atan2(double, double), exp2(double);
double log2(double), log10(double), pow(double, double), sinh(double);
double cosh(double), tanh(double), cbrt(double), hypot(double, double);
double frexp(double, int *), ldexp(double, int), modf(double, double *);

#define F1(name)                                                               \
  __attribute__((weak)) float name##f(float x) { return (float)name(x); }
#define F2(name)                                                               \
  __attribute__((weak)) float name##f(float x, float y) {                      \
    return (float)name(x, y);                                                  \
  }
F1(sin)
F1(cos)
F1(tan)
F1(asin)
F1(acos)
F1(atan)
F2(atan2)
F1(exp)
F1(exp2)
F1(expm1)
F1(log)
F1(log2)
F1(log10)
F1(log1p)
F2(pow)
F1(sinh)
F1(cosh)
F1(tanh)
F1(cbrt)
F2(hypot)

/* The exact ones: every float is a double, and these results are exact. */
__attribute__((weak)) float fabsf(float x) { return asfloat(asuint(x) & 0x7fffffff); }
__attribute__((weak)) float copysignf(float x, float y) {
  return asfloat((asuint(x) & 0x7fffffff) | (asuint(y) & 0x80000000));
}
__attribute__((weak)) float frexpf(float x, int *e) { return (float)frexp(x, e); }
__attribute__((weak)) float modff(float x, float *ip) {
  double i, f = modf(x, &i);
  *ip = (float)i;
  return (float)f;
}
/* ldexpf rounds once: a float result that is subnormal is rounded from
 * the exact double product. */
__attribute__((weak)) float ldexpf(float x, int n) {
  if (n > 300)
    n = 300;
  if (n < -400)
    n = -400;
  return (float)ldexp(x, n);
}
__attribute__((weak)) float scalbnf(float x, int n) { return ldexpf(x, n); }
