/* A rewrite of test_DelUselessJMP (lbd ch8_2_deluselessjmp): the C-level
 * result is 2. Its -O0 IR is full of jumps to the next block, which is what
 * the del-jmp pass removes. */
#include <stdio.h>

int test_deluselessjmp(void) {
  int a = 1, b = -2, c = 3;
  if (a == 0) {
    a++;
  }
  if (b == 0) {
    a = a + 3;
    b++;
  } else if (b < 0) {
    a = a + b;
    b--;
  }
  if (c > 0) {
    a = a + c;
    c++;
  }
  return a;
}

__attribute__((noinline)) int deljmp_param(int a, int b, int c) {
  if (a == 0) {
    a++;
  }
  if (b == 0) {
    a = a + 3;
    b++;
  } else if (b < 0) {
    a = a + b;
    b--;
  }
  if (c > 0) {
    a = a + c;
    c++;
  }
  return a * 100 + b * 10 + c;
}

int main(void) {
  int r = test_deluselessjmp();
  printf("test_deluselessjmp=%d\n", r);
  int v[] = {-1, 0, 1};
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      for (int k = 0; k < 3; k++)
        printf("%d ", deljmp_param(v[i], v[j], v[k]));
  putchar('\n');
  return r;
}
