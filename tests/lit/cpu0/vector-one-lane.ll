; One-element vectors (vector_size equal to the element's, vectorizer
; output) are their element: <1 x T> arithmetic is one scalar operation,
; bitcasts to and from T and extract/insertelement move no data, and
; shufflevector picks one of the two lanes.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @addi(<1 x i32> %a, <1 x i32> %b) {
  %s = add <1 x i32> %a, %b
  %r = bitcast <1 x i32> %s to i32
  ret i32 %r
}
; CHECK-LABEL: addi:
; CHECK-NOT: st
; CHECK: addu $2, $4, $5
; CHECK-NOT: ld
; CHECK: .end addi

define double @addd(double %x, double %y) {
  %a = bitcast double %x to <1 x double>
  %b = insertelement <1 x double> undef, double %y, i32 0
  %s = fadd <1 x double> %a, %b
  %r = extractelement <1 x double> %s, i32 0
  ret double %r
}
; CHECK-LABEL: addd:
; CHECK: jsub __adddf3
; CHECK-NOT: jsub
; CHECK: .end addd

define <1 x float> @mulf(<1 x float> %a, <1 x float> %b) {
  %m = fmul <1 x float> %a, %b
  ret <1 x float> %m
}
; CHECK-LABEL: mulf:
; CHECK: jsub __mulsf3
; CHECK-NOT: jsub
; CHECK: .end mulf

define i64 @shli(<1 x i64> %a) {
  %s = shl <1 x i64> %a, <i64 32>
  %r = bitcast <1 x i64> %s to i64
  ret i64 %r
}
; The low word moves to the high word; the low word becomes 0.
; CHECK-LABEL: shli:
; CHECK-DAG: {{move \$3, \$4|shl \$3, \$4, 0}}
; CHECK-DAG: {{addiu \$2, \$zero, 0|move \$2, \$zero}}
; CHECK: .end shli

define i32 @shuf(<1 x i32> %a, <1 x i32> %b) {
  %s = shufflevector <1 x i32> %a, <1 x i32> %b, <1 x i32> <i32 1>
  %r = extractelement <1 x i32> %s, i32 0
  ret i32 %r
}
; CHECK-LABEL: shuf:
; CHECK: move $2, $5
; CHECK: .end shuf

; A one-word vector is passed and returned like its element (no integer
; extension applies to it).
define float @callmulf(float %x) {
  %a = bitcast float %x to <1 x float>
  %m = call <1 x float> @mulf(<1 x float> %a, <1 x float> %a)
  %r = bitcast <1 x float> %m to float
  ret float %r
}
; CHECK-LABEL: callmulf:
; CHECK: move $5, $4
; CHECK: jsub mulf
; CHECK: .end callmulf
