/* exit() from deep inside the call chain ends the program with its status. */
#include <stdio.h>
#include <stdlib.h>

static int depth;

static void dive(int n) {
  depth++;
  if (n == 0) {
    printf("exiting at depth %d\n", depth);
    exit(42 + depth);
  }
  dive(n - 1);
  printf("not reached\n");
}

int main(void) {
  printf("start\n");
  dive(10);
  return 1;
}
