; loop-strength-reduce on addresses of globals: the frontend materializes
; a global's address (G_GLOBAL_ADDR) in the loop body that uses it, which
; is loop-invariant all the same, so a[k][i] (= @a + k*64 + i*4) still
; becomes a pointer induction variable, one per global, and the constant
; k*64 goes into the access's offset (`[Un + #64]`, spec bwdsp.md §2.3).
; Without this each access recomputed @a + (i << 2) (+ k*64) on x.ALU and
; moved it to an address register before the access.
; The loop shapes below are those before software pipelining (swp.ll tests it).
; RUN: %lltosimd -march=bwdsp -O2 -enable-software-pipeline=false %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null
; RUN: %lltosimd -march=bwdsp -O2 -stop-after=hardware-loops %s -o %t.h.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=loop-strength-reduce %t.h.mir -o - | FileCheck %s --check-prefix=LSR

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@a = global [3 x [16 x i32]] zeroinitializer, align 4
@c = global [16 x i32] zeroinitializer, align 4

; c[i] = a[0][i] + a[1][i] + a[2][i], 16 times.
define void @sum3() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p0 = getelementptr [3 x [16 x i32]], [3 x [16 x i32]]* @a, i32 0, i32 0, i32 %i
  %v0 = load i32, i32* %p0
  %p1 = getelementptr [3 x [16 x i32]], [3 x [16 x i32]]* @a, i32 0, i32 1, i32 %i
  %v1 = load i32, i32* %p1
  %p2 = getelementptr [3 x [16 x i32]], [3 x [16 x i32]]* @a, i32 0, i32 2, i32 %i
  %v2 = load i32, i32* %p2
  %s0 = add i32 %v0, %v1
  %s = add i32 %s0, %v2
  %pc = getelementptr [16 x i32], [16 x i32]* @c, i32 0, i32 %i
  store i32 %s, i32* %pc
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: sum3:
; CHECK: LC0 = {{#?}}16
; CHECK: [[L:\.L[a-z0-9.]+]]:
; CHECK-NOT: #a
; CHECK-NOT: #c
; CHECK-NOT: {{[UVW][0-9]+}} = xR
; CHECK-NOT: <<
; The three loads of @a read one pointer (post-modified by one of them).
; CHECK: = {{\[}}[[A:[UVW][0-9]+]] {{[-+]=?}} {{#?[0-9]+}}]
; CHECK: = {{\[}}[[A]] {{[-+]=?}} {{#?[0-9]+}}]
; CHECK: = {{\[}}[[A]] {{[-+]=?}} {{#?[0-9]+}}]
; CHECK-NOT: #a
; CHECK-NOT: <<
; CHECK: if LC0 b [[L]]
; LSR-LABEL: function: sum3
; LSR: bb0.entry:
; LSR: G_GLOBAL_ADDR @a
; LSR: G_GLOBAL_ADDR @c
; LSR: bb1.loop:
; LSR-NOT: G_SHL
; LSR: bb2.exit:

@b = global [64 x i32] zeroinitializer, align 4
@d = global [16 x i32] zeroinitializer, align 4

; d[i] = b[4i] + b[4i|1] + b[4i+2], 16 times: clang writes an unrolled
; loop's index 4i + 1 as 4i | 1 (the low bits of 4i are zero); each
; address is still the one pointer b + 16i plus a constant.
define void @stride4() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i4 = shl i32 %i, 2
  %p0 = getelementptr [64 x i32], [64 x i32]* @b, i32 0, i32 %i4
  %v0 = load i32, i32* %p0
  %o1 = or i32 %i4, 1
  %p1 = getelementptr [64 x i32], [64 x i32]* @b, i32 0, i32 %o1
  %v1 = load i32, i32* %p1
  %o2 = add i32 %i4, 2
  %p2 = getelementptr [64 x i32], [64 x i32]* @b, i32 0, i32 %o2
  %v2 = load i32, i32* %p2
  %s0 = add i32 %v0, %v1
  %s = add i32 %s0, %v2
  %pd = getelementptr [16 x i32], [16 x i32]* @d, i32 0, i32 %i
  store i32 %s, i32* %pd
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: stride4:
; CHECK: LC0 = {{#?}}16
; CHECK: [[L:\.L[a-z0-9.]+]]:
; CHECK-NOT: #b
; CHECK-NOT: {{[UVW][0-9]+}} = xR
; CHECK-NOT: <<
; CHECK-NOT: {{[^|]\|[^|]}}
; CHECK: = {{\[}}[[B:[UVW][0-9]+]] {{[-+]=?}} {{#?[0-9]+}}]
; CHECK: = {{\[}}[[B]] {{[-+]=?}} {{#?[0-9]+}}]
; CHECK: = {{\[}}[[B]] {{[-+]=?}} {{#?[0-9]+}}]
; CHECK-NOT: <<
; CHECK-NOT: {{[^|]\|[^|]}}
; CHECK: if LC0 b [[L]]
; LSR-LABEL: function: stride4
; LSR: bb1.loop:
; LSR-NOT: G_SHL
; LSR-NOT: G_OR
; LSR: bb2.exit:

; 4i | 4 is not 4i + 4 (bit 2 of 4i may be set): that address keeps its OR.
define void @orbad() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i4 = shl i32 %i, 2
  %o1 = or i32 %i4, 4
  %p1 = getelementptr [64 x i32], [64 x i32]* @b, i32 0, i32 %o1
  %v1 = load i32, i32* %p1
  %pd = getelementptr [16 x i32], [16 x i32]* @d, i32 0, i32 %i
  store i32 %v1, i32* %pd
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: orbad:
; CHECK: LC0 = {{#?}}16
; CHECK: [[L:\.L[a-z0-9.]+]]:
; CHECK: = R{{[0-9]+}} | {{#?}}4
; CHECK: if LC0 b [[L]]
