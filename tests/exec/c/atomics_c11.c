// C11 atomics (<stdatomic.h>: _Atomic objects and the atomic_* generic
// functions) and the __atomic min/max and __sync builtins on 8-, 16- and
// 32-bit objects, signed and unsigned: the atomicrmw umax/max/umin/min,
// nand and narrow cmpxchg that atomic-lowering expands on one core.
#include <stdatomic.h>
#include <stdio.h>

static _Atomic int ai = 5;
static _Atomic unsigned char auc = 250;
static _Atomic short as = -7;
static signed char sc = -100;
static unsigned short us = 60000;
static int si = -5;
static unsigned ui = 3000000000u;

__attribute__((noinline)) static int bump(_Atomic int *p, int n) {
	for (int i = 0; i < n; i++)
		(*p)++;
	*p += 10;
	*p -= 3;
	*p |= 0x100;
	*p &= ~1;
	*p ^= 0x20;
	return atomic_load(p);
}

__attribute__((noinline)) static int narrow_cas(_Atomic short *p, short expect, short want) {
	short e = expect;
	int ok = atomic_compare_exchange_strong(p, &e, want);
	return ok * 100000 + e;
}

__attribute__((noinline)) static int minmax(int x) {
	int r = 0;
	r += __atomic_fetch_max(&sc, (signed char)x, __ATOMIC_SEQ_CST);
	r += __atomic_fetch_min(&us, (unsigned short)x, __ATOMIC_SEQ_CST);
	r += __atomic_fetch_max(&si, x, __ATOMIC_SEQ_CST);
	r += (int)(__atomic_fetch_min(&ui, (unsigned)x, __ATOMIC_SEQ_CST) >> 8);
	return r;
}

int main(void) {
	printf("bump %d\n", bump(&ai, 7));
	int old = atomic_fetch_add(&auc, 10);
	printf("uc %d %d", old, atomic_load(&auc));
	old = atomic_fetch_sub_explicit(&auc, 20, memory_order_relaxed);
	printf(" %d %d\n", old, auc);
	old = atomic_exchange(&as, -300);
	printf("xchg %d %d\n", old, as);
	printf("cas %d", narrow_cas(&as, -300, 1234));
	old = narrow_cas(&as, -300, 99);
	printf(" %d %d\n", old, as);
	atomic_thread_fence(memory_order_seq_cst);
	atomic_signal_fence(memory_order_acquire);
	for (int x = -130; x <= 70000; x += 23456) {
		int r = minmax(x);
		printf("minmax %d: %d | %d %u %d %u\n", x, r, sc, us, si, ui);
	}
	old = __sync_fetch_and_nand(&sc, 0x5a);
	printf("nand %d %d\n", old, sc);
	old = __sync_nand_and_fetch(&us, 0xf0f0);
	printf("nand %d %u\n", old, us);
	old = __sync_lock_test_and_set(&si, 77);
	printf("lock %d", old);
	__sync_lock_release(&si);
	printf(" %d\n", si);
	__sync_synchronize();
	return ai & 0x7f;
}
