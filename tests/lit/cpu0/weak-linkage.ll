; Weak (and linkonce) definitions are printed with .weak, so that a global
; definition in another file replaces them at link time (the runtime's C
; library functions are weak for that reason); other exported functions
; get .globl. The MIR text keeps the attribute.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -stop-after=cpu0-call-lowering %s -o - | FileCheck %s --check-prefix=MIR

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define weak i32 @w() {
  ret i32 1
}
; CHECK: .weak w
; CHECK-NOT: .globl w
; CHECK: w:
; MIR-LABEL: --- function: w
; MIR: attrs: exported weak

define linkonce_odr i32 @lo() {
  ret i32 2
}
; CHECK: .weak lo
; CHECK: lo:

define i32 @g() {
  ret i32 3
}
; CHECK: .globl g
; CHECK: g:
; MIR-LABEL: --- function: g
; MIR: attrs: exported
; MIR-NOT: weak
