// Vector kernel (BWDSP SIMD corpus): saxpy y = a*x + y on float4.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define N 16
static float4 x[N], y[N];

__attribute__((noinline)) void saxpy(float a, const float4 *xs, float4 *ys, int n) {
	for (int i = 0; i < n; i++)
		ys[i] = a * xs[i] + ys[i];
}

int main(void) {
	for (int i = 0; i < N; i++) {
		x[i] = (float4){i * 0.5f, i - 3.25f, 1.0f / (i + 1), -i * 1.5f};
		y[i] = (float4){1.0f, i * 2.0f, -0.75f, i * i * 0.125f};
	}
	saxpy(2.5f, x, y, N);
	saxpy(-0.5f, y, x, N);
	unsigned h = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++) {
			bits b = {.f = y[i][j]}, c = {.f = x[i][j]};
			h = h * 31 + b.u + 7 * c.u;
		}
	bits b0 = {.f = y[3].y}, b1 = {.f = x[15].w};
	printf("saxpy %08x %08x %08x\n", b0.u, b1.u, h);
	return 0;
}
