; Soft float: Cpu0 has no FPU, so the `soft-float` pass turns the generic
; float ops into calls of the libgcc-named runtime routines
; (runtime/cpu0/softfloat.c). A float is one integer word, a double two
; words passed like an i64 (ArgAlign8, memory order). Sign operations are
; integer ops on the sign word, not calls.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -stop-after=soft-float %s -o - | FileCheck %s --check-prefix=MIR-EL
; RUN: %lltosimd -march=cpu0 -stop-after=soft-float %s -o - | FileCheck %s --check-prefix=MIR-BE

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define float @arith_f(float %a, float %b) {
  %s = fadd float %a, %b
  %d = fsub float %s, %b
  %m = fmul float %d, %a
  %q = fdiv float %m, %b
  %r = frem float %q, %a
  ret float %r
}
; CHECK-LABEL: arith_f:
; CHECK: jsub __addsf3
; CHECK: jsub __subsf3
; CHECK: jsub __mulsf3
; CHECK: jsub __divsf3
; CHECK: jsub fmodf
; CHECK: .end arith_f

define double @arith_d(double %a, double %b) {
  %s = fadd double %a, %b
  %d = fsub double %s, %b
  %m = fmul double %d, %a
  %q = fdiv double %m, %b
  %r = frem double %q, %a
  ret double %r
}
; CHECK-LABEL: arith_d:
; CHECK: jsub __adddf3
; CHECK: jsub __subdf3
; CHECK: jsub __muldf3
; CHECK: jsub __divdf3
; CHECK: jsub fmod
; CHECK: .end arith_d

; The words of a double go in memory order: on big-endian Cpu0 the high
; word first, as an i64 would.
; MIR-EL-LABEL: --- function: arith_d
; MIR-EL: %0.a:gpr, %1.a.hi:gpr, %2.b:gpr, %3.b.hi:gpr = G_ARGS 258, 258
; MIR-EL: %4.s:gpr, %5.s.hi:gpr = G_CALL @__adddf3, 258, %0, %1, 258, %2, %3
; MIR-BE-LABEL: --- function: arith_d
; MIR-BE: %1.a.hi:gpr, %0.a:gpr, %3.b.hi:gpr, %2.b:gpr = G_ARGS 258, 258
; MIR-BE: %5.s.hi:gpr, %4.s:gpr = G_CALL @__adddf3, 258, %1, %0, 258, %3, %2

; Ordered predicates test one routine's result against zero; unordered ones
; test the complementary routine (which returns the "false" side for NaN).
define i32 @cmp_f(float %a, float %b) {
  %lt = fcmp olt float %a, %b
  %uge = fcmp uge float %a, %b
  %x = xor i1 %lt, %uge
  %r = zext i1 %x to i32
  ret i32 %r
}
; CHECK-LABEL: cmp_f:
; CHECK-DAG: jsub __ltsf2
; CHECK-DAG: jsub __ltsf2
; CHECK: .end cmp_f
; MIR-EL-LABEL: --- function: cmp_f
; MIR-EL: [[R:%[0-9]+]]:gpr = G_CALL @__ltsf2, 1, %0, 1, %1
; MIR-EL-NEXT: G_ICMP slt, [[R]],
; MIR-EL: [[S:%[0-9]+]]:gpr = G_CALL @__ltsf2, 1, %0, 1, %1
; MIR-EL-NEXT: G_ICMP sge, [[S]],

; one = ordered and not equal: two calls.
define i1 @cmp_one(double %a, double %b) {
  %c = fcmp one double %a, %b
  ret i1 %c
}
; CHECK-LABEL: cmp_one:
; CHECK: jsub __unorddf2
; CHECK: jsub __nedf2
; CHECK: .end cmp_one

define i32 @conv(float %f, double %d, i64 %l, i32 %i) {
  %a = fptosi float %f to i32
  %b = fptoui double %d to i64
  %c = sitofp i64 %l to float
  %e = uitofp i32 %i to double
  %g = fpext float %c to double
  %h = fadd double %e, %g
  %t = fptrunc double %h to float
  %k = fptosi float %t to i32
  %b32 = trunc i64 %b to i32
  %s1 = add i32 %a, %b32
  %s2 = add i32 %s1, %k
  ret i32 %s2
}
; CHECK-LABEL: conv:
; CHECK-DAG: jsub __fixsfsi
; CHECK-DAG: jsub __fixunsdfdi
; CHECK-DAG: jsub __floatdisf
; CHECK-DAG: jsub __floatunsidf
; CHECK-DAG: jsub __extendsfdf2
; CHECK-DAG: jsub __truncdfsf2
; CHECK: .end conv

declare float @llvm.fabs.f32(float)
declare double @llvm.copysign.f64(double, double)

; fneg, fabs and copysign change only the sign bit: no call.
define float @sign_f(float %a) {
  %n = fneg float %a
  %b = call float @llvm.fabs.f32(float %n)
  ret float %b
}
; CHECK-LABEL: sign_f:
; CHECK-NOT: jsub
; CHECK: .end sign_f

define double @sign_d(double %a, double %b) {
  %c = call double @llvm.copysign.f64(double %a, double %b)
  ret double %c
}
; CHECK-LABEL: sign_d:
; CHECK-NOT: jsub
; CHECK: .end sign_d

; fmuladd is a multiply and an add, each rounded, as lli computes it on
; x86-64 without FMA.
declare float @llvm.fmuladd.f32(float, float, float)
define float @muladd(float %a, float %b, float %c) {
  %r = call float @llvm.fmuladd.f32(float %a, float %b, float %c)
  ret float %r
}
; CHECK-LABEL: muladd:
; CHECK: jsub __mulsf3
; CHECK: jsub __addsf3
; CHECK: .end muladd

; Constants are their bit patterns; 1.5f is 0x3fc00000.
define float @konst() {
  ret float 1.5
}
; MIR-EL-LABEL: --- function: konst
; MIR-EL: G_CONST 1069547520


; llvm.sqrt calls the runtime's correctly rounded sqrtf/sqrt.
declare float @llvm.sqrt.f32(float)
declare double @llvm.sqrt.f64(double)
define double @roots(float %a, double %b) {
  %s = call float @llvm.sqrt.f32(float %a)
  %t = call double @llvm.sqrt.f64(double %b)
  %e = fpext float %s to double
  %r = fadd double %e, %t
  ret double %r
}
; CHECK-LABEL: roots:
; CHECK: jsub sqrtf
; CHECK: jsub sqrt
; CHECK: .end roots

; Globals are printed after the functions.
@g = global [2 x float] [float 1.0, float -2.0]
@h = global double 0x7FF0000000000000
; CHECK-LABEL: g:
; CHECK-NEXT: .4byte 1065353216
; CHECK-NEXT: .4byte 3221225472
