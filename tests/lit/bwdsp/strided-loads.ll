; Broadcast and strided loads (spec bwdsp.md §2.3: `D Rd = [Un + #imm]:S`,
; lane j reads Un + imm + j*S; `:0` broadcasts one value): a splat of a
; loaded scalar, a splat of one lane of a loaded vector and its lanes
; reversed are each ONE load in the strided form, with no transfer
; (`yzt R = x R`) or lane copy; a stride of 8 gathers every other word.
; A store between the load and the splat keeps the splat where it is.
; RUN: %lltosimd -march=bwdsp -O2 %s -o - | FileCheck %s
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@c = global [8 x float] zeroinitializer, align 16

; CHECK-LABEL: splat_scalar:
; CHECK: xyztR[[V:[0-9]+]] = [[[A:[UVW][0-9]+]] + 8]:0
; CHECK-NOT: {{[xyzt]+R[0-9]+ = [xyzt]R}}
; CHECK: = xyztR[[V]]
; CHECK: .endfunc
define void @splat_scalar(<4 x float>* %out) {
  %x = load float, float* getelementptr ([8 x float], [8 x float]* @c, i32 0, i32 2), align 4
  %v = insertelement <4 x float> undef, float %x, i32 0
  %s = shufflevector <4 x float> %v, <4 x float> undef, <4 x i32> zeroinitializer
  store <4 x float> %s, <4 x float>* %out, align 16
  ret void
}

; CHECK-LABEL: splat_lane:
; CHECK-DAG: xyztR{{[0-9]+}} = [[[P:[UVW][0-9]+]] + 4]:0
; CHECK-DAG: xyztR{{[0-9]+}} = [[[P]] + 12]:-4
; CHECK-NOT: {{[xyzt]+R[0-9]+ = [xyzt]R}}
; CHECK: .endfunc
define void @splat_lane(<4 x i32>* %p, <4 x i32>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %s = shufflevector <4 x i32> %a, <4 x i32> undef, <4 x i32> <i32 1, i32 1, i32 1, i32 1>
  %r = shufflevector <4 x i32> %a, <4 x i32> undef, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %t = add <4 x i32> %s, %r
  store <4 x i32> %t, <4 x i32>* %q, align 16
  ret void
}

; CHECK-LABEL: evens:
; CHECK: xyztR{{[0-9]+}} = [{{[UVW][0-9]+}}]:8
; CHECK-NOT: {{[xyzt]+R[0-9]+ = [xyzt]R}}
; CHECK: .endfunc
define void @evens(<4 x i32>* %p, <4 x i32>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %p1 = getelementptr <4 x i32>, <4 x i32>* %p, i32 1
  %b = load <4 x i32>, <4 x i32>* %p1, align 16
  %e = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  store <4 x i32> %e, <4 x i32>* %q, align 16
  ret void
}

; The store to %p may change what a second load would read: the splat
; moves up to the load, never past the store.
; CHECK-LABEL: store_between:
; CHECK: xyztR[[S:[0-9]+]] = [[[P:[UVW][0-9]+]]]:0
; CHECK: [[[P]]] = xR
; CHECK: = xyztR[[S]]
; CHECK: .endfunc
define void @store_between(i32* %p, <4 x i32>* %q, i32 %y) {
  %x = load i32, i32* %p, align 4
  store i32 %y, i32* %p, align 4
  %v = insertelement <4 x i32> undef, i32 %x, i32 0
  %s = shufflevector <4 x i32> %v, <4 x i32> undef, <4 x i32> zeroinitializer
  store <4 x i32> %s, <4 x i32>* %q, align 16
  ret void
}
