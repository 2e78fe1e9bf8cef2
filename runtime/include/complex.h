/* <complex.h> of the Cpu0 C library: I, CMPLX and the functions as
 * static inline code over <math.h> (so no complex value crosses a call
 * into the runtime, whose convention for them differs between triples).
 * cexp, clog, csqrt, cpow and the trigonometric ones use the textbook
 * formulas: near glibc's values, but without its care for the branch cuts
 * of signed zeros and for overflow in intermediate results. */
#ifndef _CPU0_COMPLEX_H
#define _CPU0_COMPLEX_H
#include <math.h>

#define complex _Complex
#define _Complex_I (__extension__ 1.0iF)
#define I _Complex_I
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))

static inline double creal(double _Complex z) { return __real__ z; }
static inline double cimag(double _Complex z) { return __imag__ z; }
static inline double _Complex conj(double _Complex z) { return __builtin_complex(__real__ z, -__imag__ z); }
static inline double cabs(double _Complex z) { return hypot(__real__ z, __imag__ z); }
static inline double carg(double _Complex z) { return atan2(__imag__ z, __real__ z); }
static inline double _Complex cproj(double _Complex z) {
  if (isinf(__real__ z) || isinf(__imag__ z))
    return __builtin_complex((double)INFINITY, copysign(0.0, __imag__ z));
  return z;
}
static inline double _Complex cexp(double _Complex z) {
  double e = exp(__real__ z);
  if (__imag__ z == 0)
    return __builtin_complex(e, __imag__ z);
  return __builtin_complex(e * cos(__imag__ z), e * sin(__imag__ z));
}
static inline double _Complex clog(double _Complex z) { return __builtin_complex(log(cabs(z)), carg(z)); }
static inline double _Complex csqrt(double _Complex z) {
  double re = __real__ z, im = __imag__ z;
  if (re == 0 && im == 0)
    return __builtin_complex(0.0, im);
  double t = sqrt((fabs(re) + cabs(z)) / 2);
  if (re >= 0)
    return __builtin_complex(t, im / (2 * t));
  return __builtin_complex(fabs(im) / (2 * t), copysign(t, im));
}
static inline double _Complex cpow(double _Complex a, double _Complex b) {
  if (__real__ a == 0 && __imag__ a == 0)
    return __builtin_complex(0.0, 0.0);
  return cexp(b * clog(a));
}
static inline double _Complex csin(double _Complex z) {
  return __builtin_complex(sin(__real__ z) * cosh(__imag__ z), cos(__real__ z) * sinh(__imag__ z));
}
static inline double _Complex ccos(double _Complex z) {
  return __builtin_complex(cos(__real__ z) * cosh(__imag__ z), -sin(__real__ z) * sinh(__imag__ z));
}
static inline double _Complex ctan(double _Complex z) { return csin(z) / ccos(z); }

static inline float crealf(float _Complex z) { return __real__ z; }
static inline float cimagf(float _Complex z) { return __imag__ z; }
static inline float _Complex conjf(float _Complex z) { return __builtin_complex(__real__ z, -__imag__ z); }
static inline float cabsf(float _Complex z) { return hypotf(__real__ z, __imag__ z); }
static inline float cargf(float _Complex z) { return atan2f(__imag__ z, __real__ z); }
static inline float _Complex cexpf(float _Complex z) {
  double _Complex r = cexp(__builtin_complex((double)__real__ z, (double)__imag__ z));
  return __builtin_complex((float)__real__ r, (float)__imag__ r);
}
static inline float _Complex csqrtf(float _Complex z) {
  double _Complex r = csqrt(__builtin_complex((double)__real__ z, (double)__imag__ z));
  return __builtin_complex((float)__real__ r, (float)__imag__ r);
}
#endif
