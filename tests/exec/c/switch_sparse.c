#include <stdio.h>

static int sparse(int x) {
  switch (x) {
  case -1000: return 1;
  case -7: return 2;
  case 3: return 3;
  case 100: return 4;
  case 1024: return 5;
  case 65536: return 6;
  case 123456789: return 7;
  case -2147483647 - 1: return 8;
  default: return 0;
  }
}

static unsigned usparse(unsigned x) {
  switch (x) {
  case 0xffffffffu: return 11;
  case 0x80000000u: return 12;
  case 17: return 13;
  case 4096: return 14;
  }
  return 0;
}

int main(void) {
  int probes[] = {-1000, -7, -6, 3, 4, 100, 1024, 1025, 65536, 123456789, -2147483647 - 1, 0};
  unsigned acc = 0;
  for (int i = 0; i < 12; i++) {
    int r = sparse(probes[i]);
    printf("%d:%d\n", probes[i], r);
    acc = acc * 7 + r;
  }
  unsigned up[] = {0xffffffffu, 0x80000000u, 17, 4096, 4097};
  for (int i = 0; i < 5; i++)
    printf("%u:%u\n", up[i], usparse(up[i]));
  printf("acc=%u\n", acc);
  return (int)(acc & 0xff);
}
