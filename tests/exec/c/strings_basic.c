#include <stdio.h>
#include <string.h>

static const char *words[] = {"pear", "apple", "fig", "banana", "apricot", "", "applesauce"};

int main(void) {
  int n = sizeof words / sizeof words[0];
  for (int i = 0; i < n; i++)
    printf("len(%s)=%d\n", words[i], (int)strlen(words[i]));
  for (int i = 0; i + 1 < n; i++) {
    int c = strcmp(words[i], words[i + 1]);
    int c3 = strncmp(words[i], words[i + 1], 3);
    printf("cmp %s %s -> %d %d\n", words[i], words[i + 1], c > 0 ? 1 : c < 0 ? -1 : 0,
           c3 > 0 ? 1 : c3 < 0 ? -1 : 0);
  }
  char buf[32];
  strcpy(buf, "hello");
  strcpy(buf + strlen(buf), ", world");
  puts(buf);
  int vowels = 0;
  for (char *p = buf; *p; p++)
    if (*p == 'a' || *p == 'e' || *p == 'i' || *p == 'o' || *p == 'u')
      vowels++;
  printf("vowels=%d\n", vowels);
  return (int)strlen(buf);
}
