/* <stddef.h> of the Cpu0 C library (freestanding; every target triple). */
#ifndef _CPU0_STDDEF_H
#define _CPU0_STDDEF_H
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
#ifndef __cplusplus
typedef __WCHAR_TYPE__ wchar_t;
#endif
typedef struct {
  long long __ll __attribute__((__aligned__(__alignof__(long long))));
  long double __ld __attribute__((__aligned__(__alignof__(long double))));
} max_align_t;
#define NULL ((void *)0)
#define offsetof(t, m) __builtin_offsetof(t, m)
#endif
