/* The <math.h> functions that LLVM intrinsics lower to (llvm.floor, ceil,
 * trunc, round, rint, nearbyint, minnum, maxnum): floats and doubles as
 * u32/u64 bit patterns, like softfloat.c, which also holds sqrt, fmod and
 * fma. All results are exact, so they are bit-exact with any correct libm.
 * There is one rounding mode (to nearest) and no exception flags, so rint
 * and nearbyint are the same function. A NaN operand gives itself quieted,
 * as glibc does. */
#include "rt.h"
#include "fp.h"

enum { R_FLOOR, R_CEIL, R_TRUNC, R_ROUND, R_RINT };

/* round_int rounds x to an integral value of the same format: toward -inf,
 * +inf or zero, half away from zero (round) or half to even (rint). */
static u64 round_int(u64 x, const fmt *f, int mode) {
  u64 sign = x & sign_bit(f);
  int e = exp_of(x, f) - f->bias;
  if (e >= f->mb) /* already integral, infinite or NaN */
    return is_nan(x, f) ? x | quiet_bit(f) : x;
  int up; /* whether the magnitude rounds up */
  if (e < 0) {
    /* |x| < 1: the result is +-0 or +-1. */
    if ((x & (sign_bit(f) - 1)) == 0)
      return x;
    switch (mode) {
    case R_FLOOR:
      up = sign != 0;
      break;
    case R_CEIL:
      up = sign == 0;
      break;
    case R_ROUND:
      up = e == -1; /* |x| >= 0.5 */
      break;
    case R_RINT:
      up = e == -1 && (x & frac_mask(f)) != 0; /* |x| > 0.5 */
      break;
    default:
      up = 0;
    }
    return sign | (up ? (u64)f->bias << f->mb : 0);
  }
  /* The low fb bits of the fraction are below the units place. Adding one
   * unit to the truncated magnitude may carry into the exponent field,
   * which is the correct next integer. */
  int fb = f->mb - e;
  u64 mask = (1ULL << fb) - 1, frac = x & mask, half = 1ULL << (fb - 1);
  if (frac == 0)
    return x;
  x &= ~mask;
  switch (mode) {
  case R_FLOOR:
    up = sign != 0;
    break;
  case R_CEIL:
    up = sign == 0;
    break;
  case R_ROUND:
    up = frac >= half;
    break;
  case R_RINT: /* bit fb is the units bit (for e == 0, the exponent's odd
                  low bit: 1) */
    up = frac > half || (frac == half && ((x >> fb) & 1));
    break;
  default:
    up = 0;
  }
  return up ? x + (1ULL << fb) : x;
}

RT_WEAK u32 floorf(u32 x) { return (u32)round_int(x, &F32, R_FLOOR); }
RT_WEAK u64 floor(u64 x) { return round_int(x, &F64, R_FLOOR); }
RT_WEAK u32 ceilf(u32 x) { return (u32)round_int(x, &F32, R_CEIL); }
RT_WEAK u64 ceil(u64 x) { return round_int(x, &F64, R_CEIL); }
RT_WEAK u32 truncf(u32 x) { return (u32)round_int(x, &F32, R_TRUNC); }
RT_WEAK u64 trunc(u64 x) { return round_int(x, &F64, R_TRUNC); }
RT_WEAK u32 roundf(u32 x) { return (u32)round_int(x, &F32, R_ROUND); }
RT_WEAK u64 round(u64 x) { return round_int(x, &F64, R_ROUND); }
RT_WEAK u32 rintf(u32 x) { return (u32)round_int(x, &F32, R_RINT); }
RT_WEAK u64 rint(u64 x) { return round_int(x, &F64, R_RINT); }
RT_WEAK u32 nearbyintf(u32 x) { return (u32)round_int(x, &F32, R_RINT); }
RT_WEAK u64 nearbyint(u64 x) { return round_int(x, &F64, R_RINT); }

/* order maps a non-NaN x to an integer of the same order (+0 == -0). */
static s64 order(u64 x, const fmt *f) {
  s64 m = (s64)(x & (sign_bit(f) - 1));
  return (x & sign_bit(f)) ? -m : m;
}

/* minmax is IEEE-754 minNum/maxNum as LLVM's llvm.minnum/maxnum define
 * them: a NaN operand gives the other operand; of two equal operands
 * (+0 and -0 too) the first, as LLVM's constant folder and its x86
 * lowering (on which lli's reference results run) return. */
static u64 minmax(u64 a, u64 b, const fmt *f, int max) {
  if (is_nan(a, f))
    return b;
  if (is_nan(b, f))
    return a;
  s64 oa = order(a, f), ob = order(b, f);
  return (max ? ob > oa : ob < oa) ? b : a;
}

RT_WEAK u32 fminf(u32 a, u32 b) { return (u32)minmax(a, b, &F32, 0); }
RT_WEAK u64 fmin(u64 a, u64 b) { return minmax(a, b, &F64, 0); }
RT_WEAK u32 fmaxf(u32 a, u32 b) { return (u32)minmax(a, b, &F32, 1); }
RT_WEAK u64 fmax(u64 a, u64 b) { return minmax(a, b, &F64, 1); }
