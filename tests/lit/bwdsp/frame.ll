; Frame shape (spec bwdsp.md §2.7): U8 is the stack pointer, growing down
; and kept 8-byte aligned; U9 is the frame pointer, saved and restored by
; a function that uses it (here: a dynamic alloca moves U8).
; One instruction per bundle (-enable-packetize=false): the checks state the
; convention, not a schedule; packets.ll checks the packetized form.
; RUN: %lltosimd -march=bwdsp -enable-packetize=false %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare void @use(i8*)

define void @dyn(i32 %n) {
  %p = alloca i8, i32 %n, align 8
  call void @use(i8* %p)
  ret void
}
; CHECK-LABEL: dyn:
; CHECK: U8 = U8 + #-[[N:[0-9]+]]
; CHECK: xR[[T:[0-9]+]] = U9
; CHECK-NEXT: [U8 + [[FPOFF:[0-9]+]]] = xR[[T]]
; CHECK: U9 = U8 + #0
; The size is rounded up to the 8-byte stack alignment.
; CHECK: & #-8
; CHECK: U8 = x
; CHECK: call use
; CHECK: U8 = U9 + #0
; CHECK: xR[[T2:[0-9]+]] = [U8 + [[FPOFF]]]
; CHECK-NEXT: U9 = xR[[T2]]
; CHECK: U8 = U8 + #[[N]]
; CHECK-NEXT: ret

; Locals sit above the outgoing argument area and are addressed from U8.
define i32 @local(i32 %x) {
  %a = alloca i32, align 4
  store volatile i32 %x, i32* %a
  %v = load volatile i32, i32* %a
  ret i32 %v
}
; CHECK-LABEL: local:
; CHECK: U8 = U8 + #-8
; CHECK: [U8] = xR
; CHECK: = [U8]
; CHECK: U8 = U8 + #8
; CHECK-NEXT: ret
