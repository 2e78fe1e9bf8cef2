// Loops that clang -O2 auto-vectorizes on x86-64 (the host variant then
// feeds vector IR to the frontend): reductions, narrow and wide lanes,
// compares and selects, reversal and interleaving shuffles, shifts,
// extensions and truncations, min/max and abs.
#include <stdio.h>

#define N 67

static unsigned char b1[N], b2[N], b3[N];
static short h1[N], h2[N];
static int w1[N], w2[N], w3[N];
static long long d1[N], d2[N];
static unsigned u1[N];

__attribute__((noinline)) static int sum_int(const int *a, int n) {
	unsigned s = 0; // wraps without undefined behaviour
	for (int i = 0; i < n; i++)
		s += (unsigned)a[i];
	return (int)s;
}

__attribute__((noinline)) static unsigned xor_all(const unsigned *a, int n) {
	unsigned s = 0;
	for (int i = 0; i < n; i++)
		s ^= a[i] * 2654435761u;
	return s;
}

__attribute__((noinline)) static int max_int(const int *a, int n) {
	int m = -2147483647 - 1;
	for (int i = 0; i < n; i++)
		m = a[i] > m ? a[i] : m;
	return m;
}

__attribute__((noinline)) static unsigned min_u(const unsigned *a, int n) {
	unsigned m = ~0u;
	for (int i = 0; i < n; i++)
		m = a[i] < m ? a[i] : m;
	return m;
}

__attribute__((noinline)) static void add_bytes(unsigned char *d, const unsigned char *a, const unsigned char *b, int n) {
	for (int i = 0; i < n; i++)
		d[i] = (unsigned char)(a[i] + b[i] * 3);
}

__attribute__((noinline)) static int sum_bytes(const unsigned char *a, int n) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}

__attribute__((noinline)) static int count_greater(const short *a, short t, int n) {
	int c = 0;
	for (int i = 0; i < n; i++)
		c += a[i] > t;
	return c;
}

__attribute__((noinline)) static void mul_shorts(short *d, const short *a, int n) {
	for (int i = 0; i < n; i++)
		d[i] = (short)(a[i] * a[i] >> 3);
}

__attribute__((noinline)) static long long sum_ll(const long long *a, int n) {
	unsigned long long s = 0;
	for (int i = 0; i < n; i++)
		s += (unsigned long long)a[i];
	return (long long)s;
}

__attribute__((noinline)) static void mix_ll(long long *d, const long long *a, const int *w, int n) {
	for (int i = 0; i < n; i++)
		d[i] = a[i] * 8 - (long long)w[i] * 5 + (a[i] >> 7);
}

__attribute__((noinline)) static void reverse_copy(int *d, const int *a, int n) {
	for (int i = 0; i < n; i++)
		d[i] = a[n - 1 - i];
}

__attribute__((noinline)) static void clamp_abs(int *d, const int *a, int n) {
	for (int i = 0; i < n; i++) {
		int v = a[i] < 0 ? -a[i] : a[i];
		d[i] = v > 1000 ? 1000 : v;
	}
}

__attribute__((noinline)) static int dot_interleaved(const int *a, int n) {
	unsigned s = 0;
	for (int i = 0; i + 1 < n; i += 2)
		s += (unsigned)a[i] * (unsigned)a[i + 1];
	return (int)s;
}

__attribute__((noinline)) static void select_min(int *d, const int *a, const int *b, int n) {
	for (int i = 0; i < n; i++)
		d[i] = a[i] < b[i] ? a[i] + 1 : b[i] - 1;
}

__attribute__((noinline)) static int or_flags(const unsigned char *a, int n) {
	unsigned char f = 0;
	for (int i = 0; i < n; i++)
		f |= a[i];
	return f;
}

__attribute__((noinline)) static void trunc_store(unsigned char *d, const int *a, int n) {
	for (int i = 0; i < n; i++)
		d[i] = (unsigned char)(a[i] >> 2);
}

__attribute__((noinline)) static void fill_iota(int *d, int n) {
	for (int i = 0; i < n; i++)
		d[i] = i * 7 - 100;
}

int main(void) {
	unsigned seed = 12345;
	for (int i = 0; i < N; i++) {
		seed = seed * 1103515245u + 12345u;
		b1[i] = (unsigned char)(seed >> 16);
		b2[i] = (unsigned char)(seed >> 8);
		h1[i] = (short)(seed >> 12);
		w1[i] = (int)(seed >> 3) - 200000000;
		w2[i] = (int)(seed >> 13) - 100000;
		d1[i] = (long long)w1[i] * 1048576 ^ w2[i];
		u1[i] = seed;
	}
	printf("sum_int %d\n", sum_int(w1, N));
	printf("xor_all %u\n", xor_all(u1, N));
	printf("max_int %d min_u %u\n", max_int(w2, N), min_u(u1, N));
	add_bytes(b3, b1, b2, N);
	printf("sum_bytes %d %d\n", sum_bytes(b3, N), sum_bytes(b1, 17));
	printf("count_greater %d %d\n", count_greater(h1, 0, N), count_greater(h1, -5000, 33));
	mul_shorts(h2, h1, N);
	printf("h2 %d %d %d\n", h2[0], h2[31], h2[N - 1]);
	printf("sum_ll %lld\n", sum_ll(d1, N));
	mix_ll(d2, d1, w2, N);
	printf("mix_ll %lld %lld\n", d2[5], sum_ll(d2, N));
	reverse_copy(w3, w1, N);
	printf("reverse %d %d %d\n", w3[0], w3[33], sum_int(w3, N));
	clamp_abs(w3, w2, N);
	printf("clamp_abs %d\n", sum_int(w3, N));
	printf("dot_interleaved %d\n", dot_interleaved(w2, N));
	select_min(w3, w1, w2, N);
	printf("select_min %d\n", sum_int(w3, N));
	printf("or_flags %d\n", or_flags(b1, N));
	trunc_store(b3, w2, N);
	printf("trunc_store %d\n", sum_bytes(b3, N));
	fill_iota(w3, N);
	printf("iota %d %d\n", w3[N - 1], sum_int(w3, N));
	return sum_int(w3, 10) & 0x7f;
}
