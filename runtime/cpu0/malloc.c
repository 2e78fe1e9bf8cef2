/* The heap: malloc, calloc, realloc and free.
 *
 * The heap grows up from _end (the linker's end of .bss) with __cpu0_sbrk,
 * up to HEAP_LIMIT (0x00F00000: the 960 KiB below the initial stack top
 * 0x00FF0000 stay for the stack) and never closer than STACK_GAP bytes to
 * the current stack pointer. Blocks carry an 8-byte-aligned header with
 * their size and the size of the block before them in memory (boundary
 * tags), so free coalesces with both neighbours in constant time. Free
 * blocks are kept on one doubly linked list searched first-fit; a block is
 * split when the rest can hold a free block. Out of memory → NULL with
 * errno = ENOMEM. */
#include "rt.h"

#ifndef HEAP_START
extern char _end[];
#define HEAP_START _end
#define HEAP_LIMIT ((char *)0x00F00000)
#endif
#define STACK_GAP 4096

RT_WEAK void free(void *p);

static char *brk_cur, *heap_base;

/* __cpu0_sbrk moves the break by incr bytes and returns the old break, or
 * (void *)-1 with errno = ENOMEM when the heap would pass its limit. */
RT_WEAK void *__cpu0_sbrk(ptrdiff_t incr) {
  char here; /* its address approximates the stack pointer */
  if (!brk_cur)
    brk_cur = heap_base = (char *)(((uintptr_t)HEAP_START + 7) & ~(uintptr_t)7);
  char *limit = HEAP_LIMIT;
  if ((uintptr_t)&here > (uintptr_t)brk_cur && (uintptr_t)&here - STACK_GAP < (uintptr_t)limit)
    limit = &here - STACK_GAP;
  if (incr > 0 && incr > limit - brk_cur) {
    errno = ENOMEM;
    return (void *)-1;
  }
  if (incr < 0 && -incr > brk_cur - heap_base) {
    errno = EINVAL;
    return (void *)-1;
  }
  char *old = brk_cur;
  brk_cur += incr;
  return old;
}

struct block {
  size_t size; /* whole block, multiple of 8; bit 0 = in use */
  size_t prev; /* size of the block just below, 0 for the first */
  /* free blocks only, in the payload: */
  struct block *next_free, *prev_free;
};

#define HDR ((sizeof(size_t) * 2 + 7) & ~(size_t)7)
#define MIN_BLOCK ((HDR + 2 * sizeof(void *) + 7) & ~(size_t)7)
#define USED ((size_t)1)
#define SIZE(b) ((b)->size & ~USED)

static struct block *free_list;
static struct block *top; /* the highest block, or NULL */

static void unlink_free(struct block *b) {
  if (b->prev_free)
    b->prev_free->next_free = b->next_free;
  else
    free_list = b->next_free;
  if (b->next_free)
    b->next_free->prev_free = b->prev_free;
}

static void push_free(struct block *b) {
  b->size &= ~USED;
  b->prev_free = NULL;
  b->next_free = free_list;
  if (free_list)
    free_list->prev_free = b;
  free_list = b;
}

static struct block *next_of(struct block *b) {
  return b == top ? NULL : (struct block *)((char *)b + SIZE(b));
}

/* set_size changes b's size and keeps the next block's back link. */
static void set_size(struct block *b, size_t size, size_t used) {
  b->size = size | used;
  struct block *n = next_of(b);
  if (n)
    n->prev = size;
}

/* split cuts b (in use) to size bytes and frees the rest if it is big
 * enough to be a block. */
static void split(struct block *b, size_t size) {
  size_t total = SIZE(b);
  if (total - size < MIN_BLOCK)
    return;
  struct block *rest = (struct block *)((char *)b + size);
  int was_top = b == top;
  b->size = size | USED;
  rest->prev = size;
  if (was_top)
    top = rest;
  set_size(rest, total - size, USED);
  free((char *)rest + HDR); /* coalesces with a free next block */
}

/* request returns the block size for n payload bytes, 0 if too large. */
static size_t request(size_t n) {
  if (n > ((size_t)-1 >> 2))
    return 0;
  size_t size = (n + HDR + 7) & ~(size_t)7;
  return size < MIN_BLOCK ? MIN_BLOCK : size;
}

RT_WEAK void *malloc(size_t n) {
  size_t size = request(n);
  if (!size) {
    errno = ENOMEM;
    return NULL;
  }
  for (struct block *b = free_list; b; b = b->next_free)
    if (SIZE(b) >= size) {
      unlink_free(b);
      b->size |= USED;
      split(b, size);
      return (char *)b + HDR;
    }
  /* Grow the heap; a free top block is extended instead of wasted. */
  if (top && !(top->size & USED)) {
    if (__cpu0_sbrk((ptrdiff_t)(size - SIZE(top))) == (void *)-1)
      return NULL;
    unlink_free(top);
    top->size = size | USED;
    return (char *)top + HDR;
  }
  struct block *b = __cpu0_sbrk((ptrdiff_t)size);
  if (b == (void *)-1)
    return NULL;
  b->size = size | USED;
  b->prev = top ? SIZE(top) : 0;
  top = b;
  return (char *)b + HDR;
}

RT_WEAK void free(void *p) {
  if (!p)
    return;
  struct block *b = (struct block *)((char *)p - HDR);
  size_t size = SIZE(b);
  struct block *n = next_of(b);
  if (n && !(n->size & USED)) {
    unlink_free(n);
    if (n == top)
      top = b;
    size += SIZE(n);
  }
  if (b->prev && b != (struct block *)heap_base) {
    struct block *pb = (struct block *)((char *)b - b->prev);
    if (!(pb->size & USED)) {
      unlink_free(pb);
      if (b == top)
        top = pb;
      size += SIZE(pb);
      b = pb;
    }
  }
  set_size(b, size, 0);
  push_free(b);
}

RT_WEAK void *calloc(size_t count, size_t size) {
  if (size && count > (size_t)-1 / size) {
    errno = ENOMEM;
    return NULL;
  }
  size_t n = count * size;
  char *p = malloc(n);
  if (p)
    memset(p, 0, n);
  return p;
}

RT_WEAK void *realloc(void *p, size_t n) {
  if (!p)
    return malloc(n);
  if (n == 0) {
    free(p);
    return NULL;
  }
  size_t size = request(n);
  if (!size) {
    errno = ENOMEM;
    return NULL;
  }
  struct block *b = (struct block *)((char *)p - HDR);
  size_t have = SIZE(b);
  if (have >= size) {
    split(b, size);
    return p;
  }
  /* Grow in place into a free next block. */
  struct block *nb = next_of(b);
  if (nb && !(nb->size & USED) && have + SIZE(nb) >= size) {
    unlink_free(nb);
    if (nb == top)
      top = b;
    set_size(b, have + SIZE(nb), USED);
    split(b, size);
    return p;
  }
  char *q = malloc(n);
  if (!q)
    return NULL;
  memcpy(q, p, have - HDR);
  free(p);
  return q;
}
