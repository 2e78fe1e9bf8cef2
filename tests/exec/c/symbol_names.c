// C names that differ only in case (Foo, foo, FOO; Bar and bar), that are
// BWDSP register names (u8, xr5, ra, lc0, cp1, w15, v3) or assembler words
// (nop, halt, call, b), with '$' (a clang extension), in function pointer
// tables, a jump table and computed gotos. The BWDSP assembler reads names
// case-insensitively and takes u8 for a register: the emitter spells such
// names apart (codegen.asmName).
#include <stdio.h>

int Foo = 1, foo = 2, FOO = 3;
static int Bar(int x) { return x + 10; }
static int bar(int x) { return x + 20; }
int r1 = 5, u8 = 6, ra = 7, lc0 = 8, cp1 = 9, w15 = 10, v3 = 11, xr5 = 12, tu1 = 13, xyzt = 14;
int nop = 16, halt = 17, call = 18, b = 20, a$b = 23, $_u8 = 24;
int If(int v) { return v * 3; }
static int (*const fp[])(int) = {Bar, bar, If};

__attribute__((noinline)) int U1(int k) {
	switch (k) {
	case 0: return Foo;
	case 1: return foo;
	case 2: return FOO;
	case 3: return u8;
	case 4: return r1;
	case 5: return 7;
	case 6: return -1;
	default: return 99;
	}
}

__attribute__((noinline)) static int Goto(int n) {
	static void *const labels[] = {&&L1, &&l1};
	goto *labels[0];
L1:
	n += 1;
	if (n < 30)
		goto *labels[1];
	return n;
l1:
	n += 10;
	goto *labels[0];
}

int main(void) {
	printf("%d %d %d %d %d %d\n", Foo, foo, FOO, Bar(1), bar(1), If(2));
	printf("%d %d %d %d %d %d %d %d %d %d\n", r1, u8, ra, lc0, cp1, w15, v3, xr5, tu1, xyzt);
	printf("%d %d %d %d %d %d\n", nop, halt, call, b, a$b, $_u8);
	for (int i = 0; i < 3; i++)
		printf("%d ", fp[i](i));
	for (int i = 0; i < 9; i++)
		printf("%d ", U1(i));
	printf("\n%d %d\n", Goto(0), Goto(5));
	return 0;
}
