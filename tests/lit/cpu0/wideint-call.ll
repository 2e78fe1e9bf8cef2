; Calls with integers wider than 64 bits (docs/generic-mir.md): an i128
; argument is four words whose first is 8-byte aligned in the O32 argument
; area, listed in memory order (the low word first on little-endian
; targets, last on big-endian ones); a result wider than two words is
; returned through a hidden pointer in $4, which the callee returns in $2.
; Division and remainder call compiler-rt's arbitrary-width helpers
; (quotient or remainder pointer, operand pointers, width in bits).
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,EL
; RUN: sed -e 's/^target datalayout = "e/target datalayout = "E/' -e 's/mipsel-/mips-/' %s | %lltosimd -march=cpu0 -mcpu=cpu032II - -o - | FileCheck %s --check-prefixes=CHECK,EB

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; %x is in $4; %a skips $5 and occupies offsets 8..23.
define i32 @low(i32 %x, i128 %a) {
  %t = trunc i128 %a to i32
  ret i32 %t
}
; CHECK-LABEL: low:
; EL: ld $2, 8($sp)
; EB: ld $2, 20($sp)
; CHECK: .end low

define i128 @ret128(i128 %a) {
  ret i128 %a
}
; CHECK-LABEL: ret128:
; CHECK: move $2, $4
; CHECK-DAG: st {{.*}}, 0($2)
; CHECK-DAG: st {{.*}}, 12($2)
; CHECK: .end ret128

define i32 @caller(i128 %a) {
  %r = call i128 @ret128(i128 %a)
  %t = trunc i128 %r to i32
  ret i32 %t
}
; The hidden pointer addresses a frame buffer the result is reloaded from.
; CHECK-LABEL: caller:
; CHECK: addiu [[P:\$[0-9a-z]+]], $sp, [[OFF:[0-9]+]]
; CHECK: move $4, [[P]]
; CHECK-NEXT: jsub ret128
; EL: ld $2, [[OFF]]($sp)
; CHECK: .end caller

define void @udiv128(i128* %p, i128 %a, i128 %b) {
  %r = udiv i128 %a, %b
  store i128 %r, i128* %p
  ret void
}
; CHECK-LABEL: udiv128:
; CHECK: addiu [[B:\$[0-9a-z]+]], $zero, 128
; CHECK: st [[B]], 12($sp)
; CHECK: jsub __udivei4
; CHECK: .end udiv128

; i72 is divided as 96 bits, sign-extended for the signed helpers.
define void @srem72(i72* %p, i72 %a, i72 %b) {
  %r = srem i72 %a, %b
  store i72 %r, i72* %p
  ret void
}
; CHECK-LABEL: srem72:
; CHECK: addiu {{.*}}, $zero, 96
; CHECK: jsub __modei4
; CHECK: .end srem72

define void @others(i128* %p, i128 %a, i128 %b) {
  %q = sdiv i128 %a, %b
  store volatile i128 %q, i128* %p
  %r = urem i128 %a, %b
  store volatile i128 %r, i128* %p
  ret void
}
; CHECK-LABEL: others:
; CHECK: jsub __divei4
; CHECK: jsub __umodei4
; CHECK: .end others
