; Unsupported input on BWDSP is an error that names the construct and its
; position, never a crash: inline assembly with a non-empty template (BWDSP
; has no inline-asm syntax support yet).
; RUN: not %lltosimd -march=bwdsp %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: INLINEASM "nop"{{.*}}errors.ll:10:3{{.*}}inline assembly is not supported on bwdsp

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"

define i32 @f(i32 %a) {
  call void asm sideeffect "nop", "~{memory}"()
  ret i32 %a
}
