/* The runtime's headers give what glibc's give, whatever the triple:
 * isinf's sign (glibc's isinf is __builtin_isinf_sign: -1 for -inf),
 * <inttypes.h>'s PRI and SCN macros, sscanf, strcasecmp. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static volatile double vals[] = {1.0, -1.0, 0.0};

int main(void) {
  double inf = vals[0] / vals[2], ninf = -inf, nan = vals[2] / vals[2];
  printf("%d %d %d %d\n", isinf(inf), isinf(ninf), isinf(vals[1]), isinf(nan));
  printf("%d %d %d\n", isnan(nan) != 0, isfinite(vals[0]) != 0, signbit(ninf) != 0);
  int64_t big = -1234567890123LL;
  uint64_t ubig = 0xFEDCBA9876543210ULL;
  printf("%" PRId64 " %" PRIu64 " %" PRIx64 " %" PRIX32 " %" PRIdMAX " %" PRId8 "\n", big, ubig, ubig, (uint32_t)0xABCDu,
         (intmax_t)-7, (int8_t)-5);
  int64_t got64 = 0;
  uint32_t got32 = 0;
  int n = sscanf("-987654321012 77", "%" SCNd64 " %" SCNu32, &got64, &got32);
  printf("%d %" PRId64 " %" PRIu32 "\n", n, got64, got32);
  int a = 0;
  double d = 0;
  char w[8] = "";
  n = sscanf("42 2.5 xyz", "%d %lf %7s", &a, &d, w);
  printf("%d %d %g %s\n", n, a, d, w);
  printf("%d %d\n", strcasecmp("MiXeD", "mixed"), strncasecmp("abcD", "ABCE", 3));
  return 0;
}
