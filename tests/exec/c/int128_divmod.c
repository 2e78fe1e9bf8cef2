/* __int128 division and remainder through wideint-legalize and the
 * runtime's word-array helpers (__udivei4, __divei4, __umodei4, __modei4):
 * divisors of one to four words, dividends above and below them, both
 * signs, and quotients kept in phis of a loop; each result is checked
 * against a = q*b + r with |r| < |b| and printed (clang has __int128 only
 * on 64-bit targets: host IR only).
 * exec: host-only */
#include <stdio.h>

typedef unsigned __int128 u128;
typedef __int128 s128;

static void p(const char *n, u128 v) {
  printf("%s %08x%08x%08x%08x\n", n, (unsigned)(v >> 96), (unsigned)(v >> 64),
         (unsigned)(v >> 32), (unsigned)v);
}

static u128 mk(unsigned a, unsigned b, unsigned c, unsigned d) {
  return (u128)a << 96 | (u128)b << 64 | (u128)c << 32 | d;
}

/* A pseudo-random sequence (xorshift) over 128 bits. */
static u128 state = 0x9e3779b97f4a7c15ULL;
static u128 next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

int main(void) {
  int bad = 0;
  u128 divisors[] = {
      1, 3, 0xffffffffu, mk(0, 0, 1, 0), mk(0, 0, 0x80000000u, 1),
      mk(0, 1, 0, 0), mk(0, 0x12345, 0x6789abcd, 0xef012345),
      mk(1, 0, 0, 0), mk(0x7fffffffu, ~0u, ~0u, ~0u), ~(u128)0,
  };
  int nd = sizeof divisors / sizeof divisors[0];
  u128 qsum = 0, rsum = 0;
  for (int i = 0; i < 12; i++) {
    u128 a = next();
    if (i % 3 == 1)
      a >>= 40 + i; /* smaller dividends */
    for (int j = 0; j < nd; j++) {
      u128 b = divisors[j];
      u128 q = a / b, r = a % b;
      if (q * b + r != a || r >= b)
        bad++;
      qsum += q;
      rsum ^= r;
      s128 sa = (s128)a, sb = (s128)b;
      if (sb == -1)
        continue; /* MIN / -1 overflows */
      s128 sq = sa / sb, sr = sa % sb;
      if (sq * sb + sr != sa || (sr != 0 && (sr < 0) != (sa < 0)))
        bad++;
      qsum += (u128)sq;
      rsum ^= (u128)sr;
      if (i < 2) {
        p("q", q);
        p("r", r);
        p("sq", (u128)sq);
        p("sr", (u128)sr);
      }
    }
  }
  p("qsum", qsum);
  p("rsum", rsum);
  /* Negative by positive, positive by negative, both negative. */
  s128 m = -(s128)mk(0x1234, 0x5678, 0x9abc, 0xdef0);
  p("n/p", (u128)(m / 7));
  p("n%p", (u128)(m % 7));
  p("p/n", (u128)(-m / -(s128)mk(0, 0, 3, 5)));
  p("p%n", (u128)(-m % -(s128)mk(0, 0, 3, 5)));
  p("n/n", (u128)(m / -(s128)mk(0, 9, 0, 0)));
  p("n%n", (u128)(m % -(s128)mk(0, 9, 0, 0)));
  printf("bad %d\n", bad);
  return bad;
}
