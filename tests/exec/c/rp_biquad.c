// Register-pressure kernel (make bench-regalloc, issue 12): cascades of
// 4 and 8 biquad sections (transposed direct form II), four channels in
// the lanes of a float4, one sample per iteration; every section's output
// is stored (4 and 8 SIMD stores per iteration, out[i][k]); 5 coefficient splats and
// 2 state vectors per section are live across the loop (28 and 56), and
// the int (fixed-point) cascade of 4.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define NS 12 // samples
static float4 in[NS], out4[NS][4], out8[NS][8];
static int4 ini[NS], outi[NS][4];
static float cb[8][5];
static int ci[4][5];

#define BIQUAD(name, S, V, IN, OUT, C, SH)                                    \
	__attribute__((noinline)) void name(int n) {                          \
		V s1[S], s2[S], c[S][5]; /* the coefficient splats */         \
		_Pragma("clang loop unroll(full)")                            \
		for (int k = 0; k < S; k++) {                                 \
			s1[k] = s2[k] = 0;                                    \
			_Pragma("clang loop unroll(full)")                    \
			for (int j = 0; j < 5; j++)                           \
				c[k][j] = C[k][j];                            \
		}                                                             \
		for (int i = 0; i < n; i++) {                                 \
			V v = IN[i];                                          \
			_Pragma("clang loop unroll(full)")                    \
			for (int k = 0; k < S; k++) {                         \
				V y = SH(c[k][0] * v + s1[k]);                \
				s1[k] = SH(c[k][1] * v - c[k][3] * y) + s2[k]; \
				s2[k] = SH(c[k][2] * v - c[k][4] * y);        \
				OUT[i][k] = y;                                \
				v = y;                                        \
			}                                                     \
		}                                                             \
	}
#define NOSH(e) (e)
#define Q4(e) ((e) >> 4)

BIQUAD(biquad4, 4, float4, in, out4, cb, NOSH)
BIQUAD(biquad8, 8, float4, in, out8, cb, NOSH)
BIQUAD(biquad4i, 4, int4, ini, outi, ci, Q4)

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
	for (int i = 0; i < NS; i++)
		for (int j = 0; j < 4; j++) {
			in[i][j] = ((i * 4 + j) % 9) * 0.5f - 2.0f;
			ini[i][j] = ((i * 4 + j) * 29) % 67 - 33;
		}
	for (int k = 0; k < 8; k++)
		for (int c = 0; c < 5; c++)
			cb[k][c] = ((k * 5 + c) % 7) * 0.0625f - 0.1875f;
	for (int k = 0; k < 4; k++)
		for (int c = 0; c < 5; c++)
			ci[k][c] = (k * 5 + c) % 9 - 4;
	biquad4(NS);
	biquad8(NS);
	biquad4i(NS);
	unsigned s = 0;
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < NS; i++)
			for (int j = 0; j < 4; j++)
				s = s * 3 + (unsigned)outi[i][k][j];
	printf("biquad4 %08x biquad8 %08x biquad4i %08x %d\n", hashf(&out4[0][0], 4 * NS),
	       hashf(&out8[0][0], 8 * NS), s, outi[NS - 1][3].x);
	return 0;
}
