#include <stdio.h>
#include <string.h>

static void show(const char *label, const unsigned char *p, int n) {
  printf("%s:", label);
  for (int i = 0; i < n; i++)
    printf(" %02x", p[i]);
  putchar('\n');
}

int main(void) {
  unsigned char a[24], b[24];
  for (int i = 0; i < 24; i++)
    a[i] = (unsigned char)(i * 11);
  memset(b, 0xee, sizeof b);
  memcpy(b + 2, a + 5, 10);
  show("copy", b, 24);
  memmove(a + 4, a, 12);
  show("move up", a, 24);
  memmove(a, a + 6, 12);
  show("move down", a, 24);
  memset(a + 3, 0, 5);
  show("set", a, 24);
  int c1 = memcmp(a, b, 24), c2 = memcmp(b, b, 24), c3 = memcmp("abc", "abd", 3);
  printf("cmp %d %d %d\n", c1 > 0 ? 1 : c1 < 0 ? -1 : 0, c2, c3 < 0);
  char *r = memcpy(b, "xyz", 4);
  printf("ret same=%d %s\n", r == (char *)b, (char *)b);
  return a[10];
}
