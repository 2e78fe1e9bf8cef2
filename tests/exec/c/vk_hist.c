// Vector kernel (BWDSP SIMD corpus): histogram: bin indices computed four
// at a time (shift, mask, compare), the counts updated lane by lane
// (constant and variable lane reads).
#include <stdio.h>
typedef int int4 __attribute__((ext_vector_type(4)));

#define N 64
#define BINS 16
static int4 data[N];
static int hist[BINS], hist2[BINS];

__attribute__((noinline)) void histogram(int n) {
	for (int i = 0; i < n; i++) {
		int4 b = (data[i] >> 3) & (BINS - 1);
		b = data[i] < 0 ? (int4)0 : b;
		hist[b.x]++;
		hist[b.y]++;
		hist[b.z]++;
		hist[b.w]++;
	}
}

__attribute__((noinline)) void histogram2(int n) {
	for (int i = 0; i < n; i++) {
		int4 b = (data[i] * 7 >> 4) & (BINS - 1);
		for (int j = 0; j < 4; j++)
			hist2[b[j]] += j + 1;
	}
}

int main(void) {
	unsigned s = 12345;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 4; j++) {
			s = s * 1103515245u + 12345u;
			data[i][j] = (int)(s >> 16) % 200 - 20;
		}
	histogram(N);
	histogram2(N);
	for (int k = 0; k < BINS; k++)
		printf("%d:%d/%d ", k, hist[k], hist2[k]);
	printf("\n");
	return 0;
}
