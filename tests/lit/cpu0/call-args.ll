; O32 argument passing, spec §2: words 1-2 in $a0=$4 and $a1=$5, further
; words on the stack above an 8-byte home area, so at the call the third word
; is at 8($sp) and the fourth at 12($sp). A callee finds them at the same
; offsets plus its own frame size. Results come back in $2.
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare i32 @take4(i32, i32, i32, i32)

define i32 @pass4() {
  %r = call i32 @take4(i32 1, i32 2, i32 3, i32 4)
  %s = add i32 %r, 7
  ret i32 %s
}
; CHECK-LABEL: pass4:
; CHECK-DAG: addiu $4, $zero, 1
; CHECK-DAG: addiu $5, $zero, 2
; CHECK-DAG: st {{\$[0-9a-z]+}}, 8($sp)
; CHECK-DAG: st {{\$[0-9a-z]+}}, 12($sp)
; CHECK: jsub take4
; CHECK: addiu {{\$[0-9a-z]+}}, $2, 7
; CHECK: .end pass4

; A leaf callee reads its stack arguments relative to the unchanged $sp.
define i32 @sum4(i32 %a, i32 %b, i32 %c, i32 %d) {
  %ab = add i32 %a, %b
  %abc = sub i32 %ab, %c
  %r = xor i32 %abc, %d
  ret i32 %r
}
; CHECK-LABEL: sum4:
; CHECK: .frame $sp,0,$lr
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 8($sp)
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 12($sp)
; CHECK-DAG: addu {{\$[0-9a-z]+}}, {{\$4, \$5|\$5, \$4}}
; CHECK: .end sum4

; With a frame of N bytes the third argument is at N+8($sp).
declare i32 @callee(i32)

define i32 @third_after_frame(i32 %a, i32 %b, i32 %c) {
  %r = call i32 @callee(i32 %c)
  ret i32 %r
}
; CHECK-LABEL: third_after_frame:
; CHECK: .frame $sp,[[#FRAME:]],$lr
; CHECK: addiu $sp, $sp, -[[#FRAME]]
; CHECK: ld {{\$[0-9a-z]+}}, [[#FRAME+8]]($sp)
; CHECK: jsub callee
; CHECK: .end third_after_frame

; Indirect calls go through jalr (§2).
define i32 @indirect(i32 (i32)* %fp, i32 %x) {
  %r = call i32 %fp(i32 %x)
  ret i32 %r
}
; CHECK-LABEL: indirect:
; CHECK: jalr {{\$[0-9a-z]+}}
; CHECK: .end indirect
