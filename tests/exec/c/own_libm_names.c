// A program may define functions with the C library's names: the
// runtime's definitions are weak, like an archive's, so the program's own
// round, floor, fmin and bcmp are the ones called (here with other
// signatures and meanings than libm's).
#include <stdio.h>

int round(int x, int to) { return (x + to / 2) / to * to; }
double floor(double x) { return x * 2; }
int fmin(int a, int b, int c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }
static int calls;
int bcmp(const void *a, const void *b, unsigned n) {
	calls++;
	return n == 0 ? 0 : *(const char *)a - *(const char *)b;
}

int main(void) {
	volatile double x = 1.25;
	printf("%d %d %g %d %d %d\n", round(47, 10), round(123, 50), floor(x), fmin(5, 3, 4),
	       bcmp("ab", "ac", 2), calls);
	return 0;
}
