; hardware-loops (spec bwdsp.md §2.3, §2.8): a counted loop whose trip
; count is known at loop entry sets a loop counter in its preheader
; (`LCn = #imm` or `LCn = Un`) and ends in `if LCn b header`, which
; decrements LCn and branches back while it is not zero. Inner loops take
; LC0, the loop around them LC1. Loops with calls (LC0/LC1 are
; caller-saved, §2.7) or with an exit other than the latch keep their
; compare-and-branch. The output must assemble (bwdsprun -d).
; RUN: %lltosimd -march=bwdsp -O2 %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null
; RUN: %lltosimd -march=bwdsp -O2 -enable-hardware-loops=false %s -o - | FileCheck %s --check-prefix=OFF
; The pass alone on generic MIR (MIR in, MIR out).
; RUN: %lltosimd -march=bwdsp -O2 -stop-after=generic-combine %s -o %t.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=hardware-loops %t.mir -o - | FileCheck %s --check-prefix=MIR

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; 64 iterations, as in §2.8.
define void @const64(float* %a, float* %c) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr float, float* %a, i32 %i
  %v = load float, float* %pa
  %pc = getelementptr float, float* %c, i32 %i
  store float %v, float* %pc
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 64
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: const64:
; CHECK: LC0 = {{#?}}64
; CHECK: [[L:\.L[a-z0-9.]+]]:
; CHECK: if LC0 b [[L]]{{$}}
; OFF-LABEL: const64:
; OFF-NOT: LC0
; OFF: if xR{{[0-9]+}} {{==|!=}} #64 b
; MIR-LABEL: function: const64
; MIR: $LC0 = SETLC 64
; MIR-NEXT: G_BR bb1.loop
; MIR-NOT: G_ICMP
; MIR: $LC0 = BLC $LC0, bb1.loop
; MIR-NEXT: G_BR bb2.exit

; n iterations, n only known at entry: the count goes through an address
; register (`LCn = Un`); clang's guard n > 0 stays in front.
define i32 @sum(i32* %a, i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr i32, i32* %a, i32 %i
  %v = load i32, i32* %p
  %s.next = add i32 %s, %v
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
; CHECK-LABEL: sum:
; CHECK: LC0 = {{[UVW][0-9]+}}
; CHECK: if LC0 b
; MIR-LABEL: function: sum
; MIR: [[A:%[0-9]+]]:addr = MOVTA %1
; MIR-NEXT: $LC0 = SETLCA [[A]]
; MIR: $LC0 = BLC $LC0, bb1.loop

; Counting down by the value before the decrement: the exit test reads iv,
; so i = n, n-1, ..., 1 runs n times (count n - 1 + 1).
define i32 @down(i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, -1
  %done = icmp eq i32 %i, 1
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  ret i32 %r
}
; CHECK-LABEL: down:
; CHECK: if LC0 b

; Nested: the inner loop takes LC0, the outer one LC1.
define i32 @nest(i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %olatch ]
  %s = phi i32 [ 0, %entry ], [ %s.in, %olatch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %t = phi i32 [ %s, %outer ], [ %t.next, %inner ]
  %t.next = add i32 %t, %j
  %j.next = add i32 %j, 1
  %jd = icmp eq i32 %j.next, 8
  br i1 %jd, label %olatch, label %inner
olatch:
  %s.in = phi i32 [ %t.next, %inner ]
  %i.next = add i32 %i, 1
  %id = icmp eq i32 %i.next, 10
  br i1 %id, label %exit, label %outer
exit:
  ret i32 %s.in
}
; CHECK-LABEL: nest:
; CHECK-DAG: LC1 = {{#?}}10
; CHECK-DAG: LC0 = {{#?}}8
; CHECK: if LC0 b
; CHECK: if LC1 b

define void @g(i32 %x) noinline {
  ret void
}

; A call may clobber the caller-saved LC0/LC1: no hardware loop.
define void @withcall(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @g(i32 %i)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 16
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: withcall:
; CHECK-NOT: LC0
; CHECK: .endfunc

; Two exits: the early one would leave the counter's count wrong.
define i32 @twoexits(i32* %a) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr i32, i32* %a, i32 %i
  %v = load i32, i32* %p
  %z = icmp eq i32 %v, 0
  br i1 %z, label %exit, label %latch
latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 32
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ %i, %loop ], [ 32, %latch ]
  ret i32 %r
}
; CHECK-LABEL: twoexits:
; CHECK-NOT: LC0
; CHECK: .endfunc

; A signed < test with no entry guard: the body runs n times when 1 < n
; and once otherwise (count = 1 < n ? n : 1, a select in the preheader).
define void @slt(i32* %a, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, i32* %a, i32 %i
  store i32 %i, i32* %p
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
; CHECK-LABEL: slt:
; CHECK: CP{{[0-7]}} ? R{{[0-9]+}} : R{{[0-9]+}}
; CHECK: LC0 = U
; CHECK: if LC0 b
; MIR-LABEL: function: slt
; MIR: G_ICMP slt,
; MIR: G_SELECT
; MIR: $LC0 = SETLCA

; Continuing while i <= n has no count when n is INT_MAX: left alone.
define void @sle(i32* %a, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr i32, i32* %a, i32 %i
  store i32 %i, i32* %p
  %i.next = add i32 %i, 1
  %more = icmp sle i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
; CHECK-LABEL: sle:
; CHECK-NOT: LC0
; CHECK: .endfunc
