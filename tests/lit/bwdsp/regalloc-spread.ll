; -regalloc=tuple on a VLIW target: values close together, SIMD and
; scalar, get different registers when that costs no spill. First fit gave each chain
; of this unrolled body the registers of the chain before, which had just
; died: anti dependences that kept packetize from starting a chain's load
; and multiply (spec bwdsp.md §2.6: latencies 3 and 2) before the previous
; chain's add.
; RUN: %lltosimd -march=bwdsp -O2 -regalloc=tuple %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define void @three(<4 x float>* %a, <4 x float>* %c, <4 x float> %k) {
  %pa0 = getelementptr <4 x float>, <4 x float>* %a, i32 0
  %v0 = load <4 x float>, <4 x float>* %pa0, align 16
  %m0 = fmul <4 x float> %v0, %k
  %s0 = fadd <4 x float> %m0, %v0
  %pc0 = getelementptr <4 x float>, <4 x float>* %c, i32 0
  store <4 x float> %s0, <4 x float>* %pc0, align 16
  %pa1 = getelementptr <4 x float>, <4 x float>* %a, i32 1
  %v1 = load <4 x float>, <4 x float>* %pa1, align 16
  %m1 = fmul <4 x float> %v1, %k
  %s1 = fadd <4 x float> %m1, %v1
  %pc1 = getelementptr <4 x float>, <4 x float>* %c, i32 1
  store <4 x float> %s1, <4 x float>* %pc1, align 16
  %pa2 = getelementptr <4 x float>, <4 x float>* %a, i32 2
  %v2 = load <4 x float>, <4 x float>* %pa2, align 16
  %m2 = fmul <4 x float> %v2, %k
  %s2 = fadd <4 x float> %m2, %v2
  %pc2 = getelementptr <4 x float>, <4 x float>* %c, i32 2
  store <4 x float> %s2, <4 x float>* %pc2, align 16
  ret void
}
; CHECK-LABEL: three:
; CHECK: xyztR[[V0:[0-9]+]] = {{\[}}
; CHECK-NOT: xyztR[[V0]] = {{\[}}
; CHECK: ret

; Scalars too: BWDSP's scalar code all runs on macro x, and first fit
; loaded every chain's value into the register the chain before had just
; freed, so each load waited for the previous chain's add.
define void @scalars(i32* %a, i32* %c) {
  %v0 = load i32, i32* %a, align 4
  %s0 = add i32 %v0, 7
  store i32 %s0, i32* %c, align 4
  %pa1 = getelementptr i32, i32* %a, i32 1
  %v1 = load i32, i32* %pa1, align 4
  %s1 = add i32 %v1, 7
  %pc1 = getelementptr i32, i32* %c, i32 1
  store i32 %s1, i32* %pc1, align 4
  %pa2 = getelementptr i32, i32* %a, i32 2
  %v2 = load i32, i32* %pa2, align 4
  %s2 = add i32 %v2, 7
  %pc2 = getelementptr i32, i32* %c, i32 2
  store i32 %s2, i32* %pc2, align 4
  ret void
}
; CHECK-LABEL: scalars:
; CHECK: xR[[S0:[0-9]+]] = {{\[}}
; CHECK-NOT: xR[[S0]] = {{\[}}
; CHECK: ret
