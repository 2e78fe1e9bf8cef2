#include <stdio.h>

static const unsigned char sbox[16] = {12, 5, 6, 11, 9, 0, 10, 13, 3, 14, 15, 8, 4, 7, 1, 2};
static const short deltas[] = {-32768, -1000, -1, 0, 1, 1000, 32767};
static const char *const names[] = {"zero", "one", "two", "three", "four"};
static const int primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};
static const long long powers[] = {1, 1000, 1000000, 1000000000, 1000000000000LL};

static unsigned substitute(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 8; i++)
    r |= (unsigned)sbox[(x >> (4 * i)) & 15] << (4 * i);
  return r;
}

int main(void) {
  printf("%08x %08x\n", substitute(0x01234567u), substitute(0xfedcba98u));
  int s = 0;
  for (int i = 0; i < 7; i++)
    s += deltas[i];
  printf("deltas=%d\n", s);
  for (int i = 0; i < 5; i++)
    printf("%s=%d ", names[i], (int)(sizeof names[i][0]) * i);
  putchar('\n');
  int psum = 0;
  for (int i = 0; i < 15; i++)
    psum += primes[i];
  printf("psum=%d\n", psum);
  for (int i = 0; i < 5; i++)
    printf("%lld ", powers[i]);
  putchar('\n');
  return psum & 0xff;
}
