// Register-pressure kernel (make bench-regalloc, issue 12): FIR filters
// of 8, 16 and 32 taps over float4 blocks, B output vectors per loop
// iteration (B SIMD stores), the tap splats loop-invariant: the live
// vectors rise with the taps (8+4, 16+8, 32+16) and the int version.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define NB 3 // iterations (blocks of outputs)
static float4 x[NB * 16 + 40], y8[NB * 4], y16[NB * 8], y32[NB * 16];
static int4 xi[NB * 8 + 24], yi16[NB * 8];
static float h[32];
static int hi[16];

// out[b] = sum_k h[k] * x[b + k] for B consecutive float4 output blocks
// (each block: 4 outputs of a 4-phase polyphase filter).
#define FIR(name, T, B, X, Y, H, V)                                   \
	__attribute__((noinline)) void name(int n) {                  \
		V hv[T]; /* the tap splats, loaded once */            \
		_Pragma("clang loop unroll(full)")                    \
		for (int k = 0; k < T; k++)                           \
			hv[k] = H[k];                                 \
		for (int i = 0; i < n; i++) {                         \
			_Pragma("clang loop unroll(full)")            \
			for (int b = 0; b < B; b++) {                 \
				V acc = 0;                            \
				_Pragma("clang loop unroll(full)")    \
				for (int k = 0; k < T; k++)           \
					acc += hv[k] * X[i * B + b + k]; \
				Y[i * B + b] = acc;                   \
			}                                             \
		}                                                     \
	}

FIR(fir8, 8, 4, x, y8, h, float4)
FIR(fir16, 16, 8, x, y16, h, float4)
FIR(fir32, 32, 16, x, y32, h, float4)
FIR(fir16i, 16, 8, xi, yi16, hi, int4)

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
	for (int i = 0; i < NB * 16 + 40; i++)
		for (int j = 0; j < 4; j++)
			x[i][j] = ((i * 4 + j) % 13) * 0.25f - 1.5f;
	for (int i = 0; i < NB * 8 + 24; i++)
		for (int j = 0; j < 4; j++)
			xi[i][j] = ((i * 4 + j) * 37) % 101 - 50;
	for (int k = 0; k < 32; k++)
		h[k] = ((k * 5) % 11) * 0.125f - 0.5f;
	for (int k = 0; k < 16; k++)
		hi[k] = (k * 7) % 9 - 4;
	fir8(NB);
	fir16(NB);
	fir32(NB);
	fir16i(NB);
	unsigned s = 0;
	for (int i = 0; i < NB * 8; i++)
		for (int j = 0; j < 4; j++)
			s = s * 3 + (unsigned)yi16[i][j];
	printf("fir8 %08x fir16 %08x fir32 %08x fir16i %08x %d\n", hashf(y8, NB * 4),
	       hashf(y16, NB * 8), hashf(y32, NB * 16), s, yi16[NB * 8 - 1].w);
	return 0;
}
