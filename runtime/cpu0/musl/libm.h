/* What musl's src/internal/libm.h (and the public headers its math files
 * include) provides to the files in this directory, for the Cpu0 runtime:
 * the files are musl 1.2.3's src/math (MIT licence, musl/COPYRIGHT) with
 * their #include lines removed, compiled through the libm_*.c files one
 * directory up. Double arithmetic is IEEE soft float (softfloat.c:
 * correctly rounded, to nearest, no exception flags), FLT_EVAL_METHOD is
 * 0, long double is double (O32), and there is no FMA instruction. */
#ifndef CPU0_MUSL_LIBM_H
#define CPU0_MUSL_LIBM_H

#include <float.h>
#include <stdint.h>

#define hidden
#define WANT_ROUNDING 1
#define TOINT_INTRINSICS 0
#define issignaling_inline(x) 0
#define predict_true(x) __builtin_expect(!!(x), 1)
#define predict_false(x) __builtin_expect(x, 0)

typedef double double_t;
typedef float float_t;

static inline double eval_as_double(double x) { return x; }
static inline float eval_as_float(float x) { return x; }
/* The barriers keep clang from folding the expressions whose only purpose
 * is to raise exception flags; with soft float they are merely harmless. */
static inline double fp_barrier(double x) {
  volatile double y = x;
  return y;
}
static inline void fp_force_eval(double x) {
  volatile double y;
  y = x;
}
static inline void fp_force_evalf(float x) {
  volatile float y;
  y = x;
}
#define FORCE_EVAL(x)                                                          \
  do {                                                                         \
    if (sizeof(x) == sizeof(float))                                            \
      fp_force_evalf(x);                                                       \
    else                                                                       \
      fp_force_eval(x);                                                        \
  } while (0)

#define asuint(f) ((union {float _f; uint32_t _i;}){f})._i
#define asfloat(i) ((union {uint32_t _i; float _f;}){i})._f
#define asuint64(f) ((union {double _f; uint64_t _i;}){f})._i
#define asdouble(i) ((union {uint64_t _i; double _f;}){i})._f

#define EXTRACT_WORDS(hi, lo, d)                                               \
  do {                                                                         \
    uint64_t __u = asuint64(d);                                                \
    (hi) = __u >> 32;                                                          \
    (lo) = (uint32_t)__u;                                                      \
  } while (0)
#define GET_HIGH_WORD(hi, d)                                                   \
  do {                                                                         \
    (hi) = asuint64(d) >> 32;                                                  \
  } while (0)
#define GET_LOW_WORD(lo, d)                                                    \
  do {                                                                         \
    (lo) = (uint32_t)asuint64(d);                                              \
  } while (0)
#define INSERT_WORDS(d, hi, lo)                                                \
  do {                                                                         \
    (d) = asdouble(((uint64_t)(hi) << 32) | (uint32_t)(lo));                   \
  } while (0)
#define SET_HIGH_WORD(d, hi) INSERT_WORDS(d, hi, (uint32_t)asuint64(d))
#define SET_LOW_WORD(d, lo) INSERT_WORDS(d, asuint64(d) >> 32, lo)

/* <math.h>, as far as the files use it. */
#define HUGE_VAL __builtin_huge_val()
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf(x)
#define signbit(x) __builtin_signbit(x)
double sqrt(double), fabs(double), floor(double), scalbn(double, int);
double exp(double), expm1(double), log(double), log1p(double);
double sin(double), cos(double), tan(double), atan(double);

int __rem_pio2_large(double *, double *, int, int, int);
int __rem_pio2(double, double *);
double __sin(double, double, int);
double __cos(double, double);
double __tan(double, double, int);
double __expo2(double, double);
double __math_xflow(uint32_t, double);
double __math_uflow(uint32_t);
double __math_oflow(uint32_t);
double __math_divzero(uint32_t);
double __math_invalid(double);

#endif
