/* A tiny stack-machine interpreter running a few bytecode programs. */
#include <stdio.h>

enum { PUSH, ADD, SUB, MUL, DIV, DUP, SWAP, JZ, JMP, LOAD, STORE, PRINT, HALT, LT, OVER };

static int run(const int *code, int trace) {
  int stack[32], sp = 0, pc = 0, vars[4] = {0, 0, 0, 0}, steps = 0;
  for (;;) {
    int op = code[pc++];
    steps++;
    switch (op) {
    case PUSH: stack[sp++] = code[pc++]; break;
    case ADD: sp--; stack[sp - 1] += stack[sp]; break;
    case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
    case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
    case DIV: sp--; stack[sp - 1] /= stack[sp]; break;
    case DUP: stack[sp] = stack[sp - 1]; sp++; break;
    case OVER: stack[sp] = stack[sp - 2]; sp++; break;
    case SWAP: { int t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;
    case LT: sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; break;
    case JZ: { int target = code[pc++]; if (stack[--sp] == 0) pc = target; } break;
    case JMP: pc = code[pc]; break;
    case LOAD: stack[sp++] = vars[code[pc++]]; break;
    case STORE: vars[code[pc++]] = stack[--sp]; break;
    case PRINT: printf("out: %d\n", stack[--sp]); break;
    case HALT:
      if (trace)
        printf("halt after %d steps\n", steps);
      return sp ? stack[sp - 1] : 0;
    default:
      printf("bad op %d\n", op);
      return -1;
    }
  }
}

/* (2+3)*7 - 4 */
static const int prog1[] = {PUSH, 2, PUSH, 3, ADD, PUSH, 7, MUL, PUSH, 4, SUB, DUP, PRINT, HALT};
/* factorial of 10 by a loop: v0 = n, v1 = acc */
static const int prog2[] = {PUSH, 10, STORE, 0, PUSH, 1, STORE, 1,
                            /* 8: */ PUSH, 0, LOAD, 0, LT, JZ, 31,
                            LOAD, 1, LOAD, 0, MUL, STORE, 1,
                            LOAD, 0, PUSH, 1, SUB, STORE, 0, JMP, 8,
                            /* 31: */ LOAD, 1, HALT};
/* sum of 1..100 */
static const int prog3[] = {PUSH, 0, STORE, 0, PUSH, 100, STORE, 1,
                            /* 8: */ LOAD, 1, JZ, 28,
                            LOAD, 0, LOAD, 1, ADD, STORE, 0,
                            LOAD, 1, PUSH, 1, SUB, STORE, 1, JMP, 8,
                            /* 28: */ LOAD, 0, DUP, PRINT, HALT};

int main(void) {
  int r1 = run(prog1, 1);
  int r2 = run(prog2, 1);
  printf("fact=%d\n", r2);
  int r3 = run(prog3, 1);
  printf("r1=%d r2=%d r3=%d\n", r1, r2, r3);
  return (r1 + r2 + r3) & 0xff;
}
