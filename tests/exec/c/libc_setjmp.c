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

static void jump_back(jmp_buf jb, int v) { longjmp(jb, v); }

/* Many values live across setjmp and unmodified after it: they must
 * survive the longjmp wherever the register allocator put them. */
static int pressure(int a) {
  int x1 = a * 3, x2 = a ^ 0x55, x3 = a + 1000, x4 = a * a, x5 = a - 7, x6 = a * 8,
      x7 = a / 3, x8 = ~a, x9 = a * 17 + 5, x10 = a % 11;
  jmp_buf jb;
  int r = setjmp(jb);
  if (r == 0)
    jump_back(jb, a);
  return r + x1 + x2 * 3 + x3 * 5 + x4 * 7 + x5 * 11 + x6 * 13 + x7 * 17 + x8 * 19 +
         x9 * 23 + x10 * 29;
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
  unsigned acc = 0;
  for (int i = 0; i < 20; i++)
    acc = acc * 31 + (unsigned)pressure(i * 123 - 700);
  printf("pressure %u\n", acc);
  return stage;
}
