/* <malloc.h> (historical): the allocator of <stdlib.h>. */
#include <stdlib.h>
