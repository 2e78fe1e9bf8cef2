/* <complex.h> (and <alloca.h>, <memory.h>, <malloc.h>), which the runtime
 * lacked: arithmetic, conj, cabs, carg, csqrt, cexp, clog, cpow, csin, ccos
 * against glibc's (clang -m32), complex values through calls. */
#include <complex.h>
#include <stdio.h>
#include <alloca.h>
#include <memory.h>
#include <malloc.h>
int main(void) {
  double complex a = 3.0 + 4.0 * I, b = -1.5 + 0.5 * I;
  double complex c = a * b, d = a / b, e = conj(a);
  printf("%g %g | %g %g | %g %g | %g %g\n", creal(c), cimag(c), creal(d), cimag(d), creal(e), cimag(e), cabs(a), carg(b));
  double complex s = csqrt(a), s2 = csqrt(-4.0 + 0.0 * I), x = cexp(I * 3.141592653589793), l = clog(a);
  printf("%.6f %.6f | %.6f %.6f | %.6f %.6f | %.6f %.6f\n", creal(s), cimag(s), creal(s2), cimag(s2), creal(x), cimag(x), creal(l), cimag(l));
  double complex p = cpow(a, 2.0), sn = csin(b), cs = ccos(b);
  printf("%.6f %.6f | %.6f %.6f | %.6f %.6f\n", creal(p), cimag(p), creal(sn), cimag(sn), creal(cs), cimag(cs));
  float complex f = 1.0f - 2.0f * I; printf("%g %g %g\n", crealf(f), cimagf(conjf(f)), cabsf(f));
  char *buf = alloca(16); memset(buf, 'z', 15); buf[15] = 0; printf("%s\n", buf);
  int *m = malloc(4 * sizeof(int)); m[3] = 9; printf("%d\n", m[3]); free(m);
  return 0;
}
