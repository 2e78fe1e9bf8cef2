; Single-precision float is native on BWDSP (spec bwdsp.md §2.3: `(F)`
; forms of + - * /, compares, `float Rs` [(U)] and `fix Rs`); double goes
; through the soft-float runtime calls.
; RUN: %lltosimd -march=bwdsp %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define float @arith(float %a, float %b) {
  %m = fmul float %a, %b
  %d = fdiv float %m, %b
  %s = fsub float %d, %a
  %r = fadd float %s, %b
  ret float %r
}
; CHECK-LABEL: arith:
; CHECK: = R{{[0-9]+}} * R{{[0-9]+}} (F)
; CHECK: = R{{[0-9]+}} / R{{[0-9]+}} (F)
; CHECK: = R{{[0-9]+}} - R{{[0-9]+}} (F)
; CHECK: = R{{[0-9]+}} + R{{[0-9]+}} (F)
; CHECK-NOT: call

define float @conv(i32 %i, i32 %u) {
  %a = sitofp i32 %i to float
  %b = uitofp i32 %u to float
  %c = fadd float %a, %b
  %t = fptosi float %c to i32
  %d = sitofp i32 %t to float
  ret float %d
}
; CHECK-LABEL: conv:
; CHECK-DAG: = float R{{[0-9]+}}{{$}}
; CHECK-DAG: = float R{{[0-9]+}} (U)
; CHECK: = fix R{{[0-9]+}}

; Ordered compares are one `(F)` compare; an unordered one is the negation
; (action CC) of the opposite ordered compare, so NaN makes it true.
define float @fmin(float %a, float %b) {
  %c = fcmp olt float %a, %b
  %r = select i1 %c, float %a, float %b
  ret float %r
}
; CHECK-LABEL: fmin:
; CHECK: xCP[[P:[0-7]]] = R[[A:[0-9]+]] < R[[B:[0-9]+]] (F)
; CHECK-NEXT: xR{{[0-9]+}} = CP[[P]] ? R[[A]] : R[[B]]

define i32 @ugt(float %a, float %b) {
  %c = fcmp ugt float %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: ugt:
; CHECK: xCP[[P:[0-7]]] = !(R{{[0-9]+}} <= R{{[0-9]+}}) (F)
; CHECK: = CP[[P]] ?

define double @dadd(double %a, double %b) {
  %r = fadd double %a, %b
  ret double %r
}
; CHECK-LABEL: dadd:
; CHECK: call __adddf3
