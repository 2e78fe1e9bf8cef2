// Atomic builtins (atomicrmw, cmpxchg, fences, atomic loads and stores) and
// 64-bit overflow-checked multiplication.
#include <stdio.h>

static int counter;
static unsigned char flags8;
static short s16 = -5;
static unsigned u32 = 0xf0f0f0f0u;
static int *volatile slot;

__attribute__((noinline)) static int spin_add(int *p, int n) {
	for (int i = 0; i < n; i++)
		__atomic_fetch_add(p, i, __ATOMIC_SEQ_CST);
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

__attribute__((noinline)) static int cas_loop_max(int *p, int v) {
	int old = __atomic_load_n(p, __ATOMIC_RELAXED);
	while (old < v && !__atomic_compare_exchange_n(p, &old, v, 1, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
		;
	return old;
}

__attribute__((noinline)) static int smul_ov(long long a, long long b, long long *r) {
	return __builtin_mul_overflow(a, b, r);
}

__attribute__((noinline)) static int umul_ov(unsigned long long a, unsigned long long b, unsigned long long *r) {
	return __builtin_mul_overflow(a, b, r);
}

int main(void) {
	printf("spin_add %d\n", spin_add(&counter, 100));
	printf("sub %d -> %d\n", __atomic_fetch_sub(&counter, 50, __ATOMIC_SEQ_CST), counter);
	printf("or8 %d -> %d\n", __atomic_fetch_or(&flags8, 0x81, __ATOMIC_SEQ_CST), flags8);
	printf("and8 %d -> %d\n", __atomic_fetch_and(&flags8, 0x0f, __ATOMIC_SEQ_CST), flags8);
	printf("xor8 %d -> %d\n", __atomic_xor_fetch(&flags8, 0xff, __ATOMIC_SEQ_CST), flags8);
	printf("nand16 %d -> %d\n", __atomic_fetch_nand(&s16, 0x0ff0, __ATOMIC_SEQ_CST), s16);
	printf("xchg32 %u -> %u\n", __atomic_exchange_n(&u32, 7u, __ATOMIC_SEQ_CST), u32);
	__atomic_store_n(&u32, 42u, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	printf("store/load %u\n", __atomic_load_n(&u32, __ATOMIC_SEQ_CST));
	int x = 3;
	printf("cas %d %d", cas_loop_max(&x, 10), x);
	printf(" %d %d\n", cas_loop_max(&x, 5), x);
	int expected = 11;
	printf("strong cas fail %d exp %d\n", __atomic_compare_exchange_n(&x, &expected, 99, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST), expected);
	int *prev = __atomic_exchange_n(&slot, &x, __ATOMIC_SEQ_CST);
	printf("ptr xchg %d %d\n", prev == 0, *slot);
	printf("sync %d %d\n", __sync_fetch_and_add(&counter, 5), __sync_val_compare_and_swap(&counter, 4955, 1));
	printf("sync bool %d %d\n", __sync_bool_compare_and_swap(&counter, 1, 2), counter);
	long long r;
	unsigned long long ur;
	static const long long cases[][2] = {
		{3, 4}, {-3, 4}, {0x7fffffffffffffffLL, 1}, {0x7fffffffffffffffLL, 2}, {-0x7fffffffffffffffLL - 1, 1},
		{-0x7fffffffffffffffLL - 1, -1}, {0x100000000LL, 0x7fffffffLL}, {0x100000000LL, 0x80000000LL},
		{-0x100000000LL, 0x80000000LL}, {-0x100000000LL, 0x80000001LL}, {3037000499LL, 3037000499LL},
		{3037000500LL, 3037000500LL}, {-3037000500LL, 3037000500LL}, {0, -1}, {-1, -1},
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int o = smul_ov(cases[i][0], cases[i][1], &r);
		int uo = umul_ov((unsigned long long)cases[i][0], (unsigned long long)cases[i][1], &ur);
		printf("mul %d: %d %lld %d %llu\n", i, o, r, uo, ur);
	}
	return counter;
}
