// Loads and stores a scheduler may or may not reorder (memory operands,
// mir.MayAlias): accesses to distinct globals, to a local array and an
// argument, through restrict arguments and disjoint constant offsets of one
// argument may move past each other; those to one array whose ranges
// overlap (a vector store and an unaligned vector load one lane further,
// x[i + 1] = f(x[i]), a union read back as another type), through plain
// arguments that do overlap (q = p + 1), through phis and selects of
// different objects must not. Each kernel is noinline so that clang cannot
// see the arguments; the results must match lli.
#include <stdio.h>
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int4 __attribute__((ext_vector_type(4)));
typedef int int4u __attribute__((ext_vector_type(4), aligned(4)));
typedef union { float f; unsigned u; } bits;

#define N 10
static float4 fa[N + 2], fb[N + 2], fc[N + 2];
static int4 ia[N + 2], ib[N + 2];
static int sa[4 * N + 8], sb[4 * N + 8];

// Distinct globals: the loads of fb and fc may go above the stores to fa.
__attribute__((noinline)) void distinct(int n) {
	for (int i = 0; i < n; i++) {
		fa[i] = fb[i] * 2.0f + fc[i];
		fa[i + 1] = fb[i + 1] - fc[i];
		ib[i] = ia[i + 1] + ia[i];
	}
}

// One array, overlapping: each iteration reads what the previous wrote.
__attribute__((noinline)) void recurrence(int n) {
	for (int i = 0; i < n; i++) {
		fa[i + 1] = fa[i] * 0.5f + fb[i];
		ia[i + 1] = ia[i] * 3 - ib[i];
	}
}

// A vector store, then an unaligned vector load overlapping it by three
// lanes, then a scalar load of one of its lanes.
__attribute__((noinline)) unsigned partial(int n) {
	unsigned s = 0;
	for (int i = 0; i < n; i++) {
		*(int4u *)&sa[4 * i] = ia[i] + 1;
		int4u v = *(int4u *)&sa[4 * i + 1];
		s = s * 7 + v.x + v.y * 3 + v.z * 5 + v.w * 11 + sa[4 * i + 2];
	}
	return s;
}

// Restrict arguments never overlap (the caller passes distinct arrays).
__attribute__((noinline)) void restricted(int *restrict p, const int *restrict q, int n) {
	for (int i = 0; i < n; i++) {
		p[2 * i] = q[i] + 1;
		p[2 * i + 1] = q[i + 1] * 2;
	}
}

// Plain arguments that overlap: q = p + 1 at the call, so q[i] is the
// p[i + 1] just stored.
__attribute__((noinline)) void overlapping(int *p, int *q, int n) {
	for (int i = 1; i < n; i++) {
		p[i + 1] = q[i - 1] * 3 + i;
		q[i] += p[i];
	}
}

// Stores each followed by a load of the same bytes through another
// argument (q = p, w = v at the call) or another index of one array.
__attribute__((noinline)) int chain(int *p, int *q, float4 *v, float4 *w, int j, int k) {
	p[0] = 5;
	int a = q[0];
	p[1] = a * 3;
	int b = q[1];
	v[0] = v[1] * 2.0f;
	float4 x = w[0];
	w[1] = x + 1.0f;
	float4 y = v[1];
	sa[j] = a + b;
	int c = sa[k];
	sa[k + 1] = c * 7;
	int d = sa[j + 1];
	return a + b * 3 + c * 5 + d * 11 + (int)(x.y + y.z * 3);
}

// Constant offsets of one argument: p[0..1] and p[2..3] are disjoint,
// p[1] is written and read back.
__attribute__((noinline)) int offsets(int *p, float4 *v) {
	p[0] = p[2] + 1;
	p[1] = p[3] * 2;
	int r = p[1] + p[0];
	v[1] = v[0] * 2.0f;
	v[0] = v[1] + v[2];
	return r + (int)v[0].x + (int)v[1].y;
}

// A local array and an argument: distinct; the local is read back.
__attribute__((noinline)) int local(int *p, int n) {
	int t[8];
	for (int i = 0; i < 8; i++)
		t[i] = p[i] + i;
	for (int i = 0; i < 8; i++)
		p[i] = t[(i + n) & 7] * 3;
	return t[n & 7] + p[0];
}

// A pointer that is one array or another: it may alias both.
__attribute__((noinline)) int selected(int c, int n) {
	int *p = c ? sa : sb;
	int s = 0;
	for (int i = 0; i < n; i++) {
		p[i + 1] = sa[i] + sb[i];
		s += sa[i + 1] - sb[i + 1];
	}
	return s;
}

// Type punning through a union in a global: the float store and the int
// load are the same bytes.
static bits ub[4];
__attribute__((noinline)) unsigned pun(float x, int k) {
	ub[k & 3].f = x;
	unsigned u = ub[k & 3].u;
	ub[(k + 1) & 3].u = u ^ 1;
	return u + ub[(k + 1) & 3].u + (unsigned)(int)ub[k & 3].f;
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

static unsigned hashi(const int *v, int n) {
	unsigned s = 0;
	for (int i = 0; i < n; i++)
		s = s * 31 + (unsigned)v[i];
	return s;
}

static void init(void) {
	for (int i = 0; i < N + 2; i++)
		for (int j = 0; j < 4; j++) {
			fa[i][j] = (i * 4 + j) % 5 - 2.0f;
			fb[i][j] = (i * 3 + j) % 7 * 0.5f;
			fc[i][j] = (i + j) % 3 - 1.0f;
			ia[i][j] = (i * 4 + j) * 13 % 17 - 8;
			ib[i][j] = (i * 5 + j) % 11;
		}
	for (int i = 0; i < 4 * N + 8; i++) {
		sa[i] = i * 7 % 23;
		sb[i] = i * 5 % 19 - 9;
	}
}

int main(void) {
	init();
	distinct(N);
	printf("distinct %08x %08x\n", hashf(fa, N + 2), hashi((const int *)ib, 4 * (N + 2)));
	init();
	recurrence(N);
	printf("recurrence %08x %08x\n", hashf(fa, N + 2), hashi((const int *)ia, 4 * (N + 2)));
	init();
	unsigned s = partial(N);
	printf("partial %08x %08x\n", s, hashi(sa, 4 * N + 8));
	init();
	restricted(sa, sb, N);
	printf("restricted %08x\n", hashi(sa, 4 * N + 8));
	init();
	overlapping(sa, sa + 1, N);
	printf("overlapping %08x\n", hashi(sa, 4 * N + 8));
	init();
	int ch = chain(sa, sa, fa, fa, 3, 3);
	ch += chain(sb + 2, sb + 2, fb + 1, fb + 1, 5, 5);
	printf("chain %d %08x %08x\n", ch, hashi(sa, 8), hashf(fa, 4));
	init();
	int o = offsets(sa, fa);
	o += offsets(sa + 1, fa + 1);
	printf("offsets %d %08x %08x\n", o, hashi(sa, 8), hashf(fa, 4));
	init();
	int l = local(sa, 3);
	l += local(sa + 2, 6);
	printf("local %d %08x\n", l, hashi(sa, 12));
	init();
	int c1 = selected(1, N), c0 = selected(0, N);
	printf("selected %d %d %08x %08x\n", c1, c0, hashi(sa, N + 2), hashi(sb, N + 2));
	printf("pun %u %u\n", pun(1.5f, 2), pun(-3.25f, 3));
	return 0;
}
