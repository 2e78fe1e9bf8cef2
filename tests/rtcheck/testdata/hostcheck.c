/* Host-side check of the Cpu0 runtime's C code (printf formatting and the
 * 64-bit helpers), compiled with the host compiler against the host C
 * library as the reference. Run by runtime_test.go; prints "ok" and returns
 * 0 on success, otherwise lists the mismatches.
 *
 * The runtime's printf.c and int64.c are #included with their public names
 * renamed so that they do not replace the host library's functions. */
#define putchar rt_putchar
#define printf rt_printf
#define vprintf rt_vprintf
#define __udivmoddi4 rt_udivmoddi4
#define __udivdi3 rt_udivdi3
#define __umoddi3 rt_umoddi3
#define __divdi3 rt_divdi3
#define __moddi3 rt_moddi3
#define __ashldi3 rt_ashldi3
#define __lshrdi3 rt_lshrdi3
#define __ashrdi3 rt_ashrdi3
#define __muldi3 rt_muldi3
#define puts rt_puts
#define memcpy rt_memcpy
#define memmove rt_memmove
#define memset rt_memset
#define memcmp rt_memcmp
#define strlen rt_strlen
#define strcmp rt_strcmp
#define strncmp rt_strncmp
#define strcpy rt_strcpy
#define abort rt_abort
#define exit rt_exit
#define __halt rt_halt
#include "../../../runtime/cpu0/int64.c"
#include "../../../runtime/cpu0/printf.c"
#include "../../../runtime/cpu0/string.c"
#undef putchar
#undef printf
#undef vprintf
#undef memcpy
#undef memmove
#undef memset
#undef memcmp
#undef strlen
#undef strcmp
#undef strncmp
#undef strcpy
#undef abort
#undef exit

#include <stdio.h>
#include <string.h>

static char out[512];
static int outn;

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

int main(void) {
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

  char buf[32];
  strcpy(buf, "abcdef");
  rt_memmove(buf + 2, buf, 4);
  rt_memmove(buf + 8, "xyz", 4);
  rt_memmove(buf, buf + 1, 3);
  if (strcmp(buf, "babbcd") != 0 && (failures++, 1))
    fprintf(stderr, "memmove: got %s\n", buf);
  if (rt_strcmp("abc", "abd") >= 0 || rt_strncmp("abc", "abd", 2) != 0 ||
      rt_memcmp("\xff", "\x01", 1) <= 0 || rt_strlen("hello") != 5) {
    fprintf(stderr, "string compare functions disagree\n");
    failures++;
  }
  if (failures) {
    printf("%d failures\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
