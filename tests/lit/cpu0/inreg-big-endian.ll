; Big-endian O32 left-justifies a struct piece narrower than a word, which
; MIPS IR marks inreg: the struct's bytes come first in the register as in
; memory, so a variadic callee's va_arg finds them at the start of its
; argument slot (llc -march=mips passes `i8 inreg 98` as lui $5, 0x6200 and
; `i24 inreg` shifted left by 8). The callee of a fixed inreg parameter
; shifts it back (logical shift right). Little-endian and non-inreg
; arguments are unchanged.
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

declare void @g(i32, ...)

define void @caller(i8 %a, i24 %b) {
  call void (i32, ...) @g(i32 2, i8 inreg %a, i24 inreg %b, i8 %a)
  ret void
}
; CHECK-LABEL: caller:
; CHECK-DAG: shl {{\$[0-9a-z]+}}, $4, 24
; CHECK-DAG: shl [[B:\$[0-9a-z]+]], $5, 8
; CHECK-DAG: st [[B]], 8($sp)
; CHECK: jsub g

define i32 @callee(i32 %n, i16 inreg %s) {
  %w = zext i16 %s to i32
  ret i32 %w
}
; CHECK-LABEL: callee:
; CHECK: shr $2, $5, 16
; CHECK: .end callee
