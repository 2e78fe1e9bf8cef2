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
 * an archive: a program may define its own putchar, strlen, malloc or
 * floor, and the linker then takes the program's. */
#define RT_WEAK __attribute__((weak))

/* Memory-mapped console: a byte stored here is printed (spec §8.4). (The
 * host check, tests/rtcheck, defines its own ports.) */
#ifndef CPU0_CONSOLE
#define CPU0_CONSOLE ((volatile char *)0xFF000000)
#endif

typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __UINTPTR_TYPE__ uintptr_t;
#define NULL ((void *)0)

/* Memory-mapped input: a word load returns the next input byte (0..255) or
 * -1 at the end of the input. */
#ifndef CPU0_INPUT
#define CPU0_INPUT ((volatile int *)0xFF000004)
#endif

/* FILE (the name glibc gives it, so programs' headers agree): stdin reads
 * the input port, stdout and stderr write to the console (fd -1); fopen'd
 * streams are host files reached through the host-call port (io.c). */
struct _IO_FILE {
  int input;  /* 1 for the console's stdin */
  int flags;  /* FILE_EOF, FILE_ERR */
  int unget;  /* a pushed-back byte, or -1 */
  int fd;     /* host descriptor, or -1 for the console */
  int mode;   /* FILE_READ | FILE_WRITE for a host file */
  int rpos, rend; /* buffered input: buf[rpos..rend) */
  unsigned char *buf;
  struct _IO_FILE *next; /* the list of open host files */
};
typedef struct _IO_FILE FILE;
#define FILE_EOF 1
#define FILE_ERR 2
#define FILE_READ 1
#define FILE_WRITE 2
extern FILE *stdin, *stdout, *stderr;
#define EOF (-1)

int putchar(int c);
int puts(const char *s);
int printf(const char *fmt, ...);
int vprintf(const char *fmt, va_list ap);
int fputc(int c, FILE *f);
int fputs(const char *s, FILE *f);
int vfprintf(FILE *f, const char *fmt, va_list ap);
int fprintf(FILE *f, const char *fmt, ...);
int vsnprintf(char *buf, size_t n, const char *fmt, va_list ap);
int snprintf(char *buf, size_t n, const char *fmt, ...);
int __cpu0_getc(void);

int *__errno_location(void);
#define errno (*__errno_location())
#define ENOENT 2
#define EBADF 9
#define EACCES 13
#define ENOTTY 25
#define ENOSYS 38
#define EEXIST 17
#define ESPIPE 29
#define ENOMEM 12
#define EINVAL 22
#define EDOM 33
#define ERANGE 34
char *strerror(int errnum);

void *malloc(size_t n);
void free(void *p);
void *calloc(size_t n, size_t size);
int isspace(int c);
int isdigit(int c);
int isalpha(int c);
int isalnum(int c);
int isxdigit(int c);
int rand(void);
int tolower(int c);

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
