; Calls to C library functions whose prototype in this IR is not the Cpu0
; runtime's (ILP32, O32): in x86-64 (LP64) IR size_t and long are i64, one
; word in the runtime. The call passes the low word in the runtime's
; argument position and extends the runtime's one-word result (size_t:
; zero, long: sign), so the program computes what its ILP32 build computes.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @qsort(i8*, i64, i64, i32 (i8*, i8*)*)
declare i64 @strlen(i8*)
declare i64 @strtol(i8*, i8**, i32)
declare i64 @div(i32, i32)
declare i32 @cmp(i8*, i8*)

; qsort(base, 10, 4, cmp): O32 gives the four words $a0, $a1, 8($sp),
; 12($sp); an i64 n would have taken the aligned 8($sp) pair instead.
define void @sort(i8* %p) {
  call void @qsort(i8* %p, i64 10, i64 4, i32 (i8*, i8*)* @cmp)
  ret void
}
; CHECK-LABEL: sort:
; CHECK-DAG: addiu $5, $zero, 10
; CHECK-DAG: addiu [[FOUR:\$[0-9a-z]+]], $zero, 4
; CHECK-DAG: st [[FOUR]], 8($sp)
; CHECK-DAG: st {{\$[0-9a-z]+}}, 12($sp)
; CHECK-NOT: 16($sp)
; CHECK: jsub qsort

; size_t result: the high word is zero, not whatever $3 holds.
define i64 @len(i8* %s) {
  %n = call i64 @strlen(i8* %s)
  ret i64 %n
}
; CHECK-LABEL: len:
; CHECK: jsub strlen
; CHECK-NOT: $3
; CHECK: {{move \$3, \$zero|addiu \$3, \$zero, 0}}
; CHECK: .end len

; long result: the high word is the sign of $2.
define i64 @num(i8* %s) {
  %n = call i64 @strtol(i8* %s, i8** null, i32 10)
  ret i64 %n
}
; CHECK-LABEL: num:
; CHECK: jsub strtol
; CHECK: sra $3, $2, 31
; CHECK: .end num

; div_t returned in a register pair here; the runtime writes it through a
; hidden pointer in $a0 (O32's struct return), so x and y move to $a1 and
; the stack, and the result is read back from memory.
define i64 @quot(i32 %x, i32 %y) {
  %r = call i64 @div(i32 %x, i32 %y)
  ret i64 %r
}
; CHECK-LABEL: quot:
; CHECK: addiu $4, $sp, [[SLOT:[0-9]+]]
; CHECK: jsub div
; CHECK-DAG: ld $2, [[SLOT]]($sp)
; CHECK-DAG: ld $3, {{[0-9]+}}($sp)
; CHECK: .end quot
