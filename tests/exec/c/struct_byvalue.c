#include <stdio.h>

struct vec { int x, y, z; };
struct pair { short a; char b; };
struct wide { long long v; int tag; };

static struct vec add(struct vec p, struct vec q) {
  struct vec r = {p.x + q.x, p.y + q.y, p.z + q.z};
  return r;
}
static int dot(struct vec p, struct vec q) { return p.x * q.x + p.y * q.y + p.z * q.z; }
static struct vec scale(struct vec p, int k) {
  p.x *= k;
  p.y *= k;
  p.z *= k;
  return p;
}
static struct pair mkpair(int a, int b) {
  struct pair p = {(short)a, (char)b};
  return p;
}
static struct wide widen(struct wide w, int extra) {
  w.v = w.v * 1000 + extra;
  w.tag++;
  return w;
}

int main(void) {
  struct vec a = {1, 2, 3}, b = {-4, 5, 9};
  struct vec c = add(a, scale(b, 3));
  printf("c=(%d,%d,%d) dot=%d\n", c.x, c.y, c.z, dot(a, c));
  struct pair p = mkpair(40000, 300);
  printf("pair=%d,%d\n", p.a, p.b);
  struct wide w = {123456789, 0};
  for (int i = 0; i < 3; i++)
    w = widen(w, i);
  printf("wide=%lld tag=%d\n", w.v, w.tag);
  return (dot(a, b) + w.tag) & 0xff;
}
