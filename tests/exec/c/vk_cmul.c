// Vector kernel (BWDSP SIMD corpus): complex multiply of four pairs at
// a time, split real/imaginary arrays (re = ar*br - ai*bi, im = ar*bi +
// ai*br), and the same in interleaved form through shuffles.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define N 8
static float4 ar[N], ai[N], br[N], bi[N], cr[N], ci[N];
static float4 inter[2 * N], out[2 * N];

__attribute__((noinline)) void cmul(int n) {
	for (int i = 0; i < n; i++) {
		cr[i] = ar[i] * br[i] - ai[i] * bi[i];
		ci[i] = ar[i] * bi[i] + ai[i] * br[i];
	}
}

// Interleaved (re, im, re, im): two complex numbers per float4.
__attribute__((noinline)) void cmul2(const float4 *a, const float4 *b, float4 *c, int n) {
	for (int i = 0; i < n; i++) {
		float4 x = a[i], y = b[i];
		float4 re = __builtin_shufflevector(x, x, 0, 0, 2, 2);
		float4 im = __builtin_shufflevector(x, x, 1, 1, 3, 3);
		float4 ys = __builtin_shufflevector(y, y, 1, 0, 3, 2);
		c[i] = re * y + im * ys * (float4){-1.0f, 1.0f, -1.0f, 1.0f};
	}
}

int main(void) {
	for (int i = 0; i < N; i++) {
		ar[i] = (float4){i, 0.5f * i, -1.0f, 2.0f};
		ai[i] = (float4){1.0f, -i, 0.25f * i, 3.0f};
		br[i] = (float4){0.5f, 2.0f, i, -0.5f * i};
		bi[i] = (float4){-i, 1.5f, 2.0f, 0.125f};
	}
	for (int i = 0; i < 2 * N; i++) {
		inter[i] = (float4){i * 0.5f, 1.0f - i, 2.0f, -0.25f * i};
		out[i] = (float4){1.0f, i, -i, 0.5f};
	}
	cmul(N);
	cmul2(inter, out, inter, 2 * N);
	unsigned h = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++) {
			bits r = {.f = cr[i][j]}, m = {.f = ci[i][j]};
			h = h * 31 + r.u * 3 + m.u;
		}
	for (int i = 0; i < 2 * N; i++)
		for (int j = 0; j < 4; j++) {
			bits r = {.f = inter[i][j]};
			h = h * 7 + r.u;
		}
	bits r0 = {.f = cr[5].y}, m0 = {.f = ci[5].z};
	printf("cmul %08x %08x %08x\n", r0.u, m0.u, h);
	return 0;
}
