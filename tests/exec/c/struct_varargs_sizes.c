/* Structs of 1 to 17 bytes and float/double/long double aggregates
 * through a variadic function (va_arg) and by value, in the style of
 * c-testsuite's ABI test. On big-endian MIPS IR a piece narrower than a
 * word is passed inreg and O32 left-justifies it: va_arg read zero bytes.
 * exec: no-host -- x86-64 IR has x86_fp80 long doubles and a struct va_list,
 * both refused by design. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
struct s1 { char x[1]; };
static struct s1 mk1(char c) { struct s1 r; for (int i = 0; i < 1; i++) r.x[i] = c + i; return r; }
static void pr1(struct s1 a) { for (int i = 0; i < 1; i++) putchar(a.x[i]); putchar(' '); }
struct s2 { char x[2]; };
static struct s2 mk2(char c) { struct s2 r; for (int i = 0; i < 2; i++) r.x[i] = c + i; return r; }
static void pr2(struct s2 a) { for (int i = 0; i < 2; i++) putchar(a.x[i]); putchar(' '); }
struct s3 { char x[3]; };
static struct s3 mk3(char c) { struct s3 r; for (int i = 0; i < 3; i++) r.x[i] = c + i; return r; }
static void pr3(struct s3 a) { for (int i = 0; i < 3; i++) putchar(a.x[i]); putchar(' '); }
struct s4 { char x[4]; };
static struct s4 mk4(char c) { struct s4 r; for (int i = 0; i < 4; i++) r.x[i] = c + i; return r; }
static void pr4(struct s4 a) { for (int i = 0; i < 4; i++) putchar(a.x[i]); putchar(' '); }
struct s5 { char x[5]; };
static struct s5 mk5(char c) { struct s5 r; for (int i = 0; i < 5; i++) r.x[i] = c + i; return r; }
static void pr5(struct s5 a) { for (int i = 0; i < 5; i++) putchar(a.x[i]); putchar(' '); }
struct s6 { char x[6]; };
static struct s6 mk6(char c) { struct s6 r; for (int i = 0; i < 6; i++) r.x[i] = c + i; return r; }
static void pr6(struct s6 a) { for (int i = 0; i < 6; i++) putchar(a.x[i]); putchar(' '); }
struct s7 { char x[7]; };
static struct s7 mk7(char c) { struct s7 r; for (int i = 0; i < 7; i++) r.x[i] = c + i; return r; }
static void pr7(struct s7 a) { for (int i = 0; i < 7; i++) putchar(a.x[i]); putchar(' '); }
struct s8 { char x[8]; };
static struct s8 mk8(char c) { struct s8 r; for (int i = 0; i < 8; i++) r.x[i] = c + i; return r; }
static void pr8(struct s8 a) { for (int i = 0; i < 8; i++) putchar(a.x[i]); putchar(' '); }
struct s9 { char x[9]; };
static struct s9 mk9(char c) { struct s9 r; for (int i = 0; i < 9; i++) r.x[i] = c + i; return r; }
static void pr9(struct s9 a) { for (int i = 0; i < 9; i++) putchar(a.x[i]); putchar(' '); }
struct s10 { char x[10]; };
static struct s10 mk10(char c) { struct s10 r; for (int i = 0; i < 10; i++) r.x[i] = c + i; return r; }
static void pr10(struct s10 a) { for (int i = 0; i < 10; i++) putchar(a.x[i]); putchar(' '); }
struct s11 { char x[11]; };
static struct s11 mk11(char c) { struct s11 r; for (int i = 0; i < 11; i++) r.x[i] = c + i; return r; }
static void pr11(struct s11 a) { for (int i = 0; i < 11; i++) putchar(a.x[i]); putchar(' '); }
struct s12 { char x[12]; };
static struct s12 mk12(char c) { struct s12 r; for (int i = 0; i < 12; i++) r.x[i] = c + i; return r; }
static void pr12(struct s12 a) { for (int i = 0; i < 12; i++) putchar(a.x[i]); putchar(' '); }
struct s13 { char x[13]; };
static struct s13 mk13(char c) { struct s13 r; for (int i = 0; i < 13; i++) r.x[i] = c + i; return r; }
static void pr13(struct s13 a) { for (int i = 0; i < 13; i++) putchar(a.x[i]); putchar(' '); }
struct s14 { char x[14]; };
static struct s14 mk14(char c) { struct s14 r; for (int i = 0; i < 14; i++) r.x[i] = c + i; return r; }
static void pr14(struct s14 a) { for (int i = 0; i < 14; i++) putchar(a.x[i]); putchar(' '); }
struct s15 { char x[15]; };
static struct s15 mk15(char c) { struct s15 r; for (int i = 0; i < 15; i++) r.x[i] = c + i; return r; }
static void pr15(struct s15 a) { for (int i = 0; i < 15; i++) putchar(a.x[i]); putchar(' '); }
struct s16 { char x[16]; };
static struct s16 mk16(char c) { struct s16 r; for (int i = 0; i < 16; i++) r.x[i] = c + i; return r; }
static void pr16(struct s16 a) { for (int i = 0; i < 16; i++) putchar(a.x[i]); putchar(' '); }
struct s17 { char x[17]; };
static struct s17 mk17(char c) { struct s17 r; for (int i = 0; i < 17; i++) r.x[i] = c + i; return r; }
static void pr17(struct s17 a) { for (int i = 0; i < 17; i++) putchar(a.x[i]); putchar(' '); }
struct hfaf1 { float a; };
static struct hfaf1 mkhf1(float v) { struct hfaf1 r; r.a = v + 0; return r; }
struct hfaf2 { float a, b; };
static struct hfaf2 mkhf2(float v) { struct hfaf2 r; r.a = v + 0; r.b = v + 1; return r; }
struct hfaf3 { float a, b, c; };
static struct hfaf3 mkhf3(float v) { struct hfaf3 r; r.a = v + 0; r.b = v + 1; r.c = v + 2; return r; }
struct hfaf4 { float a, b, c, d; };
static struct hfaf4 mkhf4(float v) { struct hfaf4 r; r.a = v + 0; r.b = v + 1; r.c = v + 2; r.d = v + 3; return r; }
struct hfad1 { double a; };
static struct hfad1 mkhd1(double v) { struct hfad1 r; r.a = v + 0; return r; }
struct hfad2 { double a, b; };
static struct hfad2 mkhd2(double v) { struct hfad2 r; r.a = v + 0; r.b = v + 1; return r; }
struct hfad3 { double a, b, c; };
static struct hfad3 mkhd3(double v) { struct hfad3 r; r.a = v + 0; r.b = v + 1; r.c = v + 2; return r; }
struct hfad4 { double a, b, c, d; };
static struct hfad4 mkhd4(double v) { struct hfad4 r; r.a = v + 0; r.b = v + 1; r.c = v + 2; r.d = v + 3; return r; }
struct hfald1 { long double a; };
static struct hfald1 mkhld1(long double v) { struct hfald1 r; r.a = v + 0; return r; }
struct hfald2 { long double a, b; };
static struct hfald2 mkhld2(long double v) { struct hfald2 r; r.a = v + 0; r.b = v + 1; return r; }
struct hfald3 { long double a, b, c; };
static struct hfald3 mkhld3(long double v) { struct hfald3 r; r.a = v + 0; r.b = v + 1; r.c = v + 2; return r; }
struct hfald4 { long double a, b, c, d; };
static struct hfald4 mkhld4(long double v) { struct hfald4 r; r.a = v + 0; r.b = v + 1; r.c = v + 2; r.d = v + 3; return r; }
static void va_structs(int n, ...) { va_list ap; va_start(ap, n);
  pr1(va_arg(ap, struct s1));
  pr2(va_arg(ap, struct s2));
  pr3(va_arg(ap, struct s3));
  pr4(va_arg(ap, struct s4));
  pr5(va_arg(ap, struct s5));
  pr6(va_arg(ap, struct s6));
  pr7(va_arg(ap, struct s7));
  pr8(va_arg(ap, struct s8));
  pr9(va_arg(ap, struct s9));
  pr10(va_arg(ap, struct s10));
  pr11(va_arg(ap, struct s11));
  pr12(va_arg(ap, struct s12));
  pr13(va_arg(ap, struct s13));
  pr14(va_arg(ap, struct s14));
  pr15(va_arg(ap, struct s15));
  pr16(va_arg(ap, struct s16));
  pr17(va_arg(ap, struct s17));
  struct hfaf3 h = va_arg(ap, struct hfaf3); struct hfad2 g = va_arg(ap, struct hfad2); long double ld = va_arg(ap, long double); double d = va_arg(ap, double); long long ll = va_arg(ap, long long); int i = va_arg(ap, int);
  printf("\n%.1f %.1f %.1f %.1f %.1f %.1Lf %.1f %lld %d\n", h.a, h.b, h.c, g.a, g.b, ld, d, ll, i); va_end(ap); }
static void fixed(struct s3 a, struct s5 b, struct s7 c, struct s9 d, struct s17 e, struct hfad4 h, struct hfaf1 f) { pr3(a); pr5(b); pr7(c); pr9(d); pr17(e); printf("%.1f %.1f %.1f\n", h.a, h.d, f.a); }
int main(void) {
  va_structs(17, mk1('a' + 1), mk2('a' + 2), mk3('a' + 3), mk4('a' + 4), mk5('a' + 5), mk6('a' + 6), mk7('a' + 7), mk8('a' + 8), mk9('a' + 9), mk10('a' + 10), mk11('a' + 11), mk12('a' + 12), mk13('a' + 13), mk14('a' + 14), mk15('a' + 15), mk16('a' + 16), mk17('a' + 17), mkhf3(1.5f), mkhd2(2.5), (long double)3.5, 4.5, 1234567890123LL, 42);
  fixed(mk3('A'), mk5('B'), mk7('C'), mk9('D'), mk17('E'), mkhd4(7.0), mkhf1(9.0f));
  { struct hfaf1 h = mkhf1(10); printf("%.1Lf ", (long double)h.a); }
  { struct hfaf2 h = mkhf2(10); printf("%.1Lf ", (long double)h.b); }
  { struct hfaf3 h = mkhf3(10); printf("%.1Lf ", (long double)h.c); }
  { struct hfaf4 h = mkhf4(10); printf("%.1Lf ", (long double)h.d); }
  { struct hfad1 h = mkhd1(10); printf("%.1Lf ", (long double)h.a); }
  { struct hfad2 h = mkhd2(10); printf("%.1Lf ", (long double)h.b); }
  { struct hfad3 h = mkhd3(10); printf("%.1Lf ", (long double)h.c); }
  { struct hfad4 h = mkhd4(10); printf("%.1Lf ", (long double)h.d); }
  { struct hfald1 h = mkhld1(10); printf("%.1Lf ", (long double)h.a); }
  { struct hfald2 h = mkhld2(10); printf("%.1Lf ", (long double)h.b); }
  { struct hfald3 h = mkhld3(10); printf("%.1Lf ", (long double)h.c); }
  { struct hfald4 h = mkhld4(10); printf("%.1Lf ", (long double)h.d); }
  printf("\n"); return 0; }
