// Host implementations of the scalar OpenCL C 1.2 built-in functions the
// VC4 kernel corpus uses. Compiled for the host triple with the default
// OpenCL header (which declares them overloadable), so the definitions get
// the same mangled names (_Z3minii, ...) the host-compiled kernels call.
// Only the lli reference uses this file; a kernel calling a built-in that is
// missing here fails its reference run with an unresolved-symbol error.

int __attribute__((overloadable)) min(int a, int b) { return a < b ? a : b; }
uint __attribute__((overloadable)) min(uint a, uint b) { return a < b ? a : b; }
int __attribute__((overloadable)) max(int a, int b) { return a > b ? a : b; }
uint __attribute__((overloadable)) max(uint a, uint b) { return a > b ? a : b; }
int __attribute__((overloadable)) clamp(int x, int lo, int hi) { return min(max(x, lo), hi); }
uint __attribute__((overloadable)) clamp(uint x, uint lo, uint hi) { return min(max(x, lo), hi); }
uint __attribute__((overloadable)) abs(int x) { return x < 0 ? -(uint)x : (uint)x; }
uint __attribute__((overloadable)) abs_diff(int a, int b) { return a > b ? (uint)a - (uint)b : (uint)b - (uint)a; }
int __attribute__((overloadable)) select(int a, int b, int c) { return c ? b : a; }
uint __attribute__((overloadable)) select(uint a, uint b, int c) { return c ? b : a; }
float __attribute__((overloadable)) select(float a, float b, int c) { return c ? b : a; }
int __attribute__((overloadable)) mul24(int a, int b) { return a * b; }
int __attribute__((overloadable)) mad24(int a, int b, int c) { return a * b + c; }
int __attribute__((overloadable)) rotate(int v, int n) {
	uint u = (uint)v, s = (uint)n & 31;
	return (int)(s == 0 ? u : (u << s) | (u >> (32 - s)));
}
uint __attribute__((overloadable)) rotate(uint u, uint n) {
	uint s = n & 31;
	return s == 0 ? u : (u << s) | (u >> (32 - s));
}
int __attribute__((overloadable)) popcount(int v) {
	uint u = (uint)v;
	int n = 0;
	for (; u != 0; u &= u - 1) n++;
	return n;
}
int __attribute__((overloadable)) clz(int v) {
	uint u = (uint)v;
	int n = 0;
	for (uint bit = 0x80000000u; bit != 0 && (u & bit) == 0; bit >>= 1) n++;
	return n;
}

// fabs clears the sign bit: x < 0 ? -x : x would keep -0.0f negative.
float __attribute__((overloadable)) fabs(float x) { return as_float(as_uint(x) & 0x7fffffffu); }
float __attribute__((overloadable)) fmin(float a, float b) { return a < b ? a : b; }
float __attribute__((overloadable)) fmax(float a, float b) { return a > b ? a : b; }
float __attribute__((overloadable)) min(float a, float b) { return a < b ? a : b; }
float __attribute__((overloadable)) max(float a, float b) { return a > b ? a : b; }
float __attribute__((overloadable)) clamp(float x, float lo, float hi) { return fmin(fmax(x, lo), hi); }
float __attribute__((overloadable)) floor(float x) {
	// Exact for |x| < 2^23 (larger floats are integers already).
	if (!(fabs(x) < 8388608.0f) || x == 0.0f) return x; /* and floor(-0) = -0 */
	float t = (float)(int)x;
	return t > x ? t - 1.0f : t;
}

// vloadN/vstoreN on 32-bit elements in global memory (OpenCL 1.2 §6.12.7):
// element k of the vector is p[i * N + k].
#define VLOADSTORE(T, N)                                                            \
	T##N __attribute__((overloadable)) vload##N(size_t i, const global T *p) {        \
		T##N v;                                                                   \
		for (int k = 0; k < N; k++) ((T *)&v)[k] = p[i * N + k];                   \
		return v;                                                                 \
	}                                                                                 \
	void __attribute__((overloadable)) vstore##N(T##N v, size_t i, global T *p) {     \
		for (int k = 0; k < N; k++) p[i * N + k] = ((T *)&v)[k];                   \
	}
VLOADSTORE(int, 2)
VLOADSTORE(int, 4)
VLOADSTORE(uint, 4)
VLOADSTORE(float, 2)
VLOADSTORE(float, 4)

// Math built-ins (tests/vc4 compiles with -ffp-contract=off; the QPU side
// is within the ulp bounds of docs/vc4.md, the kernels' headers allow them).
float __attribute__((overloadable)) sqrt(float x) { return __builtin_sqrtf(x); }
float __attribute__((overloadable)) rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
float __attribute__((overloadable)) native_sqrt(float x) { return __builtin_sqrtf(x); }
float __attribute__((overloadable)) native_rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
float __attribute__((overloadable)) native_recip(float x) { return 1.0f / x; }
float __attribute__((overloadable)) native_divide(float a, float b) { return a / b; }
float __attribute__((overloadable)) native_exp2(float x) { return __builtin_exp2f(x); }
float __attribute__((overloadable)) native_log2(float x) { return __builtin_log2f(x); }
/* Math built-ins: the host's libm (correctly rounded or nearly: the
 * VC4 expansions are compared within each kernel's ulp tolerance). */
float __attribute__((overloadable)) exp(float x) { return __builtin_expf(x); }
float __attribute__((overloadable)) exp2(float x) { return __builtin_exp2f(x); }
float __attribute__((overloadable)) log(float x) { return __builtin_logf(x); }
float __attribute__((overloadable)) log2(float x) { return __builtin_log2f(x); }
float __attribute__((overloadable)) log10(float x) { return __builtin_log10f(x); }
float __attribute__((overloadable)) sin(float x) { return __builtin_sinf(x); }
float __attribute__((overloadable)) cos(float x) { return __builtin_cosf(x); }
float __attribute__((overloadable)) tan(float x) { return __builtin_tanf(x); }
float __attribute__((overloadable)) pow(float x, float y) { return __builtin_powf(x, y); }
float __attribute__((overloadable)) mad(float a, float b, float c) { return a * b + c; }
float __attribute__((overloadable)) mix(float x, float y, float a) { return x + (y - x) * a; }

/* 32-bit atomics: the reference runs one work-item at a time, so a plain
 * read-modify-write is atomic. Each returns the old value. */
#define ATOMIC2(name, T, AS, expr) \
	T __attribute__((overloadable)) name(volatile AS T *p, T v) { T o = *p; *p = (expr); return o; }
#define ATOMIC1(name, T, AS, expr) \
	T __attribute__((overloadable)) name(volatile AS T *p) { T o = *p; *p = (expr); return o; }
#define ATOMICS(T, AS) \
	ATOMIC2(atomic_add, T, AS, o + v) ATOMIC2(atomic_sub, T, AS, o - v) \
	ATOMIC2(atomic_xchg, T, AS, v) ATOMIC2(atomic_min, T, AS, o < v ? o : v) \
	ATOMIC2(atomic_max, T, AS, o > v ? o : v) ATOMIC2(atomic_and, T, AS, o & v) \
	ATOMIC2(atomic_or, T, AS, o | v) ATOMIC2(atomic_xor, T, AS, o ^ v) \
	ATOMIC1(atomic_inc, T, AS, o + 1) ATOMIC1(atomic_dec, T, AS, o - 1) \
	T __attribute__((overloadable)) atomic_cmpxchg(volatile AS T *p, T c, T v) { T o = *p; *p = o == c ? v : o; return o; }
ATOMICS(int, __global)
ATOMICS(uint, __global)
ATOMICS(int, __local)
ATOMICS(uint, __local)
float __attribute__((overloadable)) atomic_xchg(volatile __global float *p, float v) { float o = *p; *p = v; return o; }
float __attribute__((overloadable)) atomic_xchg(volatile __local float *p, float v) { float o = *p; *p = v; return o; }
float __attribute__((overloadable)) fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
