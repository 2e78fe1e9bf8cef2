/* Random operands of every class (zeros, subnormals, normals, infinities,
 * NaNs) through every float and double operation; bit patterns are hashed
 * and printed, so any difference from the host FPU shows. */
#include <stdio.h>

static unsigned long long rng = 0x9E3779B97F4A7C15ULL;

static unsigned long long next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static unsigned long long gen64(void) {
  unsigned long long r = next(), s = r & 0x8000000000000000ULL, m = r & 0xfffffffffffffULL;
  switch (next() % 8) {
  case 0: return s;
  case 1: return s | (m >> (next() % 52));
  case 2: return s | 0x7ff0000000000000ULL;
  case 3: return s | 0x7ff8000000000000ULL | (m >> 12);
  case 4: return s | ((0x3ff - 2 + next() % 5) << 52) | (m & ~0xffffULL);
  default: return r;
  }
}

static unsigned gen32(void) {
  unsigned r = (unsigned)next(), s = r & 0x80000000u, m = r & 0x7fffffu;
  switch (next() % 8) {
  case 0: return s;
  case 1: return s | (m >> (next() % 23));
  case 2: return s | 0x7f800000u;
  case 3: return s | 0x7fc00000u | (m >> 8);
  case 4: return s | ((127 - 2 + (unsigned)(next() % 5)) << 23) | (m & ~0xffu);
  default: return r;
  }
}

union F { float f; unsigned u; };
union D { double d; unsigned long long u; };

static unsigned long long h;
static void mix(unsigned long long v) { h = (h ^ v) * 0x100000001b3ULL; }

int main(void) {
  for (int i = 1; i <= 150; i++) {
    union F a, b, r;
    union D c, d, s;
    a.u = gen32();
    b.u = gen32();
    c.u = gen64();
    d.u = gen64();
    r.f = a.f + b.f; mix(r.u);
    r.f = a.f - b.f; mix(r.u);
    r.f = a.f * b.f; mix(r.u);
    r.f = a.f / b.f; mix(r.u);
    s.d = c.d + d.d; mix(s.u);
    s.d = c.d - d.d; mix(s.u);
    s.d = c.d * d.d; mix(s.u);
    s.d = c.d / d.d; mix(s.u);
    s.d = (double)a.f; mix(s.u);
    r.f = (float)c.d; mix(r.u);
    mix((a.f < b.f) | (a.f == b.f) << 1 | (c.d > d.d) << 2 | (c.d != d.d) << 3);
    if (c.d > -9e18 && c.d < 9e18)
      mix((unsigned long long)(long long)c.d);
    if (a.f > -2e9f && a.f < 2e9f)
      mix((unsigned)(int)a.f);
    long long l = (long long)next();
    r.f = (float)l; mix(r.u);
    s.d = (double)l; mix(s.u);
    s.d = (double)(unsigned long long)l; mix(s.u);
    if (i % 10 == 0)
      printf("%d %016llx\n", i, h);
  }
  return 0;
}
