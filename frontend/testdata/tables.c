#include <stdarg.h>
struct op { const char *name; int code; short flags; char kind; long long big; };
static const struct op ops[] = {
  {"add", 1, 2, 'a', 10}, {"sub", 2, 3, 's', -20}, {"mul", 3, 4, 'm', 1LL<<40}, {"div", 4, 5, 'd', 0},
};
const char *names[] = {"zero", "one", "two", "three"};
int counts[16];
char buf[64] = "hello";
int *ptrs[] = {&counts[3], &counts[5], 0};
struct pt { int x, y; } pts[3] = {{1, 2}, {3, 4}};
int (*fns[2])(int, int);
extern int ext_var;
int get_code(int i) { return ops[i].code + ops[2].flags + ops[3].kind; }
const char *get_name(int i) { return ops[i & 3].name; }
long long get_big(int i) { return ops[i & 3].big; }
int lookup(const char *s) {
  for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    const char *a = ops[i].name, *b = s;
    while (*a && *a == *b) a++, b++;
    if (*a == *b) return i;
  }
  return -1;
}
int sw(int x) {
  switch (x) {
  case 0: return 10; case 1: return 20; case 2: return 35; case 3: return 47;
  case 4: return 51; case 5: return 66; case 7: return 71; case 100: return 3;
  case 1000: return 4; default: return -1;
  }
}
int sw2(int x, int y) {
  switch (x) { case 1: y += 3; break; case 5: y *= 7; break; case 9: y -= 2; break; case 30: y ^= 1; }
  return y;
}
#ifndef NO_VARARGS /* x86-64 va_lists are structs the frontend rejects */
int vsum(int n, ...) { va_list ap; va_start(ap, n); int s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, int); va_end(ap); return s; }
long long vsum64(int n, ...) { va_list ap; va_start(ap, n); long long s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, long long); va_end(ap); return s; }
#else
#define vsum(n, ...) 0
#define vsum64(n, ...) 0
#endif
struct big { int a[10]; };
struct big mkbig(int x) { struct big b; for (int i = 0; i < 10; i++) b.a[i] = x + i; return b; }
int usebig(struct big b) { return b.a[3]; }
int callbig(void) { struct big b = mkbig(3); return usebig(b) + vsum(3, 1, 2, 3) + (int)vsum64(2, 1LL, 2LL); }
int cnt(const char *s) { int n = 0; while (*s++) n++; return n + ext_var; }
void cpy(char *d, const char *s, int n) { __builtin_memcpy(d, s, n); __builtin_memset(d + n, 0, 4); }
int indir(int (*f)(int, int), int a) { return f(a, 1) + fns[a & 1](a, 2); }
int dyn(int n) { char a[n]; a[0] = 1; a[n-1] = 2; return cnt(a); }
int bits(unsigned x) { return x & 0x10 ? 3 : 7; }
int gp(int i) { return *ptrs[i] + pts[i].y + buf[i] + names[i][0]; }
struct packed { char c; int v; } __attribute__((packed));
int rdp(struct packed *p) { return p->v; }
void wrp(struct packed *p, int v) { p->v = v; }
long long rd64(long long *p) { return *p; }
void wr64(long long *p, long long v) { *p = v; }
int main(void) { return get_code(1) + sw(3) + lookup("mul") + callbig() + cnt(buf); }
