/* Process control and the small <stdlib.h>, <signal.h>, <locale.h> and
 * <time.h> functions of the Cpu0 runtime. */
#include "rt.h"

static int errno_value;

/* __errno_location is glibc's name, so <errno.h>'s errno macro is the same
 * lvalue on Cpu0 and on the host. */
RT_WEAK int *__errno_location(void) { return &errno_value; }

#define ATEXIT_MAX 32
static struct {
  void (*fn)(void *);
  void *arg;
} atexit_fns[ATEXIT_MAX];
static int atexit_n;

/* __cxa_atexit registers fn(arg) to run at exit, most recent first (32 at
 * most); <stdlib.h>'s atexit calls it, as glibc's does. */
RT_WEAK int __cxa_atexit(void (*fn)(void *), void *arg, void *dso) {
  (void)dso;
  if (atexit_n == ATEXIT_MAX)
    return -1;
  atexit_fns[atexit_n].fn = fn;
  atexit_fns[atexit_n++].arg = arg;
  return 0;
}

RT_WEAK int atexit(void (*fn)(void)) { return __cxa_atexit((void (*)(void *))fn, NULL, NULL); }

/* exit runs the atexit functions and stops the simulator; the status
 * becomes the run's exit code just as if main had returned it. (A return
 * from main does not run them: crt0 halts directly.) */
RT_WEAK void exit(int status) {
  while (atexit_n > 0) {
    atexit_n--;
    atexit_fns[atexit_n].fn(atexit_fns[atexit_n].arg);
  }
  __halt(status);
}

RT_WEAK void _Exit(int status) { __halt(status); }

/* --- signals: only raise() (and abort) deliver them ---------------------- */

typedef void (*handler_t)(int);
#define NSIG 32
#define SIGABRT 6
static handler_t handlers[NSIG];

RT_WEAK handler_t signal(int sig, handler_t h) {
  if (sig <= 0 || sig >= NSIG) {
    errno = EINVAL;
    return (handler_t)-1;
  }
  handler_t old = handlers[sig];
  handlers[sig] = h;
  return old;
}

/* sigaction and sigset_t as <signal.h> declares them. */
typedef struct {
  unsigned long val[1024 / (8 * sizeof(unsigned long))];
} sigset_t;
struct sigaction {
  handler_t handler;
  sigset_t mask;
  int flags;
  void (*restorer)(void);
};

RT_WEAK int sigemptyset(sigset_t *set) {
  memset(set, 0, sizeof *set);
  return 0;
}

/* sigaction installs act's handler as signal does (masks and flags have
 * no effect: nothing interrupts a running program). */
RT_WEAK int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
  if (sig <= 0 || sig >= NSIG) {
    errno = EINVAL;
    return -1;
  }
  if (old) {
    memset(old, 0, sizeof *old);
    old->handler = handlers[sig];
  }
  if (act)
    handlers[sig] = act->handler;
  return 0;
}

/* raise calls the handler; the default action ends the run with status
 * 128 + sig, the code a shell reports for a program killed by sig. */
RT_WEAK int raise(int sig) {
  if (sig <= 0 || sig >= NSIG)
    return -1;
  handler_t h = handlers[sig];
  if (h == (handler_t)1) /* SIG_IGN */
    return 0;
  if (h == 0) {
    if (sig == SIGABRT)
      puts("abort() called");
    __halt(128 + sig);
  }
  handlers[sig] = 0;
  h(sig);
  return 0;
}

/* abort raises SIGABRT and, if a handler returns, still ends the run with
 * status 134 (128 + SIGABRT). */
RT_WEAK void abort(void) {
  if (handlers[SIGABRT] != 0 && handlers[SIGABRT] != (handler_t)1)
    raise(SIGABRT);
  handlers[SIGABRT] = 0;
  raise(SIGABRT);
  __halt(134);
}

/* __assert_fail reports a failed assert() like glibc, on stderr. */
RT_WEAK void __assert_fail(const char *expr, const char *file, unsigned line,
                   const char *func) {
  fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, func, expr);
  abort();
}

/* There is no environment and no command processor. */
RT_WEAK char *getenv(const char *name) {
  (void)name;
  return NULL;
}

RT_WEAK int system(const char *cmd) { return cmd ? -1 : 0; }

/* --- arithmetic ---------------------------------------------------------- */

typedef struct {
  int quot, rem;
} div_t;
typedef struct {
  long quot, rem;
} ldiv_t;
typedef struct {
  long long quot, rem;
} lldiv_t;

RT_WEAK int abs(int x) { return x < 0 ? -x : x; }
RT_WEAK long labs(long x) { return x < 0 ? -x : x; }
RT_WEAK long long llabs(long long x) { return x < 0 ? -x : x; }
RT_WEAK div_t div(int a, int b) { return (div_t){a / b, a % b}; }
RT_WEAK ldiv_t ldiv(long a, long b) { return (ldiv_t){a / b, a % b}; }
RT_WEAK lldiv_t lldiv(long long a, long long b) { return (lldiv_t){a / b, a % b}; }

/* --- rand: glibc's additive feedback generator (TYPE_3, degree 31), so a
 * seeded sequence is the same as on the host ------------------------------ */

static int rand_tbl[31];
static int rand_front, rand_rear, rand_ready;

RT_WEAK void srand(unsigned seed) {
  int *r = rand_tbl;
  r[0] = seed ? (int)seed : 1;
  for (int i = 1; i < 31; i++) {
    /* r[i] = 16807 * r[i-1] % 2147483647 without overflow (Schrage). */
    int hi = r[i - 1] / 127773, lo = r[i - 1] % 127773;
    int w = 16807 * lo - 2836 * hi;
    if (w < 0)
      w += 2147483647;
    r[i] = w;
  }
  rand_front = 3;
  rand_rear = 0;
  rand_ready = 1;
  /* glibc discards the first 310 outputs. */
  for (int i = 0; i < 310; i++)
    rand();
}

RT_WEAK int rand(void) {
  int *r = rand_tbl;
  if (!rand_ready)
    srand(1);
  /* r[f] += r[r], over a ring of 31 words as glibc's random_r does. */
  unsigned v = (unsigned)r[rand_front] + (unsigned)r[rand_rear];
  r[rand_front] = (int)v;
  if (++rand_front >= 31)
    rand_front = 0;
  if (++rand_rear >= 31)
    rand_rear = 0;
  return (int)(v >> 1);
}

/* --- sorting and searching ------------------------------------------------ */

static void swap_bytes(char *a, char *b, size_t n) {
  while (n--) {
    char t = *a;
    *a++ = *b;
    *b++ = t;
  }
}

/* qsort: heapsort (no recursion, O(n log n) worst case). */
static void sift(char *base, size_t root, size_t n, size_t size,
                 int (*cmp)(const void *, const void *)) {
  for (;;) {
    size_t child = 2 * root + 1;
    if (child >= n)
      return;
    if (child + 1 < n && cmp(base + child * size, base + (child + 1) * size) < 0)
      child++;
    if (cmp(base + root * size, base + child * size) >= 0)
      return;
    swap_bytes(base + root * size, base + child * size, size);
    root = child;
  }
}

RT_WEAK void qsort(void *base, size_t n, size_t size,
           int (*cmp)(const void *, const void *)) {
  char *b = base;
  if (n < 2 || size == 0)
    return;
  for (size_t i = n / 2; i-- > 0;)
    sift(b, i, n, size, cmp);
  for (size_t end = n - 1; end > 0; end--) {
    swap_bytes(b, b + end * size, size);
    sift(b, 0, end, size, cmp);
  }
}

RT_WEAK void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *)) {
  const char *b = base;
  while (n > 0) {
    const char *mid = b + (n / 2) * size;
    int c = cmp(key, mid);
    if (c == 0)
      return (void *)mid;
    if (c > 0) {
      b = mid + size;
      n -= n / 2 + 1;
    } else {
      n /= 2;
    }
  }
  return NULL;
}

/* --- <locale.h>: only the "C" locale ------------------------------------- */

struct lconv {
  char *decimal_point, *thousands_sep, *grouping, *int_curr_symbol,
      *currency_symbol, *mon_decimal_point, *mon_thousands_sep, *mon_grouping,
      *positive_sign, *negative_sign;
  char int_frac_digits, frac_digits, p_cs_precedes, p_sep_by_space,
      n_cs_precedes, n_sep_by_space, p_sign_posn, n_sign_posn,
      int_p_cs_precedes, int_p_sep_by_space, int_n_cs_precedes,
      int_n_sep_by_space, int_p_sign_posn, int_n_sign_posn;
};

static struct lconv c_lconv = {".", "", "", "", "", "", "", "", "", "",
                               127, 127, 127, 127, 127, 127, 127, 127,
                               127, 127, 127, 127, 127, 127};

/* setlocale accepts "C", "POSIX" and "" (which is "C" here). */
RT_WEAK char *setlocale(int category, const char *locale) {
  if (category < 0 || category > 6)
    return NULL;
  if (locale && *locale && strcmp(locale, "C") != 0 && strcmp(locale, "POSIX") != 0)
    return NULL;
  return "C";
}

RT_WEAK struct lconv *localeconv(void) { return &c_lconv; }

/* localeconv's struct as LP64 IR (x86-64, AArch64, RISC-V 64) lays it out:
 * ten 8-byte pointers, then the chars; its calls reach __lp64_localeconv
 * (frontend.LP64Entries). A pointer is stored as the 64-bit integer holding
 * it, so the frontend finds the address in the word it reads in either
 * byte order. */
struct lconv_lp64 {
  unsigned long long ptrs[10];
  char chars[14];
};

RT_WEAK struct lconv_lp64 *__lp64_localeconv(void) {
  static struct lconv_lp64 l;
  struct lconv *c = localeconv();
  char *ptrs[10];
  memcpy(ptrs, c, sizeof ptrs);
  for (int i = 0; i < 10; i++)
    l.ptrs[i] = (unsigned long)ptrs[i];
  memcpy(l.chars, &c->int_frac_digits, sizeof l.chars);
  return &l;
}

/* --- <time.h>: Cpu0 has no clock ----------------------------------------- */

/* time is always 0 (the epoch). */
RT_WEAK long time(long *t) {
  if (t)
    *t = 0;
  return 0;
}

/* time for LP64 IR (frontend.LP64Entries): its time_t is 8 bytes. */
RT_WEAK long __lp64_time(long long *t) {
  if (t)
    *t = 0;
  return 0;
}

/* clock counts its own calls: monotonic, but not processor time. */
RT_WEAK long clock(void) {
  static long ticks;
  return ticks++;
}

RT_WEAK double difftime(long a, long b) { return (double)(a - b); }
