#include <stdio.h>

int a = 10, b = 20, c = 30;
int *ptrs[] = {&a, &b, &c, &b};
int table[5] = {100, 200, 300, 400, 500};
int *mid = &table[2];
int *end = table + 5;
const char text[] = "pointer-init";
const char *tail = text + 8;
struct node { int v; struct node *next; };
struct node n3 = {3, 0};
struct node n2 = {2, &n3};
struct node n1 = {1, &n2};
struct node *head = &n1;
int (*fp)(int);

static int twice(int x) { return 2 * x; }
int (*fps[])(int) = {twice, 0};

int main(void) {
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += *ptrs[i];
  printf("s=%d mid=%d mid[-1]=%d count=%d\n", s, *mid, mid[-1], (int)(end - table));
  printf("tail=%s\n", tail);
  for (struct node *n = head; n; n = n->next)
    printf("node %d\n", n->v);
  fp = fps[0];
  *ptrs[1] = fp(*ptrs[2]);
  printf("b=%d null=%d\n", b, fps[1] == 0);
  return b;
}
