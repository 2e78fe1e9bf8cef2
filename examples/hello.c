/* The demo program: C compiled by clang-14 to LLVM IR, by lltosimd to Cpu0
 * assembly, and run on cpu0sim with the runtime (see `make demo`). */
#include <stdio.h>

static int is_prime(int n) {
  if (n < 2)
    return 0;
  for (int d = 2; d * d <= n; d++)
    if (n % d == 0)
      return 0;
  return 1;
}

int main(void) {
  printf("Hello from Cpu0! The primes below 100:\n");
  int count = 0;
  for (int n = 2; n < 100; n++)
    if (is_prime(n))
      printf("%d%c", n, ++count % 10 == 0 ? '\n' : ' ');
  printf("\n%d primes; 2^40 = %lld\n", count, 1LL << 40);
  return 0;
}
