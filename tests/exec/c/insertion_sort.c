#include <stdio.h>

static void isort_short(short *a, int n) {
  for (int i = 1; i < n; i++) {
    short v = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

static void isort_uchar(unsigned char *a, int n) {
  for (int i = 1; i < n; i++) {
    unsigned char v = a[i];
    int j = i;
    for (; j > 0 && a[j - 1] > v; j--)
      a[j] = a[j - 1];
    a[j] = v;
  }
}

int main(void) {
  short s[] = {300, -32768, 32767, 0, -1, 12, -300, 5000, -5000, 1};
  isort_short(s, 10);
  for (int i = 0; i < 10; i++)
    printf("%d ", s[i]);
  putchar('\n');
  unsigned char c[] = "the quick brown fox jumps over the lazy dog";
  int n = sizeof c - 1;
  isort_uchar(c, n);
  printf("[%s]\n", (char *)c);
  return s[9] & 0xff;
}
