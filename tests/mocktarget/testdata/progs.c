/* Functions the toy target runs against lli: each takes two ints and
   returns an int, for every pair of a fixed input table. They are UB-free
   for all inputs (unsigned arithmetic where values may wrap). */

static unsigned mix(unsigned a, unsigned b) { return a * 2654435761u ^ (b >> 3); }

int arith(int a, int b) {
  unsigned x = (unsigned)a * 31u + (unsigned)b;
  unsigned y = x << (b & 7) | x >> 3;
  int s = (int)(y ^ 0x5a5a) >> 2;
  return (int)((unsigned)s + (unsigned)(short)a - (unsigned)(signed char)b + (unsigned short)(a ^ b));
}

int divmod(int a, int b) {
  unsigned d = (unsigned)b | 1u;
  int sd = (b & 0xff) + 1;
  int q = a / -(sd + 1);
  return (int)((unsigned)a / d + (unsigned)a % d + (unsigned)q + (unsigned)(a % sd));
}

int compares(int a, int b) {
  int n = 0;
  n += a < b; n += (a <= b) * 2; n += (a > b) * 4; n += (a >= b) * 8;
  n += (a == b) * 16; n += (a != b) * 32;
  n += ((unsigned)a < (unsigned)b) * 64; n += ((unsigned)a >= (unsigned)b) * 128;
  return (int)((unsigned)n + (unsigned)(a > b ? a : b) - (unsigned)((unsigned)a < (unsigned)b ? b : a));
}

int loops(int a, int b) {
  unsigned acc = 1;
  int n = (b & 31) + 3;
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0) continue;
    acc = acc * 3u + (unsigned)i;
    if (acc > (unsigned)a * 7u + 1000000u) break;
  }
  return (int)acc;
}

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int calls(int a, int b) {
  return fib((a & 15) + 2) + (int)mix((unsigned)a, (unsigned)b);
}

int memory(int a, int b) {
  int v[16];
  short h[8];
  unsigned char c[12];
  for (int i = 0; i < 16; i++) v[i] = (int)((unsigned)a * (unsigned)i + (unsigned)b);
  for (int i = 0; i < 8; i++) h[i] = (short)(v[i] ^ v[15 - i]);
  for (int i = 0; i < 12; i++) c[i] = (unsigned char)(h[i % 8] + i);
  unsigned s = 0;
  for (int i = 0; i < 16; i++) s += (unsigned)v[((unsigned)i * 5 + (unsigned)b) & 15] - (unsigned)h[i & 7] + c[i % 12];
  return (int)s;
}

/* More simultaneously live values than the toy's six general registers:
   the allocator must spill, and values cross calls. */
int pressure(int a, int b) {
  unsigned ua = a, ub = b;
  unsigned x0 = ua, x1 = ub, x2 = ua + 1, x3 = ub * 3, x4 = ua ^ ub, x5 = ua - ub,
           x6 = ua * ub, x7 = ua | 5, x8 = ub & 9, x9 = ~ua;
  for (int i = 0; i < 5; i++) {
    x0 += x9; x1 ^= x0; x2 += x1 * 3; x3 -= x2; x4 += x3 >> 1;
    x5 ^= x4; x6 += x5; x7 -= x6; x8 += x7 << 1; x9 ^= x8;
    x0 += mix(x1, x2);
  }
  return (int)(x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7 ^ x8 ^ x9);
}

int wide(int a, int b) {
  long long p = (long long)a * b;
  unsigned long long u = (unsigned long long)(unsigned)a * (unsigned)b + 12345;
  return (int)(p >> 7) ^ (int)(u >> 29) ^ (int)((unsigned long long)p + u);
}

int switches(int a, int b) {
  unsigned r = 0;
  for (int i = 0; i < 4; i++) {
    switch (((unsigned)a + (unsigned)b + (unsigned)i) & 7) {
    case 0: r += 3; break;
    case 1: r ^= 17; break;
    case 2: case 3: r -= b; break;
    case 5: r += a; /* fall through */
    case 6: r *= 3; break;
    default: r += 1000;
    }
  }
  return (int)r;
}

#ifdef HOST_MAIN
int printf(const char *, ...);
static const int inputs[] = {0, 1, -1, 2, 7, -13, 100, 12345, -54321, 0x7fffffff, (int)0x80000000, 65535};
#define N (int)(sizeof inputs / sizeof inputs[0])
#define RUN(f) for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) \
    printf(#f " %d %d %d\n", inputs[i], inputs[j], f(inputs[i], inputs[j]));
int main(void) {
  RUN(arith) RUN(divmod) RUN(compares) RUN(loops) RUN(calls) RUN(memory)
  RUN(pressure) RUN(wide) RUN(switches)
  return 0;
}
#endif
