/* Switch shapes whose phis used to lose an entry for a predecessor
 * (phi-elim: "PHI ... has no value for predecessor"): clang -O2 turns an
 * unreachable default into an `unreachable` block laid out before a join
 * with phis, and ends main with a phi feeding a noreturn exit(). Also several
 * cases and the default into one block, a loop whose latch is a switch, a
 * self-loop with a select, and an i64 switch. */
#include <stdio.h>
#include <stdlib.h>

static int step(int a, int s) {
  for (;;) {
    switch (a & 3) {
    case 0: s += a; a = a / 2 + 7; break;
    case 1: s = s > a ? s : a; a += 5; break;
    case 2: case 3: return s + a;
    default: __builtin_unreachable();
    }
    if (s > 500) return s;
  }
}

static int shared(int x) {
  int r = 100;
  if (x < 50) {
    switch (x) {
    case 1: case 5: case 33: case -4: r = 7; break;
    case 9: case 20: r = x * 3; break;
    default: r = 7; break;
    }
  }
  return r;
}

static int dense(int x) {
  int r = x + 20;
  switch (x) {
  case 0: case 1: case 3: case 5: case 6: break;
  case 2: r = 8; break;
  case 4: r = x * 3; break;
  default: break;
  }
  return r;
}

static int latch(int n) {
  int i = 0, s = 1;
  for (;;) {
    s = s * 3 + i;
    i++;
    int k = i >= n ? 9 : i % 4;
    switch (k) {
    case 0: i++; continue;
    case 1: continue;
    case 9: return s;
    default: continue;
    }
  }
}

static int wide(long long x) {
  switch (x) {
  case 3: case 12884901891LL: return (int)(x + (x >> 32)) * 10;
  case 4294967296LL: case -1: default: return 5;
  }
}

int main(void) {
  printf("step %d %d %d %d %d\n", step(12, 0), step(1, 0), step(6, 0), step(100, 0), step(-7, 0));
  int c[] = {60, 1, 5, 9, 10, 20, -4, 33};
  for (int i = 0; i < 8; i++) printf("%d ", shared(c[i]));
  printf("\n");
  for (int i = -2; i < 9; i++) printf("%d ", dense(i));
  printf("\n");
  for (int n = 0; n < 10; n++) printf("%d ", latch(n));
  printf("\n");
  long long w[] = {4294967296LL, 0, 3, 12884901891LL, -1};
  for (int i = 0; i < 5; i++) printf("%d ", wide(w[i]));
  printf("\n");
  int code = latch(9) & 1 ? 3 : latch(3) - 30;
  exit(code);
}
