#include <stdio.h>

int zi;
static int zs;
int zarr[100];
static char zbuf[64];
struct { int a; long long b; char c[5]; } zstruct;
int *zptr;

int main(void) {
  int s = zi + zs;
  for (int i = 0; i < 100; i++)
    s += zarr[i];
  for (int i = 0; i < 64; i++)
    s += zbuf[i];
  s += zstruct.a + (int)zstruct.b + zstruct.c[4];
  printf("zero sum=%d ptr null=%d\n", s, zptr == 0);
  for (int i = 0; i < 100; i++)
    zarr[i] = i;
  zptr = &zarr[50];
  zs = zptr[10];
  zbuf[3] = 'x';
  zstruct.b = -1;
  printf("zs=%d zbuf3=%c b=%lld\n", zs, zbuf[3], zstruct.b);
  return zs;
}
