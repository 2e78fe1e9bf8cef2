// Register-pressure kernel (make bench-regalloc, issue 12): complex dot
// products of one vector a against 4 and 8 vectors b_j (split complex
// float4 data), the per-block conj(a)*b_j partial products stored every
// iteration (8 and 16 SIMD stores, interleaved: p[i][j]), the sums taken
// by main; and the int version with 4 vectors.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define NV 8 // blocks of 4 complex elements
static float4 ar[NV], ai[NV], br[8][NV], bi[8][NV], pr[NV][8], pi[NV][8];
static int4 iar[NV], iai[NV], ibr[4][NV], ibi[4][NV], ipr[NV][4], ipi[NV][4];

// conj(a) * b = (ar*br + ai*bi) + i (ar*bi - ai*br)
#define CDOT(name, J, V, AR, AI, BR, BI, PR, PI)                      \
	__attribute__((noinline)) void name(int n) {                  \
		for (int i = 0; i < n; i++) {                         \
			V xr = AR[i], xi = AI[i];                     \
			_Pragma("clang loop unroll(full)")            \
			for (int j = 0; j < J; j++) {                 \
				PR[i][j] = xr * BR[j][i] + xi * BI[j][i]; \
				PI[i][j] = xr * BI[j][i] - xi * BR[j][i]; \
			}                                             \
		}                                                     \
	}

CDOT(cdot4, 4, float4, ar, ai, br, bi, pr, pi)
CDOT(cdot8, 8, float4, ar, ai, br, bi, pr, pi)
CDOT(cdot4i, 4, int4, iar, iai, ibr, ibi, ipr, ipi)

int main(void) {
	for (int i = 0; i < NV; i++)
		for (int l = 0; l < 4; l++) {
			ar[i][l] = ((i * 4 + l) % 7) * 0.5f - 1.5f;
			ai[i][l] = ((i * 4 + l) % 5) * 0.25f - 0.5f;
			iar[i][l] = (i * 4 + l) % 9 - 4;
			iai[i][l] = (i * 3 + l) % 7 - 3;
			for (int j = 0; j < 8; j++) {
				br[j][i][l] = ((i + j * 3 + l) % 11) * 0.125f - 0.625f;
				bi[j][i][l] = ((i * 2 + j + l * 3) % 13) * 0.25f - 1.5f;
			}
			for (int j = 0; j < 4; j++) {
				ibr[j][i][l] = (i + j * 5 + l) % 13 - 6;
				ibi[j][i][l] = (i * 3 + j + l) % 11 - 5;
			}
		}
	cdot8(NV);
	unsigned h = 0;
	for (int j = 0; j < 8; j++) {
		float sr = 0, si = 0;
		for (int i = 0; i < NV; i++)
			for (int l = 0; l < 4; l++)
				sr += pr[i][j][l], si += pi[i][j][l];
		bits b = {.f = sr}, c = {.f = si};
		h = (h << 5 | h >> 27) ^ b.u ^ (c.u << 1);
	}
	cdot4(NV);
	for (int j = 0; j < 4; j++)
		for (int i = 0; i < NV; i++)
			for (int l = 0; l < 4; l++) {
				bits b = {.f = pr[i][j][l]}, c = {.f = pi[i][j][l]};
				h = (h << 5 | h >> 27) ^ b.u ^ c.u;
			}
	cdot4i(NV);
	unsigned si = 0, sr = 0;
	for (int j = 0; j < 4; j++)
		for (int i = 0; i < NV; i++)
			for (int l = 0; l < 4; l++)
				sr = sr * 3 + ipr[i][j][l], si = si * 5 + ipi[i][j][l];
	printf("cdot8/4 %08x cdot4i %08x %08x\n", h, sr, si);
	return 0;
}
