/* Standard I/O streams: stdout and stderr write to the memory-mapped
 * console (spec §8.4), unbuffered; stdin reads the input port at
 * 0xFF000004. There is no file system: fopen, freopen, tmpfile, remove and
 * rename fail with ENOENT and tmpnam returns NULL (no name is usable);
 * the streams cannot seek (ESPIPE, as glibc says for a pipe). */
#include "rt.h"

static FILE files[3] = {{1, 0, -1}, {0, 0, -1}, {0, 0, -1}};
FILE *stdin = &files[0];
FILE *stdout = &files[1];
FILE *stderr = &files[2];

RT_WEAK int putchar(int c) {
  *CPU0_CONSOLE = (char)c;
  return (unsigned char)c;
}

/* puts prints s and a newline, like the C library. */
RT_WEAK int puts(const char *s) {
  while (*s)
    putchar(*s++);
  putchar('\n');
  return 0;
}

RT_WEAK int fputc(int c, FILE *f) {
  if (f->input) {
    f->flags |= FILE_ERR;
    return EOF;
  }
  return putchar(c);
}

RT_WEAK int putc(int c, FILE *f) { return fputc(c, f); }

RT_WEAK int fputs(const char *s, FILE *f) {
  for (; *s; s++)
    if (fputc(*s, f) == EOF)
      return EOF;
  return 1;
}

RT_WEAK size_t fwrite(const void *p, size_t size, size_t n, FILE *f) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < size; j++)
      if (fputc(*b++, f) == EOF)
        return i;
  return n;
}

/* fflush has nothing to do: output is unbuffered. */
RT_WEAK int fflush(FILE *f) {
  (void)f;
  return 0;
}

/* __cpu0_getc reads the next input byte, or EOF at the end of the input. */
RT_WEAK int __cpu0_getc(void) {
  int c = *CPU0_INPUT;
  return c < 0 ? EOF : c & 0xff;
}

RT_WEAK int fgetc(FILE *f) {
  if (!f->input) {
    f->flags |= FILE_ERR;
    return EOF;
  }
  if (f->unget >= 0) {
    int c = f->unget;
    f->unget = -1;
    return c;
  }
  if (f->flags & FILE_EOF)
    return EOF;
  int c = __cpu0_getc();
  if (c == EOF)
    f->flags |= FILE_EOF;
  return c;
}

RT_WEAK int getc(FILE *f) { return fgetc(f); }

RT_WEAK int getchar(void) { return fgetc(stdin); }

RT_WEAK int ungetc(int c, FILE *f) {
  if (c == EOF || !f->input || f->unget >= 0)
    return EOF;
  f->unget = (unsigned char)c;
  f->flags &= ~FILE_EOF;
  return f->unget;
}

RT_WEAK char *fgets(char *s, int n, FILE *f) {
  int i = 0;
  if (n <= 0)
    return NULL;
  while (i < n - 1) {
    int c = fgetc(f);
    if (c == EOF)
      break;
    s[i++] = (char)c;
    if (c == '\n')
      break;
  }
  if (i == 0)
    return NULL;
  s[i] = 0;
  return s;
}

RT_WEAK size_t fread(void *p, size_t size, size_t n, FILE *f) {
  unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < size; j++) {
      int c = fgetc(f);
      if (c == EOF)
        return i;
      *b++ = (unsigned char)c;
    }
  return n;
}

RT_WEAK FILE *fopen(const char *path, const char *mode) {
  (void)path;
  (void)mode;
  errno = ENOENT;
  return NULL;
}

/* freopen closes f (nothing to do) and fails to open path, as fopen. */
RT_WEAK FILE *freopen(const char *path, const char *mode, FILE *f) {
  (void)f;
  return fopen(path, mode);
}

RT_WEAK FILE *tmpfile(void) { return fopen("", "w+"); }

RT_WEAK char *tmpnam(char *s) {
  (void)s;
  return NULL;
}

RT_WEAK int remove(const char *path) {
  (void)path;
  errno = ENOENT;
  return -1;
}

RT_WEAK int rename(const char *from, const char *to) {
  (void)from;
  (void)to;
  errno = ENOENT;
  return -1;
}

RT_WEAK int fseek(FILE *f, long off, int whence) {
  (void)f;
  (void)off;
  (void)whence;
  errno = ESPIPE;
  return -1;
}

RT_WEAK long ftell(FILE *f) {
  (void)f;
  errno = ESPIPE;
  return -1;
}

RT_WEAK void rewind(FILE *f) { f->flags = 0; }

/* setvbuf accepts any mode: output is unbuffered in any case. */
RT_WEAK int setvbuf(FILE *f, char *buf, int mode, size_t size) {
  (void)f;
  (void)buf;
  (void)size;
  return mode >= 0 && mode <= 2 ? 0 : -1;
}

RT_WEAK void setbuf(FILE *f, char *buf) { (void)setvbuf(f, buf, buf ? 0 : 2, 8192); }

RT_WEAK int fclose(FILE *f) {
  (void)f;
  return 0;
}

RT_WEAK int ferror(FILE *f) { return (f->flags & FILE_ERR) != 0; }
RT_WEAK int feof(FILE *f) { return (f->flags & FILE_EOF) != 0; }
RT_WEAK void clearerr(FILE *f) { f->flags = 0; }

/* perror prints "s: message" (or just the message) on stderr. */
RT_WEAK void perror(const char *s) {
  if (s && *s) {
    fputs(s, stderr);
    fputs(": ", stderr);
  }
  fputs(strerror(errno), stderr);
  fputc('\n', stderr);
}
