/* Host files through the C library: write a file, read it back by lines
 * and blocks, seek and tell, append, update in place ("r+"), rename and
 * remove it; a temporary file; fopen of a missing file fails with ENOENT;
 * POSIX's mkstemp/close, fseeko/ftello, getc_unlocked and isatty.
 * Run in an empty directory (the names are fixed). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void show(const char *what, FILE *f) {
  char line[64];
  printf("%s:", what);
  rewind(f);
  while (fgets(line, sizeof line, f))
    printf(" [%.*s]", (int)strcspn(line, "\n"), line);
  printf(" eof=%d\n", feof(f) != 0);
}

int main(void) {
  FILE *f = fopen("hf_a.txt", "w");
  if (!f)
    return 1;
  for (int i = 0; i < 5; i++)
    fprintf(f, "line %d\n", i);
  fputs("tail", f);
  printf("ftell after write: %ld\n", ftell(f));
  fclose(f);

  f = fopen("hf_a.txt", "r");
  show("read", f);
  fseek(f, 5, SEEK_SET);
  printf("fgetc at 5: %c, ftell %ld\n", fgetc(f), ftell(f));
  ungetc('X', f);
  printf("after ungetc ftell %ld, fgetc %c\n", ftell(f), fgetc(f));
  fseek(f, -4, SEEK_END);
  char buf[16] = {0};
  size_t n = fread(buf, 1, 10, f);
  printf("fread at end-4: %u [%s] eof=%d\n", (unsigned)n, buf, feof(f) != 0);
  fseek(f, 2, SEEK_CUR);
  printf("fputc on a read stream: %d ferror=%d\n", fputc('z', f) == EOF, ferror(f) != 0);
  fclose(f);

  f = fopen("hf_a.txt", "a+");
  fputs("\nappended\n", f);
  show("append", f);
  fclose(f);

  f = fopen("hf_a.txt", "r+");
  printf("first: %c\n", fgetc(f));
  fseek(f, 0, SEEK_CUR);
  fputs("INE", f);
  fseek(f, 0, SEEK_CUR);
  printf("next: %c\n", fgetc(f));
  show("update", f);
  fclose(f);

  printf("rename: %d\n", rename("hf_a.txt", "hf_b.txt"));
  errno = 0;
  f = fopen("hf_a.txt", "r");
  printf("fopen renamed-away: %s errno=%s\n", f ? "opened" : "NULL", errno == ENOENT ? "ENOENT" : "other");
  printf("remove: %d\n", remove("hf_b.txt"));
  errno = 0;
  printf("remove again: %d errno=%s\n", remove("hf_b.txt"), errno == ENOENT ? "ENOENT" : "other");
  errno = 0;
  f = fopen("no/such/file", "r");
  printf("fopen missing: %s errno=%s\n", f ? "opened" : "NULL", errno == ENOENT ? "ENOENT" : "other");

  FILE *t = tmpfile();
  if (!t)
    return 2;
  for (int i = 0; i < 300; i++)
    fprintf(t, "%d,", i * i);
  long end = ftell(t);
  rewind(t);
  long sum = 0;
  long v = 0;
  int c;
  while ((c = fgetc(t)) != EOF)
    if (c == ',')
      sum += v, v = 0;
    else
      v = v * 10 + (c - '0');
  printf("tmpfile: %ld bytes, sum %ld\n", end, sum);
  fclose(t);

  char name[] = "hf_tmpXXXXXX";
  int fd = mkstemp(name);
  printf("mkstemp: %d %d\n", fd >= 0, strncmp(name, "hf_tmp", 6) == 0 && strcmp(name + 6, "XXXXXX") != 0);
  printf("close: %d\n", close(fd));
  f = fopen(name, "r+");
  fputs("posix", f);
  fseeko(f, 1, SEEK_SET);
  flockfile(f);
  c = getc_unlocked(f);
  funlockfile(f);
  printf("fseeko/getc_unlocked: %c ftello %ld\n", c, (long)ftello(f));
  fclose(f);
  printf("remove mkstemp file: %d\n", remove(name));
  printf("isatty(0) (stdin is not a terminal): %d\n", isatty(0));
  return 0;
}
