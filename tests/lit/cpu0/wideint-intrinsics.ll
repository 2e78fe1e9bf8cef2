; Bit and overflow intrinsics on integers wider than 64 bits are expanded
; inline, word by word: ctlz counts in the highest non-zero word (one clz
; per word), bswap reverses the words and the bytes in each, and the
; *.with.overflow intrinsics need no runtime call.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare i128 @llvm.ctlz.i128(i128, i1)
declare i128 @llvm.bswap.i128(i128)
declare { i128, i1 } @llvm.smul.with.overflow.i128(i128, i128)
declare { i96, i1 } @llvm.uadd.with.overflow.i96(i96, i96)

define i32 @ctlz128(i128 %a) {
  %r = call i128 @llvm.ctlz.i128(i128 %a, i1 false)
  %t = trunc i128 %r to i32
  ret i32 %t
}
; CHECK-LABEL: ctlz128:
; CHECK-COUNT-4: clz
; CHECK-NOT: clz
; CHECK: .end ctlz128

; Each word is byte-swapped as rotr(v & 0x00ff00ff, 8) | rotl(v & 0xff00ff00, 8).
define void @bswap128(i128* %p, i128 %a) {
  %r = call i128 @llvm.bswap.i128(i128 %a)
  store i128 %r, i128* %p
  ret void
}
; CHECK-LABEL: bswap128:
; CHECK-COUNT-4: ror {{.*}}, 8
; CHECK-NOT: ror
; CHECK: .end bswap128

define i1 @smulo128(i128 %a, i128 %b) {
  %r = call { i128, i1 } @llvm.smul.with.overflow.i128(i128 %a, i128 %b)
  %o = extractvalue { i128, i1 } %r, 1
  ret i1 %o
}
; CHECK-LABEL: smulo128:
; CHECK-NOT: jsub
; CHECK: multu
; CHECK-NOT: jsub
; CHECK: .end smulo128

define i1 @uaddo96(i96 %a, i96 %b) {
  %r = call { i96, i1 } @llvm.uadd.with.overflow.i96(i96 %a, i96 %b)
  %o = extractvalue { i96, i1 } %r, 1
  ret i1 %o
}
; CHECK-LABEL: uaddo96:
; CHECK: sltu
; CHECK-NOT: jsub
; CHECK: .end uaddo96
