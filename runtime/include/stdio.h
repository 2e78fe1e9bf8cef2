/* <stdio.h> of the Cpu0 C library.
 *
 * FILE is opaque and stdin/stdout/stderr are extern pointers, exactly as
 * glibc declares them, so one program compiles for Cpu0 (the runtime
 * defines them) and for the host (lli resolves them in the host C library).
 * On Cpu0 stdout and stderr both write to the console port (spec §8.4),
 * unbuffered; stdin reads the input port, and these three cannot seek
 * (ESPIPE, like pipes). fopen, freopen, tmpfile, remove and rename work on
 * the host's files through the simulator's host-call port (paths relative
 * to its working directory, docs/cpu0-run.md); tmpnam returns NULL. */
#ifndef _CPU0_STDIO_H
#define _CPU0_STDIO_H
#include <stdarg.h>
#include <stddef.h>
typedef struct _IO_FILE FILE;
extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define stdin stdin
#define stdout stdout
#define stderr stderr
#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 16
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
#define L_tmpnam 20
#define TMP_MAX 238328

int printf(const char *fmt, ...);
int fprintf(FILE *f, const char *fmt, ...);
int sprintf(char *buf, const char *fmt, ...);
int snprintf(char *buf, size_t n, const char *fmt, ...);
int vprintf(const char *fmt, va_list ap);
int vfprintf(FILE *f, const char *fmt, va_list ap);
int vsprintf(char *buf, const char *fmt, va_list ap);
int vsnprintf(char *buf, size_t n, const char *fmt, va_list ap);

int scanf(const char *fmt, ...);
int fscanf(FILE *f, const char *fmt, ...);
int sscanf(const char *s, const char *fmt, ...);
int vscanf(const char *fmt, va_list ap);
int vfscanf(FILE *f, const char *fmt, va_list ap);
int vsscanf(const char *s, const char *fmt, va_list ap);
int putchar(int c);
int puts(const char *s);
int fputc(int c, FILE *f);
int putc(int c, FILE *f);
int fputs(const char *s, FILE *f);
size_t fwrite(const void *p, size_t size, size_t n, FILE *f);
int fflush(FILE *f);

int getchar(void);
int getc(FILE *f);
int fgetc(FILE *f);
int ungetc(int c, FILE *f);
char *fgets(char *s, int n, FILE *f);
size_t fread(void *p, size_t size, size_t n, FILE *f);

FILE *fopen(const char *path, const char *mode);
FILE *freopen(const char *path, const char *mode, FILE *f);
FILE *tmpfile(void);
char *tmpnam(char *s);
int remove(const char *path);
int rename(const char *from, const char *to);
int fseek(FILE *f, long off, int whence);
long ftell(FILE *f);
void rewind(FILE *f);
int setvbuf(FILE *f, char *buf, int mode, size_t size);
void setbuf(FILE *f, char *buf);
int fclose(FILE *f);
int ferror(FILE *f);
int feof(FILE *f);
void clearerr(FILE *f);
void perror(const char *s);

/* POSIX: fseeko/ftello (off_t is long), the unlocked getc/putc and the
 * stream locks (one thread: no locking), popen/pclose (no processes: NULL
 * and -1 with ENOSYS). */
#ifndef _CPU0_OFF_T
#define _CPU0_OFF_T
typedef long off_t;
#endif
int fseeko(FILE *f, off_t off, int whence);
off_t ftello(FILE *f);
int getc_unlocked(FILE *f);
int putc_unlocked(int c, FILE *f);
void flockfile(FILE *f);
void funlockfile(FILE *f);
FILE *popen(const char *cmd, const char *mode);
int pclose(FILE *f);
#endif
