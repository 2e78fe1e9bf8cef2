// Vector kernel (BWDSP SIMD corpus): 4x4 matrix multiply, one float4
// row of C at a time (C[i] = sum_k A[i][k] * B[k]), and the int version.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

__attribute__((noinline)) void matmulf(const float4 *a, const float4 *b, float4 *c) {
	for (int i = 0; i < 4; i++) {
		float4 r = a[i].x * b[0];
		r += a[i].y * b[1];
		r += a[i].z * b[2];
		r += a[i].w * b[3];
		c[i] = r;
	}
}

__attribute__((noinline)) void matmuli(const int4 *a, const int4 *b, int4 *c) {
	for (int i = 0; i < 4; i++) {
		int4 r = 0;
		for (int k = 0; k < 4; k++)
			r += a[i][k] * b[k];
		c[i] = r;
	}
}

static float4 A[4], B[4], C[4], D[4];
static int4 IA[4], IB[4], IC[4];

int main(void) {
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			A[i][j] = (i + 1) * 0.5f - j;
			B[i][j] = (i == j) ? 2.0f : (i - j) * 0.25f;
			IA[i][j] = i * 4 + j - 7;
			IB[i][j] = (i * j) % 5 - 2;
		}
	matmulf(A, B, C);
	matmulf(C, A, D);
	matmuli(IA, IB, IC);
	for (int i = 0; i < 4; i++) {
		bits b0 = {.f = D[i].x}, b1 = {.f = D[i].y}, b2 = {.f = D[i].z}, b3 = {.f = D[i].w};
		printf("%08x %08x %08x %08x | %d %d %d %d\n", b0.u, b1.u, b2.u, b3.u, IC[i].x, IC[i].y, IC[i].z, IC[i].w);
	}
	return 0;
}
