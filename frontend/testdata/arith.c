typedef unsigned long long u64;
typedef long long i64;
int add(int a, int b) { return a + b; }
int divs(int a, int b) { return a / b + a % b; }
unsigned divu(unsigned a, unsigned b) { return a / b + a % b; }
i64 add64(i64 a, i64 b) { return a + b; }
i64 mul64(i64 a, i64 b) { return a * b; }
i64 div64(i64 a, i64 b) { return a / b; }
u64 udiv64(u64 a, u64 b) { return a / b + a % b; }
i64 shl64(i64 a, int s) { return a << s; }
i64 shr64(i64 a, int s) { return a >> s; }
u64 lshr64(u64 a, int s) { return a >> s; }
i64 shc(i64 a) { return (a << 7) ^ (a >> 40) ^ ((u64)a >> 3); }
int cmp64(i64 a, i64 b) { return (a < b) + 2*(a == b) + 4*((u64)a > (u64)b); }
signed char sc(signed char a, signed char b) { return a / b; }
unsigned short us(unsigned short a, unsigned short b) { return a % b; }
short ss(short a) { return a >> 3; }
int mx(int a, int b) { return a > b ? a : b; }
unsigned rotl(unsigned x, int n) { return (x << n) | (x >> (32 - n)); }
int clz(unsigned x) { return __builtin_clz(x) + __builtin_ctz(x) + __builtin_popcount(x); }
unsigned bsw(unsigned x) { return __builtin_bswap32(x); }
u64 bsw64(u64 x) { return __builtin_bswap64(x); }
int ab(int x) { return x < 0 ? -x : x; }
i64 neg64(i64 x) { return -x; }
int lcm(int a, int b) { int x = a, y = b; while (y) { int t = x % y; x = y; y = t; } return a / x * b; }
int sum(int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
i64 sum64(i64 *p, int n) { i64 s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
int clz64(u64 x) { return __builtin_clzll(x) + __builtin_ctzll(x) + __builtin_popcountll(x); }
