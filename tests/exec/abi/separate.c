/* Calls between separately compiled files (separate.lib.c): by-value
 * structs, aggregate returns through the hidden result pointer, long long
 * and double arguments, and a function pointer handed across. */
#include <stdio.h>

struct DD { double a, b; };
struct LL { long long a, b; };
struct ID { int i; double d; };

struct DD lib_dd(int k, double x);
struct LL lib_ll(struct LL v, int k);
double lib_id(int x, struct ID s, long long y);
_Complex double lib_cplx(_Complex double z, double k);
long long lib_apply(struct LL (*f)(struct LL, int), long long a, int k);

static struct LL local_ll(struct LL v, int k) {
  struct LL r = {v.b * k, v.a - k};
  return r;
}

int main(void) {
  volatile double x = 2.5;
  struct DD dd = lib_dd(3, x);
  struct LL in = {1LL << 40, -7};
  struct LL ll = lib_ll(in, 5);
  struct ID id = {4, -0.75};
  _Complex double z = lib_cplx(x - 1.0i, 2.0);
  printf("%f %f %lld %lld %f\n", dd.a, dd.b, ll.a, ll.b, lib_id(9, id, 1LL << 36));
  printf("%f %f\n", __real__ z, __imag__ z);
  printf("%lld %lld\n", lib_apply(local_ll, 1LL << 35, 3), lib_apply(lib_ll, -11, 2));
  return 0;
}
