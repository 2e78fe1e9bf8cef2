/* <strings.h> of the Cpu0 C library: the case-insensitive comparisons,
 * in the C locale (string.h declares them too, as glibc does). */
#ifndef _CPU0_STRINGS_H
#define _CPU0_STRINGS_H
#include <stddef.h>
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
#endif
