// One-element vectors (vector_size equal to the element size, as the
// vectorizer also makes them): arithmetic, compares, shifts, loads and
// stores, element access, shufflevector, conversions, bitcasts to and from
// scalars, and passing and returning them by value.
#include <stdio.h>
typedef int v1i __attribute__((vector_size(4)));
typedef unsigned v1u __attribute__((vector_size(4)));
typedef float v1f __attribute__((vector_size(4)));
typedef long long v1l __attribute__((vector_size(8)));
typedef double v1d __attribute__((vector_size(8)));
typedef short v1s __attribute__((vector_size(2)));
typedef char v1c __attribute__((vector_size(1)));

static v1l gl = {-5};
static v1d gd[3] = {{1.0}, {2.0}, {4.5}};

__attribute__((noinline)) v1d addd(v1d a, v1d b) { return a + b * b; }
__attribute__((noinline)) v1l mull(v1l a, v1l b) { return a * b - (a >> 1); }
__attribute__((noinline)) v1f divf(v1f a, v1f b) { return a / b; }
__attribute__((noinline)) v1i mix(v1i a, v1u b) { return (a ^ (v1i)b) % 7 + (a > 3); }
__attribute__((noinline)) v1s shs(v1s a) { return (a << 3) | (v1s){1}; }

int main(void) {
  volatile int k = 9;
  v1i a = {k};
  v1u u = {0x80000001u};
  v1i m = mix(a, u);
  printf("%d\n", m[0]);
  v1l l = mull(gl, (v1l){k});
  printf("%lld\n", l[0]);
  v1d d = addd(gd[1], gd[2]);
  printf("%g\n", d[0]);
  v1f f = divf((v1f){(float)k}, (v1f){4.0f});
  printf("%g\n", f[0]);
  v1s s = shs((v1s){(short)k});
  printf("%d\n", s[0]);
  v1c c = {(char)k}; c = c * c;
  printf("%d\n", c[0]);
  v1i sh = __builtin_shufflevector(a, m, 1);
  printf("%d\n", sh[0]);
  v1d cv = __builtin_convertvector(a, v1d);
  v1i ci = __builtin_convertvector(d, v1i);
  printf("%g %d\n", cv[0], ci[0]);
  long long bits = (long long)d;
  v1l back = (v1l)bits;
  v1d dd = (v1d)back;
  printf("%g\n", dd[0]);
  float fl = ((v1f)a)[0];
  int fi = ((v1i)f)[0];
  printf("%d %d\n", fl != 0.0f, fi);
  v1d acc = {0};
  for (int i = 0; i < 3; i++) acc += gd[i];
  printf("%g\n", acc[0]);
  int sum = 0;
  v1i arr[4] = {{1}, {2}, {3}, {4}};
  for (int i = 0; i < 4; i++) { arr[i] *= a; sum += arr[i][0]; }
  printf("%d\n", sum);
  return 0;
}
