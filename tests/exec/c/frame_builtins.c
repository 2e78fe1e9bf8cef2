// __builtin_return_address(0), __builtin_frame_address(0) and bcmp (which
// clang makes of memcmp(...) == 0 when builtins are on).
#include <stdio.h>
#include <string.h>

int bcmp(const void *a, const void *b, size_t n);

__attribute__((noinline)) static void *where(void) { return __builtin_return_address(0); }

// The return address read after a call is the one read before it (the
// call overwrites $lr).
__attribute__((noinline)) static void *around_call(int *same) {
	void *before = __builtin_return_address(0);
	where();
	void *after = __builtin_return_address(0);
	*same = before == after;
	return after;
}

__attribute__((noinline)) static char *frame(void) { return __builtin_frame_address(0); }

__attribute__((noinline)) static int deeper(char *outer) {
	// The callee's frame lies below its caller's (the stack grows down).
	return frame() < outer;
}

int main(void) {
	void *a = where();
	void *c[2];
	for (int i = 0; i < 2; i++)
		c[i] = where(); // one call site: one return address
	int same = 0;
	void *d = around_call(&same);
	printf("ra nonzero %d, same site %d, around a call %d %d\n", a != 0, c[0] == c[1], d != 0, same);
	char *f = frame();
	printf("fa nonzero %d, same frame %d, deeper %d\n", f != 0, f == frame(), deeper(__builtin_frame_address(0)));
	static const char x[] = "abcdefgh", y[] = "abcdefgX";
	printf("bcmp %d %d %d\n", bcmp(x, y, 7) == 0, bcmp(x, y, 8) != 0, bcmp(x, y, 0) == 0);
	return 0;
}
