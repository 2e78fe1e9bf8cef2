// _Complex division bit for bit: clang calls __divdc3/__divsc3, and lli,
// native and sanitizer builds link GCC's libgcc, which divides doubles by
// Smith's method with power-of-two scaling near the ends of the exponent
// range and floats with the textbook formulas in double. The quotients
// below differ from other algorithms (compiler-rt scales the divisor by its
// exponent) in the sign of zero parts, in the last bits, and in overflow or
// underflow at extreme exponents. Parts are printed as bit patterns, NaNs
// as "nan" (their sign and payload are not specified).
#include <stdio.h>

union D {
	double d;
	unsigned long long u;
};
union F {
	float f;
	unsigned u;
};

static unsigned long long h;

static void mix(unsigned long long v) { h = (h ^ v) * 0x100000001b3ULL; }

static unsigned long long dbits(double x) {
	union D v = {x};
	return x != x ? 0x7ff8000000000000ULL : v.u;
}

static unsigned fbits(float x) {
	union F v = {x};
	return x != x ? 0x7fc00000u : v.u;
}

static void showd(double x) {
	if (x != x)
		printf(" nan");
	else
		printf(" %016llx", dbits(x));
}

static void showf(float x) {
	if (x != x)
		printf(" nan");
	else
		printf(" %08x", fbits(x));
}

__attribute__((noinline)) static _Complex double divd(double a, double b, double c, double d) {
	_Complex double x, y;
	__real__ x = a;
	__imag__ x = b;
	__real__ y = c;
	__imag__ y = d;
	return x / y;
}

__attribute__((noinline)) static _Complex float divf(float a, float b, float c, float d) {
	_Complex float x, y;
	__real__ x = a;
	__imag__ x = b;
	__real__ y = c;
	__imag__ y = d;
	return x / y;
}

static const double dcases[][4] = {
    {3, 0, 0, -2.5}, // real part -0 (Smith), +0 (scaled)
    {1, -1, -1, 1},
    {-0x1.4b7e5ba1b8621p+1023, 0x1.8p+1, -0x1.4b7e5ba1b8621p+1023, 0x1.8p+1},
    {0x0.d96c9a3b2a409p-1022, 0x1.8p+0, -0x0.d96c9a3b2a409p-1022, -0x1.8p+0},
    // last bits
    {-0x1.86f6590f8ec86p-604, -0x1.886a343a7b2e6p-591, -0x1.86f6590f8ec86p-604,
     0x1.886a343a7b2e6p-591},
    {-0x1.c8bf81fdf2247p-1021, -0x1.4p+1, -0x1.4p+1, -0x1.3bc4aab089c03p+1021},
    {0x1.f97697293de7dp-1020, -0x1.562d4f24cc681p+318, 0x0.840315cfb7f2dp-1022, -0x1.8p+0},
    {-0x1.000000005e12cp+7, -0x1.00000000abb6dp+1, -0x1.1700adb6016f1p+1023,
     0x1.e1dc63e240709p-1020},
    // overflow near DBL_MAX, zero parts that are tiny but not zero
    {0x1.fffffffffffffp+1023, 0x1.fffffffffffffp+1023, 0x1p+1023, 0x1p+1022},
    {0x1.8p+0, -0x1.94c512bf8e5dep+1023, 0x1.8p+0, -0x1.94c512bf8e5dep+1023},
    {0x1.d89cea71b66b7p-857, -0x1.a6dacfe7b1b9fp+1023, -0x1.34ebfc570b5bcp-1022,
     0x1.6db71bcd5336p+1021},
    {-0x1.38155e9259c78p-1020, -0x0.edc3255b4a6d2p-1022, 0x1.38155e9259c78p-1020,
     0x0.edc3255b4a6d2p-1022},
    {0x1.caff5da912c65p+1022, -0x1.e7149de19b77dp+391, -0x1.caff5da912c65p+1022,
     0x1.e7149de19b77dp+391},
    // subnormal divisors: NaN where the quotient overflows
    {-0x1.c967bc6f4f5cap+1023, 0x1.d2c824fbf2ea1p+853, -0x0p+0, 0x0.8d50a158956dcp-1022},
    {0x1.b73a7c2e326d9p+992, -0x1.4a7ef3ba3348fp+1022, 0x1.276c49b57b1c4p-1022,
     0x1.4530eeefbefa7p-856},
    {0x1p-1074, -0x1p-1074, 0x1p-1074, 0x1p-1073},
    // Annex G recovery
    {1, 2, 0, -0.0},
    {__builtin_inf(), 1, 2, 3},
    {1, 2, -__builtin_inf(), 3},
};

static const float fcases[][4] = {
    {1, -1, -1, 1},
    {-0x1.14416cp-33f, 0x1.8p+0f, -0x1.18cc7ep+19f, -0x1.3475c8p-127f},
    {-0x0p+0f, -0x1.2943e2p+123f, 0x1.d9eb18p+122f, 0x0p+0f},
    {-0x0p+0f, 0x1.c95764p+123f, -0x1.8da9f2p+122f, -0x1.3c0142p-100f},
    {0x1.a22aaap-56f, 0x0p+0f, -0x1.6fc62p-112f, 0x1.d108c6p+122f},
    {0x1.65574ep+121f, 0x0p+0f, 0x1.ef62cep-79f, 0x1.480af8p+94f},
    {-0x1.4f6e4cp+121f, 0x0p+0f, -0x1.4ee504p+121f, 0x1.41016cp-29f},
    // Annex G recovery, computed in float: FLT_MAX + FLT_MAX overflows
    {0x1.fffffep+127f, 0x1.fffffep+127f, __builtin_inff(), __builtin_inff()},
    {1, 2, 0, -0.0f},
};

static unsigned long long rng = 0x2545F4914F6CDD1DULL;

static unsigned long long next(void) {
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

// gen draws a double of every class, often near the ends of the exponent
// range or a small integer.
static double gen(void) {
	unsigned long long r = next(), m = next() & 0x800fffffffffffffULL;
	union D v;
	switch (r % 6) {
	case 0: v.u = m; break;                                    // subnormal or zero
	case 1: v.u = m | (2046 - (r >> 8) % 4) << 52; break;     // huge
	case 2: v.u = m | (1 + (r >> 8) % 60) << 52; break;        // tiny
	case 3: return (double)((long long)(r >> 8) % 7 - 3) / 2; // exact zeros, ties
	case 4: v.u = m | 0x7ff0000000000000ULL; break;            // inf or NaN
	default: v.u = r;
	}
	return v.d;
}

int main(void) {
	for (unsigned i = 0; i < sizeof dcases / sizeof dcases[0]; i++) {
		const double *o = dcases[i];
		_Complex double z = divd(o[0], o[1], o[2], o[3]);
		printf("d%u", i);
		showd(__real__ z);
		showd(__imag__ z);
		printf("\n");
	}
	for (unsigned i = 0; i < sizeof fcases / sizeof fcases[0]; i++) {
		const float *o = fcases[i];
		_Complex float z = divf(o[0], o[1], o[2], o[3]);
		printf("f%u", i);
		showf(__real__ z);
		showf(__imag__ z);
		printf("\n");
	}
	for (int i = 1; i <= 400; i++) {
		double v[4];
		for (int k = 0; k < 4; k++)
			v[k] = gen();
		if (i % 3 == 0) { // parts that cancel
			v[2] = i % 2 ? v[0] : -v[0];
			v[3] = i % 4 ? v[1] : -v[1];
		}
		_Complex double z = divd(v[0], v[1], v[2], v[3]);
		mix(dbits(__real__ z));
		mix(dbits(__imag__ z));
		_Complex float w = divf((float)(v[0] * 0x1p-900), (float)(v[1] * 0x1p-900),
					(float)(v[2] * 0x1p-900), (float)(v[3] * 0x1p-900));
		mix(fbits(__real__ w));
		mix(fbits(__imag__ w));
		if (i % 50 == 0)
			printf("%d %016llx\n", i, h);
	}
	return 0;
}
