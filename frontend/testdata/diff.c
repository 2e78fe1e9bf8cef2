/* Differential test program: test() folds many computations into a
   checksum; the frontend test runs it through the MIR interpreter and
   compares with the natively compiled program. Avoid `long` and
   type-punning so that the result does not depend on the target. */
#include <stdarg.h>
typedef unsigned long long u64;
typedef long long i64;
typedef unsigned u32;

static u32 h = 2166136261u;
static void mix(u32 v) { h = (h ^ v) * 16777619u; }
static void mix64(u64 v) { mix((u32)v); mix((u32)(v >> 32)); }

static volatile int vzero = 0;
__attribute__((noinline)) int opaque(int x) { return x + vzero; }
__attribute__((noinline)) i64 opaque64(i64 x) { return x + vzero; }

struct rec { const char *name; int code; short s; signed char c; i64 big; };
static const struct rec recs[] = {
  {"alpha", 1, -2, 'a', 10}, {"beta", 2, 300, -5, -20}, {"gamma", 3, -32768, 127, 1LL << 40},
  {"delta", 4, 5, -128, -1},
};
const char *words[] = {"zero", "one", "two", "three", "four"};
int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
int *tptr[] = {&table[2], &table[7], &table[15]};
char buf[32] = "hello, world";
struct __attribute__((packed)) pk { char c; int v; short s; i64 w; };
struct pk pks[2] = {{1, 0x12345678, -3, -5}, {2, -7, 9, 0x123456789abcLL}};
struct bf { unsigned a : 3, b : 7; int c : 5; unsigned d : 17; };

__attribute__((noinline)) int sw(int x) {
  switch (x) {
  case 0: return 10; case 1: return 20; case 2: return 35; case 3: return 47;
  case 4: return 51; case 5: return 66; case 7: return 71; case 100: return 3;
  case 1000: return 4; case -5: return 9; default: return -1;
  }
}
__attribute__((noinline)) int sw2(int x, int y) {
  switch (x) { case 1: y += 3; break; case 5: y *= 7; break; case 9: y -= 2; break;
  case 30: y ^= 1; break; case 31: y <<= 1; break; case 200: y = -y; break; }
  return y;
}
__attribute__((noinline)) int swll(i64 x) {
  switch (x) { case 1: return 5; case 1LL << 33: return 6; case -1: return 7; }
  return 0;
}
#ifndef NO_VARARGS /* x86-64 IR reads its va_list struct itself */
__attribute__((noinline)) int vsum(int n, ...) {
  va_list ap; va_start(ap, n); int s = 0;
  for (int i = 0; i < n; i++) s = s * 3 + va_arg(ap, int);
  va_end(ap); return s;
}
__attribute__((noinline)) i64 vsum64(int n, ...) {
  va_list ap; va_start(ap, n); i64 s = 0;
  for (int i = 0; i < n; i++) { s = s * 5 + va_arg(ap, i64); s ^= va_arg(ap, int); }
  va_end(ap); return s;
}
#endif
struct big { int a[9]; char c; };
__attribute__((noinline)) struct big mkbig(int x) { struct big b; for (int i = 0; i < 9; i++) b.a[i] = x * i; b.c = (char)x; return b; }
__attribute__((noinline)) int usebig(struct big b, int k) { b.a[0] += k; return b.a[0] + b.a[8] + b.c; }
__attribute__((noinline)) int lookup(const char *s) {
  for (unsigned i = 0; i < sizeof recs / sizeof recs[0]; i++) {
    const char *a = recs[i].name, *b = s;
    while (*a && *a == *b) a++, b++;
    if (*a == *b) return (int)i;
  }
  return -1;
}
__attribute__((noinline)) int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__attribute__((noinline)) int dyn(int n) {
  char a[n + 1]; for (int i = 0; i < n; i++) a[i] = (char)('a' + i); a[n] = 0;
  int s = 0; for (char *p = a; *p; p++) s = s * 31 + *p; return s;
}
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
int (*fns[2])(int, int) = {add, sub};
__attribute__((noinline)) unsigned short bswap16(unsigned short x) { return __builtin_bswap16(x); }
__attribute__((noinline)) int isqrt(u64 x) { u64 r = 0; while ((r + 1) * (r + 1) <= x) r++; return (int)r; }

u32 test(void) {
  int vals[] = {0, 1, -1, 7, -7, 100, -100, 0x7fffffff, (int)0x80000000, 12345, -98765, 255, 256, 65535, 65536};
  int nv = sizeof vals / sizeof vals[0];
  for (int i = 0; i < nv; i++) {
    int a = opaque(vals[i]);
    for (int j = 0; j < nv; j++) {
      int b = opaque(vals[j]);
      mix(a + b); mix(a - b); mix(a * b); mix(a & b); mix(a | b); mix(a ^ b);
      mix(a < b); mix(a <= b); mix((u32)a < (u32)b); mix((u32)a >= (u32)b); mix(a == b);
      if (b != 0 && !(a == (int)0x80000000 && b == -1)) { mix(a / b); mix(a % b); }
      if (b != 0) { mix((u32)a / (u32)b); mix((u32)a % (u32)b); }
      mix(a > b ? a : b); mix((u32)a < (u32)b ? a : b);
      i64 x = (i64)a * 100003 + b, y = ((i64)b << 20) - a;
      mix64(x + y); mix64(x - y); mix64(x * y); mix64(x & y); mix64(x ^ y);
      mix(x < y); mix(x <= y); mix((u64)x < (u64)y); mix((u64)x >= (u64)y); mix(x == y); mix(x != y);
      if (y != 0) { mix64(x / y); mix64(x % y); mix64((u64)x / (u64)y); mix64((u64)x % (u64)y); }
      int s = j & 31;
      mix(a << s); mix(a >> s); mix((u32)a >> s);
      mix64(x << (s + j)); mix64(x >> (s + j)); mix64((u64)x >> (s + j % 3));
      mix((signed char)a / ((signed char)b | 1)); mix((unsigned short)a % ((unsigned short)b | 1));
      { int r; unsigned ur; short sr; unsigned char cr; i64 lr; u64 ulr;
        mix(__builtin_add_overflow(a, b, &r)); mix(r); mix(__builtin_sub_overflow(a, b, &r)); mix(r);
        mix(__builtin_mul_overflow(a, b, &r)); mix(r); mix(__builtin_add_overflow((u32)a, (u32)b, &ur)); mix(ur);
        mix(__builtin_sub_overflow((u32)a, (u32)b, &ur)); mix(ur); mix(__builtin_mul_overflow((u32)a, (u32)b, &ur)); mix(ur);
        mix(__builtin_mul_overflow((short)a, (short)b, &sr)); mix(sr); mix(__builtin_add_overflow((short)a, (short)b, &sr)); mix(sr);
        mix(__builtin_mul_overflow((unsigned char)a, (unsigned char)b, &cr)); mix(cr);
        mix(__builtin_add_overflow(x, y, &lr)); mix64(lr); mix(__builtin_sub_overflow(x, y, &lr)); mix64(lr);
        mix(__builtin_add_overflow((u64)x, (u64)y, &ulr)); mix64(ulr); mix(__builtin_sub_overflow((u64)x, (u64)y, &ulr)); mix64(ulr);
        mix(__builtin_mul_overflow((u64)x, (u64)y, &ulr)); mix64(ulr); mix(__builtin_mul_overflow((u64)a, (u64)y, &ulr)); mix64(ulr); }
      mix((short)a >> 3); mix((unsigned char)a >> 2); mix((signed char)b < (signed char)a);
    }
    u32 u = (u32)a;
    mix((u << 5) | (u >> 27)); mix((u << (i & 31)) | (u >> ((32 - (i & 31)) & 31)));
    mix(u ? __builtin_clz(u) : 99); mix(u ? __builtin_ctz(u) : 99); mix(__builtin_popcount(u));
    mix(__builtin_bswap32(u)); mix(bswap16((unsigned short)u));
    u64 w = (u64)opaque64(a) * 0x9e3779b97f4a7c15ULL;
    mix64(__builtin_bswap64(w)); mix(w ? __builtin_clzll(w) : 99); mix(w ? __builtin_ctzll(w) : 99);
    mix(__builtin_popcountll(w)); mix(a < 0 ? -a : a); mix64((i64)a < 0 ? -(i64)a : (i64)a);
    mix(sw(a)); mix(sw(i)); mix(sw(i - 6)); mix(sw2(i, a)); mix(sw2(i * 5, a)); mix(swll(opaque64(1LL << 33)));
    mix(swll(opaque64(a)));
    mix64((i64)(signed char)a); mix64((u64)(unsigned short)a); mix64((i64)a); mix64((u64)(u32)a);
  }
  for (int i = 0; i < 4; i++) {
    int k = opaque(i);
    mix(recs[k].code); mix(recs[k].s); mix(recs[k].c); mix64(recs[k].big); mix(lookup(recs[k].name));
    mix(words[k][1]); mix(table[k * 3]); mix(*tptr[k % 3]); mix(buf[k * 2]);
    mix(pks[k & 1].v); mix(pks[k & 1].s); mix64(pks[k & 1].w);
    pks[k & 1].v += k; pks[k & 1].w -= k * 1000000007LL; mix(pks[k & 1].v); mix64(pks[k & 1].w);
    mix(fns[k & 1](k, 10));
  }
  mix(lookup("gamma")); mix(lookup("nope"));
  struct bf f = {5, 100, -3, 70000};
  f.a += opaque(1); f.c -= opaque(2); f.d ^= opaque(12345);
  mix(f.a); mix(f.b); mix(f.c); mix(f.d);
#ifndef NO_VARARGS
  mix(vsum(4, 1, 2, 3, opaque(4))); mix64(vsum64(3, 1LL, 9, -2LL, 8, 1LL << 40, opaque(7)));
#endif
  struct big b = mkbig(opaque(3)); mix(usebig(b, 4)); mix(b.a[3]);
  mix(fib(opaque(15))); mix(dyn(opaque(7))); mix(isqrt(opaque64(1000000)));
  char tmp[20]; __builtin_memcpy(tmp, buf, 12); __builtin_memset(tmp + 5, 'x', opaque(3)); tmp[12] = 0;
  for (int i = 0; i < 13; i++) mix(tmp[i]);
  return h;
}
