/* __int128 arithmetic (clang has __int128 only on 64-bit targets, so this
 * program runs from host-triple IR only). It covers the four-word case of
 * the frontend's wide integers: add/sub carry chains, schoolbook multiply,
 * division through the runtime's __udivei4 family, shifts by constants and
 * variables, every comparison, extensions and truncations, switch, globals,
 * calls passing and returning i128, and the overflow and bit builtins.
 * exec: host-only */
#include <stdio.h>

typedef unsigned __int128 u128;
typedef __int128 s128;

static void p(const char *n, u128 v) {
  printf("%s %08x%08x%08x%08x\n", n, (unsigned)(v >> 96), (unsigned)(v >> 64),
         (unsigned)(v >> 32), (unsigned)v);
}

__attribute__((noinline)) u128 add(u128 a, u128 b) { return a + b; }
__attribute__((noinline)) u128 sub(u128 a, u128 b) { return a - b; }
__attribute__((noinline)) u128 mul(u128 a, u128 b) { return a * b; }
__attribute__((noinline)) s128 sdiv(s128 a, s128 b) { return a / b; }
__attribute__((noinline)) s128 smod(s128 a, s128 b) { return a % b; }
__attribute__((noinline)) u128 udiv(u128 a, u128 b) { return a / b; }
__attribute__((noinline)) u128 umod(u128 a, u128 b) { return a % b; }
__attribute__((noinline)) u128 shl(u128 a, int s) { return a << s; }
__attribute__((noinline)) s128 sar(s128 a, int s) { return a >> s; }
__attribute__((noinline)) u128 shr(u128 a, int s) { return a >> s; }
__attribute__((noinline)) int classify(u128 v) {
  switch (v) {
  case 0: return 1;
  case (u128)1 << 100: return 2;
  case ~(u128)0: return 3;
  case ((u128)0x12345678 << 64) | 5: return 4;
  default: return 0;
  }
}
/* Many arguments: i128s land in registers and on the stack. */
__attribute__((noinline)) u128 mix(int a, u128 b, unsigned char c, s128 d, u128 e) {
  return b * (unsigned)a + (u128)d * c - e;
}

static u128 gu = ((u128)0xfedcba9876543210ULL << 64) | 0x0123456789abcdefULL;
static s128 gs = -((s128)1 << 90) - 12345;
static u128 garr[3] = {1, (u128)1 << 127, 42};

static unsigned seed = 12345;
static unsigned rnd(void) {
  seed = seed * 1103515245u + 12345u;
  return seed >> 1 ^ seed << 7;
}

static u128 r128(void) {
  u128 v = 0;
  for (int i = 0; i < 4; i++)
    v = v << 32 | rnd();
  return v;
}

int main(void) {
  u128 acc = 0;
  for (int i = 0; i < 24; i++) {
    u128 a = r128(), b = r128();
    if (i & 1)
      b >>= rnd() & 127;
    if (i % 3 == 0)
      a >>= rnd() & 127;
    if (b == 0)
      b = 7;
    int s = rnd() & 127;
    p("add", add(a, b));
    p("sub", sub(a, b));
    p("mul", mul(a, b));
    p("udiv", udiv(a, b));
    p("umod", umod(a, b));
    p("sdiv", (u128)sdiv((s128)a, (s128)b));
    p("smod", (u128)smod((s128)a, -(s128)b));
    p("shl", shl(a, s));
    p("shr", shr(a, s));
    p("sar", (u128)sar((s128)a, s));
    p("shk", (a << 37) ^ (a >> 77) ^ (u128)((s128)a >> 100));
    printf("cmp %d%d%d%d %d%d%d%d %d%d\n", a < b, a <= b, a > b, a >= b,
           (s128)a < (s128)b, (s128)a <= (s128)b, (s128)a > (s128)b,
           (s128)a >= (s128)b, a == b, a != b);
    long long t = (long long)a;
    int n = (int)(a >> 64);
    p("ext", (u128)(s128)t ^ (u128)(unsigned long long)t ^ (u128)(s128)n);
    u128 r;
    int o1 = __builtin_add_overflow(a, b, &r);
    int o2 = __builtin_sub_overflow((s128)a, (s128)b, (s128 *)&r);
    s128 sr;
    int o3 = __builtin_mul_overflow((s128)(a >> (i & 63)), (s128)(b >> 70), &sr);
    int o4 = __builtin_mul_overflow(a >> 60, b >> 64, &r);
    printf("ovf %d %d %d %d\n", o1, o2, o3, o4);
    printf("bits %d %d %d %d\n", a ? __builtin_clzll((unsigned long long)(a >> 64) | 1) : 0,
           __builtin_popcountll((unsigned long long)a) + __builtin_popcountll((unsigned long long)(a >> 64)),
           classify(a), classify(i == 5 ? (u128)1 << 100 : i == 7 ? ~(u128)0 : (u128)i * 0));
    acc ^= mul(a, b) + udiv(a, b) + (a < b ? a : b);
  }
  p("mix", mix(-3, gu, 200, gs, garr[1]));
  p("g", gu + (u128)gs + garr[2] + garr[0]);
  p("acc", acc);
  return (int)(acc & 0x7f);
}
