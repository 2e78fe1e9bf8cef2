// Software pipelining (passes/swp.go) on BWDSP hardware loops: every trip
// count from 1 to 9 (the guard sends counts below the stage count to the
// original loop), values live out of the loop (sums, the last element),
// a loop-carried store->load through memory (x[i+1] from x[i]) and
// stores that overlap the next iteration's loads (in place), against lli.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));

#define N 10
static float4 a[N], b[N], c[N];
static int4 ia[N], ib[N], ic[N];
static int x[N + 1];

__attribute__((noinline)) float4 fma4(int n) {
	float4 last = 0;
	for (int i = 0; i < n; i++) {
		float4 t = a[i] * b[i] + a[i].yzwx;
		c[i] = t * t - b[i];
		last = t;
	}
	return last;
}

__attribute__((noinline)) int4 dot4(int n) {
	int4 s = 0, p = 1;
	for (int i = 0; i < n; i++) {
		s += ia[i] * ib[i];
		p = (p * 3 + ia[i]) ^ ib[i];
	}
	return s + p;
}

__attribute__((noinline)) void recur(int n) {
	for (int i = 0; i < n; i++)
		x[i + 1] = x[i] * 3 + ib[i].x;
}

__attribute__((noinline)) void inplace(int n) {
	for (int i = 0; i < n; i++)
		ia[i] = ia[i] * ib[i] + ia[i + 1 < N ? i + 1 : i];
}

int main(void) {
	unsigned h = 0;
	for (int n = 1; n <= 9; n++) {
		for (int i = 0; i < N; i++)
			for (int l = 0; l < 4; l++) {
				a[i][l] = ((i * 4 + l + n) % 7) * 0.5f - 1.0f;
				b[i][l] = ((i * 3 + l * n) % 5) * 0.25f - 0.5f;
				ia[i][l] = (i * 7 + l * 3 + n) % 11 - 5;
				ib[i][l] = (i + l * 5 + n * 2) % 9 - 4;
			}
		x[0] = n;
		float4 f = fma4(n);
		int4 d = dot4(n);
		recur(n);
		inplace(n);
		for (int i = 0; i < N; i++)
			for (int l = 0; l < 4; l++) {
				union { float f; unsigned u; } u = {.f = c[i][l]};
				h = (h << 5 | h >> 27) ^ u.u ^ (unsigned)ia[i][l];
			}
		printf("n=%d f=%g %g %g %g d=%d %d %d %d x=%d h=%08x\n", n, f.x, f.y, f.z, f.w, d.x, d.y, d.z, d.w,
		       x[n], h);
	}
	return 0;
}
