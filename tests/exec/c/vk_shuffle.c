// Vector kernel (BWDSP SIMD corpus): lane moves with shufflevector on
// <4 x i32>/<4 x float> kept in memory: splats of one lane, permutations
// of one and of two vectors (lanes from both sources, in place and
// moved, results overwriting a source), <2 x …> halves and their
// concatenation, and a butterfly (sum and difference of swapped halves).
#include <stdio.h>
typedef int int4 __attribute__((ext_vector_type(4)));
typedef int int2 __attribute__((ext_vector_type(2)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef float float2 __attribute__((ext_vector_type(2)));

#define N 8
static int4 a[N], b[N], r[N];
static float4 f[N], g[N];
static int2 h[N];
static float2 fh[N];

__attribute__((noinline)) void splats(int n) {
	for (int i = 0; i < n; i++)
		r[i] = a[i].yyyy + b[i].wwww * a[i].xxxx;
}

__attribute__((noinline)) void perms(int n) {
	for (int i = 0; i < n; i++) {
		int4 x = a[i], y = b[i];
		int4 p = __builtin_shufflevector(x, y, 3, 6, 1, 4);
		int4 q = __builtin_shufflevector(x, y, 0, 5, 2, 7);
		r[i] = p * 3 - q.wzyx;
	}
}

// In place: a[i] = a[i].yzwx rotates the lanes of the vector it reads.
__attribute__((noinline)) void rotate(int n, int times) {
	for (int t = 0; t < times; t++)
		for (int i = 0; i < n; i++)
			a[i] = a[i].yzwx + (int4)(t);
}

__attribute__((noinline)) void halves(int n) {
	for (int i = 0; i < n; i++) {
		int2 lo = a[i].xy, hi = b[i].zw;
		h[i] = lo * hi + a[i].wz;
		r[i] = __builtin_shufflevector(lo, hi, 2, 0, 3, 1);
	}
}

__attribute__((noinline)) void butterfly(int n) {
	for (int i = 0; i < n; i++) {
		float4 x = f[i];
		float4 s = __builtin_shufflevector(x, x, 2, 3, 0, 1);
		float4 sum = x + s, dif = x - s;
		g[i] = __builtin_shufflevector(sum, dif, 0, 1, 4, 5);
		fh[i] = g[i].yx * x.zz;
	}
}

static void dump(const char *name) {
	printf("%s:", name);
	for (int i = 0; i < N; i++)
		printf(" %d,%d,%d,%d", r[i].x, r[i].y, r[i].z, r[i].w);
	printf("\n");
}

int main(void) {
	for (int i = 0; i < N; i++) {
		a[i] = (int4){i * 7 - 3, i * i + 1, 40 - i * 5, (i ^ 5) * 11};
		b[i] = (int4){i * 13 % 9 - 4, 100 - i * 3, i * i * i - 20, -i * 17};
		f[i] = (float4){i * 0.5f - 1.0f, i * 1.25f, 3.0f - i * 0.75f, i * i * 0.125f};
	}
	splats(N);
	dump("splats");
	perms(N);
	dump("perms");
	halves(N);
	dump("halves");
	for (int i = 0; i < N; i++)
		printf(" %d,%d", h[i].x, h[i].y);
	printf("\n");
	rotate(N, 3);
	for (int i = 0; i < N; i++)
		printf(" %d,%d,%d,%d", a[i].x, a[i].y, a[i].z, a[i].w);
	printf("\n");
	butterfly(N);
	for (int i = 0; i < N; i++)
		printf(" %g,%g,%g,%g|%g,%g", g[i].x, g[i].y, g[i].z, g[i].w, fh[i].x, fh[i].y);
	printf("\n");
	return 0;
}
