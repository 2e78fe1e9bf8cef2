// Vector kernel (BWDSP SIMD corpus): branches on "some lane" and "every
// lane" of a vector compare (if-conversion spec §5: uniform branches over
// per-lane predicates, BWL `if [!]any/all D CPk b L`): a loop whose lanes
// leave at different iterations (the exit mask; the loop runs while any
// lane is active), a region skipped when no lane needs it (BOSCC), every-
// lane tests, float compares with NaN lanes (the negated test must keep
// NaN lanes on the right side) and a 2-lane mask.
#include <stdio.h>
typedef int int4 __attribute__((ext_vector_type(4)));
typedef float float4 __attribute__((ext_vector_type(4)));
typedef int int2 __attribute__((ext_vector_type(2)));
typedef union { float f; unsigned u; } bits;

#define N 12
static int4 v[N], steps[N], w[N];
static float4 f[N], g[N];
static int2 p[N];

// Collatz steps of four numbers at once: a lane stops when it reaches 1.
__attribute__((noinline)) void collatz4(int n) {
	for (int i = 0; i < n; i++) {
		int4 x = v[i], c = 0;
		int4 m = x > 1;
		while (m.x | m.y | m.z | m.w) {
			int4 odd = (x & 1) != 0;
			x = m ? (odd ? 3 * x + 1 : x >> 1) : x;
			c -= m;
			m = x > 1;
		}
		steps[i] = c;
	}
}

// BOSCC: the long region runs only when some lane is negative.
__attribute__((noinline)) int fixneg(int n) {
	int skipped = 0;
	for (int i = 0; i < n; i++) {
		int4 x = w[i];
		int4 m = x < 0;
		if (m.x | m.y | m.z | m.w) {
			int4 y = -x * 3 + 7;
			y = y > 100 ? y - 100 : y;
			y = (y ^ (y >> 2)) & 0xff;
			w[i] = m ? y : x;
		} else {
			skipped++;
		}
	}
	return skipped;
}

// Every lane: halve while all lanes are even and nonzero.
__attribute__((noinline)) int halve(int n) {
	int t = 0;
	for (int i = 0; i < n; i++) {
		int4 x = v[i] * 8;
		int4 e = ((x & 1) == 0) & (x != 0);
		while (e.x & e.y & e.z & e.w) {
			x = x >> 1;
			t++;
			e = ((x & 1) == 0) & (x != 0);
		}
		v[i] = x;
	}
	return t;
}

// Float lanes, NaN included: "every lane a < b" is false for a NaN lane,
// and so is "some lane a < b" when only NaN lanes differ.
__attribute__((noinline)) int flanes(int n) {
	int r = 0;
	for (int i = 0; i < n; i++) {
		int4 lt = f[i] < g[i];
		int4 ge = f[i] >= g[i];
		if (lt.x & lt.y & lt.z & lt.w)
			r += 1;
		if (lt.x | lt.y | lt.z | lt.w)
			r += 10;
		if (!(ge.x | ge.y | ge.z | ge.w))
			r += 100;
		if (!(ge.x & ge.y & ge.z & ge.w))
			r += 1000;
	}
	return r;
}

// A 2-lane mask.
__attribute__((noinline)) int two(int n) {
	int r = 0;
	for (int i = 0; i < n; i++) {
		int2 m = p[i] > 3;
		int2 q = p[i];
		while (m.x | m.y) {
			q = m ? q - 3 : q;
			r++;
			m = q > 3;
		}
		p[i] = q;
	}
	return r;
}

int main(void) {
	bits nan = {.u = 0x7fc00000};
	for (int i = 0; i < N; i++) {
		v[i] = (int4){i + 1, 27 + i, (i * 37) % 50 + 1, i == 3 ? 1 : 97 - i};
		w[i] = (int4){(i & 1) ? -i : i, i % 3 == 0 ? -5 * i : 4, 11 - i * 2, i == 7 ? -1 : 9};
		f[i] = (float4){i * 0.5f, 1.0f, (i % 4 == 1) ? nan.f : 2.0f - i, -1.0f};
		g[i] = (float4){3.0f, i * 0.25f, 0.5f, (i % 5 == 2) ? nan.f : 0.0f};
		p[i] = (int2){i * 5 - 10, 20 - i};
	}
	collatz4(N);
	int s = fixneg(N);
	int h = halve(N);
	int fl = flanes(N);
	int t = two(N);
	unsigned hash = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++)
			hash = hash * 31 + (unsigned)steps[i][j] * 7 + (unsigned)w[i][j] * 3 + (unsigned)v[i][j];
	for (int i = 0; i < N; i++)
		hash = hash * 17 + (unsigned)p[i].x + 5 * (unsigned)p[i].y;
	printf("lanes %d %d %d %d %08x\n", s, h, fl, t, hash);
	printf("steps %d %d %d %d\n", steps[0].x, steps[1].y, steps[5].z, steps[11].w);
	return 0;
}
