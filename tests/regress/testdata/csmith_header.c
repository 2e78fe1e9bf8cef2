/* Smoke test of the csmith header path the campaign depends on: csmith.h
 * with the Cpu0 C library headers (runtime/include), its CRC table,
 * transparent_crc on 64-bit values and the safe-math wrappers, printed with
 * platform_main_end's "%X".
 * EXPECT: checksum = BAAEA134
 */
#include "csmith.h"

static int64_t g = -0x123456789aLL;
static uint16_t h = 0xfffe;

int main(void) {
  int i;
  platform_main_begin();
  crc32_gentab();
  for (i = 0; i < 5; i++) {
    g = safe_mul_func_int64_t_s_s(g, 3) ^ i;
    h = safe_add_func_uint16_t_u_u(h, (uint16_t)(g >> 7));
    assert(i < 5);
    transparent_crc(g, "g", 0);
    transparent_crc(h, "h", 0);
  }
  transparent_crc(safe_div_func_int32_t_s_s(INT32_MIN, -1), "d", 0);
  platform_main_end(crc32_context ^ 0xFFFFFFFFUL, 0);
  return 0;
}
