#include <stdio.h>

int main(void) {
  int sv[] = {-2147483647 - 1, -1000000, -17, -7, -1, 0, 1, 7, 17, 999999, 2147483647};
  int dv[] = {-2147483647 - 1, -13, -3, -1, 1, 2, 3, 13, 2147483647};
  unsigned h = 0;
  for (int i = 0; i < 11; i++)
    for (int j = 0; j < 9; j++) {
      if (sv[i] == -2147483647 - 1 && dv[j] == -1)
        continue;
      int q = sv[i] / dv[j], r = sv[i] % dv[j];
      if (q * dv[j] + r != sv[i])
        printf("identity broken %d %d\n", sv[i], dv[j]);
      h = h * 31 + (unsigned)q * 7 + (unsigned)r;
    }
  printf("signed h=%u\n", h);
  unsigned uv[] = {0, 1, 7, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
  for (int i = 0; i < 7; i++)
    for (int j = 1; j < 7; j++)
      printf("%u/%u=%u r%u\n", uv[i], uv[j], uv[i] / uv[j], uv[i] % uv[j]);
  printf("%d %d %d %d\n", -7 / 2, -7 % 2, 7 / -2, 7 % -2);
  int x = 1000;
  printf("%d %d %d\n", x / 8, x / 10, x % 16);
  return (int)(h % 251);
}
