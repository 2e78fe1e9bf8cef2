#include <stdio.h>

struct flags {
  unsigned ready : 1;
  unsigned mode : 3;
  signed level : 5;
  unsigned count : 12;
  unsigned char tag;
};

struct packed_rgb {
  unsigned r : 5, g : 6, b : 5;
};

static unsigned pack(struct packed_rgb c) { return (unsigned)c.r << 11 | (unsigned)c.g << 5 | c.b; }

int main(void) {
  struct flags f = {0};
  f.ready = 1;
  f.mode = 5;
  f.level = -9;
  f.count = 4000;
  f.tag = 200;
  printf("%u %u %d %u %u\n", f.ready, f.mode, f.level, f.count, f.tag);
  f.mode += 4;
  f.level -= 10;
  f.count += 100;
  printf("%u %u %d %u\n", f.ready, f.mode, f.level, f.count);
  struct packed_rgb c = {31, 0, 17};
  unsigned acc = 0;
  for (int i = 0; i < 70; i++) {
    c.g++;
    c.r -= 3;
    c.b ^= (unsigned)i;
    acc = acc * 3 + pack(c);
  }
  printf("rgb=%u,%u,%u packed=%04x acc=%u\n", c.r, c.g, c.b, pack(c), acc);
  return (int)(acc & 0xff);
}
