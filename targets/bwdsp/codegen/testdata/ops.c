/* Operations for the rule-coverage test (isel_test.go): every rule of the
 * BWDSP table should fire on this file at -O0 or -O2. */
typedef unsigned u32;
int g32; short g16; signed char g8; unsigned short gu16; unsigned char gu8;
struct bf { int a : 5; unsigned b : 3; } gbf;
int arith(int a, int b, u32 c, u32 d) {
  int r = a + b + (a + 7) - (b - 9) + (a & 12) + (a & b) + (a | 3) + (a | b) + (a ^ 5) + (a ^ b) + ~a;
  r += a << 3; r += a << b; r += (int)(c >> 4); r += (int)(c >> d); r += a >> 2; r += a >> b;
  r += a * b + a / b + a % b + (int)(c / d) + (int)(c % d);
  r += (int)(((long long)a * b) >> 32) + (int)(((unsigned long long)c * d) >> 32);
  r += (c << (d & 31)) | (c >> (-d & 31));
  r += (c >> (d & 31)) | (c << (-d & 31));
  r += __builtin_clz(c | 1) + (signed char)a + (short)b + (a & 0xff) + (b & 0xffff) + gbf.a;
  r += a - b;
  return r;
}
int cmp(int a, int b, u32 c, u32 d) {
  int r = (a < b) + (c > d) + (a == 100000);
  r += a > b ? a : b;
  int t = a != 0;
  r += t ? c : d;
  if (a < b) r++;
  if (c) r--;
  return r;
}
int mem(int *p, short *q, signed char *s, unsigned short *uq, unsigned char *us, int i) {
  int loc[4] = {1, 2, 3, 4};
  volatile short ls = 3; volatile signed char lc = 4; volatile unsigned short lus = 5; volatile unsigned char luc = 6;
  g32 = p[1] + p[i]; g16 = q[1] + q[i]; g8 = s[1] + s[i]; gu16 = uq[2]; gu8 = us[3];
  p[2] = g32 + g16 + g8 + gu16 + gu8; q[2] = 1; s[2] = 2; q[i] = 3; s[i] = 4;
  p[i] = loc[i & 3] + ls + lc + lus + luc; ls = 9; lc = 8;
  return p[i + 100000];
}
int sw(int x) {
  switch (x) { case 0: return 5; case 1: return 7; case 2: return 11; case 3: return 13; case 4: return 17; case 5: return 19; }
  return 0;
}
int go(int x) {
  static void *t[] = {&&a, &&b};
  goto *t[x & 1];
a: return 1;
b: return 2;
}
int vla(int n) {
  int s = 0;
  for (int k = 0; k < 2; k++) { int v[n]; v[0] = k; s += v[0]; }
  return s;
}
void trap(int x) { if (x) __builtin_trap(); }
int pick(int x) {
  void *p = x ? &&a : &&b;
  goto *p;
a: return 3;
b: return 4;
}
int ovf(int a, int b) { int r; return __builtin_mul_overflow(a, b, &r) + r; }
int flag(_Bool f) { if (f) return 1; return 2; }
float fl(float a, float b, int i, unsigned u) {
  float r = a + b - a * b / b + (float)i + (float)u + (int)a + (unsigned)b;
  r += (a < b) + (a == b) + (a >= b) + (a <= b) + !(a < b) + !(a > b) + !(a <= b) + !(a >= b) + (a != b);
  r += __builtin_islessgreater(a, b) + !__builtin_islessgreater(a, b) + __builtin_isunordered(a, b) + !__builtin_isunordered(a, b);
  r += a != b ? a : b;
  if (a > b) r += 1;
  return r;
}
float fsel(float a, float b) { return a < b ? a : b; }
