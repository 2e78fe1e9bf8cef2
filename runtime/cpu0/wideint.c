/* Division and remainder of integers wider than 64 bits, with
 * compiler-rt's arbitrary-width interface (its _BitInt helpers):
 *
 *   void __udivei4(u32 *quo, u32 *a, u32 *b, unsigned bits);   quo = a / b
 *   void __umodei4(u32 *rem, u32 *a, u32 *b, unsigned bits);   rem = a % b
 *   void __divei4 / __modei4: the signed forms (C semantics: the quotient
 *   truncates toward zero, the remainder has the dividend's sign).
 *
 * Each operand is a bits-bit integer (bits a multiple of 32, at most
 * MAXBITS) stored in memory as the target stores integers: on a big-endian
 * target the most significant word comes first. lltosimd calls these for
 * i72 ... i1024 division (passes/wideintlegalize.go). Only 32-bit arithmetic is
 * used. Division by zero is undefined; here it yields an all-ones quotient
 * and the dividend as remainder. */
#include "rt.h"

typedef unsigned u32;

#define MAXBITS 1024
#define MAXW (MAXBITS / 32)

/* WORD is the array index of word i (0 = least significant) of an n-word
 * integer in memory. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define WORD(n, i) ((n) - 1 - (i))
#else
#define WORD(n, i) (i)
#endif

/* wload copies an integer from memory into x (least significant word first). */
static void wload(u32 *x, const u32 *m, int n) {
  for (int i = 0; i < n; i++)
    x[i] = m[WORD(n, i)];
}

static void wstore(u32 *m, const u32 *x, int n) {
  for (int i = 0; i < n; i++)
    m[WORD(n, i)] = x[i];
}

static int wnegative(const u32 *x, int n) { return x[n - 1] >> 31; }

/* wnegate replaces x by its two's complement. */
static void wnegate(u32 *x, int n) {
  u32 carry = 1;
  for (int i = 0; i < n; i++) {
    u32 v = ~x[i] + carry;
    carry = carry && v == 0;
    x[i] = v;
  }
}

/* udivmodN divides a by b (n words each) by shift-and-subtract long
 * division, one bit of the quotient per step. */
static void udivmodN(const u32 *a, const u32 *b, u32 *q, u32 *r, int n) {
  for (int i = 0; i < n; i++)
    q[i] = r[i] = 0;
  int top = 32 * n - 1;
  while (top >= 0 && !((a[top / 32] >> (top % 32)) & 1))
    top--; /* the dividend's leading zeros add nothing to r */
  for (int bit = top; bit >= 0; bit--) {
    /* r = r << 1 | next bit of a; the bit shifted out of r matters when
     * b has its top bit set, because then r << 1 may not fit. */
    u32 out = r[n - 1] >> 31;
    for (int i = n - 1; i > 0; i--)
      r[i] = (r[i] << 1) | (r[i - 1] >> 31);
    r[0] = (r[0] << 1) | ((a[bit / 32] >> (bit % 32)) & 1);
    int ge = out;
    if (!ge) {
      ge = 1; /* r >= b when all words are equal */
      for (int i = n - 1; i >= 0; i--) {
        if (r[i] != b[i]) {
          ge = r[i] > b[i];
          break;
        }
      }
    }
    if (ge) {
      u32 borrow = 0;
      for (int i = 0; i < n; i++) {
        u32 d = r[i] - b[i];
        u32 nb = r[i] < b[i] || (d == 0 && borrow);
        r[i] = d - borrow;
        borrow = nb;
      }
      q[bit / 32] |= 1u << (bit % 32);
    }
  }
}

/* wdivmod runs the division on memory operands; signed operands are
 * divided as magnitudes and the signs applied afterwards. want selects the
 * quotient (0) or the remainder (1). */
static void wdivmod(u32 *res, const u32 *ma, const u32 *mb, unsigned bits,
                   int sign, int want) {
  int n = (int)(bits / 32);
  u32 a[MAXW], b[MAXW], q[MAXW], r[MAXW];
  if (n > MAXW) /* never: lltosimd rejects wider integers */
    n = MAXW;
  wload(a, ma, n);
  wload(b, mb, n);
  int na = sign && wnegative(a, n), nb = sign && wnegative(b, n);
  if (na)
    wnegate(a, n);
  if (nb)
    wnegate(b, n);
  udivmodN(a, b, q, r, n);
  if (want == 0) {
    if (na != nb)
      wnegate(q, n);
    wstore(res, q, n);
  } else {
    if (na)
      wnegate(r, n);
    wstore(res, r, n);
  }
}

void __udivei4(u32 *quo, u32 *a, u32 *b, unsigned bits) {
  wdivmod(quo, a, b, bits, 0, 0);
}

void __umodei4(u32 *rem, u32 *a, u32 *b, unsigned bits) {
  wdivmod(rem, a, b, bits, 0, 1);
}

void __divei4(u32 *quo, u32 *a, u32 *b, unsigned bits) {
  wdivmod(quo, a, b, bits, 1, 0);
}

void __modei4(u32 *rem, u32 *a, u32 *b, unsigned bits) {
  wdivmod(rem, a, b, bits, 1, 1);
}
