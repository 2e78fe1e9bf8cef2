/* Minimal <stdlib.h>: the functions the Cpu0 runtime provides. */
#ifndef EXEC_STDLIB_H
#define EXEC_STDLIB_H
void abort(void) __attribute__((noreturn));
void exit(int status) __attribute__((noreturn));
#endif
