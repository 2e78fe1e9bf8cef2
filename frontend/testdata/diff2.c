/* Second differential program: sorting through function pointers, struct
   copies, 2-D arrays, dense switches (lookup tables), string handling,
   pointer arithmetic and 64-bit recursion. See diff.c for the rules. */
typedef unsigned long long u64;
typedef long long i64;
typedef unsigned u32;

static u32 h = 5381;
static void mix(u32 v) { h = h * 33 ^ v; }
static volatile int vz;
__attribute__((noinline)) int op(int x) { return x + vz; }

struct item { char name[6]; short prio; i64 key; unsigned char flags; };
static struct item items[12];
static int cmp_prio(const struct item *a, const struct item *b) { return a->prio - b->prio; }
static int cmp_key(const struct item *a, const struct item *b) { return a->key < b->key ? -1 : a->key > b->key; }
static void sort(struct item *v, int n, int (*cmp)(const struct item *, const struct item *)) {
  for (int i = 1; i < n; i++) {
    struct item t = v[i];
    int j = i;
    while (j > 0 && cmp(&v[j - 1], &t) > 0) { v[j] = v[j - 1]; j--; }
    v[j] = t;
  }
}
__attribute__((noinline)) int dense(int x) {
  switch (x) {
  case 0: return 13; case 1: return 7; case 2: return 99; case 3: return -4; case 4: return 1000;
  case 5: return 5; case 6: return 66; case 7: return 12; case 8: return 0; case 9: return 31;
  default: return -1;
  }
}
__attribute__((noinline)) const char *color(unsigned x) {
  switch (x % 7) { case 0: return "red"; case 1: return "green"; case 2: return "blue";
  case 3: return "cyan"; case 4: return "magenta"; case 5: return "yellow"; default: return "black"; }
}
__attribute__((noinline)) int phisw(int x, int y) {
  int r;
  switch (x & 7) { case 0: r = y; break; case 1: r = y * 2; break; case 2: r = -y; break;
  case 3: r = y ^ 0x5a; break; case 5: r = 17; break; default: r = x; }
  return r + 1;
}
static i64 ack(i64 m, i64 n) { return m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1)); }
static int grid[8][9];
static int strlen_(const char *s) { const char *p = s; while (*p) p++; return (int)(p - s); }
static void rev(char *s) { int n = strlen_(s); for (int i = 0; i < n / 2; i++) { char t = s[i]; s[i] = s[n - 1 - i]; s[n - 1 - i] = t; } }
static int atoi_(const char *s) { int sg = 1, v = 0; if (*s == '-') sg = -1, s++; while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0'); return sg * v; }
static void itoa_(int v, char *out) { char b[16]; int n = 0; unsigned u = v < 0 ? -(unsigned)v : (unsigned)v; do b[n++] = (char)('0' + u % 10); while (u /= 10); if (v < 0) *out++ = '-'; while (n) *out++ = b[--n]; *out = 0; }

struct wide { i64 v; int tag; };
struct vec3 { int x, y, z; };
__attribute__((noinline)) struct wide widen(struct wide w, int extra) { w.v = w.v * 1000 + extra; w.tag++; return w; }
__attribute__((noinline)) struct vec3 vadd(struct vec3 p, struct vec3 q) { struct vec3 r = {p.x + q.x, p.y - q.y, p.z * q.z}; return r; }

u32 test(void) {
  struct wide w = {op(123456789), 0};
  for (int i = 0; i < 3; i++) w = widen(w, op(i));
  mix((u32)w.v); mix((u32)(w.v >> 32)); mix(w.tag);
  struct vec3 va = {op(1), 2, 3}, vb = {-4, op(5), 9};
  struct vec3 vc = vadd(va, vadd(vb, va)); mix(vc.x); mix(vc.y); mix(vc.z);
  for (int i = 0; i < 12; i++) {
    int k = op(i);
    for (int c = 0; c < 5; c++) items[i].name[c] = (char)('a' + (k * 7 + c * 3) % 26);
    items[i].name[5] = 0;
    items[i].prio = (short)((k * 37) % 11 - 5);
    items[i].key = ((i64)(k * 2654435761u) << 13) ^ -(i64)k;
    items[i].flags = (unsigned char)(k * 29);
  }
  sort(items, 12, cmp_prio);
  for (int i = 0; i < 12; i++) { mix(items[i].prio); mix(items[i].name[0]); mix(items[i].flags); }
  sort(items, 12, cmp_key);
  for (int i = 0; i < 12; i++) { mix((u32)items[i].key); mix((u32)(items[i].key >> 32)); mix(items[i].name[4]); }
  for (int i = -2; i < 12; i++) { mix(dense(op(i))); mix(color(op(i))[1]); mix(phisw(op(i), 3 * i)); }
  mix((u32)ack(2, op(3)));
  for (int r = 0; r < 8; r++) for (int c = 0; c < 9; c++) grid[r][c] = op(r * c) - c;
  int *p = &grid[2][3];
  mix(p[10]); mix(p[-3]); mix(*(p + 20)); mix((int)(&grid[7][8] - p));
  int sum = 0; for (int r = 0; r < 8; r++) sum += grid[r][(r * 5) % 9]; mix(sum);
  char buf[32]; itoa_(op(-12345), buf); mix(atoi_(buf)); rev(buf); mix(buf[0]); mix(strlen_(buf));
  itoa_(op(2147483647), buf); mix(atoi_(buf + 1)); itoa_(op(-2147483647 - 1), buf); mix(buf[1]); mix(strlen_(buf));
  struct item a = items[op(3)], b = items[op(5)];
  a.key += b.key; b = a; mix((u32)b.key); mix(b.prio);
  return h;
}
