#include <stdio.h>

struct point { int x, y; };
struct rect { struct point min, max; char tag; };
struct shape { int kind; struct rect box; struct point centre; short weight; };

static int area(const struct rect *r) {
  return (r->max.x - r->min.x) * (r->max.y - r->min.y);
}

static void grow(struct rect *r, int d) {
  r->min.x -= d;
  r->min.y -= d;
  r->max.x += d;
  r->max.y += d;
}

int main(void) {
  struct shape s = {1, {{0, 0}, {4, 3}, 'r'}, {2, 1}, -7};
  printf("area=%d tag=%c weight=%d\n", area(&s.box), s.box.tag, s.weight);
  grow(&s.box, 2);
  printf("grown: (%d,%d)-(%d,%d) area=%d\n", s.box.min.x, s.box.min.y,
         s.box.max.x, s.box.max.y, area(&s.box));
  struct shape arr[3];
  for (int i = 0; i < 3; i++) {
    arr[i].kind = i;
    arr[i].box.min.x = i;
    arr[i].box.min.y = -i;
    arr[i].box.max.x = 10 * i + 1;
    arr[i].box.max.y = 5 * i + 1;
    arr[i].centre.x = arr[i].box.max.x / 2;
    arr[i].centre.y = arr[i].box.max.y / 2;
    arr[i].weight = (short)(i * 1000);
  }
  int total = 0;
  for (int i = 0; i < 3; i++) {
    total += area(&arr[i].box) + arr[i].centre.x * arr[i].centre.y + arr[i].weight;
    printf("shape %d: area=%d centre=(%d,%d)\n", arr[i].kind, area(&arr[i].box),
           arr[i].centre.x, arr[i].centre.y);
  }
  printf("total=%d\n", total);
  return total & 0xff;
}
