#include <stdio.h>

static int max3(int a, int b, int c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }
static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static int sign(int x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }
static int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }

int main(void) {
  int r = 0;
  int v[] = {-5, 0, 7, 100, -100, 3};
  for (int i = 0; i < 6; i++) {
    int a = v[i], b = v[(i + 1) % 6], c = v[(i + 2) % 6];
    printf("max3=%d sign=%d clamp=%d umin=%u\n", max3(a, b, c), sign(a),
           clamp(a, -10, 10), umin((unsigned)a, (unsigned)b));
    r += max3(a, b, c) + sign(a) + clamp(a, -10, 10);
  }
  printf("%s\n", r > 100 ? "big" : "small");
  return r & 0x7f;
}
