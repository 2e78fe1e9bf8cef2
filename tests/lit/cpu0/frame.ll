; Frames, spec §2 and §7. A leaf function without locals gets no prologue
; (".frame $sp,0,$lr", no $sp adjustment). A function that calls saves $lr at
; the top of its frame: ".frame $sp,N,$lr", ".mask 0x00004000,-4",
; "addiu $sp,$sp,-N", "st $lr,N-4($sp)", and the epilogue reverses it before
; "ret $lr" + delay-slot "nop". Calls are "jsub sym" + "nop" (static model).
; -delay-slot-filler-useful=false gives lbd's nop-only delay slots (§5).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I -delay-slot-filler-useful=false %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II -delay-slot-filler-useful=false %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -delay-slot-filler-useful=false %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @leaf_add(i32 %a, i32 %b) {
  %s = add i32 %a, %b
  ret i32 %s
}
; CHECK-LABEL: leaf_add:
; CHECK: .frame $sp,0,$lr
; CHECK-NOT: $sp
; CHECK: addu {{\$[0-9a-z]+}}, {{\$4, \$5|\$5, \$4}}
; CHECK-NOT: $sp
; CHECK: ret $lr
; CHECK-NEXT: nop
; CHECK: .end leaf_add

declare i32 @callee(i32)

define i32 @caller(i32 %x) {
  %r = call i32 @callee(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}
; CHECK-LABEL: caller:
; CHECK: .frame $sp,[[#FRAME:]],$lr
; CHECK-NEXT: .mask 0x00004000,-4
; CHECK: addiu $sp, $sp, -[[#FRAME]]
; CHECK-NEXT: st $lr, [[#FRAME-4]]($sp)
; CHECK: jsub callee
; CHECK-NEXT: nop
; CHECK: ld $lr, [[#FRAME-4]]($sp)
; CHECK: addiu $sp, $sp, [[#FRAME]]
; CHECK-NEXT: ret $lr
; CHECK-NEXT: nop
; CHECK: .end caller

; A frame too large for simm16 is adjusted through $at ($1): lui/ori/addiu
; build the amount and addu applies it (§2; subtracting the positive size
; is as good on the way in).
declare void @use(i32*)

define void @big_frame() {
  %buf = alloca [20000 x i32], align 4
  %p = getelementptr [20000 x i32], [20000 x i32]* %buf, i32 0, i32 0
  call void @use(i32* %p)
  ret void
}
; CHECK-LABEL: big_frame:
; CHECK: lui $1,
; CHECK: {{addu|subu}} $sp, $sp, $1
; CHECK: jsub use
; CHECK: addu $sp, $sp, $1
; CHECK: ret $lr
; CHECK: .end big_frame
