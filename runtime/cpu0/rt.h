/* Internal declarations of the Cpu0 bare-metal runtime.
 *
 * The runtime is plain freestanding C compiled by lltosimd itself (see the
 * Makefile's runtime target). It must not depend on any host header other
 * than the compiler's own freestanding ones. */
#ifndef CPU0_RT_H
#define CPU0_RT_H

#include <stdarg.h>

typedef __SIZE_TYPE__ size_t;

/* The C library's functions are weak definitions, as if the runtime were
 * an archive: a program may define its own putchar, strlen or floor, and
 * the linker then takes the program's. */
#define RT_WEAK __attribute__((weak))

/* Memory-mapped console: a byte stored here is printed (spec §8.4). */
#define CPU0_CONSOLE ((volatile char *)0xFF000000)

RT_WEAK int putchar(int c);
RT_WEAK int puts(const char *s);
RT_WEAK int printf(const char *fmt, ...);
RT_WEAK int vprintf(const char *fmt, va_list ap);

RT_WEAK void *memcpy(void *dst, const void *src, size_t n);
RT_WEAK void *memmove(void *dst, const void *src, size_t n);
RT_WEAK void *memset(void *dst, int c, size_t n);
RT_WEAK int memcmp(const void *a, const void *b, size_t n);
RT_WEAK int bcmp(const void *a, const void *b, size_t n);
RT_WEAK size_t strlen(const char *s);
RT_WEAK int strcmp(const char *a, const char *b);
RT_WEAK int strncmp(const char *a, const char *b, size_t n);
RT_WEAK char *strcpy(char *dst, const char *src);

RT_WEAK void abort(void) __attribute__((noreturn));
RT_WEAK void exit(int status) __attribute__((noreturn));

/* Defined in halt.s: stops the simulator with status as main's result. */
void __halt(int status) __attribute__((noreturn));

unsigned long long __udivmoddi4(unsigned long long n, unsigned long long d,
                                unsigned long long *rem);

#endif
