/* The other half of separate.c, compiled on its own. */
struct DD { double a, b; };
struct LL { long long a, b; };
struct ID { int i; double d; };

struct DD lib_dd(int k, double x) {
  struct DD r = {x * k, x / k};
  return r;
}
struct LL lib_ll(struct LL v, int k) {
  struct LL r = {v.a + k, v.b * k};
  return r;
}
double lib_id(int x, struct ID s, long long y) { return x + s.i * s.d + (double)y; }
_Complex double lib_cplx(_Complex double z, double k) { return z * k + 1.0; }
long long lib_apply(struct LL (*f)(struct LL, int), long long a, int k) {
  struct LL v = {a, a + 1};
  struct LL r = f(v, k);
  return r.a - r.b;
}
