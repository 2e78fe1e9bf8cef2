// Register-pressure kernel (make bench-regalloc, issue 12): FFT
// butterflies on split complex data (re and im float4 arrays, 4
// butterflies per vector). Radix-2: a' = a + w*b, b' = a - w*b, 4 SIMD
// stores, twice per iteration (8); radix-4 (one DIT radix-4 butterfly
// with three twiddles): 8 SIMD stores, twice per iteration (16).
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define NI 6 // iterations
static float4 re[NI * 8], im[NI * 8], wr[NI * 6], wi[NI * 6];
static float4 o2r[NI * 8], o2i[NI * 8], o4r[NI * 8], o4i[NI * 8];

// cmul: (xr + i xi)(yr + i yi)
#define CMUL(pr, pi, xr, xi, yr, yi) \
	float4 pr = xr * yr - xi * yi, pi = xr * yi + xi * yr;

__attribute__((noinline)) void fft_r2(int n) {
	for (int i = 0; i < n; i++) {
#pragma clang loop unroll(full)
		for (int g = 0; g < 2; g++) {
			int p = i * 4 + g * 2;
			float4 ar = re[p], ai = im[p], br = re[p + 1], bi = im[p + 1];
			CMUL(tr, ti, br, bi, wr[i * 2 + g], wi[i * 2 + g])
			o2r[p] = ar + tr;
			o2i[p] = ai + ti;
			o2r[p + 1] = ar - tr;
			o2i[p + 1] = ai - ti;
		}
	}
}

__attribute__((noinline)) void fft_r4(int n) {
	for (int i = 0; i < n; i++) {
#pragma clang loop unroll(full)
		for (int g = 0; g < 2; g++) {
			int p = i * 8 + g * 4, w = i * 6 + g * 3;
			float4 x0r = re[p], x0i = im[p];
			CMUL(x1r, x1i, re[p + 1], im[p + 1], wr[w], wi[w])
			CMUL(x2r, x2i, re[p + 2], im[p + 2], wr[w + 1], wi[w + 1])
			CMUL(x3r, x3i, re[p + 3], im[p + 3], wr[w + 2], wi[w + 2])
			float4 t0r = x0r + x2r, t0i = x0i + x2i, t1r = x0r - x2r, t1i = x0i - x2i;
			float4 t2r = x1r + x3r, t2i = x1i + x3i, t3r = x1r - x3r, t3i = x1i - x3i;
			o4r[p] = t0r + t2r;
			o4i[p] = t0i + t2i;
			o4r[p + 1] = t1r + t3i; // t1 - i*t3
			o4i[p + 1] = t1i - t3r;
			o4r[p + 2] = t0r - t2r;
			o4i[p + 2] = t0i - t2i;
			o4r[p + 3] = t1r - t3i; // t1 + i*t3
			o4i[p + 3] = t1i + t3r;
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
	for (int i = 0; i < NI * 8; i++)
		for (int j = 0; j < 4; j++) {
			re[i][j] = ((i * 4 + j) % 17) * 0.25f - 2.0f;
			im[i][j] = ((i * 3 + j * 5) % 13) * 0.5f - 3.0f;
		}
	for (int i = 0; i < NI * 6; i++)
		for (int j = 0; j < 4; j++) {
			wr[i][j] = ((i + j) % 5) * 0.375f - 0.75f;
			wi[i][j] = ((i * 2 + j) % 7) * 0.25f - 0.75f;
		}
	fft_r2(NI);
	fft_r4(NI);
	printf("fft_r2 %08x %08x fft_r4 %08x %08x\n", hashf(o2r, NI * 4), hashf(o2i, NI * 4),
	       hashf(o4r, NI * 8), hashf(o4i, NI * 8));
	return 0;
}
