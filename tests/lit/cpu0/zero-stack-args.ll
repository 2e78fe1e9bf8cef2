; Constant 0 passed on the stack (O32: the words after $a0/$a1 go to the
; outgoing argument area, spec cpu0.md §2) or in a register is read from
; $zero, as llc stores `sw $zero, 8($sp)` for Mips: no register holds the
; constant, so none has to be saved across the call either.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@s = constant [4 x i8] c"%d\0A\00"

declare i32 @printf(i8*, ...)
declare void @four(i32, i32, i32, i32)

define i32 @f() {
  %p = getelementptr [4 x i8], [4 x i8]* @s, i32 0, i32 0
  %r = call i32 (i8*, ...) @printf(i8* %p, i32 0, i32 0, i32 0)
  call void @four(i32 1, i32 0, i32 0, i32 0)
  ret i32 0
}
; CHECK-LABEL: f:
; CHECK-NOT: {{addiu[[:space:]]+\$[0-9a-z]+, \$zero, 0$}}
; CHECK-NOT: $9
; CHECK-DAG: st $zero, 8($sp)
; CHECK-DAG: st $zero, 12($sp)
; CHECK: jsub printf
; CHECK-NOT: {{addiu[[:space:]]+\$[0-9a-z]+, \$zero, 0$}}
; CHECK-DAG: st $zero, 8($sp)
; CHECK-DAG: st $zero, 12($sp)
; CHECK: jsub four
; CHECK-NOT: {{addiu[[:space:]]+\$[0-9a-z]+, \$zero, 0$}}
; CHECK: .end f
