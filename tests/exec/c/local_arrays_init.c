/* Local aggregates with initialisers: clang copies them from constants
 * (llvm.memcpy / memset intrinsics) or stores them element by element. */
#include <stdio.h>

struct item { const char *name; int qty; short price; };

static int total(const struct item *it, int n) {
  int t = 0;
  for (int i = 0; i < n; i++)
    t += it[i].qty * it[i].price;
  return t;
}

int main(void) {
  int small[4] = {1, 2, 3, 4};
  int big[40] = {9, 8, 7, [20] = 5, [39] = -1};
  char word[16] = "local";
  struct item cart[] = {{"pen", 3, 150}, {"pad", 2, 400}, {"ink", 10, 75}};
  int zeros[30] = {0};
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += small[i];
  for (int i = 0; i < 40; i++)
    s += big[i] * (i + 1);
  for (int i = 0; i < 30; i++)
    s += zeros[i];
  word[0] = 'L';
  printf("s=%d word=%s total=%d first=%s\n", s, word, total(cart, 3), cart[0].name);
  for (int round = 0; round < 3; round++) {
    int fresh[5] = {round, round + 1};
    printf("%d %d %d\n", fresh[0], fresh[1], fresh[4]);
  }
  return s & 0xff;
}
