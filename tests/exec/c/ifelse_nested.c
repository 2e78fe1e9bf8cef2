#include <stdio.h>

static int classify(int x, int y) {
  if (x > 0) {
    if (y > 0)
      return 1;
    else if (y < 0)
      return 4;
    else
      return 5;
  } else if (x < 0) {
    if (y > x)
      return y > 0 ? 2 : 6;
    return 3;
  } else {
    if (y == 0)
      return 0;
    return y > 0 ? 7 : 8;
  }
}

int main(void) {
  int vals[] = {-3, -1, 0, 1, 5};
  unsigned acc = 0;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 5; j++) {
      int c = classify(vals[i], vals[j]);
      printf("%d", c);
      acc = acc * 3 + c;
    }
  putchar('\n');
  printf("acc=%u\n", acc);
  return (int)(acc & 0xff);
}
