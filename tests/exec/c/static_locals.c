#include <stdio.h>

static int next_id(void) {
  static int id = 100;
  return id++;
}

static int running_avg(int x) {
  static int sum, n;
  sum += x;
  n++;
  return sum / n;
}

static const char *cycle(void) {
  static const char *const names[] = {"red", "green", "blue"};
  static unsigned i;
  return names[i++ % 3];
}

int main(void) {
  for (int i = 0; i < 5; i++)
    printf("id=%d avg=%d colour=%s\n", next_id(), running_avg(i * i * 10), cycle());
  return next_id() & 0xff;
}
