/* <locale.h> of the Cpu0 C library: only the "C" locale exists. The
 * struct lconv layout and LC_* values are glibc's (host builds use it). */
#ifndef _CPU0_LOCALE_H
#define _CPU0_LOCALE_H
#include <stddef.h>
#define LC_CTYPE 0
#define LC_NUMERIC 1
#define LC_TIME 2
#define LC_COLLATE 3
#define LC_MONETARY 4
#define LC_MESSAGES 5
#define LC_ALL 6
struct lconv {
  char *decimal_point, *thousands_sep, *grouping, *int_curr_symbol,
      *currency_symbol, *mon_decimal_point, *mon_thousands_sep, *mon_grouping,
      *positive_sign, *negative_sign;
  char int_frac_digits, frac_digits, p_cs_precedes, p_sep_by_space,
      n_cs_precedes, n_sep_by_space, p_sign_posn, n_sign_posn,
      int_p_cs_precedes, int_p_sep_by_space, int_n_cs_precedes,
      int_n_sep_by_space, int_p_sign_posn, int_n_sign_posn;
};
char *setlocale(int category, const char *locale);
struct lconv *localeconv(void);
#endif
