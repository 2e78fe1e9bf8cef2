/* Process termination for bare-metal Cpu0 programs. */
#include "rt.h"

/* exit stops the simulator; the status becomes the run's exit code just as
 * if main had returned it. */
void exit(int status) { __halt(status); }

/* abort reports itself and stops with status 134 (128 + SIGABRT), the code
 * a hosted program killed by abort() would report. */
void abort(void) {
  puts("abort() called");
  __halt(134);
}
