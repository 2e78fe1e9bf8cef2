/* IEEE-754 format descriptions shared by the soft-float arithmetic
 * (softfloat.c) and the libm functions (math.c), which both work on the bit
 * patterns of floats (u32) and doubles (u64), the way Cpu0 passes them. */
#ifndef CPU0_FP_H
#define CPU0_FP_H

typedef unsigned u32;
typedef unsigned long long u64;
typedef long long s64;

/* fmt describes a binary interchange format. */
typedef struct {
  int mb;   /* fraction bits */
  int emax; /* all-ones biased exponent: 255 or 2047 */
  int bias; /* 127 or 1023 */
  int bits; /* 32 or 64 */
} fmt;

static const fmt F32 = {23, 255, 127, 32};
static const fmt F64 = {52, 2047, 1023, 64};

static inline u64 sign_bit(const fmt *f) { return 1ULL << (f->bits - 1); }
static inline u64 frac_mask(const fmt *f) { return (1ULL << f->mb) - 1; }
static inline int exp_of(u64 x, const fmt *f) { return (int)(x >> f->mb) & f->emax; }
static inline u64 inf_of(const fmt *f) { return (u64)f->emax << f->mb; }
static inline u64 quiet_bit(const fmt *f) { return 1ULL << (f->mb - 1); }
/* default_nan is what x86 returns for an invalid operation. */
static inline u64 default_nan(const fmt *f) { return sign_bit(f) | inf_of(f) | quiet_bit(f); }

static inline int is_nan(u64 x, const fmt *f) {
  return exp_of(x, f) == f->emax && (x & frac_mask(f)) != 0;
}

#endif
