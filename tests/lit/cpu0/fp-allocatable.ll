; Spec cpu0.md §1: $fp is reserved only when the function has a frame
; pointer, and is callee-saved (CSR_O32: LR, FP, S1, S0). In @three, three
; values live across a call need three callee-saved registers: $9, $10 and
; $fp hold them, so nothing is spilled; the prologue saves $fp and the
; epilogue restores it (.mask bit 12). In @dyn, $sp moves (a dynamic
; alloca), so $fp is the frame pointer: set once from $sp and never
; written otherwise.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -O0 %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare i32 @g(i32)
declare void @use(i32*)

define i32 @three(i32 %a, i32 %b) {
  %x = mul i32 %a, %b
  %y = add i32 %a, 7
  %z = xor i32 %b, 12345
  %r = call i32 @g(i32 %a)
  %s1 = add i32 %r, %x
  %s2 = add i32 %s1, %y
  %s3 = add i32 %s2, %z
  ret i32 %s3
}
; CHECK-LABEL: three:
; The frame is the 8-byte home area and the four save slots ($lr, $fp,
; $10, $9): no spill slot.
; CHECK: .frame $sp,24,$lr
; CHECK: .mask 0x00005600,-4
; CHECK: st $fp, [[FPSLOT:[0-9]+]]($sp)
; CHECK: jsub g
; CHECK: ld $fp, [[FPSLOT]]($sp)
; CHECK: .end three

define i32 @dyn(i32 %n, i32 %a, i32 %b) {
  %x = mul i32 %a, %b
  %y = add i32 %a, 7
  %z = xor i32 %b, 12345
  %p = alloca i32, i32 %n
  call void @use(i32* %p)
  %s1 = add i32 %x, %y
  %s2 = add i32 %s1, %z
  ret i32 %s2
}
; CHECK-LABEL: dyn:
; CHECK: .frame $fp,
; CHECK: move $fp, $sp
; CHECK-NOT: {{^[[:space:]]+[a-z]+[[:space:]]+\$fp,}}
; CHECK: move $sp, $fp
; CHECK-NOT: {{^[[:space:]]+[a-z]+[[:space:]]+\$fp,}}
; CHECK: ld $fp,
; CHECK-NOT: {{^[[:space:]]+[a-z]+[[:space:]]+\$fp,}}
; CHECK: .end dyn
