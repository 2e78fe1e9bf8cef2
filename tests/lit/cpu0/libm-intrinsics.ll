; Floating-point intrinsics without a Cpu0 instruction call the runtime's
; C library functions (runtime/cpu0/math.c, softfloat.c, libm_*.c), as llvm.sqrt calls
; sqrt: the double function, or its "f" form for float. Operands go in
; order, each like its scalar argument (a double is two words, 8-aligned).
; Vectors apply the scalar call to each lane.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.nearbyint.f64(double)
declare float @llvm.floor.f32(float)
declare float @llvm.ceil.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.round.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.nearbyint.f32(float)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.maxnum.f64(double, double)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare double @llvm.fma.f64(double, double, double)
declare float @llvm.fma.f32(float, float, float)
declare <2 x float> @llvm.floor.v2f32(<2 x float>)

define double @round_d(double %x) {
  %a = call double @llvm.floor.f64(double %x)
  %b = call double @llvm.ceil.f64(double %a)
  %c = call double @llvm.trunc.f64(double %b)
  %d = call double @llvm.round.f64(double %c)
  %e = call double @llvm.rint.f64(double %d)
  %f = call double @llvm.nearbyint.f64(double %e)
  ret double %f
}
; CHECK-LABEL: round_d:
; CHECK: jsub floor
; CHECK: jsub ceil
; CHECK: jsub trunc
; CHECK: jsub round
; CHECK: jsub rint
; CHECK: jsub nearbyint
; CHECK: .end round_d

define float @round_f(float %x) {
  %a = call float @llvm.floor.f32(float %x)
  %b = call float @llvm.ceil.f32(float %a)
  %c = call float @llvm.trunc.f32(float %b)
  %d = call float @llvm.round.f32(float %c)
  %e = call float @llvm.rint.f32(float %d)
  %f = call float @llvm.nearbyint.f32(float %e)
  ret float %f
}
; CHECK-LABEL: round_f:
; CHECK: jsub floorf
; CHECK: jsub ceilf
; CHECK: jsub truncf
; CHECK: jsub roundf
; CHECK: jsub rintf
; CHECK: jsub nearbyintf
; CHECK: .end round_f

; minnum/maxnum are C's fmin/fmax (a NaN operand gives the other one).
define double @minmax_d(double %x, double %y) {
  %a = call double @llvm.minnum.f64(double %x, double %y)
  %b = call double @llvm.maxnum.f64(double %a, double %y)
  ret double %b
}
; CHECK-LABEL: minmax_d:
; CHECK: jsub fmin
; CHECK: jsub fmax
; CHECK: .end minmax_d

define float @minmax_f(float %x, float %y) {
  %a = call float @llvm.minnum.f32(float %x, float %y)
  %b = call float @llvm.maxnum.f32(float %a, float %y)
  ret float %b
}
; CHECK-LABEL: minmax_f:
; CHECK: jsub fminf
; CHECK: jsub fmaxf
; CHECK: .end minmax_f

; fma is one rounding: a call, never a multiply and an add.
define double @fma_d(double %x, double %y, double %z) {
  %r = call double @llvm.fma.f64(double %x, double %y, double %z)
  ret double %r
}
; CHECK-LABEL: fma_d:
; CHECK-NOT: jsub __muldf3
; CHECK: jsub fma
; CHECK-NOT: jsub __adddf3
; CHECK: .end fma_d

define float @fma_f(float %x, float %y, float %z) {
  %r = call float @llvm.fma.f32(float %x, float %y, float %z)
  ret float %r
}
; CHECK-LABEL: fma_f:
; CHECK-NOT: jsub __mulsf3
; CHECK: jsub fmaf
; CHECK-NOT: jsub __addsf3
; CHECK: .end fma_f

define <2 x float> @floor_v2(<2 x float> %v) {
  %r = call <2 x float> @llvm.floor.v2f32(<2 x float> %v)
  ret <2 x float> %r
}
; CHECK-LABEL: floor_v2:
; CHECK: jsub floorf
; CHECK: jsub floorf
; CHECK: .end floor_v2

; lround/lrint: round or rint, then the float-to-integer conversion.
declare i32 @llvm.lround.i32.f64(double)
declare i64 @llvm.llrint.i64.f32(float)
define i32 @lround_d(double %x) {
  %r = call i32 @llvm.lround.i32.f64(double %x)
  ret i32 %r
}
; CHECK-LABEL: lround_d:
; CHECK: jsub round
; CHECK: jsub __fixdfsi
; CHECK: .end lround_d

define i64 @llrint_f(float %x) {
  %r = call i64 @llvm.llrint.i64.f32(float %x)
  ret i64 %r
}
; CHECK-LABEL: llrint_f:
; CHECK: jsub rintf
; CHECK: jsub __fixsfdi
; CHECK: .end llrint_f

declare double @llvm.sin.f64(double)
declare double @llvm.cos.f64(double)
declare double @llvm.exp.f64(double)
declare double @llvm.exp2.f64(double)
declare double @llvm.log.f64(double)
declare double @llvm.log2.f64(double)
declare double @llvm.log10.f64(double)
declare double @llvm.pow.f64(double, double)
declare float @llvm.pow.f32(float, float)
declare <2 x float> @llvm.sin.v2f32(<2 x float>)

; The transcendental intrinsics (clang -fno-math-errno or -ffast-math
; turns sin(x), pow(x, y)... into them) call the libm functions.
define double @transc(double %x, double %y) {
  %a = call double @llvm.sin.f64(double %x)
  %b = call double @llvm.cos.f64(double %a)
  %c = call double @llvm.exp.f64(double %b)
  %d = call double @llvm.exp2.f64(double %c)
  %e = call double @llvm.log.f64(double %d)
  %f = call double @llvm.log2.f64(double %e)
  %g = call double @llvm.log10.f64(double %f)
  %h = call double @llvm.pow.f64(double %g, double %y)
  ret double %h
}
; CHECK-LABEL: transc:
; CHECK: jsub sin
; CHECK: jsub cos
; CHECK: jsub exp
; CHECK: jsub exp2
; CHECK: jsub log
; CHECK: jsub log2
; CHECK: jsub log10
; CHECK: jsub pow
; CHECK: .end transc

define float @powf_(float %x, float %y) {
  %r = call float @llvm.pow.f32(float %x, float %y)
  ret float %r
}
; CHECK-LABEL: powf_:
; CHECK: jsub powf

define <2 x float> @sin_v2(<2 x float> %v) {
  %r = call <2 x float> @llvm.sin.v2f32(<2 x float> %v)
  ret <2 x float> %r
}
; CHECK-LABEL: sin_v2:
; CHECK: jsub sinf
; CHECK: jsub sinf
