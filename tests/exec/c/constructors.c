// __attribute__((constructor)) functions (llvm.global_ctors), called before
// main. The LangRef orders them by priority but lli runs them in array
// order, so their effects here commute; and a function alias.
#include <stdio.h>

static int order[8], n;
int table[4];

__attribute__((constructor(200))) static void second(void) {
	order[n++] = 2;
	for (int i = 0; i < 4; i++)
		table[i] += i * 10;
}

__attribute__((constructor(101))) static void first(void) {
	order[n++] = 1;
	table[0] = 5;
}

__attribute__((constructor)) static void last(void) { order[n++] = 3; }

int add_impl(int a, int b) { return a + b; }
int add_alias(int a, int b) __attribute__((alias("add_impl")));

int main(void) {
	int sum = 0;
	for (int i = 0; i < n; i++)
		sum += order[i];
	printf("ran %d, sum %d\n", n, sum);
	printf("table %d %d %d %d\n", table[0], table[1], table[2], table[3]);
	printf("alias %d\n", add_alias(20, 22));
	return n;
}
