#include <stdio.h>

struct account { int id; int balance; struct account *partner; };

static void transfer(struct account *from, int amount) {
  if (from->partner && from->balance >= amount) {
    from->balance -= amount;
    from->partner->balance += amount;
  }
}

static struct account *richest(struct account **list, int n) {
  struct account *r = list[0];
  for (int i = 1; i < n; i++)
    if (list[i]->balance > r->balance)
      r = list[i];
  return r;
}

int main(void) {
  struct account a = {1, 100, 0}, b = {2, 50, 0}, c = {3, 10, 0};
  a.partner = &b;
  b.partner = &c;
  c.partner = &a;
  struct account *list[] = {&a, &b, &c};
  for (int round = 0; round < 7; round++)
    for (int i = 0; i < 3; i++)
      transfer(list[i], 10 + round * 3 + i);
  for (int i = 0; i < 3; i++)
    printf("acct %d: %d (partner %d)\n", list[i]->id, list[i]->balance,
           list[i]->partner->id);
  struct account *r = richest(list, 3);
  printf("richest=%d\n", r->id);
  int *pb = &r->balance;
  *pb += 1;
  printf("after bump: %d\n", r->balance);
  return r->id * 10 + (a.balance + b.balance + c.balance) % 10;
}
