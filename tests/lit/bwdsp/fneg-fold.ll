; p + a*(-x) is p - a*x, and p - a*(-x) is p + a*x (IEEE 754: a*(-x) =
; -(a*x) exactly, and p + (-q) is p - q; LLVM's instcombine does the same
; without fast-math): the sign-bit XOR of fneg (an ALU operation, spec
; bwdsp.md §2.3 `D Rd = Rs ^ Rt`) goes, a subtract (or add) `(F)` of the
; plain product takes the add's place. A product read elsewhere too keeps
; its negation.
; RUN: %lltosimd -march=bwdsp -O2 %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)

; CHECK-LABEL: cmulre:
; CHECK-NOT: ^
; CHECK-DAG: xyztR[[M1:[0-9]+]] = R{{[0-9]+}} * R{{[0-9]+}} (F)
; CHECK-DAG: xyztR[[M2:[0-9]+]] = R{{[0-9]+}} * R{{[0-9]+}} (F)
; CHECK: xyztR{{[0-9]+}} = R{{[0-9]+}} - R{{[0-9]+}} (F)
; CHECK-NOT: ^
; CHECK: .endfunc
define void @cmulre(<4 x float>* %p, <4 x float>* %q) {
  %p1 = getelementptr <4 x float>, <4 x float>* %p, i32 1
  %p2 = getelementptr <4 x float>, <4 x float>* %p, i32 2
  %p3 = getelementptr <4 x float>, <4 x float>* %p, i32 3
  %xr = load <4 x float>, <4 x float>* %p, align 16
  %xi = load <4 x float>, <4 x float>* %p1, align 16
  %yr = load <4 x float>, <4 x float>* %p2, align 16
  %yi = load <4 x float>, <4 x float>* %p3, align 16
  %n = fneg <4 x float> %xi
  %m = fmul <4 x float> %yi, %n
  %r = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %xr, <4 x float> %yr, <4 x float> %m)
  store <4 x float> %r, <4 x float>* %q, align 16
  ret void
}

; CHECK-LABEL: subneg:
; CHECK-NOT: ^
; CHECK: xR{{[0-9]+}} = R{{[0-9]+}} + R{{[0-9]+}} (F)
; CHECK-NOT: ^
; CHECK: .endfunc
define float @subneg(float %p, float %a, float %x) {
  %n = fneg float %x
  %m = fmul float %a, %n
  %r = fsub float %p, %m
  ret float %r
}

; CHECK-LABEL: shared:
; CHECK: ^
; CHECK: .endfunc
define void @shared(<4 x float>* %p, <4 x float>* %q) {
  %a = load <4 x float>, <4 x float>* %p, align 16
  %n = fneg <4 x float> %a
  %m = fmul <4 x float> %a, %n
  %r = fadd <4 x float> %a, %m
  store <4 x float> %r, <4 x float>* %q, align 16
  %p1 = getelementptr <4 x float>, <4 x float>* %p, i32 1
  store <4 x float> %m, <4 x float>* %p1, align 16
  ret void
}
