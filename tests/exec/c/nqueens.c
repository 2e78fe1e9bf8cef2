#include <stdio.h>

static int cols[12];

static int safe(int row, int col) {
  for (int r = 0; r < row; r++) {
    int c = cols[r];
    if (c == col || c - col == r - row || c - col == row - r)
      return 0;
  }
  return 1;
}

static int solve(int row, int n) {
  if (row == n)
    return 1;
  int count = 0;
  for (int c = 0; c < n; c++)
    if (safe(row, c)) {
      cols[row] = c;
      count += solve(row + 1, n);
    }
  return count;
}

/* Bitmask version. */
static int solve_bits(int n, unsigned colmask, unsigned d1, unsigned d2) {
  unsigned all = (1u << n) - 1;
  if (colmask == all)
    return 1;
  int count = 0;
  unsigned avail = all & ~(colmask | d1 | d2);
  while (avail) {
    unsigned bit = avail & (0u - avail);
    avail &= avail - 1;
    count += solve_bits(n, colmask | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
  }
  return count;
}

int main(void) {
  int last = 0;
  for (int n = 1; n <= 7; n++) {
    last = solve(0, n);
    printf("queens(%d)=%d bits=%d\n", n, last, solve_bits(n, 0, 0, 0));
  }
  return last;
}
