; pressure-sink before soft-float: a <4 x float> multiply-add (x * splat h
; + acc, twice) splits into four multiplies then four adds, each a runtime
; call (Cpu0 has no FPU);
; with more values live than registers, each lane's multiply moves next to
; the add that reads it, so a product goes straight from $2 into the add's
; arguments instead of waiting in a callee-saved register or a stack slot
; across the other lanes' calls (here the first product's lanes; the
; second's last reads of x would lengthen x's range). The values are the
; same (the operations are pure; only their order changes).
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -O2 %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -O2 -enable-pressure-sink=false %s -o - | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define void @madd(<4 x float>* %y, <4 x float>* %x, float* %h, <4 x float>* %acc) {
  %xv = load <4 x float>, <4 x float>* %x, align 16
  %h1 = load float, float* %h, align 4
  %hp = getelementptr float, float* %h, i32 1
  %h2 = load float, float* %hp, align 4
  %h1i = insertelement <4 x float> poison, float %h1, i32 0
  %h1s = shufflevector <4 x float> %h1i, <4 x float> poison, <4 x i32> zeroinitializer
  %h2i = insertelement <4 x float> poison, float %h2, i32 0
  %h2s = shufflevector <4 x float> %h2i, <4 x float> poison, <4 x i32> zeroinitializer
  %a1 = load <4 x float>, <4 x float>* %acc, align 16
  %ap = getelementptr <4 x float>, <4 x float>* %acc, i32 1
  %a2 = load <4 x float>, <4 x float>* %ap, align 16
  %p1 = fmul <4 x float> %xv, %h1s
  %s1 = fadd <4 x float> %p1, %a1
  %p2 = fmul <4 x float> %xv, %h2s
  %s2 = fadd <4 x float> %p2, %a2
  store <4 x float> %s1, <4 x float>* %y, align 16
  %yp = getelementptr <4 x float>, <4 x float>* %y, i32 1
  store <4 x float> %s2, <4 x float>* %yp, align 16
  ret void
}
; CHECK-LABEL: madd:
; CHECK: jsub __mulsf3
; CHECK: jsub __addsf3
; CHECK: jsub __mulsf3
; CHECK: jsub __addsf3
; CHECK: jsub __mulsf3
; CHECK: jsub __addsf3
; CHECK: jsub __mulsf3
; CHECK: jsub __addsf3
; CHECK: .end madd
; OFF-LABEL: madd:
; OFF: jsub __mulsf3
; OFF-NOT: __addsf3
; OFF: jsub __mulsf3
; OFF-NOT: __addsf3
; OFF: jsub __mulsf3
; OFF-NOT: __addsf3
; OFF: jsub __mulsf3
; OFF: jsub __addsf3
; OFF: .end madd
