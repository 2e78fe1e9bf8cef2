#include <stdio.h>

static int steps(unsigned long long n) {
  int s = 0;
  while (n != 1) {
    n = n & 1 ? 3 * n + 1 : n / 2;
    s++;
  }
  return s;
}

int main(void) {
  int best = 0, arg = 0;
  for (int i = 1; i < 300; i++) {
    int s = steps((unsigned long long)i);
    if (s > best) {
      best = s;
      arg = i;
    }
  }
  printf("longest below 300: %d steps from %d\n", best, arg);
  printf("27 -> %d, 97 -> %d\n", steps(27), steps(97));
  return best;
}
