; cpu032I compares against 0 and constants next to it (spec §3.2: cmp
; compares two registers, clz counts leading zeros, shr is a logical
; shift). Without slt, a value "a < 0" is a's sign bit (shr 31), "a == 0"
; is clz(a) >> 5 (clz gives 32 only for 0), and neither needs cmp and $sw.
; A constant 1 or -1 that makes the relation a test against 0 (a > -1 is
; a >= 0, a < 1 is a <= 0, a <u 1 is a == 0) is compared as $zero instead
; of being loaded into a register. cpu032II keeps slt/sltiu.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -O2 %s -o - | FileCheck %s --check-prefix=C32I
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -O2 %s -o - | FileCheck %s --check-prefix=C32II

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @isneg(i32 %a) {
  %c = icmp slt i32 %a, 0
  %r = zext i1 %c to i32
  ret i32 %r
}
; C32I-LABEL: isneg:
; C32I-NOT: cmp
; C32I: shr $2, $4, 31
; C32I-NOT: cmp
; C32I: .end isneg
; C32II-LABEL: isneg:
; C32II: slti $2, $4, 0

define i32 @isnonneg(i32 %a) {
  %c = icmp sgt i32 %a, -1
  %r = zext i1 %c to i32
  ret i32 %r
}
; C32I-LABEL: isnonneg:
; C32I-NOT: cmp
; C32I-NOT: addiu
; C32I: shr [[T:\$[0-9a-z]+]], $4, 31
; C32I: xori $2, [[T]], 1
; C32I: .end isnonneg

define i32 @iszero(i32 %a) {
  %c = icmp eq i32 %a, 0
  %r = zext i1 %c to i32
  ret i32 %r
}
; C32I-LABEL: iszero:
; C32I-NOT: cmp
; C32I: clz [[T:\$[0-9a-z]+]], $4
; C32I: shr $2, [[T]], 5
; C32I: .end iszero
; C32II-LABEL: iszero:
; C32II: sltiu $2, $4, 1

define i32 @nonzero(i32 %a) {
  %c = icmp ne i32 %a, 0
  %r = zext i1 %c to i32
  ret i32 %r
}
; C32I-LABEL: nonzero:
; C32I-NOT: cmp
; C32I: clz [[T:\$[0-9a-z]+]], $4
; C32I: shr [[U:\$[0-9a-z]+]], [[T]], 5
; C32I: xori $2, [[U]], 1
; C32I: .end nonzero

define i32 @ultone(i32 %a) {
  %c = icmp ult i32 %a, 1
  %r = zext i1 %c to i32
  ret i32 %r
}
; C32I-LABEL: ultone:
; C32I-NOT: addiu
; C32I: clz [[T:\$[0-9a-z]+]], $4
; C32I: shr $2, [[T]], 5
; C32I: .end ultone

; a < 1 is a <= 0, i.e. !(0 < a): cmp with $zero, no constant in a register.
define i32 @ltone(i32 %a) {
  %c = icmp slt i32 %a, 1
  %r = zext i1 %c to i32
  ret i32 %r
}
; C32I-LABEL: ltone:
; C32I-NOT: addiu
; C32I: cmp $sw, $zero, $4
; C32I: andi [[T:\$[0-9a-z]+]], $sw, 1
; C32I: xori $2, [[T]], 1
; C32I: .end ltone

; A branch on a > -1 is a branch on a >= 0.
define i32 @brnonneg(i32 %a, i32 %b) {
  %c = icmp sgt i32 %a, -1
  br i1 %c, label %t, label %f
t:
  ret i32 %b
f:
  ret i32 0
}
; C32I-LABEL: brnonneg:
; C32I-NOT: addiu {{\$[0-9a-z]+}}, $zero, -1
; C32I: cmp $sw, $4, $zero
; C32I: j{{ge|lt}} $sw,
; C32I: .end brnonneg

; select (a < 0) tests the sign bit with movn.
define i32 @selneg(i32 %a, i32 %b, i32 %c) {
  %n = icmp slt i32 %a, 0
  %r = select i1 %n, i32 %b, i32 %c
  ret i32 %r
}
; C32I-LABEL: selneg:
; C32I-NOT: cmp
; C32I: shr [[T:\$[0-9a-z]+]], $4, 31
; C32I: movn {{\$[0-9a-z]+}}, $5, [[T]]
; C32I: .end selneg
