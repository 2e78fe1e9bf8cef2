#include <stdio.h>

static unsigned djb2(const char *s) {
  unsigned h = 5381;
  while (*s)
    h = h * 33 + (unsigned char)*s++;
  return h;
}

static unsigned fnv1a(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++) {
    h ^= (unsigned char)*s;
    h *= 16777619u;
  }
  return h;
}

static unsigned long long fnv1a64(const char *s) {
  unsigned long long h = 14695981039346656037ULL;
  for (; *s; s++) {
    h ^= (unsigned char)*s;
    h *= 1099511628211ULL;
  }
  return h;
}

static unsigned murmur_mix(unsigned h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

#define BUCKETS 16

int main(void) {
  const char *words[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
                         "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi"};
  int counts[BUCKETS] = {0};
  for (int i = 0; i < 16; i++) {
    unsigned a = djb2(words[i]), b = fnv1a(words[i]);
    printf("%-8s %08x %08x %016llx %08x\n", words[i], a, b, fnv1a64(words[i]), murmur_mix(a ^ b));
    counts[b % BUCKETS]++;
  }
  int used = 0;
  for (int i = 0; i < BUCKETS; i++)
    used += counts[i] > 0;
  printf("buckets used=%d\n", used);
  return used;
}
