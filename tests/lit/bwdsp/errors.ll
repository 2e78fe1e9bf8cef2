; Unsupported input on BWDSP is an error that names the construct and its
; position, never a crash: inline assembly has no BWDSP support yet.
; RUN: not %lltosimd -march=bwdsp %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: cannot select INLINEASM {{.*}}errors.ll:9:3

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"

define i32 @f(i32 %a) {
  call void asm sideeffect "", "~{memory}"()
  ret i32 %a
}
