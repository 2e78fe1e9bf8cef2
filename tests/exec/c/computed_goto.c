// A bytecode interpreter dispatching with computed goto (labels as values):
// blockaddress constants in a static dispatch table and indirectbr.
#include <stdio.h>

enum { PUSH, ADD, SUB, MUL, DUP, SWAP, JNZ, DEC, PRINT, HALT };

static const int prog[] = {
	PUSH, 1, PUSH, 10,          // acc=1, n=10
	SWAP, PUSH, 3, MUL, PUSH, 1, ADD, SWAP, // acc = acc*3+1
	DEC, DUP, JNZ, 4,           // loop while n != 0
	SWAP, PRINT, HALT,
};

__attribute__((noinline)) static int run(const int *code, int trace) {
	static void *const dispatch[] = {&&op_push, &&op_add, &&op_sub, &&op_mul, &&op_dup,
		&&op_swap, &&op_jnz, &&op_dec, &&op_print, &&op_halt};
	int stack[16], sp = 0, pc = 0, steps = 0;
#define NEXT do { steps++; goto *dispatch[code[pc++]]; } while (0)
	NEXT;
op_push:
	stack[sp++] = code[pc++];
	NEXT;
op_add:
	sp--; stack[sp - 1] += stack[sp];
	NEXT;
op_sub:
	sp--; stack[sp - 1] -= stack[sp];
	NEXT;
op_mul:
	sp--; stack[sp - 1] *= stack[sp];
	NEXT;
op_dup:
	stack[sp] = stack[sp - 1]; sp++;
	NEXT;
op_swap: {
	int t = stack[sp - 1];
	stack[sp - 1] = stack[sp - 2];
	stack[sp - 2] = t;
	NEXT;
}
op_jnz:
	if (stack[--sp]) {
		pc = code[pc];
		NEXT;
	}
	pc++;
	NEXT;
op_dec:
	stack[sp - 1]--;
	if (trace)
		printf("n=%d\n", stack[sp - 1]);
	NEXT;
op_print:
	printf("top=%d sp=%d\n", stack[sp - 1], sp);
	NEXT;
op_halt:
	return steps;
}

// A local label table built at run time (blockaddress in code).
__attribute__((noinline)) static int classify(int x) {
	void *where = x < 0 ? &&neg : x == 0 ? &&zero : &&pos;
	goto *where;
neg:
	return -1;
zero:
	return 0;
pos:
	return 1;
}

int main(void) {
	int steps = run(prog, 1);
	printf("steps=%d\n", steps);
	printf("classify %d %d %d\n", classify(-7), classify(0), classify(42));
	return steps & 0x7f;
}
