/* <sys/wait.h> of the Cpu0 C library: only the status macros (glibc's
 * encoding), for programs that inspect what pclose or system returned.
 * There are no processes to wait for. */
#ifndef _CPU0_SYS_WAIT_H
#define _CPU0_SYS_WAIT_H
#define WEXITSTATUS(s) (((s)&0xff00) >> 8)
#define WTERMSIG(s) ((s)&0x7f)
#define WIFEXITED(s) (WTERMSIG(s) == 0)
#define WIFSIGNALED(s) (((signed char)(((s)&0x7f) + 1) >> 1) > 0)
#endif
