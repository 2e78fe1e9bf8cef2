/* setjmp/longjmp: return values, longjmp(env, 0) → 1, unwinding from deep
 * recursion, volatile locals kept, and errno/assert-free error recovery. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static int depth_reached;

static void dive(int depth) {
  depth_reached = depth;
  if (depth == 50)
    longjmp(env, depth);
  dive(depth + 1);
  printf("not reached\n");
}

static int tries(int limit) {
  jmp_buf local;
  volatile int count = 0;
  if (setjmp(local) < limit) {
    count++;
    longjmp(local, count);
  }
  return count;
}

int main(void) {
  volatile int stage = 0;
  int r = setjmp(env);
  printf("setjmp returned %d at stage %d\n", r, stage);
  if (stage == 0) {
    stage = 1;
    longjmp(env, 0);
  }
  if (stage == 1) {
    stage = 2;
    dive(0);
  }
  printf("depth %d\n", depth_reached);
  printf("tries %d\n", tries(5));
  return stage;
}
