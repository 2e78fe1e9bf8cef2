/* <signal.h> of the Cpu0 C library: signals are only raised by raise()
 * (and abort()); numbers are Linux's. */
#ifndef _CPU0_SIGNAL_H
#define _CPU0_SIGNAL_H
typedef int sig_atomic_t;
typedef void (*__sighandler_t)(int);
#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)
#define SIG_ERR ((__sighandler_t)-1)
#define SIGINT 2
#define SIGILL 4
#define SIGABRT 6
#define SIGFPE 8
#define SIGSEGV 11
#define SIGTERM 15
__sighandler_t signal(int sig, __sighandler_t handler);
int raise(int sig);

/* POSIX's sigaction over signal (no masks: nothing runs asynchronously on
 * the simulator). The layout is glibc's x86-64 one, so that the header is
 * right for the host triple too. */
typedef struct {
  unsigned long __val[1024 / (8 * sizeof(unsigned long))];
} sigset_t;
struct sigaction {
  __sighandler_t sa_handler;
  sigset_t sa_mask;
  int sa_flags;
  void (*sa_restorer)(void);
};
int sigemptyset(sigset_t *set);
int sigaction(int sig, const struct sigaction *act, struct sigaction *old);
#endif
