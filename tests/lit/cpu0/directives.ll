; Assembly file and function layout, spec §7: ".section .mdebug.abiO32"
; per file; per function ".globl f", ".align 2", ".type f,@function",
; ".ent f", "f:", ".frame", ".mask", ".set noreorder", ".set nomacro", the
; body, ".set macro", ".set reorder", ".end f", "$func_end0:",
; ".size f, ($func_end0)-f".
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 %s -o %t.s && FileCheck %s --input-file %t.s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @first(i32 %a) {
  %r = add i32 %a, 1
  ret i32 %r
}

define internal i32 @second(i32 %a) {
  %r = call i32 @first(i32 %a)
  ret i32 %r
}

define i32 @third(i32 %a) {
  %r = call i32 @second(i32 %a)
  ret i32 %r
}

; CHECK: .section .mdebug.abiO32
; CHECK: .globl first
; CHECK-NEXT: .align 2
; CHECK-NEXT: .type first,@function
; CHECK-NEXT: .ent first
; CHECK-NEXT: first:
; CHECK: .frame $sp,0,$lr
; CHECK-NEXT: .mask 0x00000000,0
; CHECK: .set noreorder
; CHECK-NEXT: .set nomacro
; CHECK: ret $lr
; CHECK: .set macro
; CHECK-NEXT: .set reorder
; CHECK-NEXT: .end first
; CHECK-NEXT: $func_end0:
; CHECK-NEXT: .size first, ($func_end0)-first

; An internal function is not .globl.
; CHECK-NOT: .globl second
; CHECK: .ent second
; CHECK: jsub first
; CHECK: .end second
; CHECK-NEXT: $func_end1:
; CHECK-NEXT: .size second, ($func_end1)-second

; CHECK: .globl third
; CHECK: jsub second
; CHECK: .end third
