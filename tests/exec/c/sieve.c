#include <stdio.h>

#define N 8000
static unsigned char composite[N + 1];

int main(void) {
  int count = 0, last = 0;
  for (int i = 2; i * i <= N; i++)
    if (!composite[i])
      for (int j = i * i; j <= N; j += i)
        composite[j] = 1;
  for (int i = 2; i <= N; i++)
    if (!composite[i]) {
      count++;
      last = i;
      if (count <= 25)
        printf("%d ", i);
    }
  printf("\ncount=%d last=%d\n", count, last);
  int twins = 0;
  for (int i = 3; i + 2 <= N; i += 2)
    twins += !composite[i] && !composite[i + 2];
  printf("twins=%d\n", twins);
  return count & 0xff;
}
