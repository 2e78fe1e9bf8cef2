/* <ctype.h> of the Cpu0 C library: the "C" locale (ASCII). Functions, not
 * table macros, so that host builds call the host library's. */
#ifndef _CPU0_CTYPE_H
#define _CPU0_CTYPE_H
int isalnum(int c);
int isalpha(int c);
int isblank(int c);
int iscntrl(int c);
int isdigit(int c);
int isgraph(int c);
int islower(int c);
int isprint(int c);
int ispunct(int c);
int isspace(int c);
int isupper(int c);
int isxdigit(int c);
int tolower(int c);
int toupper(int c);
#endif
