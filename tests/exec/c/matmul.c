#include <stdio.h>

#define N 10

static int A[N][N], B[N][N], C[N][N];

static void matmul(int (*a)[N], int (*b)[N], int (*c)[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int s = 0;
      for (int k = 0; k < N; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i + 1) * (j + 2) % 17 - 8;
      B[i][j] = i == j ? 2 : (i * 3 + j) % 5 - 2;
    }
  matmul(A, B, C);
  int trace = 0;
  unsigned h = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      printf("%5d", C[i][j]);
      h = h * 131 + (unsigned)C[i][j];
    }
    putchar('\n');
    trace += C[i][i];
  }
  /* C*C to get bigger numbers */
  static int D[N][N];
  matmul(C, C, D);
  printf("trace=%d hash=%u D[3][7]=%d\n", trace, h, D[3][7]);
  return trace & 0xff;
}
