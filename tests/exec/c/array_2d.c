#include <stdio.h>

#define R 5
#define C 7

static int grid[R][C];

static int trace_sum(int m[][C], int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += m[i][i];
  return s;
}

int main(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      grid[i][j] = i * C + j - 10;
  int local[C][R];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      local[j][i] = grid[i][j] * 2;
  for (int j = 0; j < C; j++) {
    for (int i = 0; i < R; i++)
      printf("%4d", local[j][i]);
    putchar('\n');
  }
  int rows[R] = {0}, cols[C] = {0};
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      rows[i] += grid[i][j];
      cols[j] += grid[i][j];
    }
  for (int i = 0; i < R; i++)
    printf("row%d=%d\n", i, rows[i]);
  for (int j = 0; j < C; j++)
    printf("col%d=%d\n", j, cols[j]);
  int t = trace_sum(grid, R);
  printf("trace=%d\n", t);
  return t & 0xff;
}
