; Addresses in loops and memory offsets on Cpu0 (spec §3.1: an access is
; off($base) with a signed 16-bit off, so base + constant costs nothing in
; an access).
; - A pointer some accesses share: a vector load split into its lanes
;   reads one address at offsets 0, 4, 8, 12; an address p + 16 folds into
;   all four accesses (no addiu left for it).
; - loop-strength-reduce: the accesses x[i*4 + k] of an unrolled loop read
;   one pointer induction variable at constant offsets; the loop computes
;   no shift or add per address. A loop entered from a guard block gets a
;   preheader for the pointer's start value.
; - A pointer used by one access only stays as written (it would cost a
;   register and an increment and save nothing: LSRMinUses).
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -O2 %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -O2 %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -O2 -stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %lltosimd -march=cpu0el -O2 -pass-option=lsr-min-uses=1 -stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS1
; RUN: not %lltosimd -march=cpu0el -O2 -pass-option=lsr-min-uses=x %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define void @lanes(<4 x i32>* %p, <4 x i32>* %q) {
  %a = getelementptr <4 x i32>, <4 x i32>* %p, i32 1
  %v = load <4 x i32>, <4 x i32>* %a, align 16
  %w = add <4 x i32> %v, %v
  store <4 x i32> %w, <4 x i32>* %q, align 16
  ret void
}
; CHECK-LABEL: lanes:
; CHECK-NOT: addiu
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 16($4)
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 20($4)
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 24($4)
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 28($4)
; CHECK-NOT: addiu
; CHECK: .end lanes

; s += x[4i] + x[4i+1] + x[4i+2] + x[4i+3] for i < n (n > 0 checked first).
define i32 @sum4(i32* %x, i32 %n) {
entry:
  %g = icmp sgt i32 %n, 0
  br i1 %g, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s4, %loop ]
  %b = shl i32 %i, 2
  %p0 = getelementptr i32, i32* %x, i32 %b
  %v0 = load i32, i32* %p0
  %b1 = or i32 %b, 1
  %p1 = getelementptr i32, i32* %x, i32 %b1
  %v1 = load i32, i32* %p1
  %b2 = or i32 %b, 2
  %p2 = getelementptr i32, i32* %x, i32 %b2
  %v2 = load i32, i32* %p2
  %b3 = or i32 %b, 3
  %p3 = getelementptr i32, i32* %x, i32 %b3
  %v3 = load i32, i32* %p3
  %s1 = add i32 %s, %v0
  %s2 = add i32 %s1, %v1
  %s3 = add i32 %s2, %v2
  %s4 = add i32 %s3, %v3
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %s4, %loop ]
  ret i32 %r
}
; CHECK-LABEL: sum4:
; CHECK: [[L:\$BB[0-9_]+]]:
; CHECK-NOT: shl
; CHECK: ld {{\$[0-9a-z]+}}, 0([[P:\$[0-9a-z]+]])
; CHECK-NOT: shl
; CHECK: ld {{\$[0-9a-z]+}}, 4([[P]])
; CHECK-NOT: shl
; CHECK: ld {{\$[0-9a-z]+}}, 8([[P]])
; CHECK-NOT: shl
; CHECK: ld {{\$[0-9a-z]+}}, 12([[P]])
; CHECK-NOT: shl
; CHECK: addiu [[P]], [[P]], 16
; CHECK: .end sum4

; One access per iteration: x[i] keeps its shift and add.
define i32 @sum1(i32* %x, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %p = getelementptr i32, i32* %x, i32 %i
  %v = load i32, i32* %p
  %s1 = add i32 %s, %v
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s1
}
; CHECK-LABEL: sum1:
; CHECK: [[L:\$BB[0-9_]+]]:
; CHECK: shl {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, 2
; CHECK: .end sum1

; STATS: 4 loop-strength-reduce - Number of address computations replaced by a pointer induction variable
; STATS: 1 loop-strength-reduce - Number of pointer induction variables created
; STATS1: 5 loop-strength-reduce - Number of address computations replaced by a pointer induction variable
; STATS1: 2 loop-strength-reduce - Number of pointer induction variables created
; BAD: loop-strength-reduce: invalid lsr-min-uses value 'x'
