; Shifts of integers wider than 64 bits. A constant amount splits into a
; word offset and a bit offset: i96 << 40 moves words up by one and shifts
; by 8, the bits leaving a word (>> 24) entering the next one, and the low
; word becomes zero. A variable amount shifts every word by amount & 31 and
; then moves whole words with one select stage per further amount bit (32
; and 64 for i128). Right shifts of i72 extend its 8-bit top word first.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,EL
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,EB

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define void @shl96(i96* %p, i96 %a) {
  %r = shl i96 %a, 40
  store i96 %r, i96* %p
  ret void
}
; CHECK-LABEL: shl96:
; CHECK-DAG: shl {{.*}}, 8
; CHECK-DAG: shr {{.*}}, 24
; EL-DAG: st $zero, 0($4)
; EB-DAG: st $zero, 8($4)
; CHECK: .end shl96

; A shift by a multiple of 32 only moves words.
define void @lshr128by64(i128* %p, i128 %a) {
  %r = lshr i128 %a, 64
  store i128 %r, i128* %p
  ret void
}
; CHECK-LABEL: lshr128by64:
; CHECK-NOT: {{shl|shr|sra}}
; CHECK: .end lshr128by64

define void @ashr72(i72* %p, i72 %a) {
  %r = ashr i72 %a, 3
  store i72 %r, i72* %p
  ret void
}
; CHECK-LABEL: ashr72:
; CHECK: shl [[T:\$[0-9a-z]+]], {{.*}}, 24
; CHECK-NEXT: sra [[T]], [[T]], 24
; CHECK: sra {{.*}}, 3
; CHECK: .end ashr72

define void @shlvar128(i128* %p, i128 %a, i128 %s) {
  %r = shl i128 %a, %s
  store i128 %r, i128* %p
  ret void
}
; CHECK-LABEL: shlvar128:
; CHECK: andi {{.*}}, 31
; CHECK: shlv
; CHECK: andi {{.*}}, 32
; CHECK: movn
; CHECK: andi {{.*}}, 64
; CHECK: movn
; CHECK: .end shlvar128
