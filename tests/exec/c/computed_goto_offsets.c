// Computed goto through a table of label offsets ("&&op - &&base" in a
// static initializer, as position-independent interpreters write it):
// each entry is the difference of two block addresses, resolved when the
// code is assembled.
#include <stdio.h>

enum { LIT, ADD, MUL, NEG, DUP, DROP, JZ, JMP, OUT, END };

static const int code[] = {
	LIT, 5,                 // n = 5
	LIT, 1,                 // acc = 1
	// loop (pc 4): acc *= n; n -= 1; until n == 0
	DUP, OUT,
	LIT, 3, MUL, LIT, 1, ADD, // acc = acc*3 + 1
	LIT, -1, NEG, NEG, DROP,
	DUP, LIT, 1000, ADD, LIT, -1000, ADD, DROP,
	LIT, 0, JZ, 31,
	JMP, 4,
	OUT, END,
};

__attribute__((noinline)) static int run(const int *pc, int limit) {
	static const int offsets[] = {
		&&op_lit - &&op_lit, &&op_add - &&op_lit, &&op_mul - &&op_lit,
		&&op_neg - &&op_lit, &&op_dup - &&op_lit, &&op_drop - &&op_lit,
		&&op_jz - &&op_lit, &&op_jmp - &&op_lit, &&op_out - &&op_lit,
		&&op_end - &&op_lit,
	};
	const int *start = pc;
	int stack[32], sp = 0, steps = 0;
#define NEXT do { if (++steps > limit) return -1; goto *(&&op_lit + offsets[*pc++]); } while (0)
	NEXT;
op_lit:
	stack[sp++] = *pc++;
	NEXT;
op_add:
	sp--; stack[sp - 1] += stack[sp];
	NEXT;
op_mul:
	sp--; stack[sp - 1] *= stack[sp];
	NEXT;
op_neg:
	stack[sp - 1] = -stack[sp - 1];
	NEXT;
op_dup:
	stack[sp] = stack[sp - 1]; sp++;
	NEXT;
op_drop:
	sp--;
	NEXT;
op_jz: {
	int target = *pc++;
	if (stack[--sp] == 0)
		pc = start + target;
	NEXT;
}
op_jmp:
	pc = start + *pc;
	NEXT;
op_out:
	printf("out %d (sp=%d)\n", stack[--sp], sp);
	NEXT;
op_end:
	return steps;
}

// A second table in another function: labels of different functions
// never mix, and a zero difference is a plain 0.
__attribute__((noinline)) static int grade(int score) {
	static const short rel[] = {&&f - &&f, &&d - &&f, &&c - &&f, &&b - &&f, &&a - &&f};
	int k = score >= 90 ? 4 : score >= 80 ? 3 : score >= 70 ? 2 : score >= 60 ? 1 : 0;
	goto *(&&f + rel[k]);
a:
	return 'A';
b:
	return 'B';
c:
	return 'C';
d:
	return 'D';
f:
	return 'F';
}

int main(void) {
	int steps = run(code, 1000);
	printf("steps %d\n", steps);
	for (int s = 45; s <= 100; s += 11)
		printf("%d:%c ", s, grade(s));
	printf("\n");
	return steps & 0x7f;
}
