/* Conversions between float, double and 32/64-bit integers. */
#include <stdio.h>

static unsigned fbits(float f) {
  union { float f; unsigned u; } v;
  v.f = f;
  return v.u;
}

static unsigned long long dbits(double d) {
  union { double d; unsigned long long u; } v;
  v.d = d;
  return v.u;
}

static volatile int ints[] = {0, 1, -1, 7, -7, 16777217, -16777217, 2147483647, -2147483647 - 1,
                              123456789};
static volatile long long longs[] = {0, 1, -1, 9007199254740993LL, -9007199254740993LL,
                                     9223372036854775807LL, -9223372036854775807LL - 1,
                                     0x123456789abcdefLL, 4294967296LL, 3000000000LL};
static volatile unsigned long long ulongs[] = {0, 1, 18446744073709551615ULL,
                                               9223372036854775808ULL, 16777217, 0xfffffffffffff800ULL};
static volatile double reals[] = {0.0, -0.0, 0.5, -0.5, 1.99, -1.99, 1e9, -2147483648.0,
                                  2147483647.9, 123456.789, 4294967295.0, 9.2e18, -9.2e18, 1e-310};

int main(void) {
  for (unsigned i = 0; i < sizeof ints / sizeof ints[0]; i++) {
    int v = ints[i];
    unsigned u = (unsigned)ints[i];
    printf("i32 %d: %08x %016llx u %08x %016llx\n", v, fbits((float)v), dbits((double)v),
           fbits((float)u), dbits((double)u));
  }
  for (unsigned i = 0; i < sizeof longs / sizeof longs[0]; i++) {
    long long v = longs[i];
    printf("i64 %lld: %08x %016llx\n", v, fbits((float)v), dbits((double)v));
  }
  for (unsigned i = 0; i < sizeof ulongs / sizeof ulongs[0]; i++) {
    unsigned long long v = ulongs[i];
    printf("u64 %llu: %08x %016llx\n", v, fbits((float)v), dbits((double)v));
  }
  for (unsigned i = 0; i < sizeof reals / sizeof reals[0]; i++) {
    double d = reals[i];
    float f = (float)d;
    printf("f64 %.17g -> f32 %08x -> f64 %016llx", d, fbits(f), dbits((double)f));
    if (d > -2147483649.0 && d < 2147483648.0)
      printf(" i32 %d", (int)d);
    if (d > -1.0 && d < 4294967296.0)
      printf(" u32 %u", (unsigned)d);
    if (d > -9.3e18 && d < 9.3e18)
      printf(" i64 %lld", (long long)d);
    if (d > -1.0 && d < 1.8e19)
      printf(" u64 %llu", (unsigned long long)d);
    if (f > -2147483649.0f && f < 2147483648.0f)
      printf(" f32->i32 %d", (int)f);
    printf("\n");
  }
  short s = -300;
  unsigned char c = 200;
  float fs = s, fc = c;
  printf("%08x %08x %d %u\n", fbits(fs), fbits(fc), (short)(fs * 2.0f), (unsigned char)(fc / 2));
  return 0;
}
