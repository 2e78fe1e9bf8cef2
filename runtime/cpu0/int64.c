/* 64-bit integer helpers called by code that lltosimd compiles.
 *
 * lltosimd lowers i64 division, remainder and variable shifts (and may lower
 * multiplication) to these libgcc-named functions, and it also compiles this
 * file: so nothing here may use a 64-bit operation other than splitting a
 * value into its 32-bit halves and joining them again (zext, shift by the
 * constant 32, trunc, or). All arithmetic is done on (hi, lo) word pairs. */
#include "rt.h"

typedef unsigned u32;
typedef unsigned long long u64;
typedef long long s64;

#define HI(x) ((u32)((u64)(x) >> 32))
#define LO(x) ((u32)(x))

static u64 join(u32 hi, u32 lo) { return ((u64)hi << 32) | lo; }

/* udivmod divides (nh:nl) by (dh:dl) by shift-and-subtract long division.
 * Division by zero is undefined in C; here it yields an all-ones quotient. */
static void udivmod(u32 nh, u32 nl, u32 dh, u32 dl, u32 *qh, u32 *ql,
                    u32 *rh, u32 *rl) {
  if (nh == 0 && dh == 0 && dl != 0) {
    *qh = 0;
    *ql = nl / dl;
    *rh = 0;
    *rl = nl % dl;
    return;
  }
  u32 q_h = 0, q_l = 0, r_h = 0, r_l = 0;
  int bits = 64;
  /* Skip the dividend's leading zero bits: they add nothing to r. */
  while (bits > 0 && !(nh & 0x80000000u)) {
    nh = (nh << 1) | (nl >> 31);
    nl <<= 1;
    bits--;
  }
  for (; bits > 0; bits--) {
    /* r = r<<1 | next dividend bit; the bit shifted out of r matters when
     * d >= 2^63, because then r<<1 may exceed 64 bits. */
    u32 carry = r_h >> 31;
    r_h = (r_h << 1) | (r_l >> 31);
    r_l = (r_l << 1) | (nh >> 31);
    nh = (nh << 1) | (nl >> 31);
    nl <<= 1;
    q_h = (q_h << 1) | (q_l >> 31);
    q_l <<= 1;
    if (carry || r_h > dh || (r_h == dh && r_l >= dl)) {
      u32 borrow = r_l < dl;
      r_l -= dl;
      r_h = r_h - dh - borrow;
      q_l |= 1;
    }
  }
  *qh = q_h;
  *ql = q_l;
  *rh = r_h;
  *rl = r_l;
}

/* neg negates the pair (*h:*l) in place (two's complement). */
static void neg(u32 *h, u32 *l) {
  *l = -*l;
  *h = ~*h + (*l == 0);
}

u64 __udivmoddi4(u64 n, u64 d, u64 *rem) {
  u32 qh, ql, rh, rl;
  udivmod(HI(n), LO(n), HI(d), LO(d), &qh, &ql, &rh, &rl);
  if (rem)
    *rem = join(rh, rl);
  return join(qh, ql);
}

u64 __udivdi3(u64 n, u64 d) {
  u32 qh, ql, rh, rl;
  udivmod(HI(n), LO(n), HI(d), LO(d), &qh, &ql, &rh, &rl);
  return join(qh, ql);
}

u64 __umoddi3(u64 n, u64 d) {
  u32 qh, ql, rh, rl;
  udivmod(HI(n), LO(n), HI(d), LO(d), &qh, &ql, &rh, &rl);
  return join(rh, rl);
}

/* sdivmod divides signed values: the quotient truncates toward zero and the
 * remainder takes the dividend's sign, as in C. */
static void sdivmod(s64 n, s64 d, u32 *qh, u32 *ql, u32 *rh, u32 *rl) {
  u32 nh = HI(n), nl = LO(n), dh = HI(d), dl = LO(d);
  int nneg = (int)nh < 0, dneg = (int)dh < 0;
  if (nneg)
    neg(&nh, &nl);
  if (dneg)
    neg(&dh, &dl);
  udivmod(nh, nl, dh, dl, qh, ql, rh, rl);
  if (nneg != dneg)
    neg(qh, ql);
  if (nneg)
    neg(rh, rl);
}

s64 __divdi3(s64 n, s64 d) {
  u32 qh, ql, rh, rl;
  sdivmod(n, d, &qh, &ql, &rh, &rl);
  return (s64)join(qh, ql);
}

s64 __moddi3(s64 n, s64 d) {
  u32 qh, ql, rh, rl;
  sdivmod(n, d, &qh, &ql, &rh, &rl);
  return (s64)join(rh, rl);
}

/* Shifts: the count is 0..63 (larger counts are undefined in C). */

s64 __ashldi3(s64 a, int b) {
  u32 h = HI(a), l = LO(a);
  b &= 63;
  if (b == 0)
    return a;
  if (b >= 32)
    return (s64)join(l << (b - 32), 0);
  return (s64)join((h << b) | (l >> (32 - b)), l << b);
}

u64 __lshrdi3(u64 a, int b) {
  u32 h = HI(a), l = LO(a);
  b &= 63;
  if (b == 0)
    return a;
  if (b >= 32)
    return join(0, h >> (b - 32));
  return join(h >> b, (l >> b) | (h << (32 - b)));
}

s64 __ashrdi3(s64 a, int b) {
  u32 h = HI(a), l = LO(a);
  b &= 63;
  if (b == 0)
    return a;
  if (b >= 32)
    return (s64)join((u32)((int)h >> 31), (u32)((int)h >> (b - 32)));
  return (s64)join((u32)((int)h >> b), (l >> b) | (h << (32 - b)));
}

/* mulhu returns the high word of the 64-bit product a*b, from 16-bit
 * partial products so that no 64-bit multiply is needed. */
static u32 mulhu(u32 a, u32 b) {
  u32 a0 = a & 0xffff, a1 = a >> 16, b0 = b & 0xffff, b1 = b >> 16;
  u32 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  u32 mid = (p00 >> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);
}

s64 __muldi3(s64 a, s64 b) {
  u32 ah = HI(a), al = LO(a), bh = HI(b), bl = LO(b);
  return (s64)join(mulhu(al, bl) + al * bh + ah * bl, al * bl);
}
