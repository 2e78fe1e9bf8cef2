/* malloc/calloc/realloc/free: lists, reuse after free, growth, zeroing.
 * exec: no-host (size_t arguments are 64-bit in x86-64 IR, but the Cpu0
 * runtime's are 32-bit: calloc's and realloc's would be misread) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
  int v;
  struct node *next;
};

int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 200; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 1;
    n->v = i * 7 % 13;
    n->next = head;
    head = n;
  }
  long sum = 0;
  int count = 0;
  while (head) {
    struct node *n = head->next;
    sum += head->v;
    count++;
    free(head);
    head = n;
  }
  printf("nodes %d sum %ld\n", count, sum);

  int *z = calloc(1000, sizeof(int));
  int nz = 0;
  for (int i = 0; i < 1000; i++)
    nz += z[i] != 0;
  printf("calloc nonzero %d\n", nz);

  char *s = NULL;
  size_t len = 0;
  for (int i = 0; i < 50; i++) {
    char *t = realloc(s, len + 4);
    if (!t)
      return 2;
    s = t;
    memcpy(s + len, "abc", 3);
    len += 3;
    s[len] = 0;
  }
  printf("realloc len %d tail %s ok %d\n", (int)strlen(s), s + len - 6,
         strncmp(s, "abcabc", 6) == 0);
  free(s);
  free(z);

  /* Blocks of mixed sizes freed out of order, then reallocated: contents
   * must survive and no two live blocks may overlap. */
  char *p[64];
  for (int i = 0; i < 64; i++) {
    p[i] = malloc(1 + i * 37 % 300);
    memset(p[i], i, 1 + i * 37 % 300);
  }
  for (int i = 0; i < 64; i += 3)
    free(p[i]), p[i] = NULL;
  for (int i = 0; i < 64; i += 3) {
    p[i] = malloc(1 + i * 37 % 300);
    memset(p[i], i, 1 + i * 37 % 300);
  }
  int bad = 0;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 1 + i * 37 % 300; j++)
      bad += p[i][j] != (char)i;
  for (int i = 0; i < 64; i++)
    bad += ((unsigned long)p[i] & 7) != 0;
  printf("mixed bad %d\n", bad);
  for (int i = 63; i >= 0; i--)
    free(p[i]);
  printf("realloc(NULL) %d\n", (s = realloc(NULL, 10)) != NULL);
  free(s);
  return 0;
}
