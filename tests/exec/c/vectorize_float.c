// Float and double loops that clang -O2 vectorizes on x86-64: lane-wise
// arithmetic, fmuladd, compares and selects, conversions both ways,
// fneg/fabs/copysign and float<->double.
#include <stdio.h>

#define N 37

static float fa[N], fb[N], fc[N];
static double da[N], db[N];
static int ia[N];

__attribute__((noinline)) static void axpy(float *y, const float *x, float a, int n) {
	for (int i = 0; i < n; i++)
		y[i] = a * x[i] + y[i];
}

__attribute__((noinline)) static void clampf(float *d, const float *a, float lo, float hi, int n) {
	for (int i = 0; i < n; i++) {
		float v = a[i];
		d[i] = v < lo ? lo : v > hi ? hi : v;
	}
}

__attribute__((noinline)) static void to_int(int *d, const float *a, int n) {
	for (int i = 0; i < n; i++)
		d[i] = (int)(a[i] * 100.0f);
}

__attribute__((noinline)) static void from_int(double *d, const int *a, int n) {
	for (int i = 0; i < n; i++)
		d[i] = a[i] / 8.0;
}

__attribute__((noinline)) static void widen(double *d, const float *a, int n) {
	for (int i = 0; i < n; i++)
		d[i] = (double)a[i] * 1.5;
}

__attribute__((noinline)) static void narrow(float *d, const double *a, int n) {
	for (int i = 0; i < n; i++)
		d[i] = (float)(a[i] - 0.25);
}

__attribute__((noinline)) static void signs(float *d, const float *a, const float *b, int n) {
	for (int i = 0; i < n; i++)
		d[i] = -__builtin_fabsf(a[i]) + __builtin_copysignf(1.0f, b[i]);
}

__attribute__((noinline)) static void divs(double *d, const double *a, int n) {
	for (int i = 0; i < n; i++)
		d[i] = a[i] / (a[i] * a[i] + 1.0);
}

static unsigned bits(float f) {
	unsigned u;
	__builtin_memcpy(&u, &f, 4);
	return u;
}

static unsigned long long dbits(double f) {
	unsigned long long u;
	__builtin_memcpy(&u, &f, 8);
	return u;
}

int main(void) {
	unsigned seed = 99;
	for (int i = 0; i < N; i++) {
		seed = seed * 1664525u + 1013904223u;
		fa[i] = (float)(int)(seed >> 8) / 65536.0f - 128.0f;
		fb[i] = (float)i * 0.75f - 10.0f;
	}
	axpy(fb, fa, 0.5f, N);
	clampf(fc, fb, -20.0f, 20.0f, N);
	to_int(ia, fc, N);
	from_int(da, ia, N);
	widen(db, fa, N);
	narrow(fc, db, N);
	unsigned h = 0;
	unsigned long long dh = 0;
	for (int i = 0; i < N; i++) {
		h = h * 31 + bits(fb[i]) + bits(fc[i]) + (unsigned)ia[i];
		dh = dh * 131 + dbits(da[i]) + dbits(db[i]);
	}
	printf("h %u dh %llu\n", h, dh);
	signs(fc, fa, fb, N);
	divs(db, da, N);
	for (int i = 0; i < N; i++) {
		h = h * 31 + bits(fc[i]);
		dh = dh * 131 + dbits(db[i]);
	}
	printf("h %u dh %llu\n", h, dh);
	printf("sample %d %d %u\n", ia[3], ia[30], bits(fc[7]));
	return (int)(h & 0x7f);
}
