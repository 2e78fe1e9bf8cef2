; Phis after switch and unreachable lowering must keep one entry per
; predecessor edge (LLVM semantics), which -verify-machineinstrs checks
; after every pass. `unreachable` emits no code (as in llc) and has no
; successor: it neither falls through into the next block (here a loop
; latch whose phis know only %c0 and %c1) nor jumps to itself when it ends
; the function (a self-loop the phis of %fin know nothing of).
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -verify-machineinstrs %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -verify-machineinstrs %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -verify-machineinstrs -enable-cpu0-select=false %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -verify-machineinstrs -enable-cpu0-select=false -O0 %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -verify-machineinstrs -enable-del-jmp -force-cpu0-long-branch %s -o - | FileCheck %s
; In clang's layout, which block-placement changes, %dead lies right before
; %latch:
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -verify-machineinstrs -enable-block-placement=false %s -o - | FileCheck %s --check-prefixes=CHECK,CLANG

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare void @exit(i32) noreturn

; clang -O2's shape: the unreachable default block lies right before the
; latch in layout.
define i32 @unreach(i32 %x) {
entry:
  br label %loop
loop:
  %a = phi i32 [ %x, %entry ], [ %a.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %k = and i32 %a, 3
  switch i32 %k, label %dead [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %out
    i32 3, label %out
  ]
c0:
  %s0 = add nsw i32 %s, %a
  %a0 = add nsw i32 %a, 7
  br label %latch
c1:
  %gt = icmp sgt i32 %s, %a
  %a1 = add nsw i32 %a, 5
  %m = select i1 %gt, i32 %s, i32 %a
  br label %latch
dead:
  unreachable
latch:
  %a.next = phi i32 [ %a0, %c0 ], [ %a1, %c1 ]
  %s.next = phi i32 [ %s0, %c0 ], [ %m, %c1 ]
  %big = icmp sgt i32 %s.next, 500
  br i1 %big, label %out, label %loop
out:
  %r = phi i32 [ %a, %loop ], [ %a, %loop ], [ %s.next, %latch ]
  ret i32 %r
}
; CHECK-LABEL: unreach:
; CHECK: # %dead
; CHECK-NEXT: {{^(\$BB0_[0-9]+:|# %bb\.[0-9]+:)}}
; CLANG-SAME: # %latch
; CHECK: .end unreach

; The default and several cases of a jump table and of a compare tree
; reach one phi block; the loop block is its own predecessor through two
; switch edges and a select feeds the switch.
define i32 @selfloop(i32 %n) {
entry:
  switch i32 %n, label %loop [
    i32 0, label %loop
    i32 1, label %loop
    i32 2, label %two
    i32 3, label %loop
    i32 4, label %two
  ]
two:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ 0, %entry ], [ 0, %entry ], [ 0, %entry ], [ 5, %two ], [ %i1, %loop ], [ %i1, %loop ], [ %i2, %skip ]
  %s = phi i32 [ 1, %entry ], [ 1, %entry ], [ 1, %entry ], [ 1, %entry ], [ 2, %two ], [ %s1, %loop ], [ %s1, %loop ], [ %s1, %skip ]
  %i1 = add i32 %i, 1
  %t = mul i32 %s, 3
  %s1 = add i32 %t, %i
  %done = icmp sge i32 %i1, %n
  %k = urem i32 %i1, 4
  %key = select i1 %done, i32 9, i32 %k
  switch i32 %key, label %loop [
    i32 0, label %skip
    i32 1, label %loop
    i32 9, label %exit
  ]
skip:
  %i2 = add i32 %i1, 1
  br label %loop
exit:
  ret i32 %s1
}
; CHECK-LABEL: selfloop:
; CHECK: .end selfloop

; A phi, a noreturn call and unreachable in the last block: nothing follows
; the call (and its delay slot), in particular no jump back to the block:
; the next line starts another block or ends the function.
define i32 @tail(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  br label %fin
b:
  %v = add i32 %x, -8
  br label %fin
fin:
  %code = phi i32 [ 3, %a ], [ %v, %b ]
  call void @exit(i32 %code) noreturn
  unreachable
}
; CHECK-LABEL: tail:
; CHECK: # %fin
; CHECK-NEXT: jsub exit
; CHECK-NEXT: {{^}}	{{[a-z]+}}
; CHECK-NEXT: {{^(\$BB2_[0-9]+:|	\.set	macro)}}
; CHECK: .end tail
