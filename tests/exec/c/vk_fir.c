// Vector kernel (BWDSP SIMD corpus): an 8-tap FIR filter computing four
// outputs at once: a splat coefficient times four consecutive inputs
// (a word-aligned, not 16-byte-aligned vector load), float and int.
#include <stdio.h>
#include <string.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define N 64
#define T 8
static float xf[N + T], yf[N], hf[T] = {0.5f, -0.25f, 0.125f, 1.0f, -2.0f, 0.75f, 0.0625f, 3.0f};
static int xi[N + T], yi[N], hi[T] = {3, -1, 4, 1, -5, 9, 2, -6};

__attribute__((noinline)) void firf(const float *x, float *y, const float *h, int n) {
	for (int i = 0; i < n; i += 4) {
		float4 acc = 0.0f;
		for (int k = 0; k < T; k++) {
			float4 v;
			memcpy(&v, x + i + k, sizeof v);
			acc += h[k] * v;
		}
		memcpy(y + i, &acc, sizeof acc);
	}
}

__attribute__((noinline)) void firi(const int *x, int *y, const int *h, int n) {
	for (int i = 0; i < n; i += 4) {
		int4 acc = 0;
		for (int k = 0; k < T; k++) {
			int4 v;
			memcpy(&v, x + i + k, sizeof v);
			acc += h[k] * v;
		}
		memcpy(y + i, &acc, sizeof acc);
	}
}

int main(void) {
	for (int i = 0; i < N + T; i++) {
		xf[i] = (i % 7) * 0.5f - 1.0f;
		xi[i] = (i * 37) % 101 - 50;
	}
	firf(xf, yf, hf, N);
	firi(xi, yi, hi, N);
	unsigned h = 0;
	int s = 0;
	for (int i = 0; i < N; i++) {
		bits b = {.f = yf[i]};
		h = h * 33 + b.u;
		s = s * 3 + yi[i];
	}
	printf("fir %08x %d %d %d\n", h, s, yi[0], yi[N - 1]);
	return 0;
}
