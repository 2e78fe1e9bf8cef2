/* Bit-fields in packed structs of 9 to 22 bytes: clang loads and stores a
 * packed struct's bit-field storage as one odd-width integer (i72, i88,
 * i120, i176), which the frontend splits into words. Fields straddle word
 * and byte boundaries; the layout of the bits follows the byte order, so
 * the big-endian variant checks the memory order of wide integers. */
#include <stdio.h>

struct __attribute__((packed)) s9 { /* 72 bits of storage */
  unsigned a : 7;
  unsigned b : 29;
  int c : 13;
  unsigned d : 23;
};

struct __attribute__((packed)) s11 { /* 88 bits */
  unsigned long long a : 33;
  int b : 31;
  unsigned c : 17;
  unsigned char d : 7;
};

struct __attribute__((packed)) s15 { /* 120 bits */
  unsigned long long a : 61;
  long long b : 37;
  unsigned c : 22;
};

struct __attribute__((packed)) s22 { /* 176 bits */
  unsigned long long a : 64;
  long long b : 50;
  unsigned c : 30;
  int d : 19;
  unsigned e : 13;
};

struct __attribute__((packed)) mixed { /* a char, 9 bytes of bit-fields, a short */
  char tag;
  unsigned x : 20;
  int y : 20;
  unsigned z : 32;
  short tail;
};

static unsigned seed = 2463534242u;
static unsigned rnd(void) {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

static struct s9 g9 = {100, 0x1234567, -77, 0x654321};
static struct s22 g22 = {0x0123456789abcdefULL, -12345678901234LL, 0x2badf00d, -99999, 4321};
static struct s11 arr[5];

static unsigned fold(unsigned h, unsigned long long v) {
  h = h * 31u + (unsigned)v;
  return h * 31u + (unsigned)(v >> 32);
}

int main(void) {
  unsigned h = 0;
  struct s9 a9;
  struct s15 a15;
  struct mixed m;
  for (int i = 0; i < 40; i++) {
    a9.a = rnd();
    a9.b = rnd();
    a9.c = (int)rnd();
    a9.d = rnd();
    a9.b += a9.a;
    a9.c -= 5;
    h = fold(h, a9.a);
    h = fold(h, a9.b);
    h = fold(h, (unsigned long long)(long long)a9.c);
    h = fold(h, a9.d);

    struct s11 *p = &arr[i % 5];
    p->a = ((unsigned long long)rnd() << 32) | rnd();
    p->b = (int)rnd();
    p->c = rnd();
    p->d = rnd();
    p->a += p->c;
    h = fold(h, p->a);
    h = fold(h, (unsigned long long)(long long)p->b);
    h = fold(h, p->c ^ p->d);

    a15.a = ((unsigned long long)rnd() << 32) | rnd();
    a15.b = (long long)(((unsigned long long)rnd() << 32) | rnd());
    a15.c = rnd();
    a15.b >>= 3;
    h = fold(h, a15.a);
    h = fold(h, (unsigned long long)a15.b);
    h = fold(h, a15.c);

    g22.b += (long long)(int)rnd();
    g22.c ^= rnd();
    g22.d = g22.d * 3 + 1;
    g22.e += i;
    g22.a = g22.a * 0x9e3779b97f4a7c15ULL + g22.e;
    h = fold(h, g22.a);
    h = fold(h, (unsigned long long)g22.b);
    h = fold(h, g22.c + (unsigned)g22.d + g22.e);

    m.tag = (char)i;
    m.x = rnd();
    m.y = (int)rnd();
    m.z = rnd();
    m.tail = (short)rnd();
    m.y >>= 2;
    h = fold(h, (unsigned)m.tag + m.x + (unsigned)m.y + m.z + (unsigned)m.tail);
  }
  printf("g9 %u %u %d %u\n", g9.a, g9.b, g9.c, g9.d);
  g9.c = g9.c * 2;
  g9.d = g9.d + g9.a;
  printf("g9 %u %u %d %u\n", g9.a, g9.b, g9.c, g9.d);
  printf("g22 %llx %lld %x %d %u\n", g22.a, g22.b, g22.c, g22.d, g22.e);
  for (int i = 0; i < 5; i++)
    printf("arr %llx %d %x %x\n", arr[i].a, arr[i].b, arr[i].c, arr[i].d);
  printf("sizes %u %u %u %u %u\n", (unsigned)sizeof(struct s9), (unsigned)sizeof(struct s11),
         (unsigned)sizeof(struct s15), (unsigned)sizeof(struct s22), (unsigned)sizeof(struct mixed));
  printf("hash %08x\n", h);
  return (int)(h & 0x7f);
}
