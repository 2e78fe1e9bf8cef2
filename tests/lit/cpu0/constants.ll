; Constant materialisation, spec §6: a sign-extended 16-bit value is
; "addiu $r,$zero,imm", a zero-extended one "ori $r,$zero,imm" (uimm16 printed
; unsigned, §3.1), a value with a zero low half "lui $r,hi", anything else
; "lui $r,hi" + "ori $r,$r,lo". Return values live in $2 (§2).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @c_small() {
  ret i32 5
}
; CHECK-LABEL: c_small:
; CHECK: addiu $2, $zero, 5
; CHECK: .end c_small

define i32 @c_minus_one() {
  ret i32 -1
}
; CHECK-LABEL: c_minus_one:
; CHECK: addiu $2, $zero, -1
; CHECK: .end c_minus_one

define i32 @c_min16() {
  ret i32 -32768
}
; CHECK-LABEL: c_min16:
; CHECK: addiu $2, $zero, -32768
; CHECK: .end c_min16

define i32 @c_zext16() {
  ret i32 32768
}
; CHECK-LABEL: c_zext16:
; CHECK: ori $2, $zero, 32768
; CHECK: .end c_zext16

define i32 @c_ffff() {
  ret i32 65535
}
; CHECK-LABEL: c_ffff:
; CHECK: ori $2, $zero, 65535
; CHECK: .end c_ffff

define i32 @c_hi_only() {
  ret i32 65536
}
; CHECK-LABEL: c_hi_only:
; CHECK-NOT: ori
; CHECK: lui $2, 1
; CHECK-NOT: ori
; CHECK: .end c_hi_only

define i32 @c_neg_hi_only() {
  ret i32 -65536
}
; CHECK-LABEL: c_neg_hi_only:
; CHECK: lui $2, 65535
; CHECK-NOT: ori
; CHECK: .end c_neg_hi_only

define i32 @c_full() {
  ret i32 305419896 ; 0x12345678
}
; CHECK-LABEL: c_full:
; CHECK: lui $2, 4660
; CHECK: ori $2, $2, 22136
; CHECK: .end c_full

define i32 @c_full_neg() {
  ret i32 -2147418113 ; 0x8000ffff
}
; CHECK-LABEL: c_full_neg:
; CHECK: lui $2, 32768
; CHECK: ori $2, $2, 65535
; CHECK: .end c_full_neg
