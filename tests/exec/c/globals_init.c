#include <stdio.h>

int counter = 5;
short sh = -300;
signed char sc = -5;
unsigned char uc = 250;
long long big = 0x123456789abcdefLL;
int arr[6] = {1, 1, 2, 3, 5, 8};
char msg[] = "initialised";
struct cfg { int w; short h; char flag; int list[3]; } config = {640, 480, 'y', {7, 8, 9}};

static int bump(void) { return ++counter; }

int main(void) {
  printf("counter=%d sh=%d sc=%d uc=%d\n", counter, sh, sc, uc);
  printf("big=%lld\n", big);
  for (int i = 0; i < 6; i++)
    printf("%d ", arr[i]);
  printf("\n%s\n", msg);
  printf("cfg=%d x %d %c [%d %d %d]\n", config.w, config.h, config.flag,
         config.list[0], config.list[1], config.list[2]);
  bump();
  bump();
  sh *= 2;
  uc += 10;
  big >>= 8;
  msg[0] = 'I';
  config.list[1] += config.h;
  printf("counter=%d sh=%d uc=%d big=%lld msg=%s list1=%d\n", counter, sh, uc, big,
         msg, config.list[1]);
  return counter + uc;
}
