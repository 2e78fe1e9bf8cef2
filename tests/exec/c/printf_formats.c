/* Exercises the printf subset the runtime supports, against the host libc. */
#include <stdio.h>

int main(void) {
  printf("[%d] [%i] [%u] [%x] [%X] [%c] [%s] [%%]\n", -42, 42, 42u, 255u, 255u, 'z', "str");
  printf("[%6d] [%-6d] [%06d] [%-06d] [%06d]\n", 123, 123, 123, 123, -123);
  printf("[%8x] [%-8X] [%08x] [%2x]\n", 0xbeefu, 0xbeefu, 0xbeefu, 0x12345u);
  printf("[%10s] [%-10s] [%1s] [%s]\n", "right", "left", "wide", "");
  printf("[%lld] [%llu] [%llx] [%20lld] [%-20lld]\n", -1234567890123LL,
         18446744073709551615ULL, 0xfedcba9876543210ULL, 99LL, -99LL);
  printf("[%hd] [%hu] [%hhd] [%hhu] [%hx]\n", -1, 65535, 200, 511, 0x12345);
  printf("[%*d] [%-*d] [%*s]\n", 5, 7, 5, 7, 4, "ab");
  printf("[%d] [%d]\n", -2147483647 - 1, 2147483647);
  printf("[%u] [%x]\n", 4294967295u, 0u);
  printf("[%5c] [%-5c]\n", 'a', 'b');
  printf("%s%s%s\n", "con", "cat", "enate");
  int n = printf("count me\n");
  printf("n=%d\n", n);
  return n;
}
