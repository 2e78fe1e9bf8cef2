#include <stdio.h>

int main(void) {
  int total = 0;
  for (int i = 0; i < 100; i++) {
    if (i % 3 == 0)
      continue;
    if (i > 50)
      break;
    total += i;
  }
  printf("for: %d\n", total);

  int n = 0, k = 1000;
  while (1) {
    k -= 7;
    if (k < 0)
      break;
    if (k & 1)
      continue;
    n++;
  }
  printf("while: n=%d k=%d\n", n, k);

  int d = 0;
  do {
    d += 3;
    if (d == 12)
      continue;
  } while (d < 40);
  printf("do: %d\n", d);

  int outer = 0;
  for (int i = 0; i < 10; i++) {
    for (int j = 0; j < 10; j++) {
      if (j > i)
        break;
      if ((i + j) % 4 == 0)
        continue;
      outer += i * j;
    }
  }
  printf("nested: %d\n", outer);
  return (total + n + d + outer) & 0xff;
}
