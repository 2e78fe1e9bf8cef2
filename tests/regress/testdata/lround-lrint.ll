; llvm.lround/llround/lrint/llrint (clang's lround() etc. with
; -fno-math-errno or -ffast-math) were unsupported: they are the runtime's
; round/rint followed by a float-to-integer conversion of the integral value.
; The EXPECT lines are lli's output for this module with the host triple.
; EXPECT: 3 2 -1 2 -3 6000000000000 0
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@fmt = private constant [28 x i8] c"%d %d %d %d %lld %lld %lld\0A\00"

declare i32 @printf(i8*, ...)
declare i32 @llvm.lround.i32.f64(double)
declare i32 @llvm.lround.i32.f32(float)
declare i32 @llvm.lrint.i32.f64(double)
declare i32 @llvm.lrint.i32.f32(float)
declare i64 @llvm.llround.i64.f64(double)
declare i64 @llvm.llrint.i64.f64(double)
declare i64 @llvm.llrint.i64.f32(float)

@d = global [4 x double] [double 2.5, double -2.5, double 3.5, double 6.0e12]
@f = global [2 x float] [float 2.5, float -0.5]

define i32 @main() {
  %p0 = getelementptr [4 x double], [4 x double]* @d, i32 0, i32 0
  %p1 = getelementptr [4 x double], [4 x double]* @d, i32 0, i32 1
  %p2 = getelementptr [4 x double], [4 x double]* @d, i32 0, i32 2
  %p3 = getelementptr [4 x double], [4 x double]* @d, i32 0, i32 3
  %q0 = getelementptr [2 x float], [2 x float]* @f, i32 0, i32 0
  %q1 = getelementptr [2 x float], [2 x float]* @f, i32 0, i32 1
  %d0 = load volatile double, double* %p0
  %d1 = load volatile double, double* %p1
  %d2 = load volatile double, double* %p2
  %d3 = load volatile double, double* %p3
  %f0 = load volatile float, float* %q0
  %f1 = load volatile float, float* %q1
  %a = call i32 @llvm.lround.i32.f64(double %d0)
  %b = call i32 @llvm.lrint.i32.f64(double %d0)
  %c = call i32 @llvm.lround.i32.f32(float %f1)
  %e = call i32 @llvm.lrint.i32.f32(float %f0)
  %g = call i64 @llvm.llround.i64.f64(double %d1)
  %h = call i64 @llvm.llrint.i64.f64(double %d3)
  %k = call i64 @llvm.llrint.i64.f32(float %f1)
  %fp = getelementptr [28 x i8], [28 x i8]* @fmt, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %fp, i32 %a, i32 %b, i32 %c, i32 %e, i64 %g, i64 %h, i64 %k)
  ret i32 0
}
