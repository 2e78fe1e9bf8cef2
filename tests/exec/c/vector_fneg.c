// Vector fneg (-v on float4): the sign bit of every lane flipped, also
// for zeros, infinities and NaNs (compared bit for bit with lli); BWDSP
// does it as one SIMD XOR with a constant splat, a splat operand per lane.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

static float4 a[6], b[6];

__attribute__((noinline)) void negmul(int n, float4 k) {
	float4 nk = -k; // a splat
	for (int i = 0; i < n; i++)
		b[i] = -a[i] * nk + -a[i];
}

__attribute__((noinline)) void neg(int n) {
	for (int i = 0; i < n; i++)
		b[i] = -a[i];
}

int main(void) {
	bits nan = {.u = 0x7fc00001u}, inf = {.u = 0x7f800000u};
	float v[] = {0.0f, -0.0f, 1.5f, -2.25f, inf.f, -inf.f, nan.f, 3e-39f, 1e30f, -7.0f, 0.125f, 42.0f};
	for (int i = 0; i < 6; i++)
		for (int l = 0; l < 4; l++)
			a[i][l] = v[(i * 4 + l) % 12];
	neg(6);
	for (int i = 0; i < 6; i++)
		for (int l = 0; l < 4; l++) {
			bits x = {.f = b[i][l]};
			printf("%08x%c", x.u, l == 3 ? '\n' : ' ');
		}
	// Finite values through the arithmetic (NaN payloads through a
	// multiply are the FPU's business, not fneg's).
	for (int i = 0; i < 6; i++)
		for (int l = 0; l < 4; l++)
			a[i][l] = (i * 4 + l) % 7 * 0.75f - 2.0f;
	float4 k = {0.5f, 0.5f, 0.5f, 0.5f};
	negmul(5, k);
	for (int i = 0; i < 5; i++)
		for (int l = 0; l < 4; l++) {
			bits x = {.f = b[i][l]};
			printf("%08x%c", x.u, l == 3 ? '\n' : ' ');
		}
	return 0;
}
