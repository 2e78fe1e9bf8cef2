; fneg of a float vector flips the sign bit of every lane (LLVM LangRef:
; fneg changes only the sign, NaNs included): on BWDSP one SIMD XOR with
; a constant splat hoisted out of the loop, not a scalar XOR and a lane
; move per lane (spec bwdsp.md §2.3: `D Rd = Rs ^ Rt` on every macro of D).
; A splat's negation stays one scalar XOR, broadcast.
; The loop shapes below are those before software pipelining (swp.ll tests it).
; RUN: %lltosimd -march=bwdsp -O2 -enable-software-pipeline=false %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@a = global [8 x <4 x float>] zeroinitializer, align 16
@b = global [8 x <4 x float>] zeroinitializer, align 16

define void @neg() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr [8 x <4 x float>], [8 x <4 x float>]* @a, i32 0, i32 %i
  %v = load <4 x float>, <4 x float>* %pa, align 16
  %n = fneg <4 x float> %v
  %pb = getelementptr [8 x <4 x float>], [8 x <4 x float>]* @b, i32 0, i32 %i
  store <4 x float> %n, <4 x float>* %pb, align 16
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 8
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: neg:
; CHECK: xyztR[[K:[0-9]+]] = {{#?}}-2147483648
; CHECK: [[L:\.L[a-z0-9.]+]]:
; CHECK-NOT: {{[yzt]R[0-9]+ = xR}}
; CHECK-NOT: {{xR[0-9]+ = [yzt]R}}
; CHECK: xyztR{{[0-9]+}} = R{{[0-9]+}} ^ R[[K]]
; CHECK-NOT: {{[yzt]R[0-9]+ = xR}}
; CHECK-NOT: {{xR[0-9]+ = [yzt]R}}
; CHECK: if LC0 b [[L]]

define <4 x float> @negsplat(float %s) {
  %i = insertelement <4 x float> undef, float %s, i32 0
  %v = shufflevector <4 x float> %i, <4 x float> undef, <4 x i32> zeroinitializer
  %n = fneg <4 x float> %v
  ret <4 x float> %n
}
; CHECK-LABEL: negsplat:
; CHECK-NOT: xyztR{{[0-9]+}} = R{{[0-9]+}} ^
; CHECK: xR{{[0-9]+}} = R{{[0-9]+}} ^
; CHECK-NOT: ^
; CHECK: ret
