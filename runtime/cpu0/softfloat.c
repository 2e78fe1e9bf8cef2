/* IEEE-754 binary32 and binary64 arithmetic in integer code (soft float).
 *
 * lltosimd's soft-float legalization turns float and double operations into
 * calls of these libgcc/compiler-rt-named functions. Cpu0 passes a float in
 * one integer register and a double like a 64-bit integer, so the functions
 * take and return the bit patterns as unsigned integers: the same calling
 * convention as the float-typed libgcc prototypes under that ABI.
 *
 * Rounding is to nearest, ties to even; subnormals, infinities and NaNs are
 * handled; no exception flags are kept. The NaN policy follows x86 SSE, the
 * host on which lli computes the reference results:
 *   - an operation with a NaN operand returns the first NaN operand (a
 *     before b), quieted, with its payload and sign kept;
 *   - an invalid operation (inf - inf, 0 * inf, 0 / 0, inf / inf) returns
 *     the "default NaN" with the sign bit set (0xFFC00000, 0xFFF8...0);
 *   - conversions between float and double keep the NaN's sign and the top
 *     of its payload and quiet it;
 *   - float to signed integer conversions of NaN or out-of-range values give
 *     the most negative integer (x86 "integer indefinite"); float to
 *     unsigned conversions saturate (negative and NaN give 0, too large
 *     values all ones), as compiler-rt does.
 *
 * Both formats share one implementation: a finite nonzero value is unpacked
 * into a sign, an unbiased exponent e and a 64-bit significand sig whose
 * leading one is at bit 62, meaning sig * 2^(e-62); results are rounded and
 * packed by round_pack. A format is described by its number of fraction
 * bits (23 or 52) and exponent bits (8 or 11); packed values travel in a
 * u64 (a float in its low word). */
#include "rt.h"
#include "fp.h"

static int clz32(u32 x) {
  int n = 0;
  if (x == 0)
    return 32;
  if (!(x & 0xffff0000u)) {
    n += 16;
    x <<= 16;
  }
  if (!(x & 0xff000000u)) {
    n += 8;
    x <<= 8;
  }
  if (!(x & 0xf0000000u)) {
    n += 4;
    x <<= 4;
  }
  if (!(x & 0xc0000000u)) {
    n += 2;
    x <<= 2;
  }
  if (!(x & 0x80000000u))
    n++;
  return n;
}

static int clz64(u64 x) {
  u32 h = (u32)(x >> 32);
  return h ? clz32(h) : 32 + clz32((u32)x);
}

/* shr_jam shifts right by n (any n >= 0), or-ing every bit shifted out
 * into bit 0 so that rounding still sees that the value was inexact. */
static u64 shr_jam(u64 x, int n) {
  if (n == 0)
    return x;
  if (n >= 64)
    return x != 0;
  return (x >> n) | ((x << (64 - n)) != 0);
}

/* round_pack rounds sig * 2^(e-62) (sig's leading one at bit 62, sig may
 * carry sticky bits below the result's precision) to the format. */
static u64 round_pack(u64 sign, int e, u64 sig, const fmt *f) {
  int sh = 62 - f->mb;
  int be = e + f->bias;
  if (be <= 0) {
    /* Below the normal range: scale to the subnormal exponent. */
    sig = shr_jam(sig, 1 - be);
    be = 0;
  }
  u64 half = 1ULL << (sh - 1);
  u64 rem = sig & ((1ULL << sh) - 1);
  u64 m = sig >> sh;
  if (rem > half || (rem == half && (m & 1)))
    m++;
  if (be == 0)
    /* A subnormal; if rounding carried into bit mb, m's implicit bit makes
     * it the smallest normal, which the same packing expresses. */
    return sign | m;
  if (m >> (f->mb + 1)) {
    m >>= 1;
    be++;
  }
  if (be >= f->emax)
    return sign | inf_of(f);
  /* m includes the implicit bit, which adds one to the exponent field. */
  return sign | (((u64)(be - 1) << f->mb) + m);
}

/* unpack splits a finite nonzero x into exponent and normalized sig. */
static void unpack(u64 x, const fmt *f, int *e, u64 *sig) {
  int be = exp_of(x, f);
  u64 m = x & frac_mask(f);
  if (be == 0) {
    int n = clz64(m) - (63 - f->mb); /* shift that makes bit mb lead */
    m <<= n;
    be = 1 - n;
  } else {
    m |= 1ULL << f->mb;
  }
  *e = be - f->bias;
  *sig = m << (62 - f->mb);
}

/* nan_result returns the quieted first NaN among a and b. */
static u64 nan_result(u64 a, u64 b, const fmt *f) {
  return (is_nan(a, f) ? a : b) | quiet_bit(f);
}

static u64 fadd(u64 a, u64 b, const fmt *f) {
  u64 sb = sign_bit(f), absmask = sb - 1;
  u64 aa = a & absmask, ab = b & absmask;
  if (is_nan(a, f) || is_nan(b, f))
    return nan_result(a, b, f);
  if (aa == inf_of(f)) {
    if (ab == inf_of(f) && (a ^ b) & sb)
      return default_nan(f);
    return a;
  }
  if (ab == inf_of(f))
    return b;
  if (aa == 0) {
    if (ab == 0)
      return a & b; /* -0 + -0 = -0, otherwise +0 */
    return b;
  }
  if (ab == 0)
    return a;
  /* Make a the operand of larger magnitude. */
  if (ab > aa) {
    u64 t = a;
    a = b;
    b = t;
  }
  u64 sign = a & sb;
  int ea, eb;
  u64 ma, mb;
  unpack(a, f, &ea, &ma);
  unpack(b, f, &eb, &mb);
  mb = shr_jam(mb, ea - eb);
  if ((a ^ b) & sb) {
    u64 d = ma - mb;
    if (d == 0)
      return 0; /* exact cancellation is +0 when rounding to nearest */
    int n = clz64(d) - 1;
    return round_pack(sign, ea - n, d << n, f);
  }
  u64 s = ma + mb;
  if (s >> 63) {
    s = shr_jam(s, 1);
    ea++;
  }
  return round_pack(sign, ea, s, f);
}

/* mul64 sets (*hi, *lo) to the 128-bit product of a and b. */
static void mul64(u64 a, u64 b, u64 *hi, u64 *lo) {
  u64 a0 = (u32)a, a1 = a >> 32, b0 = (u32)b, b1 = b >> 32;
  u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  u64 mid = (p00 >> 32) + (u32)p01 + (u32)p10;
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  *lo = (mid << 32) | (u32)p00;
}

static u64 fmul(u64 a, u64 b, const fmt *f) {
  u64 sb = sign_bit(f), absmask = sb - 1;
  u64 aa = a & absmask, ab = b & absmask;
  u64 sign = (a ^ b) & sb;
  if (is_nan(a, f) || is_nan(b, f))
    return nan_result(a, b, f);
  if (aa == inf_of(f) || ab == inf_of(f)) {
    if (aa == 0 || ab == 0)
      return default_nan(f);
    return sign | inf_of(f);
  }
  if (aa == 0 || ab == 0)
    return sign;
  int ea, eb;
  u64 ma, mb, hi, lo;
  unpack(a, f, &ea, &ma);
  unpack(b, f, &eb, &mb);
  /* The product's leading one is at bit 124 or 125: bring it to bit 62. */
  mul64(ma, mb, &hi, &lo);
  int sh = clz64(hi) - 1; /* 1 or 2 */
  u64 sig = (hi << sh) | (lo >> (64 - sh)) | ((lo << sh) != 0);
  return round_pack(sign, ea + eb + 2 - sh, sig, f);
}

static u64 fdiv(u64 a, u64 b, const fmt *f) {
  u64 sb = sign_bit(f), absmask = sb - 1;
  u64 aa = a & absmask, ab = b & absmask;
  u64 sign = (a ^ b) & sb;
  if (is_nan(a, f) || is_nan(b, f))
    return nan_result(a, b, f);
  if (aa == inf_of(f)) {
    if (ab == inf_of(f))
      return default_nan(f);
    return sign | inf_of(f);
  }
  if (ab == inf_of(f))
    return sign;
  if (ab == 0) {
    if (aa == 0)
      return default_nan(f);
    return sign | inf_of(f);
  }
  if (aa == 0)
    return sign;
  int ea, eb;
  u64 r, d;
  unpack(a, f, &ea, &r);
  unpack(b, f, &eb, &d);
  /* Restoring division: mb+4 quotient bits, so that at least mb+3
   * significant ones exist (result, guard, round) plus the remainder as
   * sticky bit. */
  int n = f->mb + 4;
  u64 q = 0;
  for (int i = 0; i < n; i++) {
    q <<= 1;
    if (r >= d) {
      r -= d;
      q |= 1;
    }
    r <<= 1;
  }
  int e = ea - eb;
  q <<= 63 - n;
  if (!(q >> 62)) {
    q <<= 1;
    e--;
  }
  return round_pack(sign, e, q | (r != 0), f);
}

/* frem returns fmod(a, b): a - n*b with n = trunc(a/b), which is exact. As
 * in glibc, a NaN operand gives the first NaN quieted, and an infinite a or
 * a zero b the default NaN. */
static u64 frem(u64 a, u64 b, const fmt *f) {
  u64 sb = sign_bit(f), absmask = sb - 1;
  u64 aa = a & absmask, ab = b & absmask;
  if (is_nan(a, f) || is_nan(b, f))
    return nan_result(a, b, f);
  if (aa == inf_of(f) || ab == 0)
    return default_nan(f);
  if (ab == inf_of(f) || aa < ab)
    return a;
  int ea, eb;
  u64 r, d;
  unpack(a, f, &ea, &r);
  unpack(b, f, &eb, &d);
  /* r*2^(ea-eb) mod d, one exponent step at a time: r < 2d throughout. */
  if (r >= d)
    r -= d;
  for (int k = ea - eb; k > 0; k--) {
    r <<= 1;
    if (r >= d)
      r -= d;
  }
  if (r == 0)
    return a & sb;
  int n = clz64(r) - 1;
  return round_pack(a & sb, eb - n, r << n, f);
}

/* fsqrt returns the correctly rounded square root. A NaN gives itself
 * quieted and a negative nonzero operand the default NaN (x86 sqrtsd). */
static u64 fsqrt(u64 a, const fmt *f) {
  u64 sb = sign_bit(f);
  if (is_nan(a, f))
    return a | quiet_bit(f);
  if ((a & (sb - 1)) == 0 || a == inf_of(f))
    return a; /* +-0, +inf */
  if (a & sb)
    return default_nan(f);
  int e;
  u64 sig;
  unpack(a, f, &e, &sig);
  if (e & 1) {
    sig >>= 1; /* exact: sig has at least 10 low zero bits */
    e++;
  }
  /* Digit-by-digit integer square root of sig * 2^50: the bit pairs of
   * sig, then 25 zero pairs, give a root R in [2^55.5, 2^56.5) and an
   * exact remainder for the sticky bit. */
  u64 rem = 0, root = 0;
  for (int i = 0; i < 57; i++) {
    int p = 62 - 2 * i;
    rem = (rem << 2) | (p >= 0 ? (sig >> p) & 3 : 0);
    u64 t = (root << 2) | 1;
    root <<= 1;
    if (rem >= t) {
      rem -= t;
      root |= 1;
    }
  }
  int n = clz64(root) - 1;
  return round_pack(0, (e - 62) / 2 + 37 - n, (root << n) | (rem != 0), f);
}

/* shr128_jam shifts the 128-bit value hi:lo right by n (any n >= 0),
 * or-ing the bits shifted out into bit 0. */
static void shr128_jam(u64 *hi, u64 *lo, int n) {
  if (n == 0)
    return;
  if (n >= 128) {
    *lo = (*hi | *lo) != 0;
    *hi = 0;
  } else if (n >= 64) {
    u64 sticky = *lo != 0 || (n > 64 && (*hi << (128 - n)) != 0);
    *lo = (n == 64 ? *hi : *hi >> (n - 64)) | sticky;
    *hi = 0;
  } else {
    u64 sticky = (*lo << (64 - n)) != 0;
    *lo = (*lo >> n) | (*hi << (64 - n)) | sticky;
    *hi >>= n;
  }
}

/* ffma returns a*b + c rounded once. The exact product (at most 2*(mb+1)
 * bits) and c are aligned as 128-bit integers scaled by 2^(e-124); the
 * operand with the smaller exponent is shifted with a sticky bit, which
 * keeps the sum exact enough for one correct rounding. Special cases
 * follow x86: a NaN a or b first, then inf*0 (the default NaN), then a NaN
 * c. */
static u64 ffma(u64 a, u64 b, u64 c, const fmt *f) {
  u64 sb = sign_bit(f), absmask = sb - 1, inf = inf_of(f);
  u64 aa = a & absmask, ab = b & absmask, ac = c & absmask;
  u64 ps = (a ^ b) & sb, cs = c & sb;
  if (is_nan(a, f) || is_nan(b, f))
    return nan_result(a, b, f);
  if ((aa == inf && ab == 0) || (ab == inf && aa == 0))
    return default_nan(f);
  if (is_nan(c, f))
    return c | quiet_bit(f);
  if (aa == inf || ab == inf) {
    if (ac == inf && cs != ps)
      return default_nan(f);
    return ps | inf;
  }
  if (ac == inf)
    return c;
  if (aa == 0 || ab == 0)
    return ac == 0 ? (ps & cs) : c; /* an exact zero product */
  if (ac == 0)
    return fmul(a, b, f);
  int ea, eb, ec;
  u64 ma, mb, mc, hi, lo;
  unpack(a, f, &ea, &ma);
  unpack(b, f, &eb, &mb);
  unpack(c, f, &ec, &mc);
  mul64(ma, mb, &hi, &lo); /* the product is hi:lo * 2^(ea+eb-124) */
  u64 chi = mc >> 2, clo = mc << 62; /* c is chi:clo * 2^(ec-124) */
  int e = ea + eb;
  if (ec > e) {
    shr128_jam(&hi, &lo, ec - e);
    e = ec;
  } else {
    shr128_jam(&chi, &clo, e - ec);
  }
  u64 sign = ps;
  if (ps == cs) {
    lo += clo;
    hi += chi + (lo < clo);
  } else {
    if (hi < chi || (hi == chi && lo < clo)) {
      u64 th = hi, tl = lo;
      hi = chi;
      lo = clo;
      chi = th;
      clo = tl;
      sign = cs;
    }
    hi -= chi + (lo < clo);
    lo -= clo;
    if ((hi | lo) == 0)
      return 0; /* exact cancellation is +0 when rounding to nearest */
  }
  /* Bring the leading one (bit top of hi:lo) to bit 62 of sig. */
  int top = hi ? 127 - clz64(hi) : 63 - clz64(lo);
  u64 sig;
  if (top > 62) {
    shr128_jam(&hi, &lo, top - 62);
    sig = lo;
  } else {
    sig = lo << (62 - top);
  }
  return round_pack(sign, e - 124 + top, sig, f);
}

/* fcmp returns -1, 0 or 1 for a < b, a == b, a > b, and unord if either
 * operand is a NaN. */
static int fcmp(u64 a, u64 b, const fmt *f, int unord) {
  u64 sb = sign_bit(f), absmask = sb - 1;
  if (is_nan(a, f) || is_nan(b, f))
    return unord;
  if (((a | b) & absmask) == 0)
    return 0; /* +0 == -0 */
  if ((a ^ b) & sb)
    return (a & sb) ? -1 : 1;
  if (a == b)
    return 0;
  /* Same sign: magnitude order, reversed for negatives. */
  int lt = (a & absmask) < (b & absmask);
  if (a & sb)
    lt = !lt;
  return lt ? -1 : 1;
}

/* from_int converts sign-magnitude integer (neg, m) to the format. */
static u64 from_int(int neg, u64 m, const fmt *f) {
  if (m == 0)
    return 0;
  int n = clz64(m);
  u64 sig = shr_jam(m << n, 1);
  return round_pack(neg ? sign_bit(f) : 0, 63 - n, sig, f);
}

/* to_int truncates finite x toward zero into a magnitude; *big is set if
 * |x| >= 2^bits (or x is not finite). */
static u64 to_int(u64 x, const fmt *f, int bits, int *big) {
  u64 absx = x & (sign_bit(f) - 1);
  *big = 0;
  if (exp_of(x, f) == f->emax) {
    *big = 1;
    return 0;
  }
  if (absx == 0)
    return 0;
  int e;
  u64 sig;
  unpack(x, f, &e, &sig);
  if (e < 0)
    return 0;
  if (e >= bits) {
    *big = 1;
    return 0;
  }
  return e > 62 ? sig << (e - 62) : sig >> (62 - e);
}

static u64 to_sint(u64 x, const fmt *f, int bits) {
  int big;
  u64 m = to_int(x, f, bits, &big);
  u64 min = 1ULL << (bits - 1);
  int neg = (x & sign_bit(f)) != 0;
  /* Out of range (including exactly -2^(bits-1), which is in range and has
   * the same bits) gives the most negative integer. */
  if (big || m > min || (m == min && !neg))
    return min;
  return neg ? -m : m;
}

static u64 to_uint(u64 x, const fmt *f, int bits) {
  int big;
  if (is_nan(x, f))
    return 0;
  u64 m = to_int(x, f, bits, &big);
  if (x & sign_bit(f))
    return 0;
  if (big)
    return bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  return m;
}

/* convert changes the format of x (float <-> double). */
static u64 convert(u64 x, const fmt *from, const fmt *to) {
  u64 sign = (x & sign_bit(from)) ? sign_bit(to) : 0;
  u64 absx = x & (sign_bit(from) - 1);
  if (exp_of(x, from) == from->emax) {
    u64 frac = x & frac_mask(from);
    if (frac == 0)
      return sign | inf_of(to);
    /* Keep the payload's top bits, as x86 cvtss2sd/cvtsd2ss do. */
    frac = to->mb > from->mb ? frac << (to->mb - from->mb)
                             : frac >> (from->mb - to->mb);
    return sign | inf_of(to) | quiet_bit(to) | frac;
  }
  if (absx == 0)
    return sign;
  int e;
  u64 sig;
  unpack(x, from, &e, &sig);
  return round_pack(sign, e, sig, to);
}

/* The libgcc entry points: floats as u32 and doubles as u64 bit patterns. */

u32 __addsf3(u32 a, u32 b) { return (u32)fadd(a, b, &F32); }
u32 __subsf3(u32 a, u32 b) { return (u32)fadd(a, is_nan(b, &F32) ? b : b ^ 0x80000000u, &F32); }
u32 __mulsf3(u32 a, u32 b) { return (u32)fmul(a, b, &F32); }
u32 __divsf3(u32 a, u32 b) { return (u32)fdiv(a, b, &F32); }
u32 __negsf2(u32 a) { return a ^ 0x80000000u; }

u64 __adddf3(u64 a, u64 b) { return fadd(a, b, &F64); }
u64 __subdf3(u64 a, u64 b) { return fadd(a, is_nan(b, &F64) ? b : b ^ (1ULL << 63), &F64); }
u64 __muldf3(u64 a, u64 b) { return fmul(a, b, &F64); }
u64 __divdf3(u64 a, u64 b) { return fdiv(a, b, &F64); }
u64 __negdf2(u64 a) { return a ^ (1ULL << 63); }

/* The C library's fmod, which LLVM's frem calls. */
RT_WEAK u32 fmodf(u32 a, u32 b) { return (u32)frem(a, b, &F32); }
RT_WEAK u64 fmod(u64 a, u64 b) { return frem(a, b, &F64); }

/* The C library's sqrt, which llvm.sqrt calls. */
RT_WEAK u32 sqrtf(u32 a) { return (u32)fsqrt(a, &F32); }
RT_WEAK u64 sqrt(u64 a) { return fsqrt(a, &F64); }

/* The C library's fma, which llvm.fma calls: rounded once. */
RT_WEAK u32 fmaf(u32 a, u32 b, u32 c) { return (u32)ffma(a, b, c, &F32); }
RT_WEAK u64 fma(u64 a, u64 b, u64 c) { return ffma(a, b, c, &F64); }

/* Comparisons, libgcc semantics: eq/ne return 0 iff a == b; lt/le return
 * a negative/non-positive value iff a < b / a <= b; gt/ge return a
 * positive/non-negative value iff a > b / a >= b; unord is nonzero iff
 * either operand is a NaN. A NaN makes every ordered relation false. */
int __eqsf2(u32 a, u32 b) { return fcmp(a, b, &F32, 1); }
int __nesf2(u32 a, u32 b) { return fcmp(a, b, &F32, 1); }
int __ltsf2(u32 a, u32 b) { return fcmp(a, b, &F32, 1); }
int __lesf2(u32 a, u32 b) { return fcmp(a, b, &F32, 1); }
int __gtsf2(u32 a, u32 b) { return fcmp(a, b, &F32, -1); }
int __gesf2(u32 a, u32 b) { return fcmp(a, b, &F32, -1); }
int __unordsf2(u32 a, u32 b) { return is_nan(a, &F32) || is_nan(b, &F32); }

int __eqdf2(u64 a, u64 b) { return fcmp(a, b, &F64, 1); }
int __nedf2(u64 a, u64 b) { return fcmp(a, b, &F64, 1); }
int __ltdf2(u64 a, u64 b) { return fcmp(a, b, &F64, 1); }
int __ledf2(u64 a, u64 b) { return fcmp(a, b, &F64, 1); }
int __gtdf2(u64 a, u64 b) { return fcmp(a, b, &F64, -1); }
int __gedf2(u64 a, u64 b) { return fcmp(a, b, &F64, -1); }
int __unorddf2(u64 a, u64 b) { return is_nan(a, &F64) || is_nan(b, &F64); }

/* Integer to float. */
u32 __floatsisf(int a) { return (u32)from_int(a < 0, a < 0 ? -(u64)(s64)a : (u64)a, &F32); }
u32 __floatunsisf(u32 a) { return (u32)from_int(0, a, &F32); }
u32 __floatdisf(s64 a) { return (u32)from_int(a < 0, a < 0 ? -(u64)a : (u64)a, &F32); }
u32 __floatundisf(u64 a) { return (u32)from_int(0, a, &F32); }
u64 __floatsidf(int a) { return from_int(a < 0, a < 0 ? -(u64)(s64)a : (u64)a, &F64); }
u64 __floatunsidf(u32 a) { return from_int(0, a, &F64); }
u64 __floatdidf(s64 a) { return from_int(a < 0, a < 0 ? -(u64)a : (u64)a, &F64); }
u64 __floatundidf(u64 a) { return from_int(0, a, &F64); }

/* Float to integer, truncating toward zero. */
int __fixsfsi(u32 a) { return (int)(u32)to_sint(a, &F32, 32); }
u32 __fixunssfsi(u32 a) { return (u32)to_uint(a, &F32, 32); }
s64 __fixsfdi(u32 a) { return (s64)to_sint(a, &F32, 64); }
u64 __fixunssfdi(u32 a) { return to_uint(a, &F32, 64); }
int __fixdfsi(u64 a) { return (int)(u32)to_sint(a, &F64, 32); }
u32 __fixunsdfsi(u64 a) { return (u32)to_uint(a, &F64, 32); }
s64 __fixdfdi(u64 a) { return (s64)to_sint(a, &F64, 64); }
u64 __fixunsdfdi(u64 a) { return to_uint(a, &F64, 64); }

/* Between formats. */
u64 __extendsfdf2(u32 a) { return convert(a, &F32, &F64); }
u32 __truncdfsf2(u64 a) { return (u32)convert(a, &F64, &F32); }
