/* A table-driven tokenizer: states and actions in const tables. */
#include <stdio.h>

enum state { START, IN_NUM, IN_WORD, IN_SPACE, NSTATES };
enum cls { DIGIT, ALPHA, SPACE, OTHER, NCLS };

static const unsigned char next_state[NSTATES][NCLS] = {
    /* START */ {IN_NUM, IN_WORD, IN_SPACE, START},
    /* IN_NUM */ {IN_NUM, IN_WORD, IN_SPACE, START},
    /* IN_WORD */ {IN_WORD, IN_WORD, IN_SPACE, START},
    /* IN_SPACE */ {IN_NUM, IN_WORD, IN_SPACE, START},
};

static int classify(char c) {
  if (c >= '0' && c <= '9')
    return DIGIT;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
    return ALPHA;
  if (c == ' ' || c == '\t' || c == '\n')
    return SPACE;
  return OTHER;
}

int main(void) {
  const char *text = "let x1 = 42 + foo_bar * (7 - y);\nreturn 1000 / 8;";
  int counts[NSTATES] = {0}, numsum = 0, cur = 0, others = 0;
  enum state s = START;
  for (const char *p = text;; p++) {
    int cl = *p ? classify(*p) : SPACE;
    enum state ns = (enum state)next_state[s][cl];
    if (ns != s && s != START)
      counts[s]++;
    if (s == IN_NUM && ns != IN_NUM) {
      numsum += cur;
      cur = 0;
    }
    if (ns == IN_NUM)
      cur = cur * 10 + (*p - '0');
    if (cl == OTHER) {
      others++;
      putchar(*p);
    }
    s = ns;
    if (!*p)
      break;
  }
  printf("\nnumbers=%d words=%d spaces=%d others=%d numsum=%d\n", counts[IN_NUM],
         counts[IN_WORD], counts[IN_SPACE], others, numsum);
  return numsum & 0xff;
}
