/* <memory.h> (historical): <string.h>. */
#include <string.h>
