/* The calendar functions of <time.h>: gmtime, localtime (= gmtime: there
 * is no time zone), mktime (normalizes its argument, in UTC), strftime
 * (every C99 conversion and the E/O modifiers, "C" locale, as glibc prints
 * them), asctime and ctime. */
#include "rt.h"

typedef long time_t;
struct tm {
  int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday,
      tm_isdst;
  long tm_gmtoff;
  const char *tm_zone;
};

static const char *const wday_name[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                        "Thursday", "Friday", "Saturday"};
static const char *const mon_name[] = {"January", "February", "March",     "April",
                                       "May",     "June",     "July",      "August",
                                       "September", "October", "November", "December"};

static int is_leap(long long y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

/* days_from_civil is the number of days from 1970-01-01 to y-m-d (m 1..12,
 * proleptic Gregorian; Howard Hinnant's algorithm). */
static long long days_from_civil(long long y, int m, int d) {
  y -= m <= 2;
  long long era = (y >= 0 ? y : y - 399) / 400;
  long long yoe = y - era * 400;
  long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

/* fill sets every field of tm from seconds since the epoch. */
static void fill(long long t, struct tm *tm) {
  long long days = t / 86400, secs = t % 86400;
  if (secs < 0) {
    secs += 86400;
    days--;
  }
  tm->tm_hour = (int)(secs / 3600);
  tm->tm_min = (int)(secs / 60 % 60);
  tm->tm_sec = (int)(secs % 60);
  tm->tm_wday = (int)(((days + 4) % 7 + 7) % 7); /* 1970-01-01 was a Thursday */
  /* civil_from_days (Hinnant). */
  long long z = days + 719468;
  long long era = (z >= 0 ? z : z - 146096) / 146097;
  long long doe = z - era * 146097;
  long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  long long y = yoe + era * 400;
  long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  long long mp = (5 * doy + 2) / 153;
  int d = (int)(doy - (153 * mp + 2) / 5 + 1);
  int m = (int)(mp < 10 ? mp + 3 : mp - 9);
  y += m <= 2;
  tm->tm_year = (int)(y - 1900);
  tm->tm_mon = m - 1;
  tm->tm_mday = d;
  tm->tm_yday = (int)(days - days_from_civil(y, 1, 1));
  tm->tm_isdst = 0;
  tm->tm_gmtoff = 0;
  tm->tm_zone = "GMT";
}

static struct tm tm_buf;

RT_WEAK struct tm *gmtime(const time_t *t) {
  fill(*t, &tm_buf);
  return &tm_buf;
}

RT_WEAK struct tm *localtime(const time_t *t) { return gmtime(t); }

RT_WEAK struct tm *gmtime_r(const time_t *t, struct tm *tm) {
  fill(*t, tm);
  return tm;
}

RT_WEAK struct tm *localtime_r(const time_t *t, struct tm *tm) { return gmtime_r(t, tm); }

/* mktime normalizes out-of-range fields (tm_mon 14, tm_mday 0, ...) as C
 * requires and returns the time, or -1 when it does not fit time_t. */
RT_WEAK time_t mktime(struct tm *tm) {
  long long mon = tm->tm_mon, y = (long long)tm->tm_year + 1900 + mon / 12;
  mon %= 12;
  if (mon < 0) {
    mon += 12;
    y--;
  }
  long long t = days_from_civil(y, (int)mon + 1, 1) + tm->tm_mday - 1;
  t = t * 86400 + (long long)tm->tm_hour * 3600 + (long long)tm->tm_min * 60 + tm->tm_sec;
  if (t != (time_t)t) {
    errno = ERANGE;
    return -1;
  }
  fill(t, tm);
  return (time_t)t;
}

/* iso_week gives the ISO 8601 week number of tm and sets *year to its
 * week-based year. */
static int iso_week(const struct tm *tm, long long *year) {
  long long y = (long long)tm->tm_year + 1900;
  int wday = (tm->tm_wday + 6) % 7; /* Monday = 0 */
  int w = (tm->tm_yday - wday + 10) / 7;
  if (w < 1) {
    y--;
    int pyday = tm->tm_yday + 365 + is_leap(y);
    w = (pyday - wday + 10) / 7;
  } else if (w == 53) {
    int ylen = 365 + is_leap(y);
    if (tm->tm_yday - wday + 3 >= ylen) { /* Thursday of this week is next year */
      w = 1;
      y++;
    }
  }
  *year = y;
  return w;
}

struct out {
  char *s;
  size_t n, max;
};

static void put(struct out *o, const char *str) {
  for (; *str; str++) {
    if (o->n + 1 < o->max)
      o->s[o->n] = *str;
    o->n++;
  }
}

static void putnum(struct out *o, long long v, int width, char pad) {
  char buf[24];
  int neg = v < 0, i = sizeof buf - 1;
  unsigned long long u = neg ? -(unsigned long long)v : (unsigned long long)v;
  buf[i] = 0;
  do {
    buf[--i] = (char)('0' + u % 10);
    u /= 10;
    width--;
  } while (u);
  while (width-- > neg)
    buf[--i] = pad;
  if (neg)
    buf[--i] = '-';
  put(o, buf + i);
}

static void putn(struct out *o, const char *str, int n) {
  char buf[16];
  int i = 0;
  for (; i < n && str[i]; i++)
    buf[i] = str[i];
  buf[i] = 0;
  put(o, buf);
}

static void tm_format(struct out *o, const char *fmt, const struct tm *tm) {
  for (; *fmt; fmt++) {
    if (*fmt != '%') {
      char c[2] = {*fmt, 0};
      put(o, c);
      continue;
    }
    fmt++;
    if (*fmt == 'E' || *fmt == 'O') /* alternative forms: the "C" locale has none */
      fmt++;
    long long year = (long long)tm->tm_year + 1900, iy;
    int hour12 = tm->tm_hour % 12 ? tm->tm_hour % 12 : 12;
    switch (*fmt) {
    case 0:
      put(o, "%");
      return;
    case 'a':
      putn(o, (unsigned)tm->tm_wday < 7 ? wday_name[tm->tm_wday] : "?", 3);
      break;
    case 'A':
      put(o, (unsigned)tm->tm_wday < 7 ? wday_name[tm->tm_wday] : "?");
      break;
    case 'b':
    case 'h':
      putn(o, (unsigned)tm->tm_mon < 12 ? mon_name[tm->tm_mon] : "?", 3);
      break;
    case 'B':
      put(o, (unsigned)tm->tm_mon < 12 ? mon_name[tm->tm_mon] : "?");
      break;
    case 'c':
      tm_format(o, "%a %b %e %H:%M:%S %Y", tm);
      break;
    case 'C': /* unpadded, like %Y (glibc since 2.30) */
      putnum(o, year / 100 - (year % 100 < 0), 1, '0');
      break;
    case 'd':
      putnum(o, tm->tm_mday, 2, '0');
      break;
    case 'D':
      tm_format(o, "%m/%d/%y", tm);
      break;
    case 'e':
      putnum(o, tm->tm_mday, 2, ' ');
      break;
    case 'F':
      tm_format(o, "%Y-%m-%d", tm);
      break;
    case 'g':
      iso_week(tm, &iy);
      putnum(o, (iy % 100 + 100) % 100, 2, '0');
      break;
    case 'G':
      iso_week(tm, &iy);
      putnum(o, iy, 1, '0');
      break;
    case 'H':
      putnum(o, tm->tm_hour, 2, '0');
      break;
    case 'I':
      putnum(o, hour12, 2, '0');
      break;
    case 'j':
      putnum(o, tm->tm_yday + 1, 3, '0');
      break;
    case 'm':
      putnum(o, tm->tm_mon + 1, 2, '0');
      break;
    case 'M':
      putnum(o, tm->tm_min, 2, '0');
      break;
    case 'n':
      put(o, "\n");
      break;
    case 'p':
      put(o, tm->tm_hour < 12 ? "AM" : "PM");
      break;
    case 'r':
      tm_format(o, "%I:%M:%S %p", tm);
      break;
    case 'R':
      tm_format(o, "%H:%M", tm);
      break;
    case 'S':
      putnum(o, tm->tm_sec, 2, '0');
      break;
    case 't':
      put(o, "\t");
      break;
    case 'T':
      tm_format(o, "%H:%M:%S", tm);
      break;
    case 'u':
      putnum(o, tm->tm_wday ? tm->tm_wday : 7, 1, '0');
      break;
    case 'U':
      putnum(o, (tm->tm_yday + 7 - tm->tm_wday) / 7, 2, '0');
      break;
    case 'V':
      putnum(o, iso_week(tm, &iy), 2, '0');
      break;
    case 'w':
      putnum(o, tm->tm_wday, 1, '0');
      break;
    case 'W':
      putnum(o, (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7, 2, '0');
      break;
    case 'x':
      tm_format(o, "%m/%d/%y", tm);
      break;
    case 'X':
      tm_format(o, "%H:%M:%S", tm);
      break;
    case 'y':
      putnum(o, (year % 100 + 100) % 100, 2, '0');
      break;
    case 'Y':
      putnum(o, year, 1, '0');
      break;
    case 'z':
      put(o, "+0000");
      break;
    case 'Z':
      put(o, tm->tm_zone ? tm->tm_zone : "GMT");
      break;
    case '%':
      put(o, "%");
      break;
    default: { /* unknown: printed as is, as glibc does */
      char c[3] = {'%', *fmt, 0};
      put(o, c);
    }
    }
  }
}

/* strftime returns the length of the result, or 0 (with the contents of s
 * unspecified) when it does not fit in max bytes with its terminator. */
RT_WEAK size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm) {
  struct out o = {s, 0, max};
  tm_format(&o, fmt, tm);
  if (o.n >= max)
    return 0;
  s[o.n] = 0;
  return o.n;
}

/* asctime is "%a %b %e %H:%M:%S %Y\n" with the day of month printed as
 * %3d (the same as %e here). */
RT_WEAK char *asctime(const struct tm *tm) {
  static char buf[64];
  strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y\n", tm);
  return buf;
}

RT_WEAK char *ctime(const time_t *t) { return asctime(localtime(t)); }

/* LP64 IR (x86-64, AArch64, RISC-V 64) lays struct tm out with an 8-byte
 * tm_gmtoff and tm_zone and has an 8-byte time_t: its calls reach these
 * entry points (frontend.LP64Entries), which convert to and from the
 * runtime's struct tm. A pointer is stored as the 64-bit integer holding
 * it, so the frontend finds the address in the word it reads in either
 * byte order. */
struct tm_lp64 {
  int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday,
      tm_isdst;
  long long tm_gmtoff;
  unsigned long long tm_zone;
};

static void to_lp64(const struct tm *s, struct tm_lp64 *d) {
  memcpy(d, s, 9 * sizeof(int));
  d->tm_gmtoff = s->tm_gmtoff;
  d->tm_zone = (unsigned long)s->tm_zone;
}

static void from_lp64(const struct tm_lp64 *s, struct tm *d) {
  memcpy(d, s, 9 * sizeof(int));
  d->tm_gmtoff = (long)s->tm_gmtoff;
  d->tm_zone = (const char *)(unsigned long)s->tm_zone;
}

RT_WEAK struct tm_lp64 *__lp64_gmtime_r(const long long *t, struct tm_lp64 *r) {
  struct tm tm;
  fill(*t, &tm);
  to_lp64(&tm, r);
  return r;
}

RT_WEAK struct tm_lp64 *__lp64_gmtime(const long long *t) {
  static struct tm_lp64 buf;
  return __lp64_gmtime_r(t, &buf);
}

/* The frontend widens the results of mktime and strftime to the IR's i64,
 * as it does for the ILP32 functions (frontend.LibProtos). */
RT_WEAK time_t __lp64_mktime(struct tm_lp64 *tm) {
  struct tm t;
  from_lp64(tm, &t);
  time_t r = mktime(&t);
  to_lp64(&t, tm);
  return r;
}

RT_WEAK size_t __lp64_strftime(char *s, size_t max, const char *fmt, const struct tm_lp64 *tm) {
  struct tm t;
  from_lp64(tm, &t);
  return strftime(s, max, fmt, &t);
}

RT_WEAK char *__lp64_asctime(const struct tm_lp64 *tm) {
  struct tm t;
  from_lp64(tm, &t);
  return asctime(&t);
}

RT_WEAK char *__lp64_ctime(const long long *t) {
  struct tm tm;
  fill(*t, &tm);
  return asctime(&tm);
}
