// Register-pressure kernel (make bench-regalloc, issue 12): batches of
// 4x4 and 8x8 float matrix products, one product per loop iteration:
// 4 SIMD stores (C rows) and 8 B rows plus 4 accumulators live for the
// 4x4 block; 16 SIMD stores and 16 B row halves plus 16 accumulators for
// the 8x8 block (each row is two float4); and the 4x4 int block.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define NM 5 // matrices per batch
static float4 a4[NM][4], b4[NM][4], c4[NM][4];
static float4 a8[NM][16], b8[NM][16], c8[NM][16]; // row r: [2r], [2r+1]
static int4 ia4[NM][4], ib4[NM][4], ic4[NM][4];

__attribute__((noinline)) void mm4x4(int n) {
	for (int m = 0; m < n; m++) {
		float4 b0 = b4[m][0], b1 = b4[m][1], b2 = b4[m][2], b3 = b4[m][3];
#pragma clang loop unroll(full)
		for (int r = 0; r < 4; r++) {
			float4 a = a4[m][r];
			c4[m][r] = a.x * b0 + a.y * b1 + a.z * b2 + a.w * b3;
		}
	}
}

__attribute__((noinline)) void mm4x4i(int n) {
	for (int m = 0; m < n; m++) {
		int4 b0 = ib4[m][0], b1 = ib4[m][1], b2 = ib4[m][2], b3 = ib4[m][3];
#pragma clang loop unroll(full)
		for (int r = 0; r < 4; r++) {
			int4 a = ia4[m][r];
			ic4[m][r] = a.x * b0 + a.y * b1 + a.z * b2 + a.w * b3;
		}
	}
}

__attribute__((noinline)) void mm8x8(int n) {
	for (int m = 0; m < n; m++) {
#pragma clang loop unroll(full)
		for (int r = 0; r < 8; r++) {
			float4 lo = 0, hi = 0;
#pragma clang loop unroll(full)
			for (int k = 0; k < 8; k++) {
				float s = a8[m][2 * r + k / 4][k % 4];
				lo += s * b8[m][2 * k];
				hi += s * b8[m][2 * k + 1];
			}
			c8[m][2 * r] = lo;
			c8[m][2 * r + 1] = hi;
		}
	}
}

static unsigned hashf(const float4 *v, int n) {
	unsigned s = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 4; j++) {
			bits b = {.f = v[i][j]};
			s = (s << 5 | s >> 27) ^ b.u;
		}
	return s;
}

int main(void) {
	for (int m = 0; m < NM; m++) {
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 4; j++) {
				a4[m][i][j] = ((m + i * 3 + j) % 7) * 0.5f - 1.0f;
				b4[m][i][j] = ((m * 2 + i + j * 5) % 9) * 0.25f - 0.75f;
				ia4[m][i][j] = (m * 7 + i * 4 + j) % 11 - 5;
				ib4[m][i][j] = (m + i * j) % 7 - 3;
			}
		for (int i = 0; i < 16; i++)
			for (int j = 0; j < 4; j++) {
				a8[m][i][j] = ((m + i * 5 + j) % 13) * 0.125f - 0.5f;
				b8[m][i][j] = ((m * 3 + i + j * 7) % 11) * 0.25f - 1.25f;
			}
	}
	mm4x4(NM);
	mm4x4i(NM);
	mm8x8(NM);
	unsigned s = 0;
	for (int m = 0; m < NM; m++)
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 4; j++)
				s = s * 3 + (unsigned)ic4[m][i][j];
	printf("mm4x4 %08x mm8x8 %08x mm4x4i %08x %d\n", hashf(&c4[0][0], NM * 4),
	       hashf(&c8[0][0], NM * 16), s, ic4[NM - 1][3].w);
	return 0;
}
