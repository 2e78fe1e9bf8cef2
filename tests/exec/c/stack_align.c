/* Over-aligned objects: __builtin_alloca (the target's biggest alignment),
 * __builtin_alloca_with_align, aligned(8/16/32) locals in frames that also
 * hold calls and dynamic allocas, aligned globals in .data/.bss/.rodata and
 * a by-value struct with an aligned(16) member. Each address is laundered
 * through a volatile pointer so that clang cannot fold the check away. */
#include <stdio.h>
#include <string.h>

typedef __UINTPTR_TYPE__ uptr;

static void *volatile launder_slot;

static unsigned misalign(const void *p, unsigned a) {
  launder_slot = (void *)p;
  return (unsigned)((uptr)launder_slot & (a - 1));
}

static int fails;
static volatile int five = 5, six = 6; /* sizes clang cannot fold */

static void check(const char *what, const void *p, unsigned a) {
  unsigned m = misalign(p, a);
  if (m != 0)
    fails++;
  printf("%s %u-aligned: %s\n", what, a, m == 0 ? "ok" : "BAD");
}

static char g_data16[76] __attribute__((aligned(16))) = {1, 2, 3};
static char g_bss32[40] __attribute__((aligned(32)));
static const char g_ro16[20] __attribute__((aligned(16))) = "sixteen";
static char g_small = 5; /* between the aligned globals: shifts what follows */
static short g_data8[3] __attribute__((aligned(8))) = {7, 8, 9};

struct padded {
  int tag;
  int v __attribute__((aligned(16)));
  char c;
};

static __attribute__((noinline)) int take(int k, struct padded s) {
  check("byval struct", &s, 16);
  check("byval member", &s.v, 16);
  s.v += k;
  return s.tag + s.v + s.c;
}

static __attribute__((noinline)) int sum(const char *p, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

static __attribute__((noinline)) int locals(int n) {
  char a8[32] __attribute__((aligned(8)));
  char a16[24] __attribute__((aligned(16)));
  char a32[40] __attribute__((aligned(32)));
  char plain = (char)n;
  memset(a8, 1, sizeof a8);
  memset(a16, 2, sizeof a16);
  memset(a32, 3, sizeof a32);
  check("local a8", a8, 8);
  check("local a16", a16, 16);
  check("local a32", a32, 32);
  return sum(a8, 32) + sum(a16, 24) + sum(a32, 40) + sum(&plain, 1);
}

static __attribute__((noinline)) int dynamic(int n) {
  char a16[12] __attribute__((aligned(16)));
  char *p = __builtin_alloca(n);
  char *q = __builtin_alloca_with_align(n + 3, 128);
  char *r = __builtin_alloca_with_align(n, 256);
  memset(a16, 4, sizeof a16);
  memset(p, 5, n);
  memset(q, 6, n + 3);
  memset(r, 7, n);
  check("alloca", p, 8);
  check("alloca_with_align", q, 16);
  check("alloca_with_align", r, 32);
  check("local with alloca", a16, 16);
  return sum(a16, 12) + sum(p, n) + sum(q, n + 3) + sum(r, n);
}

/* Stack arguments, an over-aligned local and a moving $sp together. */
static __attribute__((noinline)) int dyn_args(int a, int b, int c, int d, int e, int n) {
  int local[5] __attribute__((aligned(32))) = {a, b, c, d, e};
  char *p = __builtin_alloca(n);
  memset(p, 1, n);
  check("dyn_args local", local, 32);
  check("dyn_args alloca", p, 8);
  return local[0] + local[1] * 2 + local[2] * 3 + local[3] * 4 + local[4] * 5 + sum(p, n) + c * d - e;
}

static __attribute__((noinline)) int loop_alloca(int n) {
  int t = 0;
  for (int i = 1; i <= n; i++) {
    char *p = __builtin_alloca_with_align(i, 512);
    memset(p, i, i);
    t += misalign(p, 64) * 1000 + sum(p, i);
  }
  return t;
}

int main(void) {
  check("global data16", g_data16, 16);
  check("global bss32", g_bss32, 32);
  check("global ro16", g_ro16, 16);
  check("global data8", g_data8, 8);
  struct padded s = {1, 20, 3};
  int r = take(g_small, s);
  printf("take=%d\n", r);
  printf("locals=%d\n", locals(9));
  printf("dynamic=%d\n", dynamic(five));
  printf("dyn_args=%d\n", dyn_args(five - 4, six - 4, five - 2, six - 2, five, six));
  printf("loop=%d\n", loop_alloca(six));
  printf("globals=%d %d %d %d\n", g_data16[1] + g_bss32[0], g_ro16[2], g_data8[2], g_small);
  printf("fails=%d\n", fails);
  return fails;
}
