; Inline assembly with an empty template is an optimization barrier: it
; emits nothing, its tied output shares its input's register. The `~{$1}`
; clobber clang's MIPS target adds to every inline asm names no BWDSP
; register and is dropped.
; RUN: %lltosimd -march=bwdsp %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @launder(i32 %x) {
  %y = call i32 asm sideeffect "", "=r,0,~{$1}"(i32 %x)
  %z = add i32 %y, 1
  ret i32 %z
}
; Nothing between the argument (x.R0) and the add, whose result is
; made where it is returned (x.R0, §2.7).
; CHECK-LABEL: launder:
; CHECK-NEXT: .Llaunder.bb0:
; CHECK-NEXT: xR0 = R0 + #1
; CHECK-NEXT: ret
