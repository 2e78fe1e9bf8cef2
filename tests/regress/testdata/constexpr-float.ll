; Floating-point and extractvalue constant expressions as instruction
; operands: clang -O1 leaves some its folder cannot evaluate (csmith:
; `uitofp (i1 icmp eq (@g_150 + 44, @g_77) to float)`). They were
; unsupported. The EXPECT lines are lli's output for this module without
; its two target lines (host triple).
; EXPECT: c0280000 00000000 3ff199999999999a -2 42 0 101
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@a = global [4 x i32] zeroinitializer
@b = global i32 7
@fmt = private constant [31 x i8] c"%08x %08x %016llx %d %d %d %u\0A\00"

declare i32 @printf(i8*, ...)

define i32 @main() {
  %f1 = fadd float uitofp (i1 icmp eq (i32* getelementptr ([4 x i32], [4 x i32]* @a, i32 0, i32 1), i32* @b) to float), 1.5
  %f2 = fmul float %f1, fsub (float sitofp (i1 icmp ne (i32* getelementptr ([4 x i32], [4 x i32]* @a, i32 0, i32 2), i32* @b) to float), float fdiv (float uitofp (i1 icmp ne (i32* @b, i32* null) to float), float 4.0))
  %f3 = fadd float %f2, fneg (float uitofp (i1 icmp ne (i32* @b, i32* null) to float))
  %f4 = fadd float %f3, fptrunc (double frem (double uitofp (i8 zext (i1 icmp ne (i32* @b, i32* null) to i8) to double), double 0.75) to float)
  %fb = bitcast float %f4 to i32
  %g1d = fmul double fpext (float sitofp (i1 icmp eq (i32* @b, i32* null) to float) to double), 3.0
  %g1 = fptrunc double %g1d to float
  %gb = bitcast float %g1 to i32
  %d1 = fadd double fpext (float uitofp (i1 icmp ne (i32* @b, i32* null) to float) to double), 0.1
  %db = bitcast double %d1 to i64
  %i1 = add i32 fptosi (float fmul (float uitofp (i1 icmp ne (i32* @b, i32* null) to float), float -2.5) to i32), 0
  %i2 = add i32 fptoui (double fadd (double uitofp (i1 icmp ne (i32* @b, i32* null) to double), double 41.9) to i32), 0
  %c1 = zext i1 fcmp olt (float uitofp (i1 icmp ne (i32* @b, i32* null) to float), float 0.5) to i32
  %c2 = zext i1 fcmp une (double sitofp (i1 icmp ne (i32* @b, i32* null) to double), double -1.0) to i32
  %c = add i32 %c1, %c2
  %e = add i32 extractvalue ({ i32, i32 } { i32 5, i32 zext (i1 icmp ne (i32* @b, i32* null) to i32) }, 1), 100
  %p = getelementptr [31 x i8], [31 x i8]* @fmt, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %p, i32 %fb, i32 %gb, i64 %db, i32 %i1, i32 %i2, i32 %c, i32 %e)
  ret i32 0
}
