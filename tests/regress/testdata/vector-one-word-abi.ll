; One-word vectors (<1 x float>, <1 x i32>, <4 x i8>, <2 x i16>) returned
; and passed by value: the return and call-argument code asked bitsOf for
; the width of any one-word value to apply signext/zeroext, and bitsOf
; rejected vector types ("unsupported: vector type '<1 x float>'").
; The EXPECT lines are lli's output for this module with the host triple.
; EXPECT: -6 42 -1 11 300
; EXPECT-EXIT: 11
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"

declare i32 @printf(i8*, ...)

define <1 x float> @mulf(<1 x float> %a, <1 x float> %b) noinline {
  %m = fmul <1 x float> %a, %b
  ret <1 x float> %m
}

define <1 x i32> @addi(<1 x i32> %a, <1 x i32> %b) noinline {
  %s = add <1 x i32> %a, %b
  ret <1 x i32> %s
}

define <4 x i8> @inc4(<4 x i8> %a) noinline {
  %s = add <4 x i8> %a, <i8 1, i8 2, i8 3, i8 -128>
  ret <4 x i8> %s
}

define <2 x i16> @neg2(<2 x i16> %a) noinline {
  %s = sub <2 x i16> zeroinitializer, %a
  ret <2 x i16> %s
}

define <1 x double> @addd(<1 x double> %a, <1 x double> %b) noinline {
  %s = fadd <1 x double> %a, %b
  ret <1 x double> %s
}

define i32 @main() {
  %f = call <1 x float> @mulf(<1 x float> <float 1.5>, <1 x float> <float -4.0>)
  %fs = extractelement <1 x float> %f, i32 0
  %fi = fptosi float %fs to i32
  %i = call <1 x i32> @addi(<1 x i32> <i32 40>, <1 x i32> <i32 2>)
  %ii = bitcast <1 x i32> %i to i32
  %b = call <4 x i8> @inc4(<4 x i8> <i8 10, i8 20, i8 30, i8 127>)
  %b3 = extractelement <4 x i8> %b, i32 3
  %b3i = sext i8 %b3 to i32
  %b0 = extractelement <4 x i8> %b, i32 0
  %b0i = zext i8 %b0 to i32
  %h = call <2 x i16> @neg2(<2 x i16> <i16 7, i16 -300>)
  %h1 = extractelement <2 x i16> %h, i32 1
  %h1i = sext i16 %h1 to i32
  %d = call <1 x double> @addd(<1 x double> <double 2.25>, <1 x double> <double 0.5>)
  %ds = bitcast <1 x double> %d to double
  %d4 = fmul double %ds, 4.0
  %di = fptosi double %d4 to i32
  %p = getelementptr [16 x i8], [16 x i8]* @fmt, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %p, i32 %fi, i32 %ii, i32 %b3i, i32 %b0i, i32 %h1i)
  ret i32 %di
}
