/* Empty inline asm templates as used for optimization barriers: outputs
 * tied to inputs ("+r", "0"), memory operands, immediates, "memory"
 * clobbers and volatile asm. They are portable (the template is empty), so
 * the program runs under lli on host IR too. */
#include <stdio.h>

static int g;
static int arr[8];

/* The compiler cannot see through the laundering: x is whatever the asm
 * leaves in the register, which is x. */
static int launder(int x) {
  __asm__("" : "+r"(x));
  return x;
}

static long long launder64(long long x) {
  __asm__("" : "+r"(x));
  return x;
}

static double launderd(double x) {
  __asm__("" : "+r"(x));
  return x;
}

static signed char launder8(signed char x) {
  __asm__("" : "=r"(x) : "0"(x));
  return x;
}

/* Ties across two outputs: a gets y's register, b gets x's. */
static void swap_tied(int x, int y, int *a, int *b) {
  int p, q;
  __asm__("" : "=r"(p), "=r"(q) : "1"(x), "0"(y));
  *a = p;
  *b = q;
}

/* Benchmark-style escape: the asm may read and write *p. */
static void escape(void *p) { __asm__ volatile("" : : "r"(p) : "memory"); }
static void clobber_memory(void) { __asm__ volatile("" ::: "memory"); }

/* Many values tied at once, live across a loop: register pressure forces
 * spills around the asm. */
static unsigned pressure(unsigned n) {
  unsigned a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, h = 7, k = 8, s = 0;
  for (unsigned i = 0; i < n; i++) {
    a += i; b ^= a; c += b * 3u; d -= c; e += d >> 3; f ^= e << 2; h += f; k ^= h + i;
    __asm__("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(h), "+r"(k));
    s += a ^ b ^ c ^ d ^ e ^ f ^ h ^ k;
  }
  return s + a + k;
}

int main(void) {
  int sum = 0;
  for (int i = 0; i < 10; i++) {
    sum += launder(i * 7) - 3;
    __asm__ volatile("" ::: "memory");
  }
  printf("launder %d %lld %d\n", sum, launder64(0x123456789abcLL) + 1, launder8(-100));
  printf("double %d\n", (int)(launderd(2.5) * 4.0));

  int a, b;
  swap_tied(11, 22, &a, &b);
  printf("swap %d %d\n", a, b);

  /* Stores before and loads after a memory barrier. */
  g = 5;
  clobber_memory();
  g += 1;
  escape(&g);
  printf("g %d\n", g);

  /* Memory operands: "+m" on an array element, "m" on a local. */
  int local = 40;
  for (int i = 0; i < 8; i++) {
    arr[i] = i * i;
    __asm__("" : "+m"(arr[i]));
  }
  __asm__ volatile("" : : "m"(local), "i"(42), "n"(-7));
  escape(arr);
  int t = 0;
  for (int i = 0; i < 8; i++)
    t += arr[i];
  printf("mem %d %d\n", t, local + 2);

  /* A local whose address escapes: the asm may change it, so it is reread. */
  int counter = 0;
  for (int i = 0; i < 5; i++) {
    counter += i;
    escape(&counter);
  }
  printf("counter %d\n", counter);

  unsigned p = pressure(100);
  printf("pressure %u\n", p);
  return (int)(p & 0x7f);
}
