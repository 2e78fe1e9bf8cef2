// Vector kernel (BWDSP SIMD corpus): lane-wise min/max/abs on <4 x i32>
// and <4 x float> (llvm.smin/smax/umin/umax/abs/minnum/maxnum, from the
// elementwise builtins and from compare-and-select C that clang turns
// into them at -O1/-O2), with lane-divergent selects and NaN lanes for
// minnum/maxnum (the other operand wins), and a 2-lane mask.
#include <stdio.h>
typedef int int4 __attribute__((ext_vector_type(4)));
typedef unsigned uint4 __attribute__((ext_vector_type(4)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int2 __attribute__((ext_vector_type(2)));
typedef float float2 __attribute__((ext_vector_type(2)));
typedef union { float f; unsigned u; } bits;

#define N 8
static int4 a[N], b[N], r[N], s[N];
static uint4 u[N], w[N];
static float4 f[N], g[N], fr[N];
static int2 m2[N];
static float2 f2[N];

__attribute__((noinline)) void imin(int n) {
	for (int i = 0; i < n; i++) {
		r[i] = __builtin_elementwise_min(a[i], b[i]) + __builtin_elementwise_max(a[i], b[i] * 2);
		s[i] = __builtin_elementwise_abs(a[i] - b[i]);
	}
}

__attribute__((noinline)) void umin(int n) {
	for (int i = 0; i < n; i++)
		w[i] = __builtin_elementwise_min(u[i], w[i]) ^ __builtin_elementwise_max(u[i], (uint4)0x80000000u);
}

// clamp written as C compares: clang forms smax/smin at -O1 and -O2.
__attribute__((noinline)) void clamp(int lo, int hi, int n) {
	for (int i = 0; i < n; i++) {
		int4 x = a[i];
		x = x < lo ? (int4)lo : x;
		r[i] = x > hi ? (int4)hi : x;
	}
}

__attribute__((noinline)) void fminmax(int n) {
	for (int i = 0; i < n; i++) {
		fr[i] = __builtin_elementwise_min(f[i], g[i]) * 2.0f + __builtin_elementwise_max(g[i], f[i]);
	}
}

// Two-lane masks: a <2 x i1> compare selecting 2-lane vectors.
__attribute__((noinline)) void two(int n) {
	for (int i = 0; i < n; i++) {
		int2 x = a[i].xy, y = b[i].zw;
		m2[i] = x > y ? x - y : y * 3;
		float2 p = f[i].xz, q = g[i].yw;
		f2[i] = p < q ? q : p + q;
	}
}

static void pf(float x) {
	bits v = {x};
	if (x != x)
		printf(" nan");
	else
		printf(" %g(%08x)", x, v.u);
}

int main(void) {
	bits nan = {.u = 0x7fc00000};
	for (int i = 0; i < N; i++) {
		a[i] = (int4){i * 7 - 20, -i * i, 2147483600 + i, (i ^ 3) * 1000 - 2500};
		b[i] = (int4){i * 3 - 9, i * 5 - 17, -2147483600 - i, 300 - i * 190};
		u[i] = (uint4){i * 0x1fffffffu, 7u - i, 0x80000000u + i, i};
		w[i] = (uint4){0xf0000000u >> i, i * 3u, 0x7fffffffu + i, 12345u * i};
		f[i] = (float4){i * 0.5f - 2.0f, (i & 1) ? nan.f : i * 1.5f, -3.25f + i, i == 5 ? nan.f : 0.75f * i};
		g[i] = (float4){1.0f - i * 0.25f, i * -0.5f, (i & 2) ? nan.f : 2.5f, i == 5 ? nan.f : 1.0f + i};
	}
	imin(N);
	umin(N);
	for (int i = 0; i < N; i++)
		printf(" %d,%d,%d,%d/%d,%d,%d,%d/%x,%x,%x,%x", r[i].x, r[i].y, r[i].z, r[i].w, s[i].x, s[i].y, s[i].z, s[i].w,
		       w[i].x, w[i].y, w[i].z, w[i].w);
	printf("\n");
	clamp(-7, 1000, N);
	for (int i = 0; i < N; i++)
		printf(" %d,%d,%d,%d", r[i].x, r[i].y, r[i].z, r[i].w);
	printf("\n");
	fminmax(N);
	for (int i = 0; i < N; i++) {
		pf(fr[i].x); pf(fr[i].y); pf(fr[i].z); pf(fr[i].w);
	}
	printf("\n");
	two(N);
	for (int i = 0; i < N; i++) {
		printf(" %d,%d", m2[i].x, m2[i].y);
		pf(f2[i].x); pf(f2[i].y);
	}
	printf("\n");
	return 0;
}
