// Four- and two-lane vectors of int, unsigned, float and pointers (the
// shapes a SIMD target keeps whole, which vector-legalize splits for
// Cpu0), mixed with narrow lanes: arithmetic, shifts by constants and by
// vectors, division, compares producing lane masks, selects on masks,
// shuffles with undefined lanes, element reads and writes at constant and
// variable indices, aligned and unaligned vector loads and stores,
// vectors through loops (vector phis), calls and conversions.
#include <stdio.h>
typedef int v4i __attribute__((ext_vector_type(4)));
typedef unsigned v4u __attribute__((ext_vector_type(4)));
typedef float v4f __attribute__((ext_vector_type(4)));
typedef int v2i __attribute__((ext_vector_type(2)));
typedef short v4s __attribute__((ext_vector_type(4)));
typedef unsigned char v4c __attribute__((ext_vector_type(4)));
typedef int v4iu __attribute__((vector_size(16), aligned(1)));

static v4i gv = {1, -2, 3, -4};
static v4f gf[2] = {{0.5f, 1.5f, -2.0f, 8.0f}, {3.0f, -1.0f, 0.25f, 4.0f}};
static int arr[12] = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

static void pi(const char *s, v4i v) { printf("%s %d %d %d %d\n", s, v.x, v.y, v.z, v.w); }
static void pf(const char *s, v4f v) { printf("%s %g %g %g %g\n", s, v.x, v.y, v.z, v.w); }

__attribute__((noinline)) v4i arith(v4i a, v4i b) { return (a + b) * (a - b) ^ (b | 3) & ~a; }
__attribute__((noinline)) v4i shifts(v4i a, v4i n) { return (a << 3) + (a >> n) + (v4i)((v4u)a >> (v4u)n); }
__attribute__((noinline)) v4i divs(v4i a, v4i b) { return a / b + a % b + (v4i)((v4u)a / (v4u)b); }
__attribute__((noinline)) v4i clamp(v4i a, int lo, int hi) { return a < lo ? lo : a > hi ? hi : a; }
__attribute__((noinline)) v4f fsel(v4f a, v4f b) { return a < b ? a * b : a / b - 1.0f; }
__attribute__((noinline)) v4f saxpy(float k, v4f x, v4f y) { return k * x + y; }
__attribute__((noinline)) int get(v4i v, int i) { return v[i & 3]; }
__attribute__((noinline)) v4i set(v4i v, int i, int x) { v[i & 3] = x; return v; }
__attribute__((noinline)) v4i sum_rows(const v4i *p, int n) {
  v4i acc = 0;
  for (int i = 0; i < n; i++) acc += p[i] * (i + 1);
  return acc;
}
__attribute__((noinline)) v4i loadu(const int *p) { return *(const v4iu *)p; }
__attribute__((noinline)) void storeu(int *p, v4i v) { *(v4iu *)p = v; }
__attribute__((noinline)) v2i pair(v2i a, v2i b) { return (a > b) ? a - b : b * 2; }
__attribute__((noinline)) v4s narrow(v4s a, v4s b) { return (a * b) >> 2; }
__attribute__((noinline)) v4c bytes(v4c a, v4c b) { return a > b ? a - b : b - a; }

int main(void) {
  volatile int k = 7;
  v4i a = {k, -k, 3 * k, 100};
  v4i b = gv;
  pi("arith", arith(a, b));
  pi("shifts", shifts(a, (v4i){1, 2, 3, 31}));
  pi("divs", divs(a, (v4i){2, -3, 5, 7}));
  pi("clamp", clamp((v4i){-50, 5, 500, 20}, 0, 100));
  pf("fsel", fsel(gf[0], gf[1]));
  pf("saxpy", saxpy(2.0f, gf[0], gf[1]));
  printf("get %d %d\n", get(a, k), get(b, 2));
  pi("set", set(a, k + 1, 42));
  v4i rows[3] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {-1, -2, -3, -4}};
  pi("rows", sum_rows(rows, 3));
  v4i u = loadu(arr + 1);
  pi("loadu", u);
  storeu(arr + 3, u * 2);
  printf("arr %d %d %d %d %d %d\n", arr[2], arr[3], arr[4], arr[5], arr[6], arr[7]);
  v4i sh = __builtin_shufflevector(a, b, 7, 0, -1, 2);
  sh.z = 9;
  pi("shuffle", sh);
  pi("swizzle", a.wzyx + b.xxyy);
  v4i m = a > b;
  pi("mask", m);
  v2i p = pair((v2i){k, 1}, (v2i){2, k});
  printf("pair %d %d\n", p.x, p.y);
  v4s s = narrow((v4s){300, -7, 1000, k}, (v4s){200, 9, -40, 3});
  printf("narrow %d %d %d %d\n", s.x, s.y, s.z, s.w);
  v4c c = bytes((v4c){200, 3, 50, 255}, (v4c){100, 9, 50, 1});
  printf("bytes %d %d %d %d\n", c.x, c.y, c.z, c.w);
  v4f cv = __builtin_convertvector(a, v4f) * 0.5f;
  pf("convert", cv);
  pi("back", __builtin_convertvector(cv + 0.25f, v4i));
  int *ptrs[2] = {arr, arr + 4};
  printf("ptr %d\n", *ptrs[k & 1]);
  return 0;
}
