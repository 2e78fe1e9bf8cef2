/* The lbd/P2Tree control-flow chapter's first program (ch8_1_1 /
 * ch7_1_controlflow), rewritten: test_ifctrl() is 1 at the C level.
 * At -O0 clang keeps the branches; the parametric version keeps them at -O2. */
#include <stdio.h>

int test_ifctrl(void) {
  unsigned int a = 0;
  if (a == 0) {
    a++;
  }
  return a;
}

__attribute__((noinline)) int ifctrl_param(unsigned a) {
  if (a == 0) {
    a++;
  }
  return a;
}

int main(void) {
  volatile unsigned zero = 0, five = 5;
  int r = test_ifctrl();
  printf("test_ifctrl=%d\n", r);
  printf("param(0)=%d param(5)=%d\n", ifctrl_param(zero), ifctrl_param(five));
  return r;
}
