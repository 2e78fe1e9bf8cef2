; generic-combine: the frontend splits i64 into words, and the high word
; of a small constant is 0. "hi & 0" is 0, "hi | 0", "hi ^ 0", "hi + 0"
; are hi and "hi * 0" is 0 (LLVM semantics of and/or/xor/add/mul), so no
; instruction computes them.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; (n & 1) | 4: the low word is (lo & 1) | 4, the high word is 0.
define i64 @and_or(i64 %n) {
  %a = and i64 %n, 1
  %o = or i64 %a, 4
  ret i64 %o
}
; Nothing reads the high word ($5).
; CHECK-LABEL: and_or:
; CHECK-NOT: $5
; CHECK: andi $2, $4, 1
; CHECK-NOT: $5
; CHECK: .end and_or

; 3 * n: lo*3 and the high word hi*3 + mulhu(lo, 3), without lo*0 (the
; high word of 3 times lo).
define i64 @times3(i64 %n) {
  %m = mul i64 %n, 3
  ret i64 %m
}
; CHECK-LABEL: times3:
; CHECK-NOT: $zero{{$}}
; CHECK: .end times3

; x ^ 0 on the high word of an equality test against 1.
define i1 @is_one(i64 %n) {
  %c = icmp eq i64 %n, 1
  ret i1 %c
}
; CHECK-LABEL: is_one:
; CHECK-NOT: xori {{.*}}$5
; CHECK: xori {{\$[0-9a-z]+}}, $4, 1
; CHECK-NOT: xori {{.*}}$5
; CHECK: .end is_one
