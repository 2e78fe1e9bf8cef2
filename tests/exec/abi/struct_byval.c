/* Structs passed by value, of many sizes and alignments, after an odd
 * number of argument words and beyond the argument registers. Each
 * triple's IR passes them its own way (byval pointers, i24/i64/[N x i32]
 * coercions, split words); caller and callee must agree and the callee
 * must get a copy. */
#include <stdio.h>

struct C1 { char a; };
struct C3 { char a, b, c; };
struct S2 { short a; };
struct S6 { short a, b, c; };
struct I2 { int a, b; };
struct I3 { int a, b, c; };
struct L1 { long long a; };
struct LI { long long a; int b; };
struct IL { int a; long long b; };
struct D1 { double d; };
struct ID { int i; double d; };
struct DI { double d; char c; };
struct F3 { float a, b, c; };
struct Big { int v[9]; long long w; char tail[3]; };

#define NOINLINE __attribute__((noinline))

NOINLINE int c1(int x, struct C1 s) { return x * 100 + s.a; }
NOINLINE int c3(int x, struct C3 s, int y) { return x + s.a * 3 + s.b * 5 + s.c * 7 + y; }
NOINLINE int s6(struct S6 s, int y) { return s.a - s.b + s.c * y; }
NOINLINE int s2(int a, int b, int c, struct S2 s) { return a + b + c + s.a; }
NOINLINE long long i2(int x, struct I2 s) { return (long long)s.a * s.b + x; }
NOINLINE int i3(struct I3 s, struct I3 t) { return s.a * t.c + s.b * t.b + s.c * t.a; }
NOINLINE long long l1(int x, struct L1 s) { return s.a * 2 + x; }
NOINLINE long long li(int x, struct LI s, int y) { return s.a + s.b * 1000 + x - y; }
NOINLINE long long il(struct IL s, int x, struct IL t) { return s.a + s.b - t.a * t.b + x; }
NOINLINE double d1(int x, struct D1 s) { return s.d * x; }
NOINLINE double id(int x, struct ID s, int y, struct ID t) { return x + s.i * s.d + y + t.i * t.d; }
NOINLINE double di(struct DI s, int x) { return s.d + s.c * x; }
NOINLINE double f3(int x, struct F3 s) { return x + s.a * 1 + s.b * 10 + s.c * 100; }

NOINLINE long long big(int x, struct Big b, int y) {
  long long s = x - y;
  for (int i = 0; i < 9; i++)
    s += b.v[i] * (i + 1);
  b.v[0] = 999; /* the callee owns a copy */
  return s + b.w + b.tail[0] + b.tail[2];
}

NOINLINE int many(int a, struct I2 b, long long c, struct C3 d, double e, struct LI f, int g) {
  return a + b.a + b.b + (int)c + d.a + d.c + (int)e + (int)f.a + f.b + g;
}

int main(void) {
  struct C1 sc1 = {9};
  struct C3 sc3 = {1, 2, 3};
  struct S2 ss2 = {-300};
  struct S6 ss6 = {10, 20, 30};
  struct I2 si2 = {100000, 300000};
  struct I3 si3 = {1, 2, 3}, ti3 = {4, 5, 6};
  struct L1 sl1 = {1LL << 41};
  struct LI sli = {-(1LL << 36), 7};
  struct IL sil = {5, 1LL << 37}, til = {3, -4};
  struct D1 sd1 = {2.5};
  struct ID sid = {3, 0.5}, tid = {-2, 1.25};
  struct DI sdi = {6.75, 2};
  struct F3 sf3 = {1.5f, 2.5f, 3.5f};
  struct Big sb = {{1, 2, 3, 4, 5, 6, 7, 8, 9}, 1LL << 50, {'x', 'y', 'z'}};
  printf("%d %d %d %d\n", c1(3, sc1), c3(1, sc3, 2), s6(ss6, 4), s2(1, 2, 3, ss2));
  printf("%lld %d %lld %lld %lld\n", i2(1, si2), i3(si3, ti3), l1(5, sl1), li(1, sli, 2), il(sil, 9, til));
  printf("%f %f %f %f\n", d1(3, sd1), id(1, sid, 2, tid), di(sdi, 4), f3(2, sf3));
  printf("%lld %d\n", big(10, sb, 4), sb.v[0]);
  printf("%d\n", many(1, si2, 1LL << 20, sc3, 8.5, sli, 11));
  return 0;
}
