/* ABI corners by value and as results: structs mixing char, float, int
 * and short; float+double and char+double+char; two-char structs; bit-field
 * structs; a union; a packed struct with a misaligned long long; two long
 * longs, two doubles, two and four floats (AArch64 and ARM HFAs, RISC-V
 * float pairs); _Bool; a switch on an enum with a negative enumerator;
 * function pointers from a table; a long mixed argument list. Each triple
 * coerces them its own way; caller and callee must agree. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#define NI __attribute__((noinline))
struct Mix { char c; float f; int i; short s; };
struct FD { float f; double d; };
struct CD { char c; double d; char e; };
struct Small { signed char a, b; };
struct BF { unsigned a:3; signed b:5; unsigned c:12; unsigned d:1; int e:11; };
union U { int i; float f; char c[4]; };
struct __attribute__((packed)) P { char c; int i; short s; long long l; };
struct LL2 { long long a, b; };
struct D2 { double a, b; };
struct F2 { float a, b; };
struct F4 { float a, b, c, d; };
enum Color { RED = 1, GREEN = 5, BLUE = 100, NEG = -3 };

NI struct Mix mkmix(int k) { struct Mix m = { (char)('a' + k), k * 1.5f, k * 1000 + 7, (short)(-k) }; return m; }
NI int usemix(struct Mix m, int x) { return m.c + (int)(m.f * 2) + m.i + m.s + x; }
NI struct FD mkfd(float f, double d) { struct FD r = { f, d }; return r; }
NI double usefd(int a, struct FD s, char c) { return a + s.f + s.d + c; }
NI struct CD mkcd(char c, double d) { struct CD r = { c, d, (char)(c + 1) }; return r; }
NI double usecd(struct CD x, struct CD y) { return x.c + x.d * 2 + x.e + y.c * 3 + y.d + y.e; }
NI struct Small mksmall(int a) { struct Small s = { (signed char)a, (signed char)(a >> 8) }; return s; }
NI int usesmall(struct Small a, struct Small b, struct Small c) { return a.a * 1 + a.b * 2 + b.a * 3 + b.b * 4 + c.a * 5 + c.b * 6; }
NI struct BF mkbf(int k) { struct BF b; b.a = k; b.b = -k; b.c = k * 37; b.d = k & 1; b.e = -k * 9; return b; }
NI int usebf(struct BF b) { return b.a * 1000000 + b.b * 10000 + b.c * 10 + b.d + b.e * 7; }
NI union U mku(float f) { union U u; u.f = f; return u; }
NI int useu(union U u, int k) { return (u.i >> 3) + k; }
NI long long usep(struct P p) { return p.c + p.i + p.s + p.l; }
NI struct P mkp(int k) { struct P p = { (char)k, k * 3, (short)(k * 5), (long long)k << 40 }; return p; }
NI struct LL2 mkll2(long long a) { struct LL2 r = { a, ~a }; return r; }
NI long long usell2(int x, struct LL2 s) { return s.a - s.b + x; }
NI struct D2 mkd2(double a) { struct D2 r = { a, -a / 3 }; return r; }
NI double used2(struct D2 s, float f) { return s.a * s.b + f; }
NI struct F2 mkf2(float a) { struct F2 r = { a, a * a }; return r; }
NI float usef2(struct F2 s, struct F2 t) { return s.a + s.b * t.a - t.b; }
NI struct F4 mkf4(float a) { struct F4 r = { a, a + 1, a + 2, a + 3 }; return r; }
NI float usef4(int i, struct F4 s) { return s.a * s.b + s.c * s.d + i; }
NI _Bool isodd(int x) { return x & 1; }
NI int usebool(_Bool a, _Bool b, _Bool c) { return a * 4 + b * 2 + c; }
NI const char *color(enum Color c) {
  switch (c) { case RED: return "red"; case GREEN: return "green"; case BLUE: return "blue"; case NEG: return "neg"; }
  return "?";
}
typedef int (*binop)(int, int);
NI int add(int a, int b) { return a + b; }
NI int mul(int a, int b) { return a * b; }
NI int apply(binop f, int a, int b) { return f(a, b); }
binop table[] = { add, mul };
NI long long many(int a, long long b, int c, double d, char e, long long f, float g, short h, double i, int j, struct Mix m, long long k) {
  return a + b + c + (long long)(d * 7) + e + f + (long long)(g * 3) + h + (long long)i + j + usemix(m, 2) + k;
}

int main(void) {
  struct Mix m = mkmix(3);
  printf("mix %d %d\n", usemix(m, 5), usemix(mkmix(-2), -1));
  printf("fd %.3f\n", usefd(2, mkfd(1.25f, 3.5), 'x'));
  printf("cd %.3f\n", usecd(mkcd('a', 2.5), mkcd('z', -1.25)));
  printf("small %d\n", usesmall(mksmall(0x1234), mksmall(0x0507), mksmall(-3)));
  for (int k = -3; k < 5; k++) printf("bf %d %d\n", k, usebf(mkbf(k)));
  printf("u %d %d\n", useu(mku(1.5f), 0), useu(mku(-3.25f), 3));
  printf("p %lld %d\n", usep(mkp(9)), (int)sizeof(struct P));
  printf("ll2 %lld\n", usell2(4, mkll2(0x123456789LL)));
  printf("d2 %.4f\n", used2(mkd2(7.5), 0.25f));
  printf("f2 %.3f\n", usef2(mkf2(1.5f), mkf2(-2.0f)));
  printf("f4 %.3f\n", usef4(3, mkf4(0.5f)));
  printf("bool %d %d\n", usebool(isodd(3), isodd(4), isodd(-1)), (int)sizeof(_Bool));
  printf("%s %s %s %s %s\n", color(RED), color(GREEN), color(BLUE), color(NEG), color((enum Color)7));
  printf("fp %d %d %d\n", apply(add, 3, 4), apply(table[1], 5, 6), table[0](1, 2));
  printf("many %lld\n", many(1, 2LL << 33, 3, 4.5, 'e', -6LL, 7.25f, (short)-8, 9.75, 10, m, 11LL << 35));
  return 0;
}
