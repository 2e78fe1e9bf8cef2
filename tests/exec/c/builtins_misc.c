/* Builtins clang lowers to intrinsics or folds: object size, constant_p,
 * prefetch, assume_aligned, bit reversal and rotates, ffs/clrsb,
 * flt_rounds (llvm.flt.rounds: the soft-float runtime rounds to nearest),
 * the classification builtins, alloca_with_align, unreachable and
 * expect_with_probability. */
#include <stdio.h>
#include <string.h>
__attribute__((noinline)) static int sz(char *p) { return (int)__builtin_object_size(p, 0) + (int)__builtin_object_size(p, 2); }
int main(void) {
  char buf[17];
  int k = 5;
  printf("%d %d\n", (int)__builtin_object_size(buf, 0), sz(buf));
  printf("%d\n", __builtin_constant_p(3));
  __builtin_prefetch(buf, 0, 3);
  int *al = __builtin_assume_aligned(&k, 4);
  printf("%d\n", *al);
  printf("%x %x %x\n", __builtin_bitreverse32(0x12345678u), __builtin_rotateleft32(0x80000001u, 3), (unsigned)(__builtin_rotateright64(0x1ULL, 1) >> 60));
  printf("%d %d %d %d\n", __builtin_ffs(0x100), __builtin_ffsll(1ULL << 40), __builtin_clrsb(-1), __builtin_clrsbll(1));
  printf("%d\n", __builtin_flt_rounds()); /* llvm.flt.rounds */
  volatile double d = -2.5;
  printf("%d %d %d %g %g\n", __builtin_isnan(d), __builtin_isinf(d), __builtin_signbit(d), __builtin_copysign(3.0, d), __builtin_fabs(d));
  printf("%d %d\n", __builtin_isfinite(d), __builtin_isnormal(d));
  char *a = __builtin_alloca_with_align(32, 128);
  memset(a, 1, 32);
  printf("%d %d\n", a[31], (int)((__UINTPTR_TYPE__)a % 16));
  if (k == 6) __builtin_unreachable();
  printf("%d\n", (int)__builtin_expect_with_probability(k, 5, 0.9));
  return 0;
}
