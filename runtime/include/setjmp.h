/* <setjmp.h> of the Cpu0 C library. jmp_buf is large enough for the host
 * library's too (x86-64 glibc needs 200 bytes), so host builds work; the
 * Cpu0 runtime (setjmp.s) uses its first words for $9 $10 $gp $fp $sp $lr. */
#ifndef _CPU0_SETJMP_H
#define _CPU0_SETJMP_H
typedef long long jmp_buf[32];
int setjmp(jmp_buf env) __attribute__((__returns_twice__));
void longjmp(jmp_buf env, int val) __attribute__((__noreturn__));
/* POSIX's forms that leave the signal mask alone: there is none to save. */
#define _setjmp setjmp
#define _longjmp longjmp
#endif
