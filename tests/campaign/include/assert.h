/* <assert.h> for csmith programs, on top of the Cpu0 runtime's abort. */
#ifndef CAMPAIGN_ASSERT_H
#define CAMPAIGN_ASSERT_H
void abort(void) __attribute__((noreturn));
#define assert(e) ((e) ? (void)0 : abort())
#endif
