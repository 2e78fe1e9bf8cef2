// The libm functions LLVM intrinsics lower to: floor, ceil, trunc, round,
// rint, nearbyint (llvm.floor ... through __builtin_*, and plain calls of
// the runtime's functions), fmin/fmax (llvm.minnum/maxnum: a NaN operand
// gives the other one), fma (one rounding), on halves, negatives, signed
// zeros, values near 2^52/2^23, infinities and NaNs.
#include <math.h>
#include <stdio.h>

// show prints a double exactly enough to see the last bit, and NaN and
// the sign of zero without depending on printf's spelling of them.
static void show(const char *what, double x) {
	if (__builtin_isnan(x))
		printf("%s=nan ", what);
	else if (x == 0)
		printf("%s=%s0 ", what, __builtin_signbit(x) ? "-" : "+");
	else
		printf("%s=%.17g ", what, x);
}

static volatile double dv[] = {
	0.0, -0.0, 0.3, -0.3, 0.5, -0.5, 0.7, -0.7, 1.0, 1.5, -1.5, 2.5, -2.5, 3.5,
	-3.49999999999999955591, 1e300, -1e-300, 4503599627370495.5, -4503599627370495.5,
	4503599627370496.0, 9007199254740993.0, 123456.789, -98765.4321,
	__builtin_inf(), -__builtin_inf(), __builtin_nan(""),
};
static volatile float fv[] = {
	0.0f, -0.0f, 0.25f, -0.5f, 0.5f, 0.75f, -0.75f, 1.5f, -2.5f, 2.5f,
	8388607.5f, -8388607.5f, 8388608.0f, 16777215.0f, 1e30f, -1e-30f, 12.345f,
	__builtin_inff(), __builtin_nanf(""),
};

int main(void) {
	for (unsigned i = 0; i < sizeof dv / sizeof dv[0]; i++) {
		double x = dv[i];
		show("x", x);
		show("fl", __builtin_floor(x));
		show("ce", __builtin_ceil(x));
		show("tr", __builtin_trunc(x));
		show("ro", __builtin_round(x));
		show("ri", __builtin_rint(x));
		show("nb", __builtin_nearbyint(x));
		show("lib", floor(x) + ceil(x) + trunc(x) + round(x) + rint(x) + nearbyint(x));
		printf("\n");
	}
	for (unsigned i = 0; i < sizeof fv / sizeof fv[0]; i++) {
		float x = fv[i];
		show("x", x);
		show("fl", __builtin_floorf(x));
		show("ce", __builtin_ceilf(x));
		show("tr", __builtin_truncf(x));
		show("ro", __builtin_roundf(x));
		show("ri", __builtin_rintf(x));
		show("nb", __builtin_nearbyintf(x));
		show("lib", floorf(x) + ceilf(x) + truncf(x) + roundf(x) + rintf(x) + nearbyintf(x));
		printf("\n");
	}
	// minnum/maxnum: a NaN operand is ignored; otherwise the smaller/larger.
	double nan = dv[25], one = dv[8], m3 = dv[10];
	show("min", __builtin_fmin(one, m3));
	show("max", __builtin_fmax(one, m3));
	show("minnan", __builtin_fmin(nan, m3));
	show("maxnan", __builtin_fmax(one, nan));
	show("bothnan", __builtin_fmin(nan, nan));
	show("mininf", __builtin_fmin(dv[24], one));
	show("fminf", __builtin_fminf(fv[7], fv[8]));
	show("fmaxf", __builtin_fmaxf(fv[18], fv[8]));
	show("libmin", fmin(one, m3) + fmax(m3, nan) + fminf(fv[3], fv[18]));
	printf("\n");
	// fma rounds once: (1+e)(1-e) - 1 is -e*e exactly, which a*b+c loses.
	volatile double e = 1.0 / (1 << 30), a = 1 + e, b = 1 - e, c = -1;
	show("fma", __builtin_fma(a, b, c));
	show("muladd", a * b + c);
	show("fmalib", fma(a, b, c));
	show("fmainf", __builtin_fma(dv[23], one, dv[24]));
	show("fmabig", __builtin_fma(dv[15], dv[15], -dv[23]));
	volatile float ef = 1.0f / 4096, af = 1 + ef, bf = 1 - ef, cf = -1;
	show("fmaf", __builtin_fmaf(af, bf, cf));
	show("fmaflib", fmaf(af, bf, cf));
	show("fmasub", __builtin_fma(dv[2], dv[6], -dv[2] * dv[6]));
	printf("\n");
	return 0;
}
