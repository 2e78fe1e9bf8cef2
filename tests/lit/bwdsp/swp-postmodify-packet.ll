; software-pipeline (passes/swp.go) must charge post-modified accesses
; (LDPM, STPM) with the bundle rules of spec bwdsp.md §2.4: at most 2 loads
; per bundle (rule 3). Before two-address the post-modified address is a
; def distinct from its use; the scheduler's stand-in registers must tie
; them, or the target cannot encode the access, the scheduler takes it
; for a pseudo that only occupies a slot, and packs the 4 loads of one
; iteration in one row (the packetizer then spreads them, a cycle later
; than the schedule planned).
; RUN: %lltosimd -march=bwdsp -O2 -debug-only=software-pipeline %s -o %t.s 2> %t.err
; RUN: FileCheck %s < %t.err
; RUN: %bwdsprun -d %t.s > /dev/null
; CHECK: software-pipeline: @cdot bb{{[0-9]+}}: II
; CHECK-COUNT-2: t=0 stage 0 slot 0: {{.*}} LDPM
; CHECK-NOT: t=0 stage 0 slot 0: {{.*}} LDPM
; CHECK: t=1 stage 0 slot 1: {{.*}} LDPM

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@ar = global [16 x <4 x float>] zeroinitializer
@ai = global [16 x <4 x float>] zeroinitializer
@br = global [16 x <4 x float>] zeroinitializer
@bi = global [16 x <4 x float>] zeroinitializer
@pr = global [16 x <4 x float>] zeroinitializer
@pi = global [16 x <4 x float>] zeroinitializer

; conj(a) * b: pr = ar*br + ai*bi, pi = ar*bi - ai*br
define void @cdot(i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %par = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @ar, i32 0, i32 %i
  %xr = load <4 x float>, <4 x float>* %par
  %pai = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @ai, i32 0, i32 %i
  %xi = load <4 x float>, <4 x float>* %pai
  %pbr = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @br, i32 0, i32 %i
  %yr = load <4 x float>, <4 x float>* %pbr
  %pbi = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @bi, i32 0, i32 %i
  %yi = load <4 x float>, <4 x float>* %pbi
  %m0 = fmul <4 x float> %xr, %yr
  %m1 = fmul <4 x float> %xi, %yi
  %r = fadd <4 x float> %m0, %m1
  %m2 = fmul <4 x float> %xr, %yi
  %m3 = fmul <4 x float> %xi, %yr
  %m = fsub <4 x float> %m2, %m3
  %ppr = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @pr, i32 0, i32 %i
  store <4 x float> %r, <4 x float>* %ppr
  %ppi = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @pi, i32 0, i32 %i
  store <4 x float> %m, <4 x float>* %ppi
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
