/* Complex multiplication and division, which clang calls for _Complex
 * float (__mulsc3, __divsc3) and _Complex double (__muldc3, __divdc3)
 * operands, with the semantics of C11 Annex G (G.5.1): the textbook
 * formulas, and when both parts of the result come out NaN, a recomputation
 * that turns infinite operands into infinite results (an infinity times a
 * nonzero finite number is infinite, a finite number divided by an infinity
 * is zero, a nonzero number divided by zero is infinite). Division scales
 * the divisor by a power of two (its larger part's exponent) so that
 * c*c + d*d neither overflows nor underflows, as compiler-rt does.
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

/* COMPLEX_OPS(T, U, MB, BIAS, S, MUL, DIV) defines, for floating type T
 * whose bit pattern is the unsigned integer U with MB fraction bits and
 * exponent bias BIAS, the helpers cx_*S and the functions MUL and DIV. */
#define COMPLEX_OPS(T, U, MB, BIAS, S, MUL, DIV)                              \
  /* cx_copysign##S gives x with the sign of y. */                            \
  static T cx_copysign##S(T x, T y) {                                         \
    union { T f; U u; } a = {x}, b = {y};                                     \
    U sb = (U)1 << (8 * sizeof(U) - 1);                                       \
    a.u = (a.u & ~sb) | (b.u & sb);                                           \
    return a.f;                                                               \
  }                                                                           \
  /* cx_pow2##S is 2^n for a normal exponent n. */                            \
  static T cx_pow2##S(int n) {                                                \
    union { U u; T f; } p = {(U)(n + BIAS) << MB};                            \
    return p.f;                                                               \
  }                                                                           \
  /* cx_scale##S is x * 2^n (scalbn): the steps toward small results keep     \
   * MB+1 bits of headroom so that normal values round only once. */          \
  static T cx_scale##S(T x, int n) {                                          \
    for (int i = 0; i < 2 && n > BIAS; i++) {                                 \
      x *= cx_pow2##S(BIAS);                                                  \
      n -= BIAS;                                                              \
    }                                                                         \
    for (int i = 0; i < 2 && n < 1 - BIAS; i++) {                             \
      x *= cx_pow2##S(1 - BIAS + MB + 1);                                     \
      n -= 1 - BIAS + MB + 1;                                                 \
    }                                                                         \
    if (n > BIAS)                                                             \
      n = BIAS;                                                               \
    if (n < 1 - BIAS)                                                         \
      n = 1 - BIAS;                                                           \
    return x * cx_pow2##S(n);                                                 \
  }                                                                           \
  /* cx_logb##S is the exponent of x: -inf for 0, +inf for inf, NaN for NaN. */ \
  static T cx_logb##S(T x) {                                                  \
    union { T f; U u; } a = {x};                                              \
    U m = a.u & (((U)1 << (8 * sizeof(U) - 1)) - 1);                          \
    int be = (int)(m >> MB);                                                  \
    if (be == 2 * BIAS + 1)                                                   \
      return x * x; /* inf or NaN */                                          \
    if (m == 0)                                                               \
      return -1 / (x * x);                                                    \
    if (be == 0) { /* subnormal: the exponent of its leading one */           \
      int e = 1 - BIAS;                                                       \
      for (; !(m >> MB); m <<= 1)                                             \
        e--;                                                                  \
      return (T)e;                                                            \
    }                                                                         \
    return (T)(be - BIAS);                                                    \
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
  _Complex T DIV(T a, T b, T c, T d) {                                        \
    T ac_ = __builtin_fabs(c), ad_ = __builtin_fabs(d);                       \
    T lg = cx_logb##S(ac_ > ad_ || isnan_(ad_) ? ac_ : ad_);                  \
    int n = 0;                                                                \
    if (isfinite_(lg)) {                                                      \
      n = (int)lg;                                                            \
      c = cx_scale##S(c, -n);                                                 \
      d = cx_scale##S(d, -n);                                                 \
    }                                                                         \
    T den = c * c + d * d;                                                    \
    T x = cx_scale##S((a * c + b * d) / den, -n);                             \
    T y = cx_scale##S((b * c - a * d) / den, -n);                             \
    if (isnan_(x) && isnan_(y)) {                                             \
      T inf = __builtin_inf();                                                \
      if (den == 0 && (!isnan_(a) || !isnan_(b))) {                           \
        x = cx_copysign##S(inf, c) * a;                                       \
        y = cx_copysign##S(inf, c) * b;                                       \
      } else if ((isinf_(a) || isinf_(b)) && isfinite_(c) && isfinite_(d)) {  \
        a = cx_unit##S(a);                                                    \
        b = cx_unit##S(b);                                                    \
        x = inf * (a * c + b * d);                                            \
        y = inf * (b * c - a * d);                                            \
      } else if (isinf_(lg) && lg > 0 && isfinite_(a) && isfinite_(b)) {      \
        c = cx_unit##S(c);                                                    \
        d = cx_unit##S(d);                                                    \
        x = 0 * (a * c + b * d);                                              \
        y = 0 * (b * c - a * d);                                              \
      }                                                                       \
    }                                                                         \
    _Complex T r;                                                             \
    __real__ r = x;                                                           \
    __imag__ r = y;                                                           \
    return r;                                                                 \
  }

COMPLEX_OPS(float, unsigned, 23, 127, f, __mulsc3, __divsc3)
COMPLEX_OPS(double, unsigned long long, 52, 1023, d, __muldc3, __divdc3)
