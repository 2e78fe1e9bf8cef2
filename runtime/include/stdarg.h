/* <stdarg.h> of the Cpu0 C library: the compiler's builtins, so the same
 * program compiles for Cpu0 (MIPS IR) and for the host. */
#ifndef _CPU0_STDARG_H
#define _CPU0_STDARG_H
typedef __builtin_va_list va_list;
typedef __builtin_va_list __gnuc_va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dst, src) __builtin_va_copy(dst, src)
#endif
