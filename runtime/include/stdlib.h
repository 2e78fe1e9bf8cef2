/* <stdlib.h> of the Cpu0 C library. */
#ifndef _CPU0_STDLIB_H
#define _CPU0_STDLIB_H
#include <stddef.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX 1
typedef struct {
  int quot, rem;
} div_t;
typedef struct {
  long quot, rem;
} ldiv_t;
typedef struct {
  long long quot, rem;
} lldiv_t;

void *malloc(size_t n);
void *calloc(size_t count, size_t size);
void *realloc(void *p, size_t n);
void free(void *p);

void abort(void) __attribute__((__noreturn__));
void exit(int status) __attribute__((__noreturn__));
void _Exit(int status) __attribute__((__noreturn__));
/* (lli cannot resolve glibc's atexit, a static stub of libc_nonshared.a:
 * host-reference tests cannot use it.) */
int atexit(void (*fn)(void));
char *getenv(const char *name);
int system(const char *cmd);
/* POSIX: creates and opens a new host file named after tmpl (its last
 * six characters "XXXXXX" replaced); a descriptor for close. */
int mkstemp(char *tmpl);

int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
double atof(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
long long strtoll(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
double strtod(const char *s, char **end);
float strtof(const char *s, char **end);

int rand(void);
void srand(unsigned seed);

void qsort(void *base, size_t n, size_t size,
           int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *));

int abs(int x);
long labs(long x);
long long llabs(long long x);
div_t div(int a, int b);
ldiv_t ldiv(long a, long b);
lldiv_t lldiv(long long a, long long b);
#endif
