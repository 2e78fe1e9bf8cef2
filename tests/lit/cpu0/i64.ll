; 64-bit integers on a 32-bit target: i64 values live in register pairs,
; are returned in $2/$3 (spec §2), and i64 division and remainder call the
; runtime's libgcc-named helpers (runtime/cpu0/int64.c).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefix=EL
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefix=EB

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i64 @sdiv64(i64 %a, i64 %b) {
  %r = sdiv i64 %a, %b
  ret i64 %r
}
; CHECK-LABEL: sdiv64:
; CHECK: jsub __divdi3
; CHECK: .end sdiv64

define i64 @udiv64(i64 %a, i64 %b) {
  %r = udiv i64 %a, %b
  ret i64 %r
}
; CHECK-LABEL: udiv64:
; CHECK: jsub __udivdi3
; CHECK: .end udiv64

define i64 @srem64(i64 %a, i64 %b) {
  %r = srem i64 %a, %b
  ret i64 %r
}
; CHECK-LABEL: srem64:
; CHECK: jsub __moddi3
; CHECK: .end srem64

define i64 @urem64(i64 %a, i64 %b) {
  %r = urem i64 %a, %b
  ret i64 %r
}
; CHECK-LABEL: urem64:
; CHECK: jsub __umoddi3
; CHECK: .end urem64

; The carry of the low-word add is an unsigned compare: sltu on cpu032II,
; cmpu on cpu032I (the lbd backend's signed cmp there is a bug, spec §6).
define i64 @add64(i64 %a, i64 %b) {
  %r = add i64 %a, %b
  ret i64 %r
}
; CHECK-LABEL: add64:
; CHECK: addu
; C32I: cmpu $sw,
; C32II: sltu
; CHECK: addu
; CHECK: .end add64

; 0x0000000100000002: the pair is in memory order, low word first in $2 for
; little-endian, high word first for big-endian (spec §2, §10).
define i64 @const64() {
  ret i64 4294967298
}
; EL-LABEL: const64:
; EL-DAG: addiu $2, $zero, 2
; EL-DAG: addiu $3, $zero, 1
; EL: .end const64
; EB-LABEL: const64:
; EB-DAG: addiu $2, $zero, 1
; EB-DAG: addiu $3, $zero, 2
; EB: .end const64
