/* Host-side check of the Cpu0 runtime's C code (printf formatting, the
 * 64-bit helpers and the wide-integer division helpers; libccheck.c checks
 * the rest of the C library), compiled with the host compiler against the host C
 * library as the reference. Run by runtime_test.go; prints "ok" and returns
 * 0 on success, otherwise lists the mismatches.
 *
 * The runtime's printf.c and int64.c are #included (rename.h) with their public names
 * renamed so that they do not replace the host library's functions. */
#include "rename.h"
#include "../../../runtime/cpu0/int64.c"
#include "../../../runtime/cpu0/printf.c"
#include "../../../runtime/cpu0/wideint.c"
#include "unrename.h"

#include <stdio.h>
#include <sys/types.h>
#include <string.h>

static char out[512];
static int outn;

/* printf.c writes through fputc(c, stdout). */
static rt_FILE out_file = {0, 0, -1};
rt_FILE *rt_stdout = &out_file;
int rt_fputc(int c, rt_FILE *f) { return (void)f, rt_putchar(c); }

int rt_putchar(int c) {
  if (outn < (int)sizeof out - 1)
    out[outn++] = (char)c;
  return (unsigned char)c;
}

static int failures;

#define CHECKF(fmt, ...)                                                       \
  do {                                                                         \
    char want[512];                                                            \
    outn = 0;                                                                  \
    int got_n = rt_printf(fmt, __VA_ARGS__);                                   \
    out[outn] = 0;                                                             \
    int want_n = snprintf(want, sizeof want, fmt, __VA_ARGS__);                \
    if (strcmp(out, want) != 0 || got_n != want_n) {                           \
      fprintf(stderr, "printf(%s): got %s (%d), want %s (%d)\n", #fmt, out,    \
              got_n, want, want_n);                                            \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static unsigned long long rng = 0x9E3779B97F4A7C15ull;
static unsigned long long next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  /* Mix in short values and edge patterns, where long division is hard. */
  switch (rng % 8) {
  case 0:
    return rng >> (rng % 64);
  case 1:
    return (unsigned long long)(long long)(int)rng;
  case 2:
    return 1ull << (rng % 64);
  case 3:
    return ~0ull - (rng % 5);
  case 4:
    return 0x8000000000000000ull + (rng % 3);
  default:
    return rng;
  }
}

#define EQ(name, got, want)                                                    \
  do {                                                                         \
    unsigned long long g_ = (got), w_ = (want);                                \
    if (g_ != w_) {                                                            \
      fprintf(stderr, "%s(%llx, %llx) = %llx, want %llx\n", name, a, b, g_,    \
              w_);                                                             \
      failures++;                                                              \
    }                                                                          \
  } while (0)

typedef unsigned __int128 u128;
typedef __int128 s128;

/* checkEI4 compares the arbitrary-width division helpers at 128 bits with
 * the host's __int128 (the host is little-endian: word 0 first). */
static void checkEI4(u128 a, u128 b) {
  u128 r;
  if (b == 0)
    return;
  rt_udivei4((unsigned *)&r, (unsigned *)&a, (unsigned *)&b, 128);
  if (r != a / b && (failures++, 1))
    fprintf(stderr, "udivei4 128 mismatch\n");
  rt_umodei4((unsigned *)&r, (unsigned *)&a, (unsigned *)&b, 128);
  if (r != a % b && (failures++, 1))
    fprintf(stderr, "umodei4 128 mismatch\n");
  s128 sa = (s128)a, sb = (s128)b;
  if (sb == -1)
    return; /* MIN / -1 overflows */
  rt_divei4((unsigned *)&r, (unsigned *)&a, (unsigned *)&b, 128);
  if ((s128)r != sa / sb && (failures++, 1))
    fprintf(stderr, "divei4 128 mismatch\n");
  rt_modei4((unsigned *)&r, (unsigned *)&a, (unsigned *)&b, 128);
  if ((s128)r != sa % sb && (failures++, 1))
    fprintf(stderr, "modei4 128 mismatch\n");
}

/* checkEI4Wide checks 256-bit unsigned division by its definition:
 * q*b + r == a with r < b (no host type is that wide). */
static void checkEI4Wide(const unsigned *a, const unsigned *b) {
  unsigned q[8], r[8], acc[8] = {0};
  int nz = 0;
  for (int i = 0; i < 8; i++)
    nz |= b[i] != 0;
  if (!nz)
    return;
  rt_udivei4(q, (unsigned *)a, (unsigned *)b, 256);
  rt_umodei4(r, (unsigned *)a, (unsigned *)b, 256);
  for (int i = 0; i < 8; i++) { /* acc = q * b mod 2^256 */
    unsigned long long carry = 0;
    for (int j = 0; i + j < 8; j++) {
      unsigned long long t = (unsigned long long)q[i] * b[j] + acc[i + j] + carry;
      acc[i + j] = (unsigned)t;
      carry = t >> 32;
    }
  }
  unsigned long long carry = 0;
  for (int i = 0; i < 8; i++) { /* acc += r */
    unsigned long long t = (unsigned long long)acc[i] + r[i] + carry;
    acc[i] = (unsigned)t;
    carry = t >> 32;
  }
  int less = 0;
  for (int i = 7; i >= 0; i--)
    if (r[i] != b[i]) {
      less = r[i] < b[i];
      break;
    }
  if ((memcmp(acc, a, sizeof acc) != 0 || !less) && (failures++, 1))
    fprintf(stderr, "udivei4/umodei4 256: q*b+r != a or r >= b\n");
}

int main(void) {
  for (int i = 0; i < 20000; i++) {
    u128 a = (u128)next() << 64 | next(), b = (u128)next() << 64 | next();
    checkEI4(a, b);
    checkEI4(a, b >> (next() % 128));
    checkEI4(a >> (next() % 128), b);
    unsigned wa[8], wb[8];
    for (int k = 0; k < 8; k += 2) {
      unsigned long long x = next(), y = next();
      wa[k] = (unsigned)x, wa[k + 1] = (unsigned)(x >> 32);
      wb[k] = (unsigned)y, wb[k + 1] = (unsigned)(y >> 32);
    }
    for (int k = 7 - (int)(next() % 8); k < 8; k++)
      wb[k] = 0;
    checkEI4Wide(wa, wb);
  }

  CHECKF("%d %i %u", 0, -1, 4000000000u);
  CHECKF("%d|%d", -2147483647 - 1, 2147483647);
  CHECKF("%5d|%-5d|%05d|%-05d|", 42, 42, -42, 7);
  CHECKF("%x %X %08x %x", 0xdeadbeefu, 0xabcu, 0x1fu, 0u);
  CHECKF("%lld %llu %llx", -9223372036854775807ll - 1, 18446744073709551615ull,
         0x123456789abcdefull);
  CHECKF("%lld|%20lld|%-20lld|%020lld", 1234567890123ll, -5ll, 77ll, -77ll);
  CHECKF("%c%c%c|%3c|%-3c|", 'a', 'b', 'c', 'x', 'y');
  CHECKF("%s|%10s|%-10s|%2s|", "hi", "right", "left", "long");
  CHECKF("%hd %hu %hhd %hhu", 70000, 70000, 300, 300);
  CHECKF("%*d|%-*d|", 6, 12, 6, 12);
  CHECKF("100%% %d", 1);
  CHECKF("%ld %lu %lx", 123456789l, 987654321ul, 0xfffl);
  CHECKF("%o %#o %#o %5o|%-#6o|%.3o %#.0o %.0o|", 8u, 8u, 0u, 511u, 9u, 7u, 0u, 0u);
  CHECKF("%llo %zu %zd %jd %tu", 01777777777777777777777ull, (size_t)123, (ssize_t)-5,
         (long long)-9, (size_t)77);
  /* %a/%A (hexadecimal floats, glibc's style) on every class of double,
   * with and without precision, width and flags. */
  CHECKF("%a %a %a %a %A", 1.0, 0.1, -0.0, 255.5, 3.141592653589793);
  CHECKF("%a %a %a %a", 4.9e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e-310);
  CHECKF("%a %A %a %a", 1.0 / 0.0, -1.0 / 0.0, __builtin_nan(""), -__builtin_nan(""));
  CHECKF("%.0a %.0a %.1a %.1a %.3a %.13a %.20a", 1.5, 2.5, 1.96875, 1.03125, 3.141592653589793, 0.1, 0.1);
  CHECKF("%#a %#.0a %+a % a %15a|%-15a|%015a|%+015.2A", 1.0, 1.0, 2.0, 2.0, 0.5, 0.5, -0.5, 10.0);
  for (int i = 0; i < 20000; i++) {
    union {
      unsigned long long u;
      double d;
    } v = {next()};
    int p = (int)(next() % 16) - 1;
    CHECKF("%a", v.d);
    CHECKF("%.*a", p, v.d);
    CHECKF("%.*A", p, v.d / 3);
  }

  for (int i = 0; i < 200000; i++) {
    unsigned long long a = next(), b = next();
    int s = (int)(next() % 64);
    EQ("muldi3", rt_muldi3(a, b), a * b);
    EQ("ashldi3", rt_ashldi3(a, s), a << s);
    EQ("lshrdi3", rt_lshrdi3(a, s), a >> s);
    EQ("ashrdi3", rt_ashrdi3(a, s), (unsigned long long)((long long)a >> s));
    if (b == 0)
      continue;
    EQ("udivdi3", rt_udivdi3(a, b), a / b);
    EQ("umoddi3", rt_umoddi3(a, b), a % b);
    long long sa = (long long)a, sb = (long long)b;
    if (sa == -9223372036854775807ll - 1 && sb == -1)
      continue;
    EQ("divdi3", rt_divdi3(sa, sb), sa / sb);
    EQ("moddi3", rt_moddi3(sa, sb), sa % sb);
  }

  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
