// _Complex float and double multiplication and division: clang calls the
// runtime's __mulsc3/__muldc3/__divsc3/__divdc3 (C11 Annex G: infinite
// operands give infinite results even where the textbook formulas make
// NaNs). A _Complex double result (four words) comes back through a hidden
// result pointer; functions taking and returning complex values too.
#include <stdio.h>

// cls prints a part: its value, or inf/nan without depending on the
// spelling or the sign of a NaN (which C leaves open), and zeros without
// their sign, which depends on the division algorithm (compiler-rt scales
// the divisor, libgcc uses Smith's method: 3/(-2.5i) has the real part
// +0 in one and -0 in the other).
static void cls(double x) {
	if (x == 0)
		printf(" 0");
	else if (__builtin_isnan(x))
		printf(" nan");
	else if (__builtin_isinf(x))
		printf(" %sinf", x < 0 ? "-" : "+");
	else
		printf(" %.6g", x);
}

static void showd(const char *what, _Complex double z) {
	printf("%s:", what);
	cls(__real__ z);
	cls(__imag__ z);
	printf("\n");
}

static void showf(const char *what, _Complex float z) {
	printf("%s:", what);
	cls(__real__ z);
	cls(__imag__ z);
	printf("\n");
}

__attribute__((noinline)) static _Complex double cpoly(_Complex double z, int n) {
	_Complex double acc = 1;
	for (int i = 0; i < n; i++)
		acc = acc * z + 1;
	return acc;
}

__attribute__((noinline)) static _Complex float cinv(_Complex float z) { return 1.0f / z; }

int main(void) {
	volatile double re[] = {1.5, -2.0, 0.25, 3.0, 0.0, 1e300, -1e-300};
	volatile double im[] = {2.5, 0.5, -4.0, 0.0, 1.0, 1e300, 2e-300};
	for (int i = 0; i < 7; i++)
		for (int j = 0; j < 7; j++) {
			_Complex double a = re[i] + im[i] * 1.0i, b = re[j] - im[(j + 3) % 7] * 1.0i;
			printf("%d %d", i, j);
			showd(" mul", a * b);
			showd("     div", a / b);
		}
	volatile float fre[] = {1.0f, -3.0f, 0.5f, 0.0f}, fim[] = {2.0f, 1.0f, -0.25f, 4.0f};
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			_Complex float a = fre[i] + fim[i] * 1.0fi, b = fre[j] + fim[3 - j] * 1.0fi;
			printf("f%d %d", i, j);
			showf(" mul", a * b);
			showf("      div", a / b);
		}
	// Annex G recovery.
	volatile double inf = __builtin_inf(), nan = __builtin_nan(""), zero = 0.0, two = 2.0;
	_Complex double zi = inf + nan * 1.0i, one = two - 1 + (two - 1) * 1.0i;
	_Complex double zn = nan + nan * 1.0i, z0 = zero + zero * 1.0i;
	showd("inf*1", zi * one);
	showd("1*inf", one * zi);
	showd("1/0", one / z0);
	showd("inf/1", zi / one);
	showd("1/inf", one / zi);
	showd("nan*1", zn * one);
	showd("big*big", (1e300 + 1e300 * 1.0i) * (re[5] + im[5] * 1.0i));
	_Complex float fi = (float)inf + (float)nan * 1.0fi, fone = 1.0f + 1.0fi;
	showf("finf*1", fi * fone);
	showf("f1/0", fone / (_Complex float)((float)zero));
	showd("poly", cpoly(0.5 + 0.25i * two, 5));
	showf("inv", cinv(fre[1] + fim[1] * 1.0fi));
	return 0;
}
