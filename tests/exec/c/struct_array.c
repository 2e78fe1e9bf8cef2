#include <stdio.h>

struct student { char name[8]; int score; unsigned char age; };

static struct student class_[] = {
    {"ann", 91, 20}, {"bob", 78, 22}, {"cyd", 85, 19},
    {"dee", 62, 21}, {"eve", 99, 20}, {"fay", 70, 23},
};

#define COUNT (int)(sizeof class_ / sizeof class_[0])

int main(void) {
  int best = 0, sum = 0, agesum = 0;
  for (int i = 0; i < COUNT; i++) {
    sum += class_[i].score;
    agesum += class_[i].age;
    if (class_[i].score > class_[best].score)
      best = i;
  }
  printf("count=%d avg=%d best=%s age_avg=%d\n", COUNT, sum / COUNT,
         class_[best].name, agesum / COUNT);
  /* selection sort by score, swapping whole structs */
  for (int i = 0; i < COUNT; i++) {
    int m = i;
    for (int j = i + 1; j < COUNT; j++)
      if (class_[j].score < class_[m].score)
        m = j;
    struct student t = class_[i];
    class_[i] = class_[m];
    class_[m] = t;
  }
  for (int i = 0; i < COUNT; i++)
    printf("%s %d %d\n", class_[i].name, class_[i].score, class_[i].age);
  return class_[0].score;
}
