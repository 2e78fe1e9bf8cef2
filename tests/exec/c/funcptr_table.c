#include <stdio.h>

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int band(int a, int b) { return a & b; }
static int bor(int a, int b) { return a | b; }
static int bxor(int a, int b) { return a ^ b; }

static const binop ops[] = {add, sub, mul, band, bor, bxor};
static const char names[] = "+-*&|^";

static int apply(binop f, int a, int b) { return f(a, b); }

static binop pick(int i) { return ops[i % 6]; }

int main(void) {
  int acc = 1;
  for (int i = 0; i < 6; i++) {
    int r = ops[i](37, 11);
    printf("37 %c 11 = %d\n", names[i], r);
    acc = apply(pick(i + 2), acc, r) & 0xffff;
  }
  printf("acc=%d\n", acc);
  binop local[2] = {mul, add};
  int x = local[0](local[1](2, 3), 7);
  printf("x=%d\n", x);
  return (acc + x) & 0xff;
}
