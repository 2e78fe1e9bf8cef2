/* <sys/types.h> of the Cpu0 C library: the POSIX types its headers use
 * (long-sized like glibc's without _FILE_OFFSET_BITS, so the header is
 * also right for the host triple). */
#ifndef _CPU0_SYS_TYPES_H
#define _CPU0_SYS_TYPES_H
#ifndef _CPU0_OFF_T
#define _CPU0_OFF_T
typedef long off_t;
#endif
typedef long ssize_t;
typedef int pid_t;
#endif
