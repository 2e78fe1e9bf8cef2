; Comparisons of integers wider than 64 bits: equality ors the xors of all
; words; an ordering is decided by the highest word that differs, signed
; (slt) for the top word of a signed compare and unsigned (sltu) below. The
; top word of an i72 (8 bits) is extended before comparing: zero-extended
; (andi 255) for equality. A switch on an i128 compares all four words.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i1 @slt128(i128 %a, i128 %b) {
  %r = icmp slt i128 %a, %b
  ret i1 %r
}
; CHECK-LABEL: slt128:
; CHECK-COUNT-3: sltu
; CHECK: slt{{[[:space:]]}}
; CHECK: .end slt128

define i1 @eq72(i72 %a, i72 %b) {
  %r = icmp eq i72 %a, %b
  ret i1 %r
}
; CHECK-LABEL: eq72:
; CHECK-DAG: andi {{.*}}, 255
; CHECK-DAG: andi {{.*}}, 255
; CHECK-DAG: xor
; CHECK-DAG: xor
; CHECK-DAG: xor
; CHECK: .end eq72

; 2^100 is word 3 = 16: the case compares words with the constants 0, 0,
; 0 and 16.
define i32 @sw128(i128 %a) {
  switch i128 %a, label %d [ i128 1267650600228229401496703205376, label %x ]
x:
  ret i32 1
d:
  ret i32 0
}
; CHECK-LABEL: sw128:
; CHECK: xori {{.*}}, 16
; CHECK: .end sw128
