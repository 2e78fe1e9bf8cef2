#include <stdio.h>

/* A computed-goto dispatch loop in the style of Lua's lvm.c: some
 * opcode labels are immediately followed by a second label that plain
 * gotos also reach, so at -O0 the labelled block is an empty block that
 * only branches on (its address is still taken). */
static int run(const unsigned char *pc, int n) {
  static const void *const tab[] = {&&op_inc, &&op_twice, &&op_loop, &&op_end};
  int acc = 0;
  goto *tab[*pc++];
op_inc:
  acc++;
  goto *tab[*pc++];
op_twice:
l_twice:
  acc *= 2;
  if (acc < 0)
    goto l_twice;
  goto *tab[*pc++];
op_loop:
l_loop:
  if (--n > 0) {
    acc += 3;
    goto l_loop;
  }
  goto *tab[*pc++];
op_end:
  return acc;
}

int main(void) {
  static const unsigned char prog[] = {0, 0, 1, 2, 0, 1, 3};
  printf("%d\n", run(prog, 4));
  return 0;
}
