/* <ctype.h> in the "C" locale (ASCII); EOF and bytes >= 128 are in no
 * class. */
#include "rt.h"

RT_WEAK int isdigit(int c) { return c >= '0' && c <= '9'; }
RT_WEAK int islower(int c) { return c >= 'a' && c <= 'z'; }
RT_WEAK int isupper(int c) { return c >= 'A' && c <= 'Z'; }
RT_WEAK int isalpha(int c) { return islower(c) || isupper(c); }
RT_WEAK int isalnum(int c) { return isalpha(c) || isdigit(c); }
RT_WEAK int isxdigit(int c) { return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
RT_WEAK int isblank(int c) { return c == ' ' || c == '\t'; }
RT_WEAK int isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
RT_WEAK int iscntrl(int c) { return (c >= 0 && c < 32) || c == 127; }
RT_WEAK int isprint(int c) { return c >= 32 && c < 127; }
RT_WEAK int isgraph(int c) { return c > 32 && c < 127; }
RT_WEAK int ispunct(int c) { return isgraph(c) && !isalnum(c); }
RT_WEAK int tolower(int c) { return isupper(c) ? c + 32 : c; }
RT_WEAK int toupper(int c) { return islower(c) ? c - 32 : c; }
