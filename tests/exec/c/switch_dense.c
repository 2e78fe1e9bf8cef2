#include <stdio.h>

static int dense(int x) {
  switch (x) {
  case 0: return 10;
  case 1: return 21;
  case 2: return 32;
  case 3: return 43;
  case 4: return 54;
  case 5: return 65;
  case 6: return 76;
  case 7: return 87;
  case 8: return 98;
  case 9: return 109;
  default: return -1;
  }
}

static const char *day(int d) {
  switch (d) {
  case 1: return "mon";
  case 2: return "tue";
  case 3: return "wed";
  case 4: return "thu";
  case 5: return "fri";
  case 6: return "sat";
  case 7: return "sun";
  }
  return "???";
}

static int fallthrough(int x) {
  int r = 0;
  switch (x) {
  case 0: r += 1;
  case 1: r += 2;
  case 2: r += 4; break;
  case 3: r += 8;
  case 4: r += 16; break;
  default: r = 100;
  }
  return r;
}

int main(void) {
  int s = 0;
  for (int i = -2; i < 12; i++) {
    int v = dense(i);
    printf("%d ", v);
    s += v;
  }
  putchar('\n');
  for (int d = 0; d <= 8; d++)
    printf("%s%c", day(d), d == 8 ? '\n' : ' ');
  for (int i = 0; i < 6; i++)
    printf("ft(%d)=%d\n", i, fallthrough(i));
  return s & 0xff;
}
