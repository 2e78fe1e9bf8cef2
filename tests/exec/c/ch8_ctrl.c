/* A rewrite of the control-flow chapter's test_control1 (lbd ch8_1_ctrl):
 * a chain of if statements over every relation, plus for/while/goto/
 * continue/break/switch; the C-level result is 51. */
#include <stdio.h>

int test_control1(void) {
  unsigned int a = 0;
  int b = 1, c = 2, d = 3, e = 4, f = 5, g = 6, h = 7, i = 8, j = 9;

  if (a == 0) a++;      /* a = 1 */
  if (b != 0) b++;      /* b = 2 */
  if (c > 0) c++;       /* c = 3 */
  if (d >= 0) d++;      /* d = 4 */
  if (e < 0) e++;       /* e = 4 */
  if (f <= 0) f++;      /* f = 5 */
  if (g <= 1) g++;      /* g = 6 */
  if (h >= 1) h++;      /* h = 8 */
  if (i < h) i++;       /* i = 8 */
  if (a != (unsigned)b) j++; /* j = 10 */
  return (int)a + b + c + d + e + f + g + h + i + j;
}

__attribute__((noinline)) int control_mix(int n) {
  int s = 0, k;
  for (k = 0; k < n; k++) {
    if (k == 3)
      continue;
    if (k == 9)
      break;
    s += k;
  }
  while (s > 20) {
    s -= 4;
    if (s % 5 == 0)
      goto out;
  }
  switch (s) {
  case 12: s += 100; break;
  case 17: s += 200; break;
  case 18: s += 300; break;
  default: s += 1;
  }
out:
  return s;
}

int main(void) {
  int r = test_control1();
  printf("test_control1=%d\n", r);
  for (int n = 0; n < 12; n++)
    printf("control_mix(%d)=%d\n", n, control_mix(n));
  return r;
}
