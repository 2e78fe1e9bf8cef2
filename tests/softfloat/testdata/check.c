/* Host-side bit-exact check of runtime/cpu0/softfloat.c against the host
 * FPU (x86-64 SSE, the same arithmetic lli uses for the execution tests).
 *
 * Usage: check N SEED. Every function gets N random operand sets drawn from
 * all classes (zeros, subnormals, normals of nearby and distant exponents,
 * short significands that make exact results and rounding ties, the
 * largest finite values, infinities, quiet and signaling NaNs) plus a fixed
 * list of edge cases crossed with itself; fmodf/fmod and sqrtf/sqrt against
 * the host libm. Prints "ok" or the mismatches.
 *
 * The runtime is #included with its entry points renamed, so that the host
 * compiler's own soft-float helpers (if any) stay untouched. */
#include "../../rtcheck/testdata/rename.h"
#include "../../../runtime/cpu0/softfloat.c"
#include "../../rtcheck/testdata/unrename.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static u64 rng = 88172645463325252ULL;
static u64 next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static float f_of(u32 x) { float f; memcpy(&f, &x, 4); return f; }
static u32 bits_f(float f) { u32 x; memcpy(&x, &f, 4); return x; }
static double d_of(u64 x) { double d; memcpy(&d, &x, 8); return d; }
static u64 bits_d(double d) { u64 x; memcpy(&x, &d, 8); return x; }

/* gen draws a value of a random class in a format of mb fraction bits and
 * eb exponent bits; near (if nonzero-class) takes its exponent close to
 * that of ref so that additions cancel and round. */
static u64 gen(int mb, int eb, u64 ref) {
  u64 emax = (1ULL << eb) - 1, frac = next() & ((1ULL << mb) - 1);
  u64 sign = (next() & 1) ? 1ULL << (mb + eb) : 0;
  u64 e;
  switch (next() % 16) {
  case 0: return sign;                                   /* zero */
  case 1: return sign | frac;                            /* subnormal */
  case 2: return sign | (next() % 4 + 1);                /* tiny subnormal */
  case 3: return sign | (emax << mb);                    /* infinity */
  case 4: return sign | (emax << mb) | (frac ? frac : 1); /* NaN (quiet or signaling) */
  case 5: return sign | ((emax - 1) << mb) | frac;       /* huge */
  case 6: e = next() % 3; return sign | (e << mb) | frac; /* near the subnormal boundary */
  case 7: /* short significand: exact results and ties */
    frac &= ~((1ULL << (mb - next() % 6)) - 1);
    /* fall through */
  case 8:
  case 9:
  case 10: { /* exponent near ref's */
    long re = (long)((ref >> mb) & emax) + (long)(next() % 7) - 3;
    if (re < 1 || re >= (long)emax)
      re = (long)(emax / 2);
    return sign | ((u64)re << mb) | frac;
  }
  case 11: { /* exponent near ref's, a few more bits apart */
    long re = (long)((ref >> mb) & emax) - (long)(next() % (mb + 4));
    if (re < 1)
      re = 1;
    return sign | ((u64)re << mb) | frac;
  }
  case 12: /* ones and all-ones fractions */
    frac = (next() & 1) ? ((1ULL << mb) - 1) : (next() & 3);
    e = emax / 2 + next() % 5 - 2;
    return sign | (e << mb) | frac;
  default: e = 1 + next() % (emax - 1); return sign | (e << mb) | frac;
  }
}

static long fails;
static void fail(const char *fn, u64 a, u64 b, u64 got, u64 want) {
  if (fails++ < 30)
    printf("%s(%#llx, %#llx) = %#llx, want %#llx\n", fn, (unsigned long long)a,
           (unsigned long long)b, (unsigned long long)got, (unsigned long long)want);
}

static volatile float vfa, vfb, vfr;
static volatile double vda, vdb, vdr;

static void check_f(u32 a, u32 b) {
  vfa = f_of(a), vfb = f_of(b);
  u32 r;
#define BIN(name, op, fn)                                                      \
  vfr = vfa op vfb;                                                            \
  if ((r = fn(a, b)) != bits_f(vfr))                                           \
    fail(name, a, b, r, bits_f(vfr));
  BIN("__addsf3", +, __addsf3)
  BIN("__subsf3", -, __subsf3)
  BIN("__mulsf3", *, __mulsf3)
  BIN("__divsf3", /, __divsf3)
#undef BIN
  vfr = fmodf(vfa, vfb);
  if ((r = rt_fmodf(a, b)) != bits_f(vfr))
    fail("fmodf", a, b, r, bits_f(vfr));
  vfr = sqrtf(vfa);
  if ((r = rt_sqrtf(a)) != bits_f(vfr))
    fail("sqrtf", a, 0, r, bits_f(vfr));
  vfr = -vfa;
  if (__negsf2(a) != bits_f(vfr))
    fail("__negsf2", a, 0, __negsf2(a), bits_f(vfr));
  float x = vfa, y = vfb;
#define CMP(name, fn, rel, expect)                                             \
  if ((fn(a, b) rel 0) != (expect))                                            \
    fail(name, a, b, fn(a, b), expect);
  CMP("__eqsf2", __eqsf2, ==, x == y)
  CMP("__nesf2", __nesf2, !=, x != y)
  CMP("__ltsf2", __ltsf2, <, x < y)
  CMP("__lesf2", __lesf2, <=, x <= y)
  CMP("__gtsf2", __gtsf2, >, x > y)
  CMP("__gesf2", __gesf2, >=, x >= y)
  CMP("__unordsf2", __unordsf2, !=, x != x || y != y)
#undef CMP
  vdr = (double)vfa;
  if (__extendsfdf2(a) != bits_d(vdr))
    fail("__extendsfdf2", a, 0, __extendsfdf2(a), bits_d(vdr));
  volatile int vi = (int)vfa;
  if (__fixsfsi(a) != vi)
    fail("__fixsfsi", a, 0, (u32)__fixsfsi(a), (u32)vi);
  volatile long long vl = (long long)vfa;
  if (__fixsfdi(a) != vl)
    fail("__fixsfdi", a, 0, __fixsfdi(a), vl);
  if (x > -1 && x < 4294967296.0f) {
    volatile unsigned vu = (unsigned)vfa;
    if (__fixunssfsi(a) != vu)
      fail("__fixunssfsi", a, 0, __fixunssfsi(a), vu);
  }
  if (x > -1 && x < 18446744073709551616.0f) {
    volatile u64 vu = (u64)vfa;
    if (__fixunssfdi(a) != vu)
      fail("__fixunssfdi", a, 0, __fixunssfdi(a), vu);
  }
}

static void check_d(u64 a, u64 b) {
  vda = d_of(a), vdb = d_of(b);
  u64 r;
#define BIN(name, op, fn)                                                      \
  vdr = vda op vdb;                                                            \
  if ((r = fn(a, b)) != bits_d(vdr))                                           \
    fail(name, a, b, r, bits_d(vdr));
  BIN("__adddf3", +, __adddf3)
  BIN("__subdf3", -, __subdf3)
  BIN("__muldf3", *, __muldf3)
  BIN("__divdf3", /, __divdf3)
#undef BIN
  vdr = fmod(vda, vdb);
  if ((r = rt_fmod(a, b)) != bits_d(vdr))
    fail("fmod", a, b, r, bits_d(vdr));
  vdr = sqrt(vda);
  if ((r = rt_sqrt(a)) != bits_d(vdr))
    fail("sqrt", a, 0, r, bits_d(vdr));
  vdr = -vda;
  if (__negdf2(a) != bits_d(vdr))
    fail("__negdf2", a, 0, __negdf2(a), bits_d(vdr));
  double x = vda, y = vdb;
#define CMP(name, fn, rel, expect)                                             \
  if ((fn(a, b) rel 0) != (expect))                                            \
    fail(name, a, b, fn(a, b), expect);
  CMP("__eqdf2", __eqdf2, ==, x == y)
  CMP("__nedf2", __nedf2, !=, x != y)
  CMP("__ltdf2", __ltdf2, <, x < y)
  CMP("__ledf2", __ledf2, <=, x <= y)
  CMP("__gtdf2", __gtdf2, >, x > y)
  CMP("__gedf2", __gedf2, >=, x >= y)
  CMP("__unorddf2", __unorddf2, !=, x != x || y != y)
#undef CMP
  vfr = (float)vda;
  if (__truncdfsf2(a) != bits_f(vfr))
    fail("__truncdfsf2", a, 0, __truncdfsf2(a), bits_f(vfr));
  volatile int vi = (int)vda;
  if (__fixdfsi(a) != vi)
    fail("__fixdfsi", a, 0, (u32)__fixdfsi(a), (u32)vi);
  volatile long long vl = (long long)vda;
  if (__fixdfdi(a) != vl)
    fail("__fixdfdi", a, 0, __fixdfdi(a), vl);
  if (x > -1 && x < 4294967296.0) {
    volatile unsigned vu = (unsigned)vda;
    if (__fixunsdfsi(a) != vu)
      fail("__fixunsdfsi", a, 0, __fixunsdfsi(a), vu);
  }
  if (x > -1 && x < 18446744073709551616.0) {
    volatile u64 vu = (u64)vda;
    if (__fixunsdfdi(a) != vu)
      fail("__fixunsdfdi", a, 0, __fixunsdfdi(a), vu);
  }
}

static void check_int(u64 v) {
  volatile s64 vs = (s64)v;
  volatile u64 vu = v;
  volatile int vi = (int)v;
  volatile unsigned vw = (unsigned)v;
  vfr = (float)vi;
  if (__floatsisf(vi) != bits_f(vfr)) fail("__floatsisf", v, 0, __floatsisf(vi), bits_f(vfr));
  vfr = (float)vw;
  if (__floatunsisf(vw) != bits_f(vfr)) fail("__floatunsisf", v, 0, __floatunsisf(vw), bits_f(vfr));
  vfr = (float)vs;
  if (__floatdisf(vs) != bits_f(vfr)) fail("__floatdisf", v, 0, __floatdisf(vs), bits_f(vfr));
  vfr = (float)vu;
  if (__floatundisf(vu) != bits_f(vfr)) fail("__floatundisf", v, 0, __floatundisf(vu), bits_f(vfr));
  vdr = (double)vi;
  if (__floatsidf(vi) != bits_d(vdr)) fail("__floatsidf", v, 0, __floatsidf(vi), bits_d(vdr));
  vdr = (double)vw;
  if (__floatunsidf(vw) != bits_d(vdr)) fail("__floatunsidf", v, 0, __floatunsidf(vw), bits_d(vdr));
  vdr = (double)vs;
  if (__floatdidf(vs) != bits_d(vdr)) fail("__floatdidf", v, 0, __floatdidf(vs), bits_d(vdr));
  vdr = (double)vu;
  if (__floatundidf(vu) != bits_d(vdr)) fail("__floatundidf", v, 0, __floatundidf(vu), bits_d(vdr));
}

/* gen_int draws integers of every magnitude, with runs of ones and zeros
 * that make conversions round to ties. */
static u64 gen_int(void) {
  u64 v = next();
  int sh = next() % 64;
  switch (next() % 4) {
  case 0: return v >> sh;
  case 1: return (v >> sh) << (next() % 64);
  case 2: return ((1ULL << (next() % 64)) | (1ULL << (next() % 64))) * ((next() & 1) ? 1 : ~0ULL);
  default: return v;
  }
}

static const u32 edge_f[] = {
    0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00800000, 0x00800001, 0x3f800000,
    0xbf800000, 0x3f800001, 0x3fffffff, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
    0x7fc00000, 0xffc00000, 0x7f800001, 0x7fa00000, 0x7fc12345, 0xffbfffff, 0x4f000000,
    0xcf000000, 0x4f800000, 0x5f000000, 0xdf000000, 0x5f800000, 0x3f000000, 0x33800000,
    0x34000000, 0x00400000, 0x40000000, 0x40400000, 0xbf000000, 0x4b000000, 0x4b000001,
};
static const u64 edge_d[] = {
    0, 1ULL << 63, 1, 0x8000000000000001ULL, 0x000fffffffffffffULL, 0x0010000000000000ULL,
    0x0010000000000001ULL, 0x3ff0000000000000ULL, 0xbff0000000000000ULL, 0x3ff0000000000001ULL,
    0x3fffffffffffffffULL, 0x7fefffffffffffffULL, 0xffefffffffffffffULL, 0x7ff0000000000000ULL,
    0xfff0000000000000ULL, 0x7ff8000000000000ULL, 0xfff8000000000000ULL, 0x7ff0000000000001ULL,
    0x7ff4000000000000ULL, 0x7ff8000012345678ULL, 0x41e0000000000000ULL, 0xc1e0000000000000ULL,
    0x41f0000000000000ULL, 0x43e0000000000000ULL, 0xc3e0000000000000ULL, 0x43f0000000000000ULL,
    0x3fe0000000000000ULL, 0x36a0000000000000ULL, 0x3690000000000000ULL, 0x47efffffe0000000ULL,
    0x47efffffffffffffULL, 0x3810000000000000ULL, 0x380fffffffffffffULL, 0x36a8000000000000ULL,
    0x4330000000000000ULL, 0x4330000000000001ULL, 0x41dfffffffc00000ULL, 0xc1e0000000200000ULL,
};

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  if (argc > 2)
    rng ^= (u64)atol(argv[2]) * 0x9E3779B97F4A7C15ULL;
  const int nf = sizeof edge_f / sizeof edge_f[0], nd = sizeof edge_d / sizeof edge_d[0];
  for (int i = 0; i < nf; i++)
    for (int j = 0; j < nf; j++)
      check_f(edge_f[i], edge_f[j]);
  for (int i = 0; i < nd; i++)
    for (int j = 0; j < nd; j++)
      check_d(edge_d[i], edge_d[j]);
  for (long i = 0; i < n; i++) {
    u32 a = (u32)gen(23, 8, 0x3f800000);
    check_f(a, (u32)gen(23, 8, a));
    u64 b = gen(52, 11, 0x3ff0000000000000ULL);
    check_d(b, gen(52, 11, b));
    check_int(gen_int());
  }
  if (fails) {
    printf("%ld mismatches\n", fails);
    return 1;
  }
  printf("ok\n");
  return 0;
}
