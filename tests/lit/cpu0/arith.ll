; Integer operations (spec §3.2 and §6): addu/subu (never add/sub, §8.5),
; mul, div/divu + mflo/mfhi, nor for "not", shifts by constant and by
; register, clz for ctlz, and sext_inreg as shl + sra.
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefix=NOTRAP
; NOTRAP-NOT: {{^[[:space:]]*(add|sub)[[:space:]]}}

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @f_sub(i32 %a, i32 %b) {
  %r = sub i32 %a, %b
  ret i32 %r
}
; CHECK-LABEL: f_sub:
; CHECK: subu {{\$[0-9a-z]+}}, $4, $5
; CHECK: .end f_sub

define i32 @f_mul(i32 %a, i32 %b) {
  %r = mul i32 %a, %b
  ret i32 %r
}
; CHECK-LABEL: f_mul:
; CHECK: mul {{\$[0-9a-z]+}}, {{\$4, \$5|\$5, \$4}}
; CHECK: .end f_mul

define i32 @f_sdiv(i32 %a, i32 %b) {
  %r = sdiv i32 %a, %b
  ret i32 %r
}
; CHECK-LABEL: f_sdiv:
; CHECK: div $4, $5
; CHECK: mflo
; CHECK: .end f_sdiv

define i32 @f_srem(i32 %a, i32 %b) {
  %r = srem i32 %a, %b
  ret i32 %r
}
; CHECK-LABEL: f_srem:
; CHECK: div $4, $5
; CHECK: mfhi
; CHECK: .end f_srem

define i32 @f_udiv(i32 %a, i32 %b) {
  %r = udiv i32 %a, %b
  ret i32 %r
}
; CHECK-LABEL: f_udiv:
; CHECK: divu $4, $5
; CHECK: mflo
; CHECK: .end f_udiv

define i32 @f_urem(i32 %a, i32 %b) {
  %r = urem i32 %a, %b
  ret i32 %r
}
; CHECK-LABEL: f_urem:
; CHECK: divu $4, $5
; CHECK: mfhi
; CHECK: .end f_urem

define i32 @f_not(i32 %a) {
  %r = xor i32 %a, -1
  ret i32 %r
}
; CHECK-LABEL: f_not:
; CHECK: nor {{\$[0-9a-z]+}}, $4, $zero
; CHECK: .end f_not

define i32 @f_shifts(i32 %a) {
  %x = shl i32 %a, 4
  %y = lshr i32 %a, 3
  %z = ashr i32 %a, 2
  %xy = or i32 %x, %y
  %r = xor i32 %xy, %z
  ret i32 %r
}
; CHECK-LABEL: f_shifts:
; CHECK-DAG: shl {{\$[0-9a-z]+}}, $4, 4
; CHECK-DAG: shr {{\$[0-9a-z]+}}, $4, 3
; CHECK-DAG: sra {{\$[0-9a-z]+}}, $4, 2
; CHECK: .end f_shifts

define i32 @f_vshifts(i32 %a, i32 %b) {
  %x = shl i32 %a, %b
  %y = lshr i32 %a, %b
  %z = ashr i32 %a, %b
  %xy = or i32 %x, %y
  %r = xor i32 %xy, %z
  ret i32 %r
}
; CHECK-LABEL: f_vshifts:
; CHECK-DAG: shlv {{\$[0-9a-z]+}}, $4, {{\$[0-9a-z]+}}
; CHECK-DAG: shrv {{\$[0-9a-z]+}}, $4, {{\$[0-9a-z]+}}
; CHECK-DAG: srav {{\$[0-9a-z]+}}, $4, {{\$[0-9a-z]+}}
; CHECK: .end f_vshifts

declare i32 @llvm.ctlz.i32(i32, i1)

define i32 @f_clz(i32 %a) {
  %r = call i32 @llvm.ctlz.i32(i32 %a, i1 false)
  ret i32 %r
}
; CHECK-LABEL: f_clz:
; CHECK: clz {{\$[0-9a-z]+}}, $4
; CHECK: .end f_clz

define i32 @f_sext8(i32 %a) {
  %t = trunc i32 %a to i8
  %r = sext i8 %t to i32
  ret i32 %r
}
; CHECK-LABEL: f_sext8:
; CHECK: shl [[T:\$[0-9a-z]+]], $4, 24
; CHECK: sra {{\$[0-9a-z]+}}, [[T]], 24
; CHECK: .end f_sext8

define i32 @f_zext16(i32 %a) {
  %t = trunc i32 %a to i16
  %r = zext i16 %t to i32
  ret i32 %r
}
; CHECK-LABEL: f_zext16:
; CHECK: andi {{\$[0-9a-z]+}}, $4, 65535
; CHECK: .end f_zext16
