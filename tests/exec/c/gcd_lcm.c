#include <stdio.h>

static unsigned gcd(unsigned a, unsigned b) {
  while (b) {
    unsigned t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static unsigned gcd_rec(unsigned a, unsigned b) { return b ? gcd_rec(b, a % b) : a; }

/* Binary GCD: shifts and subtraction only. */
static unsigned gcd_bin(unsigned a, unsigned b) {
  if (!a)
    return b;
  if (!b)
    return a;
  int shift = 0;
  while (!((a | b) & 1)) {
    a >>= 1;
    b >>= 1;
    shift++;
  }
  while (!(a & 1))
    a >>= 1;
  do {
    while (!(b & 1))
      b >>= 1;
    if (a > b) {
      unsigned t = a;
      a = b;
      b = t;
    }
    b -= a;
  } while (b);
  return a << shift;
}

static unsigned long long lcm64(unsigned a, unsigned b) {
  return (unsigned long long)(a / gcd(a, b)) * b;
}

int main(void) {
  unsigned v[] = {0, 1, 12, 18, 97, 1024, 3600, 65537, 4294967295u, 2147483648u};
  unsigned acc = 0;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++) {
      unsigned g = gcd(v[i], v[j]);
      if (g != gcd_rec(v[i], v[j]) || g != gcd_bin(v[i], v[j]))
        printf("mismatch %u %u\n", v[i], v[j]);
      acc = acc * 7 + g;
    }
  printf("acc=%u\n", acc);
  printf("lcm=%llu %llu\n", lcm64(4294967295u, 65537), lcm64(3600, 1024));
  return (int)(gcd(3600, 1024) + gcd(97, 12));
}
