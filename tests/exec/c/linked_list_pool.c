/* A singly linked list whose nodes come from a static pool (no heap). */
#include <stdio.h>

struct node { int value; struct node *next; };

#define POOL 64
static struct node pool[POOL];
static struct node *free_list;

static void pool_init(void) {
  free_list = 0;
  for (int i = POOL - 1; i >= 0; i--) {
    pool[i].next = free_list;
    free_list = &pool[i];
  }
}

static struct node *alloc_node(int v) {
  struct node *n = free_list;
  if (!n)
    return 0;
  free_list = n->next;
  n->value = v;
  n->next = 0;
  return n;
}

static void free_node(struct node *n) {
  n->next = free_list;
  free_list = n;
}

static struct node *insert_sorted(struct node *head, struct node *n) {
  struct node **pp = &head;
  while (*pp && (*pp)->value < n->value)
    pp = &(*pp)->next;
  n->next = *pp;
  *pp = n;
  return head;
}

static struct node *reverse(struct node *head) {
  struct node *prev = 0;
  while (head) {
    struct node *next = head->next;
    head->next = prev;
    prev = head;
    head = next;
  }
  return prev;
}

static struct node *remove_if_odd(struct node *head, int *removed) {
  struct node **pp = &head;
  while (*pp) {
    if ((*pp)->value & 1) {
      struct node *dead = *pp;
      *pp = dead->next;
      free_node(dead);
      (*removed)++;
    } else {
      pp = &(*pp)->next;
    }
  }
  return head;
}

static void print_list(const struct node *n) {
  for (; n; n = n->next)
    printf("%d ", n->value);
  putchar('\n');
}

int main(void) {
  pool_init();
  struct node *head = 0;
  for (int i = 0; i < 20; i++)
    head = insert_sorted(head, alloc_node((i * 37) % 23 - 5));
  print_list(head);
  head = reverse(head);
  print_list(head);
  int removed = 0;
  head = remove_if_odd(head, &removed);
  print_list(head);
  int allocated = 0;
  while (alloc_node(0))
    allocated++;
  printf("removed=%d free_after=%d\n", removed, allocated);
  return removed + allocated;
}
