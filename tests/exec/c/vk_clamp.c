// Vector kernel (BWDSP SIMD corpus): clamp and select with divergent
// lanes: per-lane compares pick different sides in different lanes
// (int and float; signed and unsigned; a mask used twice; a select on a
// scalar condition).
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef unsigned uint4 __attribute__((ext_vector_type(4)));
typedef union { float f; unsigned u; } bits;

#define N 16
static int4 v[N], r[N];
static uint4 u[N];
static float4 f[N], g[N];

__attribute__((noinline)) void clampi(int4 lo, int4 hi, int n) {
	for (int i = 0; i < n; i++) {
		int4 x = v[i];
		x = x < lo ? lo : x;
		r[i] = x > hi ? hi : x;
	}
}

__attribute__((noinline)) void clampf(float lo, float hi, int n) {
	for (int i = 0; i < n; i++) {
		float4 x = f[i];
		float4 a = x < lo ? (float4)lo : x;
		g[i] = a > hi ? (float4)hi : a;
	}
}

__attribute__((noinline)) void absdiff(int n, int flip) {
	for (int i = 0; i < n; i++) {
		int4 m = v[i] < r[i];
		int4 d = m ? r[i] - v[i] : v[i] - r[i];
		int4 e = m & 1;
		uint4 w = u[i] > (uint4)0x80000000u ? u[i] : ~u[i];
		v[i] = (flip ? d : d + e) + (int4)(w >> 28);
	}
}

int main(void) {
	for (int i = 0; i < N; i++) {
		v[i] = (int4){i * 13 - 100, 50 - i * 7, i * i - 60, (i & 1) ? -i : i * 9};
		f[i] = (float4){i * 0.75f - 5.0f, 4.0f - i, (i % 3) * 2.5f - 3.0f, i * i * 0.1f - 2.0f};
		u[i] = (uint4){i * 0x12345679u, ~i, 0x80000000u + i, i};
	}
	clampi((int4){-40, -20, 0, -10}, (int4){40, 20, 30, 10}, N);
	clampf(-2.5f, 3.25f, N);
	absdiff(N, 0);
	absdiff(N / 2, 1);
	unsigned h = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++) {
			bits b = {.f = g[i][j]};
			h = h * 31 + (unsigned)r[i][j] + 5 * (unsigned)v[i][j] + b.u;
		}
	printf("clamp %d %d %d %d %08x\n", r[3].x, r[9].y, v[2].z, v[N - 1].w, h);
	return 0;
}
