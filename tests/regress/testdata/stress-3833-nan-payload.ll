; llvm-stress seed 3833 (opt -O2): "store float 0xFFFFFFFFE0000000" stored the
; default quiet NaN 0xFFC00000 instead of 0xFFFFFFFF, because llir keeps only
; the sign of a NaN literal. NaN payloads must survive in stores, globals,
; vector initializers and phi operands, signaling NaNs included.
; The EXPECT lines are lli's output for this module with the host triple.
; EXPECT: 7fe00000 ffffffff
; EXPECT: 7ff4000000000000 7f800001
; EXPECT: 7ff00000 00000001
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@fmt = private constant [11 x i8] c"%08x %08x\0A\00"
@fmt64 = private constant [15 x i8] c"%08x%08x %08x\0A\00"
@gf = global float 0xFFFFFFFFE0000000, align 4
@gd = global double 0x7FF0000000000001, align 8
@gv = global <2 x float> <float 0x7FF0000020000000, float 0xFFF8000000000000>, align 8

declare i32 @printf(i8*, ...)

define i32 @main() {
entry:
  %sf = alloca float, align 4
  %sd = alloca double, align 8
  store float 0x7FFC000000000000, float* %sf, align 4
  %bf = bitcast float* %sf to i32*
  %x = load i32, i32* %bf, align 4
  %gfi = load i32, i32* bitcast (float* @gf to i32*), align 4
  %f = getelementptr [11 x i8], [11 x i8]* @fmt, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %x, i32 %gfi)
  %v = load volatile i32, i32* %bf, align 4
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi double [ 0xFFF0000000000ABC, %a ], [ 0x7FF4000000000000, %b ]
  store double %p, double* %sd, align 8
  %bd = bitcast double* %sd to i32*
  %lo = load i32, i32* %bd, align 8
  %hip = getelementptr i32, i32* %bd, i32 1
  %hi = load i32, i32* %hip, align 4
  %gv0 = load i32, i32* bitcast (<2 x float>* @gv to i32*), align 8
  %f64 = getelementptr [15 x i8], [15 x i8]* @fmt64, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %f64, i32 %hi, i32 %lo, i32 %gv0)
  %gdp = bitcast double* @gd to i32*
  %gdlo = load i32, i32* %gdp, align 8
  %gdhp = getelementptr i32, i32* %gdp, i32 1
  %gdhi = load i32, i32* %gdhp, align 4
  call i32 (i8*, ...) @printf(i8* %f, i32 %gdhi, i32 %gdlo)
  ret i32 0
}
