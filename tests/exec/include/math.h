/* Minimal <math.h>: the functions the Cpu0 runtime provides
 * (runtime/cpu0/softfloat.c and math.c). */
#ifndef EXEC_MATH_H
#define EXEC_MATH_H
double sqrt(double x);
float sqrtf(float x);
double fmod(double x, double y);
float fmodf(float x, float y);
double fma(double x, double y, double z);
float fmaf(float x, float y, float z);
double floor(double x);
float floorf(float x);
double ceil(double x);
float ceilf(float x);
double trunc(double x);
float truncf(float x);
double round(double x);
float roundf(float x);
double rint(double x);
float rintf(float x);
double nearbyint(double x);
float nearbyintf(float x);
double fmin(double x, double y);
float fminf(float x, float y);
double fmax(double x, double y);
float fmaxf(float x, float y);
#endif
