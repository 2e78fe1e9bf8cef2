/* Complex multiplication and division, which clang calls for _Complex
 * float (__mulsc3, __divsc3) and _Complex double (__muldc3, __divdc3)
 * operands, with the semantics of C11 Annex G (G.5.1): the textbook
 * formulas, and when both parts of the result come out NaN, a recomputation
 * that turns infinite operands into infinite results (an infinity times a
 * nonzero finite number is infinite, a finite number divided by an infinity
 * is zero, a nonzero number divided by zero is infinite).
 *
 * Division gives the same bits as GCC 12's libgcc, which the references
 * (lli, native and sanitizer builds on the host) link: Smith's method with
 * the operands scaled by powers of two near the ends of the exponent range
 * (McGehearty's 2020 refinement), and for float operands the same method in
 * double precision, rounded once to float. compiler-rt's algorithm (the
 * divisor scaled by its exponent) differs in the last bits, in the sign of
 * zero parts and in overflow at extreme exponents.
 *
 * The C is written with float and double, which lltosimd's soft-float
 * lowering turns into calls of softfloat.c. A _Complex double result (four
 * words) comes back through a hidden result pointer, a _Complex float in
 * $2/$3. */
#include "rt.h"

#pragma STDC FP_CONTRACT OFF

#define isnan_(x) __builtin_isnan(x)
#define isinf_(x) __builtin_isinf(x)
#define isfinite_(x) __builtin_isfinite(x)

/* COMPLEX_OPS(T, U, S, MUL) defines, for floating type T whose bit pattern
 * is the unsigned integer U, the helpers cx_*S and the function MUL. */
#define COMPLEX_OPS(T, U, S, MUL)                                             \
  /* cx_copysign##S gives x with the sign of y. */                            \
  static T cx_copysign##S(T x, T y) {                                         \
    union { T f; U u; } a = {x}, b = {y};                                     \
    U sb = (U)1 << (8 * sizeof(U) - 1);                                       \
    a.u = (a.u & ~sb) | (b.u & sb);                                           \
    return a.f;                                                               \
  }                                                                           \
  /* cx_zero_nan##S: a NaN becomes 0 with its sign (Annex G's recovery). */   \
  static T cx_zero_nan##S(T x) { return isnan_(x) ? cx_copysign##S(0, x) : x; } \
  /* cx_unit##S: +-1 for an infinity, +-0 otherwise, with x's sign. */        \
  static T cx_unit##S(T x) { return cx_copysign##S(isinf_(x) ? 1 : 0, x); }   \
                                                                              \
  _Complex T MUL(T a, T b, T c, T d) {                                        \
    T ac = a * c, bd = b * d, ad = a * d, bc = b * c;                         \
    T x = ac - bd, y = ad + bc;                                               \
    if (isnan_(x) && isnan_(y)) {                                             \
      int again = 0;                                                          \
      if (isinf_(a) || isinf_(b)) {                                           \
        a = cx_unit##S(a);                                                    \
        b = cx_unit##S(b);                                                    \
        c = cx_zero_nan##S(c);                                                \
        d = cx_zero_nan##S(d);                                                \
        again = 1;                                                            \
      }                                                                       \
      if (isinf_(c) || isinf_(d)) {                                           \
        c = cx_unit##S(c);                                                    \
        d = cx_unit##S(d);                                                    \
        a = cx_zero_nan##S(a);                                                \
        b = cx_zero_nan##S(b);                                                \
        again = 1;                                                            \
      }                                                                       \
      if (!again && (isinf_(ac) || isinf_(bd) || isinf_(ad) || isinf_(bc))) { \
        /* Overflowed partial products: NaNs came from inf - inf. */          \
        a = cx_zero_nan##S(a);                                                \
        b = cx_zero_nan##S(b);                                                \
        c = cx_zero_nan##S(c);                                                \
        d = cx_zero_nan##S(d);                                                \
        again = 1;                                                            \
      }                                                                       \
      if (again) {                                                            \
        T inf = __builtin_inf();                                              \
        x = inf * (a * c - b * d);                                            \
        y = inf * (a * d + b * c);                                            \
      }                                                                       \
    }                                                                         \
    _Complex T r;                                                             \
    __real__ r = x;                                                           \
    __imag__ r = y;                                                           \
    return r;                                                                 \
  }                                                                           \
                                                                              \
  /* cx_div_recover##S is Annex G's second look at a quotient x + iy of     \
   * (a + ib)/(c + id) that came out NaN + iNaN: infinities and zeros that   \
   * the formulas lost. It computes in T, as libgcc does (for float, a sum   \
   * that overflows float gives NaN here where double would not). */        \
  static void cx_div_recover##S(T a, T b, T c, T d, T *x, T *y) {            \
    if (!isnan_(*x) || !isnan_(*y))                                           \
      return;                                                                 \
    T inf = __builtin_inf();                                                  \
    if (c == 0 && d == 0 && (!isnan_(a) || !isnan_(b))) {                     \
      *x = cx_copysign##S(inf, c) * a;                                        \
      *y = cx_copysign##S(inf, c) * b;                                        \
    } else if ((isinf_(a) || isinf_(b)) && isfinite_(c) && isfinite_(d)) {    \
      a = cx_unit##S(a);                                                      \
      b = cx_unit##S(b);                                                      \
      *x = inf * (a * c + b * d);                                             \
      *y = inf * (b * c - a * d);                                             \
    } else if ((isinf_(c) || isinf_(d)) && isfinite_(a) && isfinite_(b)) {    \
      c = cx_unit##S(c);                                                      \
      d = cx_unit##S(d);                                                      \
      *x = 0 * (a * c + b * d);                                               \
      *y = 0 * (b * c - a * d);                                               \
    }                                                                         \
  }

COMPLEX_OPS(float, unsigned, f, __mulsc3)
COMPLEX_OPS(double, unsigned long long, d, __muldc3)

/* Thresholds of the scaling in cx_smith (McGehearty's names): RBIG is half
 * the largest double, RMIN the smallest normal, RMIN2 the epsilon,
 * RMINSCAL its inverse, RMAX2 = RBIG * RMIN2. */
#define RBIG 0x1.fffffffffffffp+1022
#define RMIN 0x1p-1022
#define RMIN2 0x1p-52
#define RMINSCAL 0x1p+52
#define RMAX2 0x1.fffffffffffffp+970

/* cx_smith divides (*a + i*b) by (*c + i*d) into *x + i*y with Smith's
 * method: the divisor's smaller part is divided by its larger one, so that
 * no square is formed. Before that, all four operands are halved when the
 * divisor's larger part is near the overflow threshold, and multiplied by
 * 2^52 when it is tiny, or when a numerator part is subnormal and nothing
 * can overflow; a subnormal ratio takes another order of operations. The
 * operands are left scaled: the Annex G recovery looks at them so. */
static void cx_smith(double *a, double *b, double *c, double *d, double *x, double *y) {
  int dbig = __builtin_fabs(*c) < __builtin_fabs(*d); /* NaNs: c is the larger */
  double big = __builtin_fabs(dbig ? *d : *c);
  double scale = 1;
  if (big >= RBIG)
    scale = 0.5;
  else if (big < RMIN2 ||
           (__builtin_fabs(*a) < RMIN && __builtin_fabs(*b) < RMAX2 && big < RMAX2) ||
           (__builtin_fabs(*b) < RMIN && __builtin_fabs(*a) < RMAX2 && big < RMAX2))
    scale = RMINSCAL;
  if (scale != 1) {
    *a *= scale;
    *b *= scale;
    *c *= scale;
    *d *= scale;
  }
  if (dbig) {
    double ratio = *c / *d, den = *c * ratio + *d;
    if (__builtin_fabs(ratio) > RMIN) {
      *x = (*a * ratio + *b) / den;
      *y = (*b * ratio - *a) / den;
    } else {
      *x = (*c * (*a / *d) + *b) / den;
      *y = (*c * (*b / *d) - *a) / den;
    }
  } else {
    double ratio = *d / *c, den = *d * ratio + *c;
    if (__builtin_fabs(ratio) > RMIN) {
      *x = (*b * ratio + *a) / den;
      *y = (*b - *a * ratio) / den;
    } else {
      *x = (*a + *d * (*b / *c)) / den;
      *y = (*b - *d * (*a / *c)) / den;
    }
  }
}

_Complex double __divdc3(double a, double b, double c, double d) {
  double x, y;
  cx_smith(&a, &b, &c, &d, &x, &y);
  cx_div_recoverd(a, b, c, d, &x, &y);
  _Complex double r;
  __real__ r = x;
  __imag__ r = y;
  return r;
}

/* __divsc3 divides with the textbook formulas in double and rounds once
 * to float, as libgcc does where double is in hardware: the products of
 * float operands are exact in double and nothing overflows or underflows,
 * so only the sums and the quotient round (Smith's method gives other
 * bits: (1 - i)/(-1 + i) would get the imaginary part -0, not +0). */
_Complex float __divsc3(float a, float b, float c, float d) {
  double dc = c, dd = d, den = dc * dc + dd * dd;
  float x = (float)(((double)a * dc + (double)b * dd) / den);
  float y = (float)(((double)b * dc - (double)a * dd) / den);
  cx_div_recoverf(a, b, c, d, &x, &y);
  _Complex float r;
  __real__ r = x;
  __imag__ r = y;
  return r;
}
