/* Inline assembly with real Cpu0 instructions. On the MIPS triples (the IR
 * the Cpu0 targets compile as mipsel/mips) the asm is used; elsewhere (the
 * host IR that lli runs as the reference) the same functions are written
 * in C, so the expected output is the portable fallback's.
 * exec: cpu0-only (its MIPS-triple IR carries Cpu0 instructions, which
 * BWDSP cannot assemble) */
#include <stdio.h>

#if defined(__mips__)
#define CPU0_ASM 1
#endif

static int arr[8] = {3, 1, 4, 1, 5, 9, 2, 6};
static int g = 100;

/* Two statements; the output is written before the last input is read,
 * hence "=&r". */
static int add3(int a, int b, int c) {
#ifdef CPU0_ASM
  int r;
  __asm__("addu %0, %1, %2\n\taddu %0, %0, %3" : "=&r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
#else
  return a + b + c;
#endif
}

/* Immediate operands and ';' separated statements. */
static unsigned shl_xor(unsigned x) {
#ifdef CPU0_ASM
  unsigned r;
  __asm__("shl %0, %1, %2; xori %0, %0, %3" : "=r"(r) : "r"(x), "i"(5), "n"(0x1234));
  return r;
#else
  return (x << 5) ^ 0x1234u;
#endif
}

/* "+r": read and written in place. */
static int bump(int x) {
#ifdef CPU0_ASM
  __asm__("addiu %0, %0, -3" : "+r"(x));
  return x;
#else
  return x - 3;
#endif
}

/* A clobbered register is free for the text to use. */
static int plus9(int x) {
#ifdef CPU0_ASM
  int r;
  __asm__("addiu $2, $zero, 9\n\taddu %0, %1, $2" : "=r"(r) : "r"(x) : "$2");
  return r;
#else
  return x + 9;
#endif
}

/* Callee-saved registers clobbered while values are live across the asm:
 * the prologue saves them and nothing lives in them across the asm. */
static int keep(int a, int b) {
  int x = a * 3, y = b * 5, z = a ^ b;
#ifdef CPU0_ASM
  __asm__ volatile("addiu $9, $zero, 77\n\taddiu $10, $zero, 88" ::: "$9", "$10");
#endif
  return x + y + z;
}

/* Memory operands: off($base). */
static int load_elem(void) {
#ifdef CPU0_ASM
  int r;
  __asm__("ld %0, %1" : "=r"(r) : "m"(arr[3]));
  return r;
#else
  return arr[3];
#endif
}

static void store_elem(int v) {
#ifdef CPU0_ASM
  __asm__("st %1, %0" : "=m"(arr[5]) : "r"(v));
#else
  arr[5] = v;
#endif
}

static void add_to_global(int v) {
#ifdef CPU0_ASM
  int t;
  __asm__("ld %1, %0\n\taddu %1, %1, %2\n\tst %1, %0" : "+m"(g), "=&r"(t) : "r"(v));
#else
  g += v;
#endif
}

/* A branch inside the asm (with its delay slot) to a label made unique by
 * %= (IR ${:uid}); the asm is inlined several times. */
static int max_asm(int a, int b) {
#ifdef CPU0_ASM
  int r;
  __asm__("move %0, %1\n\t"
          "cmp $sw, %1, %2\n\t"
          "jge $sw, Lmax%=\n\t"
          "nop\n\t"
          "move %0, %2\n"
          "Lmax%=:"
          : "=&r"(r)
          : "r"(a), "r"(b)
          : "cc");
  return r;
#else
  return a > b ? a : b;
#endif
}

/* Multiply through HI/LO. */
static int mul_lo(int a, int b) {
#ifdef CPU0_ASM
  int r;
  __asm__("mult %1, %2\n\tmflo %0" : "=r"(r) : "r"(a), "r"(b) : "hi", "lo");
  return r;
#else
  return (int)((unsigned)a * (unsigned)b);
#endif
}

/* Local register variables: operands in specific registers. */
static int regvars(int a, int b) {
#ifdef CPU0_ASM
  register int x asm("$3") = a;
  register int y asm("$7") = b;
  __asm__("subu %0, %0, %1" : "+r"(x) : "r"(y));
  return x;
#else
  return a - b;
#endif
}

int main(void) {
  int acc = 0;
  for (int i = 0; i < 6; i++)
    acc += add3(i, 2 * i, 100);
  printf("add3 %d\n", acc);
  printf("shl_xor %08x %08x\n", shl_xor(1), shl_xor(0x87654321u));
  printf("bump %d plus9 %d\n", bump(10), plus9(-20));
  printf("keep %d\n", keep(7, 11));
  printf("load %d\n", load_elem());
  store_elem(42);
  add_to_global(23);
  add_to_global(-3);
  printf("store %d g %d\n", arr[5], g);
  printf("max %d %d %d %d\n", max_asm(3, 9), max_asm(9, 3), max_asm(-5, -7), max_asm(4, 4));
  printf("mul %d %d\n", mul_lo(1234, 5678), mul_lo(-3, 7));
  printf("regvars %d %d\n", regvars(50, 8), regvars(acc, g));
  return (acc + g) & 0x7f;
}
