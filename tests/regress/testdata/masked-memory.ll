; llvm.masked.load/store/gather/scatter (x86 AVX2 and AVX-512 vectorized
; loops) were unsupported. Each lane is accessed only when its mask bit is
; set: the masked-off lanes' pointers here are null. The EXPECT lines are
; lli's output for this module without its two target lines (host triple).
; EXPECT: -1,9,-3,7,12,-6,6,-8,
; EXPECT: 0,90,0,70,120,0,60,0,
; EXPECT: -8,200,12,9,0,0,0,0,
; EXPECT: 0,90,0,33,120,0,22,0,
; EXPECT: 1099511627776,-2,77,8589934593,0.125,8.000,9.000,1.500,
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@a = global [8 x i32] [i32 3, i32 9, i32 -4, i32 7, i32 12, i32 0, i32 6, i32 -8]
@b = global [8 x i32] zeroinitializer
@q = global [4 x i64] [i64 1099511627776, i64 -5, i64 77, i64 8589934593]
@d = global [4 x double] [double 1.5, double -2.25, double 8.0, double 0.125]
@fmt = private constant [4 x i8] c"%d,\00"
@fmtq = private constant [6 x i8] c"%lld,\00"
@fmtd = private constant [6 x i8] c"%.3f,\00"
@nl = private constant [2 x i8] c"\0A\00"

declare i32 @printf(i8*, ...)
declare <8 x i32> @llvm.masked.load.v8i32.p0v8i32(<8 x i32>*, i32, <8 x i1>, <8 x i32>)
declare void @llvm.masked.store.v8i32.p0v8i32(<8 x i32>, <8 x i32>*, i32, <8 x i1>)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p0i32(<4 x i32*>, i32, <4 x i1>, <4 x i32>)
declare void @llvm.masked.scatter.v4i32.v4p0i32(<4 x i32>, <4 x i32*>, i32, <4 x i1>)
declare <4 x i64> @llvm.masked.load.v4i64.p0v4i64(<4 x i64>*, i32, <4 x i1>, <4 x i64>)
declare <4 x double> @llvm.masked.gather.v4f64.v4p0f64(<4 x double*>, i32, <4 x i1>, <4 x double>)

define void @p8(<8 x i32> %v) noinline {
  %f = getelementptr [4 x i8], [4 x i8]* @fmt, i32 0, i32 0
  br label %l
l:
  %i = phi i32 [ 0, %0 ], [ %i2, %l ]
  %e = extractelement <8 x i32> %v, i32 %i
  call i32 (i8*, ...) @printf(i8* %f, i32 %e)
  %i2 = add i32 %i, 1
  %c = icmp eq i32 %i2, 8
  br i1 %c, label %x, label %l
x:
  %n = getelementptr [2 x i8], [2 x i8]* @nl, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %n)
  ret void
}

define i32 @main() {
  %pa = bitcast [8 x i32]* @a to <8 x i32>*
  %pb = bitcast [8 x i32]* @b to <8 x i32>*
  %v = load volatile <8 x i32>, <8 x i32>* %pa, align 4
  %m = icmp sgt <8 x i32> %v, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %l = call <8 x i32> @llvm.masked.load.v8i32.p0v8i32(<8 x i32>* %pa, i32 4, <8 x i1> %m, <8 x i32> <i32 -1, i32 -2, i32 -3, i32 -4, i32 -5, i32 -6, i32 -7, i32 -8>)
  call void @p8(<8 x i32> %l)
  %s = mul <8 x i32> %v, <i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10>
  call void @llvm.masked.store.v8i32.p0v8i32(<8 x i32> %s, <8 x i32>* %pb, i32 4, <8 x i1> %m)
  %b1 = load <8 x i32>, <8 x i32>* %pb, align 4
  call void @p8(<8 x i32> %b1)
  ; gather a[idx] for lanes whose a[idx] index is even; the others' pointers are null
  %a0 = getelementptr [8 x i32], [8 x i32]* @a, i32 0, i32 0
  %ptrs = getelementptr i32, i32* %a0, <4 x i32> <i32 7, i32 2, i32 4, i32 1>
  %gm = icmp ne <4 x i32> <i32 1, i32 0, i32 1, i32 1>, zeroinitializer
  %safe = select <4 x i1> %gm, <4 x i32*> %ptrs, <4 x i32*> zeroinitializer
  %g = call <4 x i32> @llvm.masked.gather.v4i32.v4p0i32(<4 x i32*> %safe, i32 4, <4 x i1> %gm, <4 x i32> <i32 100, i32 200, i32 300, i32 400>)
  %g8 = shufflevector <4 x i32> %g, <4 x i32> zeroinitializer, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  call void @p8(<8 x i32> %g8)
  %b0 = getelementptr [8 x i32], [8 x i32]* @b, i32 0, i32 0
  %sp = getelementptr i32, i32* %b0, <4 x i32> <i32 0, i32 6, i32 3, i32 5>
  %sm = icmp ne <4 x i32> <i32 0, i32 1, i32 1, i32 0>, zeroinitializer
  %ssafe = select <4 x i1> %sm, <4 x i32*> %sp, <4 x i32*> zeroinitializer
  call void @llvm.masked.scatter.v4i32.v4p0i32(<4 x i32> <i32 11, i32 22, i32 33, i32 44>, <4 x i32*> %ssafe, i32 4, <4 x i1> %sm)
  %b2 = load <8 x i32>, <8 x i32>* %pb, align 4
  call void @p8(<8 x i32> %b2)
  %pq = bitcast [4 x i64]* @q to <4 x i64>*
  %ql = call <4 x i64> @llvm.masked.load.v4i64.p0v4i64(<4 x i64>* %pq, i32 8, <4 x i1> <i1 true, i1 false, i1 true, i1 true>, <4 x i64> <i64 -1, i64 -2, i64 -3, i64 -4>)
  %fq = getelementptr [6 x i8], [6 x i8]* @fmtq, i32 0, i32 0
  %q0 = extractelement <4 x i64> %ql, i32 0
  %q1 = extractelement <4 x i64> %ql, i32 1
  %q2 = extractelement <4 x i64> %ql, i32 2
  %q3 = extractelement <4 x i64> %ql, i32 3
  call i32 (i8*, ...) @printf(i8* %fq, i64 %q0)
  call i32 (i8*, ...) @printf(i8* %fq, i64 %q1)
  call i32 (i8*, ...) @printf(i8* %fq, i64 %q2)
  call i32 (i8*, ...) @printf(i8* %fq, i64 %q3)
  %d0 = getelementptr [4 x double], [4 x double]* @d, i32 0, i32 0
  %dp = getelementptr double, double* %d0, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %dm = icmp ne <4 x i32> <i32 1, i32 1, i32 0, i32 1>, zeroinitializer
  %dsafe = select <4 x i1> %dm, <4 x double*> %dp, <4 x double*> zeroinitializer
  %dg = call <4 x double> @llvm.masked.gather.v4f64.v4p0f64(<4 x double*> %dsafe, i32 8, <4 x i1> %dm, <4 x double> <double 9.0, double 9.0, double 9.0, double 9.0>)
  %fd = getelementptr [6 x i8], [6 x i8]* @fmtd, i32 0, i32 0
  %e0 = extractelement <4 x double> %dg, i32 0
  %e1 = extractelement <4 x double> %dg, i32 1
  %e2 = extractelement <4 x double> %dg, i32 2
  %e3 = extractelement <4 x double> %dg, i32 3
  call i32 (i8*, ...) @printf(i8* %fd, double %e0)
  call i32 (i8*, ...) @printf(i8* %fd, double %e1)
  call i32 (i8*, ...) @printf(i8* %fd, double %e2)
  call i32 (i8*, ...) @printf(i8* %fd, double %e3)
  %n = getelementptr [2 x i8], [2 x i8]* @nl, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %n)
  ret i32 0
}
