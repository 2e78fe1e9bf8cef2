// Vector kernel (BWDSP SIMD corpus): dot products on float4 and int4
// (lane-wise multiply-accumulate, horizontal sum at the end).
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define N 32
static float4 a[N], b[N];
static int4 p[N], q[N];

__attribute__((noinline)) float dotf(const float4 *u, const float4 *v, int n) {
	float4 acc = 0.0f;
	for (int i = 0; i < n; i++)
		acc += u[i] * v[i];
	return (acc.x + acc.y) + (acc.z + acc.w);
}

__attribute__((noinline)) int doti(const int4 *u, const int4 *v, int n) {
	int4 acc = 0;
	for (int i = 0; i < n; i++)
		acc += u[i] * v[i];
	return acc.x + acc.y + acc.z + acc.w;
}

int main(void) {
	for (int i = 0; i < N; i++) {
		a[i] = (float4){i * 0.25f, 1.0f - i, 3.0f / (i + 2), i * i * 0.01f};
		b[i] = (float4){2.0f, i * 0.5f, -1.25f, 0.5f * i};
		p[i] = (int4){i, -3 * i, i * i, 100 - i};
		q[i] = (int4){7, i - 5, -i, 0x10001 * i};
	}
	bits r = {.f = dotf(a, b, N)};
	printf("dotf %08x\n", r.u);
	printf("doti %d\n", doti(p, q, N));
	return 0;
}
