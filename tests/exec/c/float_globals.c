/* Floating-point data: initialized globals, structs and arrays, loads and
 * stores through pointers, phis and function arguments/results. */
#include <stdio.h>

struct particle {
  float x, y;
  double mass;
  int id;
};

struct particle ps[3] = {{1.0f, 2.0f, 0.5, 1}, {-3.25f, 0.125f, 1e-3, 2}, {1e10f, -1e-10f, 7.0, 3}};
const double table[] = {0.5, 0.25, 0.125, -1.0 / 3.0};
float grid[4][2];
double acc = 100.0;

static double energy(const struct particle *p) {
  double v2 = (double)p->x * p->x + (double)p->y * p->y;
  return 0.5 * p->mass * v2;
}

static float mix(float a, double b, int c, float d, double e) { return a + (float)(b * c) - d * (float)e; }

static double pick(int k, double a, double b) {
  double r;
  if (k & 1)
    r = a * 2;
  else
    r = b - 1;
  return r;
}

int main(void) {
  for (int i = 0; i < 3; i++) {
    printf("%d: e=%.6e\n", ps[i].id, energy(&ps[i]));
    ps[i].x *= 2;
    ps[i].mass += table[i];
  }
  for (int i = 0; i < 4; i++) {
    grid[i][0] = (float)table[i];
    grid[i][1] = grid[i][0] * -2;
    acc -= table[i] * grid[i][1];
  }
  printf("acc=%.15g x=%g %g %g m=%g\n", acc, (double)ps[0].x, (double)ps[1].x, (double)ps[2].x,
         ps[2].mass);
  printf("mix=%.7g\n", (double)mix(1.5f, 2.25, 3, 0.5f, 8.0));
  for (int k = 0; k < 4; k++)
    printf("pick %g\n", pick(k, table[k], acc));
  return 0;
}
