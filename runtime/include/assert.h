/* <assert.h> of the Cpu0 C library. A failed assertion calls glibc's
 * __assert_fail (the runtime defines it too): it prints
 * "file:line: function: Assertion `expr' failed." and aborts. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
void __assert_fail(const char *expr, const char *file, unsigned int line,
                   const char *func) __attribute__((__noreturn__));
#define assert(e)                                                              \
  ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
#ifndef __cplusplus
#define static_assert _Static_assert
#endif
