/* Internal declarations of the Cpu0 bare-metal runtime.
 *
 * The runtime is plain freestanding C compiled by lltosimd itself (see the
 * Makefile's runtime target). It must not depend on any host header other
 * than the compiler's own freestanding ones. */
#ifndef CPU0_RT_H
#define CPU0_RT_H

#include <stdarg.h>

typedef __SIZE_TYPE__ size_t;

/* Memory-mapped console: a byte stored here is printed (spec §8.4). */
#define CPU0_CONSOLE ((volatile char *)0xFF000000)

int putchar(int c);
int puts(const char *s);
int printf(const char *fmt, ...);
int vprintf(const char *fmt, va_list ap);

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int bcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *dst, const char *src);

void abort(void) __attribute__((noreturn));
void exit(int status) __attribute__((noreturn));

/* Defined in halt.s: stops the simulator with status as main's result. */
void __halt(int status) __attribute__((noreturn));

unsigned long long __udivmoddi4(unsigned long long n, unsigned long long d,
                                unsigned long long *rem);

#endif
