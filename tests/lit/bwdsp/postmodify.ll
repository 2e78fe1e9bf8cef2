; Post-modify addressing (spec bwdsp.md §2.3 `D Rd = [Un += #imm]`,
; `[Un += #imm] = D Rs`; §2.8): loop-strength-reduce turns a + i*4 into a
; pointer stepping by 4, post-modify folds that step into the access, and
; the address registers of the pointers used together come from different
; families (U, V, W), so the two post-modified loads share a bundle (§2.4
; rule 4 allows one write per family; bwdsprun -d checks every bundle).
; RUN: %lltosimd -march=bwdsp -O2 %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null
; RUN: %lltosimd -march=bwdsp -O2 -enable-post-modify=false %s -o - | FileCheck %s --check-prefix=OFF
; Each pass alone (MIR in, MIR out).
; RUN: %lltosimd -march=bwdsp -O2 -stop-after=hardware-loops %s -o %t.h.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=loop-strength-reduce %t.h.mir -o - | FileCheck %s --check-prefix=LSR
; RUN: %lltosimd -march=bwdsp -O2 -stop-after=machine-cse %s -o %t.c.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=post-modify %t.c.mir -o - | FileCheck %s --check-prefix=PM

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; c[i] = a[i] + b[i], 64 times: the §2.8 loop on one lane.
define void @vadd(i32* %a, i32* %b, i32* %c) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr i32, i32* %a, i32 %i
  %va = load i32, i32* %pa
  %pb = getelementptr i32, i32* %b, i32 %i
  %vb = load i32, i32* %pb
  %s = add i32 %va, %vb
  %pc = getelementptr i32, i32* %c, i32 %i
  store i32 %s, i32* %pc
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 64
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: vadd:
; CHECK: LC0 = {{#?}}64
; CHECK: [[L:\.L[a-z0-9.]+]]:
; CHECK-NEXT: xR{{[0-9]+}} = {{\[}}[[A:[UVW][0-9]+]] += {{#?}}4] || xR{{[0-9]+}} = {{\[}}[[B:[UVW][0-9]+]] += {{#?}}4]
; CHECK: {{\[}}[[C:[UVW][0-9]+]] += {{#?}}4] = xR{{[0-9]+}}
; CHECK-SAME: if LC0 b [[L]]
; CHECK-NEXT: .L
; OFF-LABEL: vadd:
; OFF-NOT: +=
; OFF: .endfunc
; LSR-LABEL: function: vadd
; LSR: bb1.loop:
; LSR-NOT: G_SHL
; LSR: [[P:%[0-9]+]]:gpr = PHI %0, bb0.entry, [[N:%[0-9]+]], bb1.loop
; LSR-NOT: G_SHL
; LSR: G_LOAD32 [[P]], 0
; LSR-NOT: G_SHL
; LSR: [[N]]:gpr = G_ADD [[P]], %{{[0-9]+}}
; LSR: $LC0 = BLC
; PM-LABEL: function: vadd
; PM: bb1.loop:
; PM-NEXT: [[Q:%[0-9]+]]:addr = PHI {{%[0-9]+}}, bb0.entry, [[Q2:%[0-9]+]], bb1.loop
; PM: = LDPM
; PM-NOT: MOVTA
; PM-NOT: ADDI
; PM: $LC0 = BLC

; A pointer read and written through (y[i] += x[i]): one increment, the
; second access at offset -4 from the incremented register.
define void @acc(i32* %x, i32* %y, i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr i32, i32* %x, i32 %i
  %vx = load i32, i32* %px
  %py = getelementptr i32, i32* %y, i32 %i
  %vy = load i32, i32* %py
  %s = add i32 %vx, %vy
  store i32 %s, i32* %py
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: acc:
; CHECK: += {{#?}}4] ||{{.*}}+= {{#?}}4]
; CHECK-NEXT: = R
; CHECK-NEXT: {{\[[UVW][0-9]+ - #?4\]}} = xR{{[0-9]+}} || if LC0 b
