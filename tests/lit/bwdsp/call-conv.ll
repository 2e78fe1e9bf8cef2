; BWDSP calling convention (spec bwdsp.md §2.7): argument k in x.Rk for
; k < 8, an i64 in the pair x.R(k+1):x.Rk (low word in x.Rk, no
; alignment), further arguments on the stack from [U8 + 0] at the call
; (8-aligned for i64), results in x.R0 / x.R1:x.R0; SP is U8, frames keep
; it 8-byte aligned; a non-leaf function saves RA in its frame.
; One instruction per bundle (-enable-packetize=false): the checks state the
; convention, not a schedule; packets.ll checks the packetized form.
; RUN: %lltosimd -march=bwdsp -enable-packetize=false %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare i32 @take9(i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare i32 @takepair(i32, i64)

; The ninth word is the first stack argument, at [U8 + 0] at the call.
define i32 @pass9() {
  %r = call i32 @take9(i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9)
  ret i32 %r
}
; CHECK-LABEL: pass9:
; CHECK: U8 = U8 + #-[[N:[0-9]+]]
; CHECK: xR[[RA:[0-9]+]] = RA
; CHECK: [U8 + [[RAOFF:[0-9]+]]] = xR[[RA]]
; The constants are made in their argument registers (R0–R7 are in the
; allocation order, and the copies to them are coalesced).
; CHECK-DAG: xR0 = #1
; CHECK-DAG: xR1 = #2
; CHECK-DAG: xR7 = #8
; CHECK-DAG: xR[[C9:[0-9]+]] = #9
; CHECK: [U8] = xR[[C9]]
; CHECK: call take9
; CHECK: xR[[RA2:[0-9]+]] = [U8 + [[RAOFF]]]
; CHECK: RA = xR[[RA2]]
; CHECK: U8 = U8 + #[[N]]
; CHECK-NEXT: ret

; A callee reads its ninth word at its frame size + 0 from U8 (no frame:
; [U8]).
define i32 @get9(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i) {
  %s = add i32 %a, %i
  ret i32 %s
}
; CHECK-LABEL: get9:
; CHECK-NOT: U8 = U8
; The argument stays in x.R0 and the sum is made where it is returned.
; CHECK: xR[[I:[0-9]+]] = [U8]
; CHECK-NEXT: xR0 = R0 + R[[I]]
; CHECK-NEXT: ret

; An i64 after an i32 takes x.R1 (low) and x.R2 (high): no alignment.
define i32 @pair() {
  %r = call i32 @takepair(i32 5, i64 4294967299)
  ret i32 %r
}
; CHECK-LABEL: pair:
; CHECK-DAG: xR0 = #5
; CHECK-DAG: xR1 = #3
; CHECK-DAG: xR2 = #1
; CHECK: call takepair

; The callee finds the pair there; an i64 result is x.R1:x.R0.
define i64 @sumpair(i32 %a, i64 %b) {
  %w = zext i32 %a to i64
  %s = add i64 %w, %b
  ret i64 %s
}
; CHECK-LABEL: sumpair:
; CHECK: xR[[SL:[0-9]+]] = R0 + R1
; CHECK: xR1 = R2 + R{{[0-9]+}}
; CHECK: xR0 = R[[SL]]
; CHECK: ret

; A leaf function without locals has no frame and does not touch RA.
define i32 @leaf(i32 %a, i32 %b) {
  %s = sub i32 %a, %b
  ret i32 %s
}
; CHECK-LABEL: leaf:
; CHECK-NOT: U8
; CHECK-NOT: RA
; CHECK: - R
; CHECK-NOT: U8
; CHECK-NOT: RA
; CHECK: ret
