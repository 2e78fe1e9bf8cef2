/* <string.h>. Byte loops only: Cpu0 has no alignment
 * traps, and these stay simple enough to be obviously right. */
#include "rt.h"

RT_WEAK void *memcpy(void *dst, const void *src, size_t n) {
  char *d = dst;
  const char *s = src;
  while (n--)
    *d++ = *s++;
  return dst;
}

RT_WEAK void *memmove(void *dst, const void *src, size_t n) {
  char *d = dst;
  const char *s = src;
  if (d == s || n == 0)
    return dst;
  if (d < s) {
    while (n--)
      *d++ = *s++;
  } else {
    /* Overlap with dst above src: copy backwards. */
    d += n;
    s += n;
    while (n--)
      *--d = *--s;
  }
  return dst;
}

RT_WEAK void *memset(void *dst, int c, size_t n) {
  unsigned char *d = dst;
  while (n--)
    *d++ = (unsigned char)c;
  return dst;
}

RT_WEAK int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *p = a, *q = b;
  for (; n; n--, p++, q++)
    if (*p != *q)
      return *p - *q;
  return 0;
}

/* bcmp is zero iff the blocks are equal; clang calls it for
 * memcmp(...) == 0. */
RT_WEAK int bcmp(const void *a, const void *b, size_t n) { return memcmp(a, b, n); }

RT_WEAK size_t strlen(const char *s) {
  const char *p = s;
  while (*p)
    p++;
  return (size_t)(p - s);
}

RT_WEAK int strcmp(const char *a, const char *b) {
  while (*a && *a == *b) {
    a++;
    b++;
  }
  return (unsigned char)*a - (unsigned char)*b;
}

RT_WEAK int strncmp(const char *a, const char *b, size_t n) {
  for (; n; n--, a++, b++) {
    if (*a != *b)
      return (unsigned char)*a - (unsigned char)*b;
    if (*a == 0)
      return 0;
  }
  return 0;
}

RT_WEAK char *strcpy(char *dst, const char *src) {
  char *d = dst;
  while ((*d++ = *src++) != 0)
    ;
  return dst;
}

RT_WEAK size_t strnlen(const char *s, size_t n) {
  size_t i = 0;
  while (i < n && s[i])
    i++;
  return i;
}

RT_WEAK void *memchr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  for (; n; n--, p++)
    if (*p == (unsigned char)c)
      return (void *)p;
  return NULL;
}

/* strncpy copies at most n bytes and pads with NULs to n. */
RT_WEAK char *strncpy(char *dst, const char *src, size_t n) {
  size_t i = 0;
  for (; i < n && src[i]; i++)
    dst[i] = src[i];
  for (; i < n; i++)
    dst[i] = 0;
  return dst;
}

RT_WEAK char *strcat(char *dst, const char *src) {
  strcpy(dst + strlen(dst), src);
  return dst;
}

RT_WEAK char *strncat(char *dst, const char *src, size_t n) {
  char *d = dst + strlen(dst);
  while (n-- && *src)
    *d++ = *src++;
  *d = 0;
  return dst;
}

RT_WEAK char *strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c)
      return (char *)s;
    if (!*s)
      return NULL;
  }
}

RT_WEAK char *strrchr(const char *s, int c) {
  const char *last = NULL;
  for (;; s++) {
    if (*s == (char)c)
      last = s;
    if (!*s)
      return (char *)last;
  }
}

RT_WEAK char *strstr(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++)
    if (strncmp(hay, needle, n) == 0)
      return (char *)hay;
  return n == 0 ? (char *)hay : NULL;
}

RT_WEAK size_t strspn(const char *s, const char *accept) {
  size_t i = 0;
  while (s[i] && strchr(accept, s[i]))
    i++;
  return i;
}

RT_WEAK size_t strcspn(const char *s, const char *reject) {
  size_t i = 0;
  while (s[i] && !strchr(reject, s[i]))
    i++;
  return i;
}

RT_WEAK char *strpbrk(const char *s, const char *accept) {
  s += strcspn(s, accept);
  return *s ? (char *)s : NULL;
}

/* strtok_r keeps its position in *save; strtok in a static. */
RT_WEAK char *strtok_r(char *s, const char *delim, char **save) {
  if (!s)
    s = *save;
  if (!s)
    return NULL;
  s += strspn(s, delim);
  if (!*s) {
    *save = NULL;
    return NULL;
  }
  char *end = s + strcspn(s, delim);
  if (*end)
    *end++ = 0;
  else
    end = NULL;
  *save = end;
  return s;
}

RT_WEAK char *strtok(char *s, const char *delim) {
  static char *next;
  return strtok_r(s, delim, &next);
}

/* strsep (BSD, glibc): the token up to the first delimiter, which becomes
 * a NUL; *sp moves past it, or to NULL after the last token. */
RT_WEAK char *strsep(char **sp, const char *delim) {
  char *s = *sp;
  if (!s)
    return NULL;
  char *end = s + strcspn(s, delim);
  *sp = *end ? end + 1 : NULL;
  *end = 0;
  return s;
}

RT_WEAK char *stpcpy(char *dst, const char *src) {
  while ((*dst = *src++))
    dst++;
  return dst;
}

/* strcasecmp and strncasecmp (<strings.h>) compare in the C locale. */
RT_WEAK int strncasecmp(const char *a, const char *b, size_t n) {
  for (; n; n--, a++, b++) {
    int x = tolower((unsigned char)*a), y = tolower((unsigned char)*b);
    if (x != y || !x)
      return x - y;
  }
  return 0;
}

RT_WEAK int strcasecmp(const char *a, const char *b) { return strncasecmp(a, b, (size_t)-1); }

RT_WEAK char *strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  return p ? memcpy(p, s, n) : NULL;
}

RT_WEAK char *strndup(const char *s, size_t n) {
  n = strnlen(s, n);
  char *p = malloc(n + 1);
  if (!p)
    return NULL;
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* In the "C" locale collation is byte order. */
RT_WEAK int strcoll(const char *a, const char *b) { return strcmp(a, b); }

RT_WEAK size_t strxfrm(char *dst, const char *src, size_t n) {
  size_t len = strlen(src);
  if (len < n)
    memcpy(dst, src, len + 1);
  return len;
}

/* strerror's messages are glibc's for the errno values <errno.h> names. */
RT_WEAK char *strerror(int e) {
  switch (e) {
  case 0:
    return "Success";
  case 1:
    return "Operation not permitted";
  case ENOENT:
    return "No such file or directory";
  case 5:
    return "Input/output error";
  case EBADF:
    return "Bad file descriptor";
  case ENOMEM:
    return "Cannot allocate memory";
  case 13:
    return "Permission denied";
  case 17:
    return "File exists";
  case EINVAL:
    return "Invalid argument";
  case 25:
    return "Inappropriate ioctl for device";
  case 28:
    return "No space left on device";
  case 29:
    return "Illegal seek";
  case EDOM:
    return "Numerical argument out of domain";
  case ERANGE:
    return "Numerical result out of range";
  case 38:
    return "Function not implemented";
  case 84:
    return "Invalid or incomplete multibyte or wide character";
  }
  static char buf[32];
  snprintf(buf, sizeof buf, "Unknown error %d", e);
  return buf;
}
