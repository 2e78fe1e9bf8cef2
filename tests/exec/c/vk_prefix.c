// Vector kernel (BWDSP SIMD corpus): inclusive prefix sums four at a
// time: log-step shifts by shuffles with a zero vector, the running total
// carried as a splat of the last lane (int and float).
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define N 16
static int4 a[N];
static float4 fa[N];

__attribute__((noinline)) void prefix(int4 *v, int n) {
	int4 carry = 0, zero = 0;
	for (int i = 0; i < n; i++) {
		int4 x = v[i];
		x += __builtin_shufflevector(zero, x, 0, 4, 5, 6);
		x += __builtin_shufflevector(zero, x, 0, 1, 4, 5);
		x += carry;
		v[i] = x;
		carry = x.wwww;
	}
}

__attribute__((noinline)) void prefixf(float4 *v, int n) {
	float4 carry = 0.0f, zero = 0.0f;
	for (int i = 0; i < n; i++) {
		float4 x = v[i];
		x += __builtin_shufflevector(zero, x, 0, 4, 5, 6);
		x += __builtin_shufflevector(zero, x, 0, 1, 4, 5);
		x += carry;
		v[i] = x;
		carry = x.wwww;
	}
}

int main(void) {
	for (int i = 0; i < N; i++) {
		a[i] = (int4){i, -2 * i, 3, i * i};
		fa[i] = (float4){0.5f * i, 1.0f, -0.25f * i, 0.125f};
	}
	prefix(a, N);
	prefixf(fa, N);
	unsigned h = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++) {
			bits b = {.f = fa[i][j]};
			h = h * 31 + b.u;
		}
	printf("prefix %d %d %d %08x\n", a[5].y, a[N - 1].w, a[7].x, h);
	return 0;
}
