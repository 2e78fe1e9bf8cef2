#include <stdio.h>

static int slt(int a, int b) { return a < b; }
static int sle(int a, int b) { return a <= b; }
static int sgt(int a, int b) { return a > b; }
static int sge(int a, int b) { return a >= b; }
static int ult(unsigned a, unsigned b) { return a < b; }
static int ule(unsigned a, unsigned b) { return a <= b; }
static int ugt(unsigned a, unsigned b) { return a > b; }
static int uge(unsigned a, unsigned b) { return a >= b; }
static int eq(int a, int b) { return a == b; }
static int ne(int a, int b) { return a != b; }

int main(void) {
  int v[] = {-2147483647 - 1, -65536, -1, 0, 1, 32767, 32768, 65535, 2147483647};
  unsigned bits = 0;
  int n = 0;
  for (int i = 0; i < 9; i++) {
    for (int j = 0; j < 9; j++) {
      int a = v[i], b = v[j];
      unsigned unsigned_a = (unsigned)a, unsigned_b = (unsigned)b;
      int r = slt(a, b) | sle(a, b) << 1 | sgt(a, b) << 2 | sge(a, b) << 3 |
              ult(unsigned_a, unsigned_b) << 4 | ule(unsigned_a, unsigned_b) << 5 |
              ugt(unsigned_a, unsigned_b) << 6 | uge(unsigned_a, unsigned_b) << 7 |
              eq(a, b) << 8 | ne(a, b) << 9;
      printf("%03x%c", r, j == 8 ? '\n' : ' ');
      bits = bits * 17 + (unsigned)r;
      n += r & 1;
    }
  }
  /* compares against constants */
  int c = 0;
  for (int i = 0; i < 9; i++) {
    c += v[i] < 5;
    c += v[i] > -3;
    c += (unsigned)v[i] < 100u;
    c += (unsigned)v[i] > 0x80000000u;
    c += v[i] <= 32767;
    c += (unsigned)v[i] >= 65535u;
  }
  printf("bits=%u n=%d c=%d\n", bits, n, c);
  return c;
}
