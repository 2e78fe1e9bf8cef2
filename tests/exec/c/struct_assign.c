#include <stdio.h>

struct big { int a[12]; char s[9]; short h; };
struct small { char c; short s; int i; };

static struct big gbig;

static void dump(const struct big *b) {
  int s = 0;
  for (int i = 0; i < 12; i++)
    s += b->a[i] * (i + 1);
  printf("sum=%d s=%s h=%d\n", s, b->s, b->h);
}

int main(void) {
  struct big x;
  for (int i = 0; i < 12; i++)
    x.a[i] = i * i - 7;
  for (int i = 0; i < 8; i++)
    x.s[i] = (char)('a' + i * 2);
  x.s[8] = 0;
  x.h = -1234;
  gbig = x;
  x.a[3] = 1000;
  x.s[0] = 'Z';
  dump(&x);
  dump(&gbig);
  struct big y = gbig;
  y.h++;
  dump(&y);
  struct small p = {'q', -2, 77}, q;
  q = p;
  q.s *= 3;
  printf("%c %d %d / %c %d %d\n", p.c, p.s, p.i, q.c, q.s, q.i);
  return (gbig.a[11] + y.h) & 0xff;
}
