/* <unistd.h> of the Cpu0 C library: isatty, which asks the simulator
 * whether its own standard input, output or error is a terminal (the
 * host-call port, docs/cpu0-run.md), so that a program such as lua can
 * tell "lua < script.lua" from an interactive session, and close (of a
 * host descriptor). The rest of POSIX (read/write on descriptors,
 * processes) is not provided. */
#ifndef _CPU0_UNISTD_H
#define _CPU0_UNISTD_H
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
int isatty(int fd);
int close(int fd);
#endif
