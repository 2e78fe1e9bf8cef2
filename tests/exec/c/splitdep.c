// Loops that OCC loop splitting (-bwdsp-split-simd-stores=N, issue 12)
// may or may not distribute: a forward dependence (the second store's
// partition reads what the first stored in the same iteration), a
// backward one (it reads a[i + 1] before the first partition writes it),
// an in-place update, and two pointer arguments that overlap (q = p + 1):
// each must print what lli prints whether or not the loop is split.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define N 12
static float4 a[N + 1], b[N + 1], c[N + 1], d[N + 1];
static int4 ia[N + 2];

__attribute__((noinline)) void forward(int n) {
	for (int i = 0; i < n; i++) {
		a[i] = b[i] * 2.0f + c[i];
		d[i] = b[i] - 1.0f;
		c[i] = a[i] * b[i];
	}
}

__attribute__((noinline)) void backward(int n) {
	for (int i = 0; i < n; i++) {
		a[i] = b[i] + c[i];
		d[i] = c[i] * 0.5f;
		c[i] = a[i + 1] - b[i];
	}
}

__attribute__((noinline)) void inplace(int n) {
	for (int i = 0; i < n; i++) {
		a[i] = a[i] + b[i];
		d[i] = a[i] * c[i];
		b[i] = d[i] - a[i];
	}
}

__attribute__((noinline)) void overlap(int4 *p, int4 *q, int n) {
	for (int i = 0; i < n; i++) {
		p[i] = p[i] * 3 + 1;
		q[i] = q[i] + 5;
	}
}

static unsigned hashf(const float4 *v, int n, unsigned s) {
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 4; j++) {
			bits x = {.f = v[i][j]};
			s = (s << 5 | s >> 27) ^ x.u;
		}
	return s;
}

static void init(void) {
	for (int i = 0; i <= N; i++)
		for (int j = 0; j < 4; j++) {
			a[i][j] = ((i * 4 + j) % 7) * 0.5f - 1.0f;
			b[i][j] = ((i * 3 + j) % 5) * 0.25f + 0.5f;
			c[i][j] = ((i + j * 5) % 9) * 0.125f - 0.5f;
			d[i][j] = 0;
		}
}

int main(void) {
	unsigned h = 0;
	init();
	forward(N);
	h = hashf(c, N + 1, hashf(d, N + 1, hashf(a, N + 1, h)));
	printf("forward %08x\n", h);
	init();
	backward(N);
	h = hashf(c, N + 1, hashf(d, N + 1, hashf(a, N + 1, h)));
	printf("backward %08x\n", h);
	init();
	inplace(N);
	h = hashf(b, N + 1, hashf(d, N + 1, hashf(a, N + 1, h)));
	printf("inplace %08x\n", h);
	for (int i = 0; i < N + 2; i++)
		for (int j = 0; j < 4; j++)
			ia[i][j] = i * 4 + j;
	overlap(ia, ia + 1, N);
	unsigned s = 0;
	for (int i = 0; i < N + 2; i++)
		for (int j = 0; j < 4; j++)
			s = s * 31 + (unsigned)ia[i][j];
	printf("overlap %08x %d %d\n", s, ia[1].x, ia[N].w);
	return 0;
}
