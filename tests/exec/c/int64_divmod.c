#include <stdio.h>

typedef long long i64;
typedef unsigned long long u64;

int main(void) {
  i64 n[] = {0, 7, -7, 1000000000000LL, -1000000000000LL, 0x7fffffffffffffffLL,
             -0x7fffffffffffffffLL - 1, 4294967296LL, 81985529216486895LL};
  i64 d[] = {1, -1, 3, -3, 10, 4294967295LL, 4294967296LL, -65536, 0x7fffffffffffffffLL};
  u64 h = 0;
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < 9; j++) {
      if (n[i] == -0x7fffffffffffffffLL - 1 && d[j] == -1)
        continue;
      i64 q = n[i] / d[j], r = n[i] % d[j];
      if (q * d[j] + r != n[i])
        printf("broken %d %d\n", i, j);
      h = h * 31 + (u64)q + (u64)r * 17;
    }
  printf("signed h=%llx\n", h);
  u64 un[] = {0, 1, 0xffffffffffffffffULL, 0x8000000000000000ULL, 12345678901234567890ULL};
  u64 ud[] = {1, 2, 7, 0xffffffffULL, 0x100000000ULL, 0x8000000000000001ULL};
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 6; j++)
      printf("%llu / %llu = %llu r %llu\n", un[i], ud[j], un[i] / ud[j], un[i] % ud[j]);
  u64 x = 18446744073709551615ULL;
  int digits = 0;
  while (x) {
    x /= 10;
    digits++;
  }
  printf("digits=%d\n", digits);
  return (int)(h % 200);
}
