/* First-class aggregate returns: each triple's IR returns small structs
 * its own way (in registers as i64, { i64, i64 }, { double, double },
 * { <2 x float>, float }, [N x i32], or through sret). Results of more
 * than two words come back through a hidden result pointer, the same for
 * direct and indirect calls. */
#include <stdio.h>

struct C2 { char a, b; };
struct I1 { int a; };
struct I2 { int a, b; };
struct I3 { int a, b, c; };
struct A4 { int v[4]; };
struct LL { long long a, b; };
struct D1 { double d; };
struct DD { double a, b; };
struct ID { int i; double d; };
struct F2 { float a, b; };
struct F3 { float a, b, c; };
struct Big { int v[10]; };

#define NOINLINE __attribute__((noinline))

NOINLINE struct C2 rc2(int x) { struct C2 r = {(char)x, (char)(x + 1)}; return r; }
NOINLINE struct I1 ri1(int x) { struct I1 r = {x * 3}; return r; }
NOINLINE struct I2 ri2(int x) { struct I2 r = {x, -x}; return r; }
NOINLINE struct I3 ri3(int x) { struct I3 r = {x, x * 2, x * 3}; return r; }
NOINLINE struct A4 ra4(int x) { struct A4 r = {{x, x + 1, x * 2, -x}}; return r; }
NOINLINE struct LL rll(long long a, int s) { struct LL r = {a, a * s}; return r; }
NOINLINE struct D1 rd1(double d) { struct D1 r = {d * 2}; return r; }
NOINLINE struct DD rdd(double a, double b) { struct DD r = {a + b, a - b}; return r; }
NOINLINE struct ID rid(int i, double d) { struct ID r = {i, d}; return r; }
NOINLINE struct F2 rf2(float x) { struct F2 r = {x, x * 4}; return r; }
NOINLINE struct F3 rf3(float x) { struct F3 r = {x, x * 2, x / 2}; return r; }
NOINLINE struct Big rbig(int x) {
  struct Big r;
  for (int i = 0; i < 10; i++)
    r.v[i] = x * i;
  return r;
}
NOINLINE _Complex double rcd(_Complex double a, _Complex double b) { return a + b * 2.0; }
NOINLINE _Complex float rcf(_Complex float a) { return a * 3.0f; }
NOINLINE long long rl(int a, long long b) { return b - a; }
NOINLINE double rdbl(int a, double b, int c) { return b * a + c; }

typedef struct DD (*ddfn)(double, double);
typedef struct LL (*llfn)(long long, int);
typedef struct A4 (*a4fn)(int);
typedef _Complex double (*cdfn)(_Complex double, _Complex double);

int main(void) {
  volatile double re = 1.5, im = -2.0;
  struct C2 c2 = rc2(65);
  struct I1 i1 = ri1(7);
  struct I2 i2 = ri2(9);
  struct I3 i3 = ri3(4);
  printf("%c%c %d %d %d %d %d %d\n", c2.a, c2.b, i1.a, i2.a, i2.b, i3.a, i3.b, i3.c);
  struct A4 a4 = ra4(7);
  printf("%d %d %d %d\n", a4.v[0], a4.v[1], a4.v[2], a4.v[3]);
  struct LL l = rll(123456789012LL, 3);
  printf("%lld %lld\n", l.a, l.b);
  struct D1 d1 = rd1(re);
  struct DD dd = rdd(re, im);
  struct ID id = rid(5, im);
  printf("%f %f %f %d %f\n", d1.d, dd.a, dd.b, id.i, id.d);
  struct F2 f2 = rf2(1.5f);
  struct F3 f3 = rf3(3.0f);
  printf("%f %f %f %f %f\n", f2.a, f2.b, f3.a, f3.b, f3.c);
  struct Big b = rbig(3);
  printf("%d %d %d\n", b.v[0], b.v[5], b.v[9]);
  _Complex double z = re + im * 1.0i;
  _Complex double c = rcd(z, z);
  _Complex float cf = rcf((float)re + (float)im * 1.0fi);
  printf("%f %f %f %f\n", __real__ c, __imag__ c, __real__ cf, __imag__ cf);
  printf("%lld %f\n", rl(2, 1LL << 40), rdbl(3, re, 1));
  volatile ddfn pdd = rdd;
  volatile llfn pll = rll;
  volatile a4fn pa4 = ra4;
  volatile cdfn pcd = rcd;
  dd = pdd(im, re);
  l = pll(-5, 7);
  a4 = pa4(-3);
  c = pcd(z, 1.0);
  printf("%f %f %lld %lld %d %d %f %f\n", dd.a, dd.b, l.a, l.b, a4.v[1], a4.v[3], __real__ c, __imag__ c);
  return 0;
}
