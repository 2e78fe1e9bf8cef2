/* <errno.h> of the Cpu0 C library. errno is glibc's lvalue
 * (*__errno_location()), which the runtime also defines, so a program
 * compiled with these headers links on Cpu0 and runs under lli against the
 * host C library. The values are Linux's. */
#ifndef _CPU0_ERRNO_H
#define _CPU0_ERRNO_H
int *__errno_location(void);
#define errno (*__errno_location())
#define EPERM 1
#define ENOENT 2
#define EIO 5
#define EBADF 9
#define ENOMEM 12
#define EACCES 13
#define EEXIST 17
#define EINVAL 22
#define ENOTTY 25
#define ENOSPC 28
#define ESPIPE 29
#define EDOM 33
#define ERANGE 34
#define ENOSYS 38
#define EILSEQ 84
#endif
