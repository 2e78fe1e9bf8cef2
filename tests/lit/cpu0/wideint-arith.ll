; Integers wider than 64 bits live in N 32-bit words (docs/generic-mir.md).
; Addition and subtraction propagate a carry/borrow between words through
; unsigned compares (sltu on cpu032II, cmpu on cpu032I); multiplication is
; schoolbook, truncated to the width: for i128 the ten low products a[i]*b[j]
; with i+j <= 3 (mul) and the six high halves with i+j <= 2 (multu + mfhi).
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefix=SECOND

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; Three word boundaries carry; a middle word can carry out of a[i]+b[i] or
; out of adding the incoming carry (at most one of them does): 1+2+2
; compares. The top word carries nowhere.
define void @add128(i128* %p, i128 %a, i128 %b) {
  %r = add i128 %a, %b
  store i128 %r, i128* %p
  ret void
}
; CHECK-LABEL: add128:
; C32II-COUNT-5: sltu
; C32II-NOT: sltu
; C32I-COUNT-5: cmpu
; C32I-NOT: cmpu
; CHECK: .end add128

; Three word differences, two of them also minus the incoming borrow.
define void @sub96(i96* %p, i96 %a, i96 %b) {
  %r = sub i96 %a, %b
  store i96 %r, i96* %p
  ret void
}
; CHECK-LABEL: sub96:
; C32II-COUNT-3: sltu
; C32II-NOT: sltu
; CHECK: .end sub96
; SECOND-LABEL: sub96:
; SECOND-COUNT-5: subu
; SECOND-NOT: subu
; SECOND: .end sub96

define void @mul128(i128* %p, i128 %a, i128 %b) {
  %r = mul i128 %a, %b
  store i128 %r, i128* %p
  ret void
}
; CHECK-LABEL: mul128:
; CHECK-COUNT-6: multu
; CHECK-NOT: multu
; CHECK: .end mul128
; SECOND-LABEL: mul128:
; SECOND-COUNT-6: mfhi
; SECOND-NOT: mfhi
; SECOND: .end mul128

; Bitwise operations are word by word: i176 has six words.
define void @xor176(i176* %p, i176 %a, i176 %b) {
  %r = xor i176 %a, %b
  store i176 %r, i176* %p, align 8
  ret void
}
; CHECK-LABEL: xor176:
; CHECK-COUNT-6: xor
; CHECK-NOT: xor
; CHECK: .end xor176
