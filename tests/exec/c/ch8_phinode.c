/* A rewrite of the phinode chapter program (lbd ch8_2_phinode): at -O1+
 * clang produces a phi and a select. Expected C-level values:
 * (0,5,7) -> 6, (3,5,7) -> 7, (3,0,0) -> 5, (3,0,1) -> 3. */
#include <stdio.h>

__attribute__((noinline)) int test_phinode(int a, int b, int c) {
  int d = 2;
  if (a == 0) {
    a = a + 1;
  } else if (b != 0) {
    a = a - 1;
  } else if (c == 0) {
    a = a + 2;
  }
  d = a + b;
  return d;
}

int main(void) {
  int r = test_phinode(0, 5, 7) * 1000 + test_phinode(3, 5, 7) * 100 +
          test_phinode(3, 0, 0) * 10 + test_phinode(3, 0, 1);
  printf("phinode: %d %d %d %d\n", test_phinode(0, 5, 7), test_phinode(3, 5, 7),
         test_phinode(3, 0, 0), test_phinode(3, 0, 1));
  printf("r=%d\n", r);
  return test_phinode(3, 0, 1);
}
