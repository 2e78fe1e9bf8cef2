#include <stdio.h>

typedef long long i64;
typedef unsigned long long u64;

static i64 mix(i64 a, i64 b) { return a * 31 + (b ^ (a >> 3)); }

int main(void) {
  i64 v[] = {0, 1, -1, 4294967295LL, 4294967296LL, -4294967296LL, 0x7fffffffffffffffLL,
             -0x7fffffffffffffffLL - 1, 123456789012345LL, -987654321098LL};
  u64 h = 0;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++) {
      u64 a = (u64)v[i], b = (u64)v[j];
      h = h * 1099511628211ULL + (a + b) + (a - b) * 3 + a * b;
      h ^= (a < b) | ((v[i] < v[j]) << 1) | ((a == b) << 2);
    }
  printf("h=%llx\n", h);
  i64 acc = 1;
  for (int i = 0; i < 20; i++)
    acc = mix(acc, i) % 1000000007LL;
  printf("acc=%lld\n", acc);
  u64 f = 1;
  for (int i = 1; i <= 20; i++)
    f *= (u64)i;
  printf("20!=%llu\n", f);
  i64 neg = -f;
  printf("neg=%lld abs=%llu\n", neg, (u64)(neg < 0 ? -neg : neg));
  unsigned lo = (unsigned)f, hi = (unsigned)(f >> 32);
  printf("hi=%u lo=%u\n", hi, lo);
  return (int)(h & 0x7f);
}
