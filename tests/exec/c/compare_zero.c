// Compares against 0 and the constants next to it, as values, branches,
// selects and loop bounds over the edge values (0, ±1, INT_MIN, INT_MAX,
// UINT_MAX): cpu032I tests a < 0 with the sign bit and a == 0 with clz
// instead of cmp, and compares with $zero where a constant ±1 allows it.
// The addresses a loop reads at constant offsets from one pointer
// (loop-strength-reduce, shared address offsets) are exercised too.
#include <limits.h>
#include <stdio.h>

static volatile int vals[] = {0, 1, -1, 2, -2, INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 100, -100};
#define N ((int)(sizeof vals / sizeof vals[0]))

__attribute__((noinline)) static unsigned flags(int a) {
	unsigned u = (unsigned)a;
	unsigned r = 0;
	r |= (unsigned)(a < 0) << 0;
	r |= (unsigned)(a >= 0) << 1;
	r |= (unsigned)(a > -1) << 2;
	r |= (unsigned)(a <= -1) << 3;
	r |= (unsigned)(a < 1) << 4;
	r |= (unsigned)(a >= 1) << 5;
	r |= (unsigned)(a == 0) << 6;
	r |= (unsigned)(a != 0) << 7;
	r |= (unsigned)(u < 1) << 8;
	r |= (unsigned)(u >= 1) << 9;
	r |= (unsigned)(u <= 0) << 10;
	r |= (unsigned)(u > 0) << 11;
	r |= (unsigned)(a > 0) << 12;
	r |= (unsigned)(a <= 0) << 13;
	return r;
}

__attribute__((noinline)) static int branches(int a) {
	int r = 0;
	if (a > -1)
		r += 1;
	if (a < 1)
		r += 2;
	if ((unsigned)a < 1)
		r += 4;
	if ((unsigned)a >= 1)
		r += 8;
	if (a < 0)
		r += 16;
	if (a <= -1)
		r += 32;
	return r;
}

__attribute__((noinline)) static unsigned selects(int a, unsigned b, unsigned c) {
	unsigned x = a < 0 ? b : c;
	unsigned y = a > -1 ? c : b;
	unsigned z = a == 0 ? b - c : x + y;
	unsigned w = (unsigned)a < 1 ? z : -z;
	unsigned v = a < 1 ? w ^ 5 : w + 3;
	return x * 7 + y * 3 + z + w + v;
}

// Two uses of one condition (x & 1) == 0 by two selects.
__attribute__((noinline)) static unsigned long long twosel(unsigned long long n) {
	unsigned lo = (unsigned)n, hi = (unsigned)(n >> 32);
	int even = (lo & 1) == 0;
	unsigned a = even ? lo >> 1 | hi << 31 : lo * 3 + 1;
	unsigned b = even ? hi >> 1 : hi * 3 + (lo * 3 + 1 < lo * 3);
	return (unsigned long long)b << 32 | a;
}

static int xs[64];

// Four accesses per iteration at constant offsets from x + 16i.
__attribute__((noinline)) static int sum4(const int *x, int n) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += x[4 * i] * 3 - x[4 * i + 1] + (x[4 * i + 2] ^ x[4 * i + 3]);
	return s;
}

int main(void) {
	unsigned h = 0;
	for (int i = 0; i < N; i++) {
		int a = vals[i];
		unsigned f = flags(a);
		int b = branches(a);
		unsigned s = selects(a, (unsigned)vals[(i + 1) % N], (unsigned)vals[(i + 2) % N]);
		printf("%d: flags=%04x br=%d sel=%u\n", a, f, b, s);
		h = h * 31 + f + (unsigned)b + s;
	}
	unsigned long long n = 27;
	for (int i = 0; i < 20; i++) {
		n = twosel(n);
		printf("%llu ", n);
	}
	printf("\n");
	for (int i = 0; i < 64; i++)
		xs[i] = (i * 37) % 19 - 9;
	for (int n4 = 0; n4 <= 16; n4 += 5)
		printf("sum4(%d)=%d\n", n4, sum4(xs, n4));
	printf("h=%08x\n", h);
	return 0;
}
