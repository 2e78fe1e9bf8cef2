/* Host-side check of the Cpu0 runtime's C library (runtime/cpu0: strto*,
 * string.h, ctype.h, snprintf, rand, qsort/bsearch, malloc) against the host
 * C library. Run by rtcheck_test.go; prints "ok" and returns 0 on success,
 * otherwise lists the mismatches on stderr.
 *
 * The runtime's sources are #included with their public names renamed
 * (rt_*), so they do not replace the host library's functions. */
#include "rename.h"

static char rt_heap[1 << 22] __attribute__((aligned(8)));
#define HEAP_START rt_heap
#define HEAP_LIMIT (rt_heap + sizeof rt_heap)

/* The console and input ports: each store to CPU0_CONSOLE appends to
 * console[], each load from CPU0_INPUT takes the next byte of input[]. */
static char console[4096];
static int console_n;
static const char *input;
static int input_n, input_pos, input_word;
static volatile int *next_input(void) {
  input_word = input_pos < input_n ? (unsigned char)input[input_pos++] : -1;
  return &input_word;
}
#define CPU0_CONSOLE (&console[console_n < 4095 ? console_n++ : console_n])
#define CPU0_INPUT (next_input())

/* The host-call port: this check has no host files, so every call fails
 * with ENOENT (isatty answers 0). */
static void host_call(volatile int *blk) {
  blk[4] = blk[0] == 9 ? 0 : -1;
  blk[5] = 2;
}
#define CPU0_HOSTCALL(blk) host_call(blk)

#include "../../../runtime/cpu0/ctype.c"
#include "../../../runtime/cpu0/io.c"
#include "../../../runtime/cpu0/int64.c"
#include "../../../runtime/cpu0/malloc.c"
#include "../../../runtime/cpu0/printf.c"
#include "../../../runtime/cpu0/stdlib.c"
#include "../../../runtime/cpu0/string.c"
#include "../../../runtime/cpu0/strto.c"
#include "../../../runtime/cpu0/timefmt.c"

#include "unrename.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

static int exiting;
static char bye_order[8];
static void bye1(void) { strcat(bye_order, "1"); }
static void bye2(void) { strcat(bye_order, "2"); }

void rt_halt(int status) {
  if (exiting && status == 7 && strcmp(bye_order, "21") == 0) {
    printf("ok\n");
    exit(0);
  }
  fprintf(stderr, "runtime halted with %d (atexit order \"%s\")\n", status, bye_order);
  exit(1);
}

static int failures;
#define FAIL(...)                                                              \
  do {                                                                         \
    fprintf(stderr, __VA_ARGS__);                                              \
    fputc('\n', stderr);                                                       \
    if (++failures > 50)                                                       \
      exit(1);                                                                 \
  } while (0)

static unsigned long long rng = 0x243F6A8885A308D3ull;
static unsigned long long next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* --- strto* ---------------------------------------------------------------- */

static void check_int(const char *s) {
  static const int bases[] = {0, 2, 8, 10, 16, 36};
  for (int i = 0; i < 6; i++) {
    int b = bases[i];
    char *e1, *e2;
    errno = 0;
    *rt___errno_location() = 0;
    long long w = strtoll(s, &e1, b);
    int we = errno;
    long long g = rt_strtoll(s, &e2, b);
    if (g != w || e1 != e2 || *rt___errno_location() != we)
      FAIL("strtoll(\"%s\", %d) = %lld end %d errno %d, want %lld end %d errno %d", s, b, g,
           (int)(e2 - s), *rt___errno_location(), w, (int)(e1 - s), we);
    errno = 0;
    *rt___errno_location() = 0;
    unsigned long long uw = strtoull(s, &e1, b);
    we = errno;
    unsigned long long ug = rt_strtoull(s, &e2, b);
    if (ug != uw || e1 != e2 || *rt___errno_location() != we)
      FAIL("strtoull(\"%s\", %d) = %llu, want %llu", s, b, ug, uw);
    errno = 0;
    *rt___errno_location() = 0;
    long lw = strtol(s, &e1, b);
    we = errno;
    long lg = rt_strtol(s, &e2, b);
    if (lg != lw || e1 != e2 || *rt___errno_location() != we)
      FAIL("strtol(\"%s\", %d) = %ld errno %d, want %ld errno %d", s, b, lg,
           *rt___errno_location(), lw, we);
    errno = 0;
    *rt___errno_location() = 0;
    unsigned long ulw = strtoul(s, &e1, b);
    we = errno;
    unsigned long ulg = rt_strtoul(s, &e2, b);
    if (ulg != ulw || e1 != e2 || *rt___errno_location() != we)
      FAIL("strtoul(\"%s\", %d) = %lu, want %lu", s, b, ulg, ulw);
  }
}

static void check_fp(const char *s) {
  char *e1, *e2;
  errno = 0;
  *rt___errno_location() = 0;
  double w = strtod(s, &e1);
  int we = errno;
  double g = rt_strtod(s, &e2);
  unsigned long long wb, gb;
  memcpy(&wb, &w, 8);
  memcpy(&gb, &g, 8);
  if (wb != gb || e1 != e2 || *rt___errno_location() != we)
    FAIL("strtod(\"%s\") = %a end %d errno %d, want %a end %d errno %d", s, g, (int)(e2 - s),
         *rt___errno_location(), w, (int)(e1 - s), we);
  errno = 0;
  *rt___errno_location() = 0;
  float wf = strtof(s, &e1);
  we = errno;
  float gf = rt_strtof(s, &e2);
  unsigned wfb, gfb;
  memcpy(&wfb, &wf, 4);
  memcpy(&gfb, &gf, 4);
  if (wfb != gfb || e1 != e2 || *rt___errno_location() != we)
    FAIL("strtof(\"%s\") = %a errno %d, want %a errno %d", s, (double)gf,
         *rt___errno_location(), (double)wf, we);
}

static const char *int_cases[] = {
    "0", "-0", "+7", "  \t\n42abc", "-2147483648", "2147483647", "2147483648", "-2147483649",
    "4294967295", "4294967296", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
    "18446744073709551616", "99999999999999999999999", "-1", "0x", "0x1g", "0X7fffFFFF", "0xg",
    "0777", "0778", "09", "zz", "Zz9", "", "   ", "-", "+-1", "1010102", "-0x10", "0b101",
};

static const char *fp_cases[] = {
    "0", "-0", "1", "0.1", "3.14159", ".5", "5.", ".", "-.e1", "1e", "1e+", "1e-5x", "1E400",
    "-1e400", "1e-400", "2.2250738585072011e-308", "2.2250738585072014e-308",
    "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
    "9007199254740993", "9007199254740992.5", "9007199254740993.0000000000000000001",
    "123456789012345678901234567890", "0.000000000000000000000000000001234",
    "inf", "-Infinity", "infinit", "nan", "NaN(123)", "nan(", "0x1p-1074", "0x1.fffffffffffff8p1023",
    "0x1.8p3", "0X.8P1", "0x", "0x1.000000000000000001p0", "0x1.00000000000008p0",
    "0x1.00000000000018p0", "1.00000005960464477539062500001", "1.000000059604644775390625",
    "3.4028235677973366e38", "3.4028235e38", "1.17549435e-38", "1.4e-45", "7e-46", "7.1e-46",
    "  +12.5e-1 tail", "1_000", "00000000000000000000000000000001.5",
    "0.0000000000000000000000000000000000000000000000000000000000000000000000000001e70",
};

/* --- main ----------------------------------------------------------------- */

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void) {
  for (size_t i = 0; i < sizeof int_cases / sizeof *int_cases; i++)
    check_int(int_cases[i]);
  for (size_t i = 0; i < sizeof fp_cases / sizeof *fp_cases; i++)
    check_fp(fp_cases[i]);
  char buf[256];
  for (int i = 0; i < 20000; i++) {
    unsigned long long r = next();
    check_int((snprintf(buf, sizeof buf, "%lld", (long long)next() >> (r % 64)), buf));
    /* Doubles printed at various precisions (halfway cases included),
     * random digit strings and exponents across the whole range. */
    double d;
    unsigned long long bits = next();
    memcpy(&d, &bits, 8);
    if (d != d)
      continue;
    static const char *fmts[] = {"%.17g", "%.20e", "%.3g", "%.16e", "%.40e", "%a", "%.9g"};
    snprintf(buf, sizeof buf, fmts[r % 7], d);
    check_fp(buf);
    int nd = 1 + (int)(next() % 40), e = (int)(next() % 700) - 350, n = 0;
    for (int k = 0; k < nd; k++)
      buf[n++] = (char)('0' + next() % 10);
    n += snprintf(buf + n, 20, "e%d", e - nd);
    check_fp(buf);
    float f;
    unsigned fb = (unsigned)next();
    memcpy(&f, &fb, 4);
    if (f == f) {
      snprintf(buf, sizeof buf, r & 1 ? "%.9g" : "%.12e", (double)f);
      check_fp(buf);
    }
  }
  /* Exact halfway points between adjacent doubles, written out in full,
   * and one digit more or less (the hardest cases for rounding). */
  static char half[1200];
  for (int i = 0; i < 300; i++) {
    unsigned long long bits = next() & 0x7fefffffffffffffull;
    if (i % 3 == 0)
      bits &= 0x000fffffffffffffull; /* subnormal */
    double lo, hi;
    memcpy(&lo, &bits, 8);
    bits++;
    memcpy(&hi, &bits, 8);
    /* x86-64 long double holds the midpoint exactly; %.800Le prints all
     * of its (at most 769) significant digits. */
    long double mid = ((long double)lo + (long double)hi) / 2;
    snprintf(half, sizeof half, "%.800Le", mid);
    check_fp(half);
    char *e = strchr(half, 'e');
    e[-1] = '1'; /* just above the midpoint */
    check_fp(half);
    snprintf(buf, sizeof buf, "%.60Le", mid);
    check_fp(buf);
  }

  /* memmove overlaps and the compare functions. */

  strcpy(buf, "abcdef");
  rt_memmove(buf + 2, buf, 4);
  rt_memmove(buf + 8, "xyz", 4);
  rt_memmove(buf, buf + 1, 3);
  if (strcmp(buf, "babbcd") != 0 && (failures++, 1))
    fprintf(stderr, "memmove: got %s\n", buf);
  if (rt_strcmp("abc", "abd") >= 0 || rt_strncmp("abc", "abd", 2) != 0 ||
      rt_memcmp("\xff", "\x01", 1) <= 0 || rt_strlen("hello") != 5 ||
      rt_bcmp("abcd", "abce", 3) != 0 || rt_bcmp("abcd", "abce", 4) == 0 ||
      rt_bcmp("\x80", "\x00", 1) == 0 || rt_bcmp("", "x", 0) != 0) {
    fprintf(stderr, "string compare functions disagree\n");
    failures++;
  }

  /* ctype over every argument value. */
  for (int c = -1; c < 256; c++) {
#define CT(fn)                                                                 \
  if (!!fn(c) != !!rt_##fn(c))                                                 \
    FAIL(#fn "(%d) = %d, want %d", c, rt_##fn(c), fn(c));
    CT(isalnum) CT(isalpha) CT(isblank) CT(iscntrl) CT(isdigit) CT(isgraph) CT(islower)
    CT(isprint) CT(ispunct) CT(isspace) CT(isupper) CT(isxdigit)
    if (tolower(c) != rt_tolower(c) || toupper(c) != rt_toupper(c))
      FAIL("tolower/toupper(%d)", c);
  }

  /* string.h on random short strings over a small alphabet. */
  for (int i = 0; i < 20000; i++) {
    char a[24], b[8], x[64], y[64];
    int na = (int)(next() % 20), nb = (int)(next() % 5);
    for (int k = 0; k < na; k++)
      a[k] = "abc, ;"[next() % 6];
    a[na] = 0;
    for (int k = 0; k < nb; k++)
      b[k] = "abc, ;"[next() % 6];
    b[nb] = 0;
    int ch = "abcx;\0"[next() % 6];
    size_t n = next() % 24;
#define PTR(call, rcall)                                                       \
  if ((call) != (rcall))                                                       \
    FAIL(#call " a=\"%s\" b=\"%s\" c=%d n=%d", a, b, ch, (int)n);
    PTR(strchr(a, ch) ? strchr(a, ch) - a : -1, rt_strchr(a, ch) ? rt_strchr(a, ch) - a : -1)
    PTR(strrchr(a, ch) ? strrchr(a, ch) - a : -1, rt_strrchr(a, ch) ? rt_strrchr(a, ch) - a : -1)
    PTR(strstr(a, b) ? strstr(a, b) - a : -1, rt_strstr(a, b) ? rt_strstr(a, b) - a : -1)
    PTR(strpbrk(a, b) ? strpbrk(a, b) - a : -1, rt_strpbrk(a, b) ? rt_strpbrk(a, b) - a : -1)
    PTR(strspn(a, b), rt_strspn(a, b))
    PTR(strcspn(a, b), rt_strcspn(a, b))
    PTR(strnlen(a, n), rt_strnlen(a, n))
    PTR(memchr(a, ch, n < (size_t)na ? n : (size_t)na) ? 1 : 0,
        rt_memchr(a, ch, n < (size_t)na ? n : (size_t)na) ? 1 : 0)
    PTR(strncmp(a, b, n) < 0 ? -1 : strncmp(a, b, n) > 0, rt_strncmp(a, b, n) < 0 ? -1 : rt_strncmp(a, b, n) > 0)
    memset(x, 'Z', sizeof x);
    memset(y, 'Z', sizeof y);
    strncpy(x, a, n);
    rt_strncpy(y, a, n);
    PTR(memcmp(x, y, sizeof x), 0)
    strcpy(x, b);
    strcpy(y, b);
    strncat(x, a, n);
    rt_strncat(y, a, n);
    PTR(strcmp(x, y), 0)
    strcat(x, a);
    rt_strcat(y, a);
    PTR(strcmp(x, y), 0)
    /* strtok over the same string with both libraries. */
    strcpy(x, a);
    strcpy(y, a);
    char *t1 = strtok(x, b), *t2 = rt_strtok(y, b);
    for (;;) {
      PTR(t1 ? t1 - x : -1, t2 ? t2 - y : -1)
      if (!t1 || !t2)
        break;
      t1 = strtok(NULL, b);
      t2 = rt_strtok(NULL, b);
    }
  }

  /* Output streams: what reaches the console, against the same calls on a
   * host memory stream. */
  {
    static char hostbuf[4096];
    FILE *h = fmemopen(hostbuf, sizeof hostbuf, "w");
    console_n = 0;
    *rt___errno_location() = ENOENT;
    errno = ENOENT;
    rt_perror("perror");
    fprintf(h, "perror: %s\n", strerror(ENOENT));
    rt_fputs("fputs|", rt_stdout);
    fputs("fputs|", h);
    rt_fputc('c', rt_stderr);
    fputc('c', h);
    rt_putc('p', rt_stdout);
    putc('p', h);
    rt_fwrite("abcdef", 2, 3, rt_stdout);
    fwrite("abcdef", 2, 3, h);
    rt_fprintf(rt_stdout, "|%d|%s\n", 42, "fprintf");
    fprintf(h, "|%d|%s\n", 42, "fprintf");
    rt_puts("puts");
    fputs("puts\n", h);
    rt_printf("%5.2f%%\n", 12.345);
    fprintf(h, "%5.2f%%\n", 12.345);
    fclose(h);
    console[console_n] = 0;
    if (strcmp(console, hostbuf) != 0)
      FAIL("console output:\n%s\nwant:\n%s", console, hostbuf);
    if (rt_fopen("x", "r") != NULL || *rt___errno_location() != ENOENT)
      FAIL("fopen did not fail with ENOENT");
    if (rt_isatty(0) != 0 || rt_isatty(7) != 0 || *rt___errno_location() != ENOTTY)
      FAIL("isatty without a terminal");
  }

  /* Input: getchar, fgets, ungetc, fread and the EOF flag on the same
   * bytes as a host memory stream. */
  static const char *inputs[] = {"", "a", "line one\nline two\n\nlast", "x\n", "0123456789abcdefghij\n"};
  for (int k = 0; k < 5; k++) {
    for (int size = 1; size < 8; size += 3) {
      char text[64];
      strcpy(text, inputs[k]);
      FILE *h = fmemopen(text, strlen(text) ? strlen(text) : 1, "r");
      if (!strlen(text))
        fgetc(h); /* an empty stream: make it be at EOF */
      input = inputs[k];
      input_n = (int)strlen(inputs[k]);
      input_pos = 0;
      rt_clearerr(rt_stdin);
      rt_stdin->unget = -1;
      for (int step = 0; step < 12; step++) {
        char g[16], w[16];
        memset(g, 'Z', sizeof g);
        memset(w, 'Z', sizeof w);
        int op = (step + k) % 4;
        if (op == 0) {
          int gc = rt_getchar(), wc = fgetc(h);
          if (gc != wc)
            FAIL("getchar: %d, want %d (input %d step %d)", gc, wc, k, step);
        } else if (op == 1) {
          char *gr = rt_fgets(g, size + 1, rt_stdin), *wr = fgets(w, size + 1, h);
          if ((gr == NULL) != (wr == NULL) || memcmp(g, w, sizeof g) != 0)
            FAIL("fgets(%d): \"%.16s\", want \"%.16s\" (input %d step %d)", size + 1,
                 gr ? g : "NULL", wr ? w : "NULL", k, step);
        } else if (op == 2) {
          size_t gn = rt_fread(g, 1, (size_t)size, rt_stdin), wn = fread(w, 1, (size_t)size, h);
          if (gn != wn || memcmp(g, w, gn) != 0)
            FAIL("fread: %d, want %d", (int)gn, (int)wn);
        } else {
          int gc = rt_getc(rt_stdin), wc = getc(h);
          if (gc != wc || (gc != EOF && rt_ungetc(gc, rt_stdin) != ungetc(wc, h)))
            FAIL("getc/ungetc: %d, want %d", gc, wc);
        }
        if (!!rt_feof(rt_stdin) != !!feof(h))
          FAIL("feof: %d, want %d (input %d step %d)", rt_feof(rt_stdin), feof(h), k, step);
      }
      fclose(h);
    }
  }

  /* snprintf truncation and return values. */
  for (int n = 0; n < 12; n++) {
    char w[16], g[16];
    memset(w, 'Q', sizeof w);
    memset(g, 'Q', sizeof g);
    int wr = snprintf(w, n, "%s=%d|%.2f", "key", -123, 2.5);
    int gr = rt_snprintf(g, n, "%s=%d|%.2f", "key", -123, 2.5);
    if (wr != gr || memcmp(w, g, sizeof w) != 0)
      FAIL("snprintf(n=%d): got %d \"%.16s\", want %d \"%.16s\"", n, gr, g, wr, w);
  }
  char want[64];
  int wn = sprintf(want, "%5.1f%%|%-3c|%04X|%s", 99.95, 'q', 0xbeef, "end");
  if (rt_sprintf(buf, "%5.1f%%|%-3c|%04X|%s", 99.95, 'q', 0xbeef, "end") != wn || strcmp(buf, want) != 0)
    FAIL("sprintf: \"%s\", want \"%s\"", buf, want);

  /* rand: glibc's generator, seeded and unseeded. */
  for (int i = 0; i < 1000; i++)
    if (rand() != rt_rand())
      FAIL("rand() #%d differs (unseeded)", i);
  static const unsigned seeds[] = {0, 1, 2, 42, 12345, 2147483647u, 2147483648u, 4294967295u};
  for (int s = 0; s < 8; s++) {
    srand(seeds[s]);
    rt_srand(seeds[s]);
    for (int i = 0; i < 1000; i++)
      if (rand() != rt_rand()) {
        FAIL("rand() #%d after srand(%u) differs", i, seeds[s]);
        break;
      }
  }

  /* qsort/bsearch. */
  for (int t = 0; t < 200; t++) {
    int a[100], n = (int)(next() % 100);
    for (int i = 0; i < n; i++)
      a[i] = (int)(next() % 50) - 25;
    rt_qsort(a, (size_t)n, sizeof a[0], cmp_int);
    for (int i = 1; i < n; i++)
      if (a[i - 1] > a[i])
        FAIL("qsort: not sorted (n=%d)", n);
    for (int k = -27; k < 27; k++) {
      int *w = bsearch(&k, a, (size_t)n, sizeof a[0], cmp_int);
      int *g = rt_bsearch(&k, a, (size_t)n, sizeof a[0], cmp_int);
      if ((w == NULL) != (g == NULL) || (g && *g != k))
        FAIL("bsearch(%d) n=%d", k, n);
    }
  }

  /* malloc/realloc/free: random operations; every live block keeps its
   * fill byte, lies in the heap, is 8-aligned and overlaps no other. */
  static unsigned char *live[256];
  static size_t len[256];
  for (int op = 0; op < 200000; op++) {
    int i = (int)(next() % 256);
    size_t n = next() % 4 == 0 ? next() % 5000 : next() % 64;
    if (live[i]) {
      for (size_t k = 0; k < len[i]; k++)
        if (live[i][k] != (unsigned char)i) {
          FAIL("malloc: block %d corrupted", i);
          break;
        }
      if (next() % 2) {
        rt_free(live[i]);
        live[i] = NULL;
        continue;
      }
      unsigned char *p = rt_realloc(live[i], n + 1);
      if (!p) {
        FAIL("realloc(%d) failed", (int)n + 1);
        continue;
      }
      for (size_t k = 0; k < (len[i] < n + 1 ? len[i] : n + 1); k++)
        if (p[k] != (unsigned char)i) {
          FAIL("realloc lost data");
          break;
        }
      live[i] = p;
    } else {
      live[i] = next() % 3 ? rt_malloc(n + 1) : rt_calloc(n + 1, 1);
      if (!live[i]) {
        FAIL("malloc(%d) failed", (int)n + 1);
        continue;
      }
    }
    len[i] = n + 1;
    memset(live[i], i, len[i]);
    if (((unsigned long)live[i] & 7) || live[i] < (unsigned char *)rt_heap ||
        live[i] + len[i] > (unsigned char *)rt_heap + sizeof rt_heap)
      FAIL("malloc: bad block %p", (void *)live[i]);
  }
  if (rt_malloc((size_t)1 << 40) != NULL || *rt___errno_location() != ENOMEM)
    FAIL("malloc(2^40) did not fail with ENOMEM");

  /* gmtime, strftime (every conversion, C locale) and mktime against
   * glibc's gmtime, strftime and timegm, over ±2^40 seconds. */
  {
    static const char *const fmts[] = {
        "%a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %m %M %n %p %r %R %S %t %T %u %U %V %w %W %x %X %y %Y %z %Z %%",
        "%Ec %EC %Ex %EX %Ey %EY %Od %Oe %OH %OI %Om %OM %OS %Ou %OU %OV %Ow %OW %Oy"};
    unsigned long long r = 12345;
    for (int i = 0; i < 20000; i++) {
      r = r * 6364136223846793005ULL + 1442695040888963407ULL;
      long t = (long)((long long)(r >> 20) % (1LL << 40)) - (1LL << 39);
      if (i < 400)
        t = (long)(i - 200) * 86400 * 7 + (i % 3) * 3600; /* year boundaries near 1970 */
      time_t ht = t;
      struct tm *h = gmtime(&ht);
      struct rt_tm *g = rt_gmtime(&t);
      if (g->tm_year != h->tm_year || g->tm_mon != h->tm_mon || g->tm_mday != h->tm_mday ||
          g->tm_hour != h->tm_hour || g->tm_min != h->tm_min || g->tm_sec != h->tm_sec ||
          g->tm_wday != h->tm_wday || g->tm_yday != h->tm_yday) {
        fprintf(stderr, "gmtime(%ld) differs\n", t);
        failures++;
        break;
      }
      for (int k = 0; k < 2; k++) {
        char want[512], got[512];
        size_t wn = strftime(want, sizeof want, fmts[k], h);
        size_t gn = rt_strftime(got, sizeof got, fmts[k], g);
        if (wn != gn || strcmp(want, got) != 0) {
          fprintf(stderr, "strftime(%s) at %ld: got %s, want %s\n", fmts[k], t, got, want);
          failures++;
          break;
        }
      }
      struct tm hm = *h;
      struct rt_tm gm = *g;
      int d = (int)(r % 2000) - 1000;
      hm.tm_mday += d, gm.tm_mday += d;
      hm.tm_mon += d / 7, gm.tm_mon += d / 7;
      hm.tm_sec -= d * 13, gm.tm_sec -= d * 13;
      if ((long)timegm(&hm) != rt_mktime(&gm) || hm.tm_yday != gm.tm_yday || hm.tm_wday != gm.tm_wday) {
        fprintf(stderr, "mktime at %ld%+d differs\n", t, d);
        failures++;
        break;
      }
    }
    char small[4];
    struct rt_tm *g = rt_gmtime(&(long){0});
    if (rt_strftime(small, sizeof small, "%Y", g) != 0 || rt_strftime(small, sizeof small, "%y", g) != 2) {
      fprintf(stderr, "strftime's result length\n");
      failures++;
    }
  }

  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  /* exit runs the atexit handlers, last registered first, then halts;
   * rt_halt prints "ok" when that happened. */
  exiting = 1;
  if (rt_atexit(bye1) != 0 || rt_atexit(bye2) != 0)
    return 1;
  rt_exit(7);
}
