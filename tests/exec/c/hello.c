#include <stdio.h>

int main(void) {
  puts("hello, cpu0");
  int sum = 0;
  for (int i = 1; i <= 10; i++)
    sum += i * i;
  printf("sum of squares 1..10 = %d\n", sum);
  return sum & 0x7f;
}
