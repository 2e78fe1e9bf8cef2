/* Struct layout follows the IR's datalayout (i386: a double or long long
 * after an int sits at offset 4, sizeof 12), while calls follow O32:
 * arrays of such structs copied with memcpy, walked through byte offsets
 * and passed by value or by pointer must all see the same fields. */
#include <stdio.h>
#include <string.h>
#include <stddef.h>

struct ID { int i; double d; };
struct IL { int i; long long l; };
struct Mix { char c; double d; short s; long long l; float f; };

static struct ID gid[3] = {{1, 1.5}, {2, 2.5}, {3, 3.5}};
static struct IL gil[2] = {{4, 1LL << 40}, {5, -6}};
static struct Mix gmix = {'m', -0.25, 300, 1LL << 50, 2.5f};

__attribute__((noinline)) double sum_id(const struct ID *p, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i].i * p[i].d;
  return s;
}

__attribute__((noinline)) long long sum_il(struct IL a, struct IL b) { return a.i + a.l + b.i + b.l; }

__attribute__((noinline)) double mix_val(struct Mix m) { return m.c + m.d + m.s + (double)m.l + m.f; }

int main(void) {
  struct ID c[3];
  memcpy(c, gid, sizeof gid);
  const char *raw = (const char *)&gil[1];
  long long l;
  memcpy(&l, raw + offsetof(struct IL, l), sizeof l);
  struct Mix m;
  memcpy(&m, &gmix, sizeof m);
  printf("%f %lld %lld\n", sum_id(c, 3), sum_il(gil[0], gil[1]), l);
  printf("%f %d %f\n", mix_val(m), (int)(sizeof c / sizeof c[0]), c[2].d);
  return 0;
}
