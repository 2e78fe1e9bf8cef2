/* Standard I/O streams: stdout and stderr write to the memory-mapped
 * console (spec §8.4), unbuffered; stdin reads the input port at
 * 0xFF000004. fopen'd streams are files of the host, reached through the
 * simulator's host-call port at 0xFF000008 (docs/cpu0-run.md): reads are
 * buffered, writes go to the host on every call (so nothing is lost when
 * main returns without fclose), and a write or a seek first gives back
 * the unread part of the read buffer. When the simulator refuses host
 * files (cpu0run -no-host-files), fopen fails with EACCES. The console
 * streams cannot seek (ESPIPE, as glibc says for a pipe). */
#include "rt.h"

static FILE files[3] = {{1, 0, -1, -1}, {0, 0, -1, -1}, {0, 0, -1, -1}};
FILE *stdin = &files[0];
FILE *stdout = &files[1];
FILE *stderr = &files[2];

/* The host-call port: a word store of the address of a six-word block
 * {op, a0, a1, a2, ret, errno} makes the simulator perform the call and
 * fill in ret and errno. (The host check, tests/rtcheck, defines its
 * own.) */
#if defined(CPU0_NO_HOST) /* a simulator without the port (BWDSP's): no files */
#define CPU0_HOSTCALL(blk) ((blk)[4] = (blk)[0] == 9 ? 0 : -1, (blk)[5] = ENOENT)
#elif !defined(CPU0_HOSTCALL)
#define CPU0_HOSTCALL(blk) (*(volatile int *)0xFF000008 = (int)(uintptr_t)(blk))
#endif
enum { H_OPEN = 1, H_CLOSE, H_READ, H_WRITE, H_LSEEK, H_REMOVE, H_RENAME, H_TMPFILE, H_ISATTY };

/* host performs one host call; a result of -1 sets errno. */
static int host(int op, int a0, int a1, int a2) {
  volatile int blk[6] = {op, a0, a1, a2, -1, 5};
  CPU0_HOSTCALL(blk);
  if (blk[4] == -1)
    errno = blk[5];
  return blk[4];
}
#define HOSTP(p) ((int)(uintptr_t)(p))

#define FILE_BUFSIZ 1024

/* The open host files, for fflush(NULL). */
static FILE *open_files;

/* isatty (<unistd.h>) answers whether the simulator's stdin (0), stdout
 * (1) or stderr (2) is a terminal; other descriptors are not (ENOTTY). */
RT_WEAK int isatty(int fd) {
  if (fd >= 0 && fd <= 2 && host(H_ISATTY, fd, 0, 0) == 1)
    return 1;
  errno = ENOTTY;
  return 0;
}

RT_WEAK int close(int fd) { return host(H_CLOSE, fd, 0, 0) < 0 ? -1 : 0; }

/* unread gives the host back the buffered input not yet read (and a
 * pushed-back byte), so the host's offset is the stream's; 0 or EOF. */
static int unread(FILE *f) {
  int n = f->rend - f->rpos + (f->unget >= 0);
  f->rpos = f->rend = 0;
  f->unget = -1;
  if (n && host(H_LSEEK, f->fd, -n, 1) < 0) {
    f->flags |= FILE_ERR;
    return EOF;
  }
  return 0;
}

/* file_write writes n bytes to the host file f; the count written. */
static size_t file_write(FILE *f, const void *p, size_t n) {
  if (!(f->mode & FILE_WRITE)) {
    errno = EBADF;
    f->flags |= FILE_ERR;
    return 0;
  }
  if (unread(f) == EOF)
    return 0;
  size_t done = 0;
  while (done < n) {
    int w = host(H_WRITE, f->fd, HOSTP((const char *)p + done), (int)(n - done));
    if (w <= 0) {
      f->flags |= FILE_ERR;
      break;
    }
    done += w;
  }
  return done;
}

/* file_getc reads one byte of the host file f through its buffer. */
static int file_getc(FILE *f) {
  if (!(f->mode & FILE_READ)) {
    errno = EBADF;
    f->flags |= FILE_ERR;
    return EOF;
  }
  if (f->rpos == f->rend) {
    if (f->flags & FILE_EOF)
      return EOF;
    int n = host(H_READ, f->fd, HOSTP(f->buf), FILE_BUFSIZ);
    if (n <= 0) {
      f->flags |= n == 0 ? FILE_EOF : FILE_ERR;
      return EOF;
    }
    f->rpos = 0;
    f->rend = n;
  }
  return f->buf[f->rpos++];
}

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
  if (f->fd >= 0) {
    unsigned char b = (unsigned char)c;
    return file_write(f, &b, 1) == 1 ? b : EOF;
  }
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
  if (f->fd >= 0)
    return size == 0 ? 0 : file_write(f, p, size * n) / size;
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < size; j++)
      if (fputc(*b++, f) == EOF)
        return i;
  return n;
}

/* fflush has no output to write (output is unbuffered); for a host file
 * open for reading it gives back the unread input, as glibc does. */
RT_WEAK int fflush(FILE *f) {
  if (!f) {
    for (FILE *g = open_files; g; g = g->next)
      fflush(g);
    return 0;
  }
  return f->fd >= 0 && (f->mode & FILE_READ) ? unread(f) : 0;
}

/* __cpu0_getc reads the next input byte, or EOF at the end of the input. */
RT_WEAK int __cpu0_getc(void) {
  int c = *CPU0_INPUT;
  return c < 0 ? EOF : c & 0xff;
}

RT_WEAK int fgetc(FILE *f) {
  if (f->fd >= 0 && f->unget < 0)
    return file_getc(f);
  if (!f->input && f->fd < 0) {
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
  if (c == EOF || (!f->input && !(f->mode & FILE_READ)) || f->unget >= 0)
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

/* mode_bits returns FILE_READ/FILE_WRITE for an fopen mode, 0 if bad. */
static int mode_bits(const char *mode) {
  int plus = 0;
  for (const char *m = mode + 1; *m; m++)
    plus |= *m == '+';
  switch (mode[0]) {
  case 'r':
    return plus ? FILE_READ | FILE_WRITE : FILE_READ;
  case 'w':
  case 'a':
    return plus ? FILE_READ | FILE_WRITE : FILE_WRITE;
  }
  return 0;
}

/* attach makes f the stream of host descriptor fd (fd < 0: fails). */
static FILE *attach(FILE *f, int fd, int mode) {
  if (fd < 0)
    return NULL;
  if (!f->buf && !(f->buf = malloc(FILE_BUFSIZ))) {
    host(H_CLOSE, fd, 0, 0);
    errno = ENOMEM;
    return NULL;
  }
  f->input = 0;
  f->flags = 0;
  f->unget = -1;
  f->fd = fd;
  f->mode = mode;
  f->rpos = f->rend = 0;
  f->next = open_files;
  open_files = f;
  return f;
}

/* detach closes f's host descriptor and takes f off the open list. */
static int detach(FILE *f) {
  for (FILE **p = &open_files; *p; p = &(*p)->next)
    if (*p == f) {
      *p = f->next;
      break;
    }
  int r = host(H_CLOSE, f->fd, 0, 0);
  f->fd = -1;
  f->mode = 0;
  return r < 0 ? EOF : 0;
}

RT_WEAK FILE *fopen(const char *path, const char *mode) {
  int bits = mode_bits(mode);
  if (!bits) {
    errno = EINVAL;
    return NULL;
  }
  int fd = host(H_OPEN, HOSTP(path), HOSTP(mode), 0);
  if (fd < 0)
    return NULL;
  FILE *f = calloc(1, sizeof(FILE));
  if (!f) {
    host(H_CLOSE, fd, 0, 0);
    errno = ENOMEM;
    return NULL;
  }
  if (!attach(f, fd, bits)) {
    free(f);
    return NULL;
  }
  return f;
}

/* freopen closes f's host file (the console streams have none) and opens
 * path in its place; a NULL path (changing only the mode) is refused. */
RT_WEAK FILE *freopen(const char *path, const char *mode, FILE *f) {
  if (f->fd >= 0)
    detach(f);
  int bits = mode_bits(mode);
  if (!path || !bits) {
    errno = EINVAL;
    return NULL;
  }
  return attach(f, host(H_OPEN, HOSTP(path), HOSTP(mode), 0), bits);
}

/* tmpfile opens a new host temporary file ("w+"), deleted when closed. */
RT_WEAK FILE *tmpfile(void) {
  int fd = host(H_TMPFILE, 0, 0, 0);
  if (fd < 0)
    return NULL;
  FILE *f = calloc(1, sizeof(FILE));
  if (!f || !attach(f, fd, FILE_READ | FILE_WRITE)) {
    if (f)
      free(f);
    else
      host(H_CLOSE, fd, 0, 0);
    errno = ENOMEM;
    return NULL;
  }
  return f;
}

/* tmpnam has no name to offer: tmpfile is the way to a temporary file. */
RT_WEAK char *tmpnam(char *s) {
  (void)s;
  return NULL;
}

RT_WEAK int remove(const char *path) { return host(H_REMOVE, HOSTP(path), 0, 0) < 0 ? -1 : 0; }

RT_WEAK int rename(const char *from, const char *to) {
  return host(H_RENAME, HOSTP(from), HOSTP(to), 0) < 0 ? -1 : 0;
}

RT_WEAK int fseek(FILE *f, long off, int whence) {
  if (f->fd < 0) {
    errno = ESPIPE;
    return -1;
  }
  if (whence == 1) /* SEEK_CUR counts from the stream's position */
    off -= f->rend - f->rpos + (f->unget >= 0);
  f->rpos = f->rend = 0;
  f->unget = -1;
  if (host(H_LSEEK, f->fd, (int)off, whence) < 0)
    return -1;
  f->flags &= ~FILE_EOF;
  return 0;
}

RT_WEAK long ftell(FILE *f) {
  if (f->fd < 0) {
    errno = ESPIPE;
    return -1;
  }
  long pos = host(H_LSEEK, f->fd, 0, 1);
  if (pos < 0)
    return -1;
  return pos - (f->rend - f->rpos) - (f->unget >= 0);
}

RT_WEAK void rewind(FILE *f) {
  if (f->fd >= 0)
    fseek(f, 0, 0);
  f->flags = 0;
}

/* setvbuf accepts any mode: output is unbuffered in any case, and a
 * host file's input is always buffered (in its own buffer). */
RT_WEAK int setvbuf(FILE *f, char *buf, int mode, size_t size) {
  (void)f;
  (void)buf;
  (void)size;
  return mode >= 0 && mode <= 2 ? 0 : -1;
}

RT_WEAK void setbuf(FILE *f, char *buf) { (void)setvbuf(f, buf, buf ? 0 : 2, 8192); }

/* fclose closes a host file and frees its stream; the console streams
 * stay usable. */
RT_WEAK int fclose(FILE *f) {
  if (f->fd < 0)
    return 0;
  int r = detach(f);
  if (f < files || f >= files + 3) {
    free(f->buf);
    free(f);
  }
  return r;
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

/* POSIX extras: off_t is long; one thread, so no locking. */
RT_WEAK int fseeko(FILE *f, long off, int whence) { return fseek(f, off, whence); }
RT_WEAK long ftello(FILE *f) { return ftell(f); }
RT_WEAK int getc_unlocked(FILE *f) { return fgetc(f); }
RT_WEAK int putc_unlocked(int c, FILE *f) { return fputc(c, f); }
RT_WEAK void flockfile(FILE *f) { (void)f; }
RT_WEAK void funlockfile(FILE *f) { (void)f; }

/* popen cannot start a process on the simulator. */
RT_WEAK FILE *popen(const char *cmd, const char *mode) {
  (void)cmd;
  (void)mode;
  errno = ENOSYS;
  return NULL;
}

RT_WEAK int pclose(FILE *f) {
  (void)f;
  errno = ENOSYS;
  return -1;
}

/* mkstemp creates a new host file from tmpl (exclusive open), trying
 * names until one does not exist. */
RT_WEAK int mkstemp(char *tmpl) {
  static unsigned seq = 0x2f5a1;
  size_t n = strlen(tmpl);
  if (n < 6 || strcmp(tmpl + n - 6, "XXXXXX") != 0) {
    errno = EINVAL;
    return -1;
  }
  for (int tries = 0; tries < 1000; tries++) {
    unsigned v = seq = seq * 1103515245u + 12345u;
    for (int i = 0; i < 6; i++, v /= 36)
      tmpl[n - 6 + i] = "abcdefghijklmnopqrstuvwxyz0123456789"[v % 36];
    int fd = host(H_OPEN, HOSTP(tmpl), HOSTP("w+x"), 0);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  return -1;
}
