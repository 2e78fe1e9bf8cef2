#include <stdio.h>

static int moves;
static int pegs[3];

static void hanoi(int n, int from, int to, int via) {
  if (n == 0)
    return;
  hanoi(n - 1, from, via, to);
  pegs[from]--;
  pegs[to]++;
  moves++;
  if (n >= 4)
    printf("move disk %d from %c to %c\n", n, 'A' + from, 'A' + to);
  hanoi(n - 1, via, to, from);
}

int main(void) {
  pegs[0] = 7;
  hanoi(7, 0, 2, 1);
  printf("moves=%d pegs=%d,%d,%d\n", moves, pegs[0], pegs[1], pegs[2]);
  return moves & 0xff;
}
