/* <math.h> for csmith programs: csmith.h includes it, but programs
 * generated with --no-float use no math functions (the Cpu0 runtime has
 * no soft-float), so it declares nothing. */
#ifndef CAMPAIGN_MATH_H
#define CAMPAIGN_MATH_H
#endif
