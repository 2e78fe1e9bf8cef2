/* Inputs for the cpu0 isel pipeline test: every family of generic op. */
#include <stdarg.h>
#include <stddef.h>

struct S { int a, b; short c; };
int g = 5;
short hs[4] = {1, -2, 3, -4};
signed char cs[4] = {1, -2, 3, -4};
unsigned char us[4] = {200, 2, 3, 4};
const char *msg = "hi\n";

int arith(int a, int b) {
  return (a + b) * (a - b) / (b | 1) + a % (b | 1) + (a & b) + (a ^ b) + (a << (b & 31)) + (a >> 3) + ((unsigned)a >> (b & 7)) - 70000 + (~a);
}
unsigned uarith(unsigned a, unsigned b) { return a / (b | 1) + a % (b | 1) + (a * b); }
int cmps(int a, int b, unsigned c, unsigned d) {
  return (a < b) + (a <= b) * 2 + (a > b) * 4 + (a >= b) * 8 + (a == b) * 16 + (a != b) * 32 +
         (c < d) * 64 + (c <= d) * 128 + (c > d) * 256 + (c >= d) * 512 + (a < 10) + (c < 100u) + (a == 7);
}
int sel(int a, int b) { return a < b ? a : b; }
int sel2(int a, int b, int c) { return a == b ? c : a; }
unsigned usel(unsigned a, unsigned b) { return a > b ? a - b : b - a; }
int loop(int n) { int s = 0; for (int i = 0; i < n; i++) { if (i & 1) s += i; else s -= i; } return s; }
int sw(int x) { switch (x) { case 0: return 3; case 1: return 7; case 2: return 9; case 3: return 11; case 4: return 1; case 5: return 8; default: return 0; } }
long long wide(long long a, int b, long long c) { return a * c + b - (a >> 7) + (c << 3) + (a / c); }
unsigned long long uwide(unsigned long long a, unsigned long long b) { return a / b + a % b; }
int many(int a, int b, int c, int d, int e, long long f) { return a + b + c + d + e + (int)f; }
int callmany(void) { return many(1, 2, 3, 4, 5, 6LL) + (int)wide(1, 2, 3); }
int byval(struct S s) { return s.a + s.b + s.c; }
int callbyval(void) { struct S s = {1, 2, 3}; return byval(s); }
int va(int n, ...) { va_list ap; va_start(ap, n); int s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, int); va_end(ap); return s; }
int callva(void) { return va(3, 1, 2, 3); }
int dyn(int n) { int a[n]; for (int i = 0; i < n; i++) a[i] = i; return a[n - 1]; }
int mem(int i) { return hs[i & 3] + cs[i & 3] + us[i & 3] + g + msg[i & 1]; }
void store(int i, int v) { hs[i & 3] = v; cs[i & 3] = v; us[i & 3] = v; g = v; }
int clz(unsigned x) { return __builtin_clz(x | 1); }
int (*fp)(int, int) = sel;
int indirect(int a) { return fp(a, 3); }
int rot(unsigned x, int n) { return (x << (n & 31)) | (x >> ((32 - n) & 31)); }
