/* Minimal <stdio.h> for the execution corpus: only what the Cpu0 runtime
 * provides, declared exactly as the C library declares it, so the same
 * program runs under lli (host libc) and on cpu0sim (runtime/cpu0). */
#ifndef EXEC_STDIO_H
#define EXEC_STDIO_H
int printf(const char *fmt, ...);
int putchar(int c);
int puts(const char *s);
#endif
