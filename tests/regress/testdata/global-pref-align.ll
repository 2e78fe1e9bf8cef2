; Globals without `align` get LLVM's preferred alignment, and optimized IR
; relies on it: @g ([76 x i8], larger than 16 bytes) is 16-aligned, so opt
; may store to it with `align 16`. lltosimd used to give @g the ABI
; alignment of i8 (1), after a 3-byte global it landed on an odd address and
; the word store faulted on cpu0sim (misaligned store). The same holds in
; .data (@d) and .rodata (@r). The EXPECT lines are lli's output for this
; module with the host triple and datalayout.
; EXPECT: 2 7 -1 0
; EXPECT: 300 5 0
; EXPECT: 1819043176 0
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@pad = internal global [3 x i8] c"\01\02\03"
@g = internal global [76 x i8] undef
@pad2 = internal global [1 x i8] c"\07"
@d = internal global [20 x i8] c"\05\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00"
@pad3 = internal constant [5 x i8] c"abcde"
@r = internal constant [33 x i8] c"hello, aligned constant world!!!\00"
@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
@fmt3 = private constant [10 x i8] c"%d %d %d\0A\00"
@fmt2 = private constant [7 x i8] c"%d %d\0A\00"

declare i32 @printf(i8*, ...)

define i32 @main() {
entry:
  store i32 2, i32* bitcast ([76 x i8]* @g to i32*), align 16
  store i32 7, i32* bitcast (i8* getelementptr ([76 x i8], [76 x i8]* @g, i32 0, i32 32) to i32*), align 16
  store i32 -1, i32* bitcast (i8* getelementptr ([76 x i8], [76 x i8]* @g, i32 0, i32 72) to i32*), align 8
  %a = load i32, i32* bitcast ([76 x i8]* @g to i32*), align 16
  %b = load i32, i32* bitcast (i8* getelementptr ([76 x i8], [76 x i8]* @g, i32 0, i32 32) to i32*), align 16
  %c = load i32, i32* bitcast (i8* getelementptr ([76 x i8], [76 x i8]* @g, i32 0, i32 72) to i32*), align 8
  %gi = ptrtoint [76 x i8]* @g to i32
  %gm = and i32 %gi, 15
  %f = getelementptr [13 x i8], [13 x i8]* @fmt, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %a, i32 %b, i32 %c, i32 %gm)
  %d0 = load i32, i32* bitcast ([20 x i8]* @d to i32*), align 16
  %d1 = add i32 %d0, 295
  store i32 %d1, i32* bitcast ([20 x i8]* @d to i32*), align 16
  %d2 = load i32, i32* bitcast ([20 x i8]* @d to i32*), align 16
  %p = load i8, i8* getelementptr ([1 x i8], [1 x i8]* @pad2, i32 0, i32 0), align 1
  %p1 = load i8, i8* getelementptr ([3 x i8], [3 x i8]* @pad, i32 0, i32 1), align 1
  %ps = add i8 %p, %p1
  %p32 = zext i8 %ps to i32
  %p3 = sub i32 %p32, 4
  %di = ptrtoint [20 x i8]* @d to i32
  %dm = and i32 %di, 15
  %f3 = getelementptr [10 x i8], [10 x i8]* @fmt3, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %f3, i32 %d2, i32 %p3, i32 %dm)
  %r0 = load i32, i32* bitcast ([33 x i8]* @r to i32*), align 16
  %ri = ptrtoint [33 x i8]* @r to i32
  %rm = and i32 %ri, 15
  %x = load i8, i8* getelementptr ([5 x i8], [5 x i8]* @pad3, i32 0, i32 4), align 1
  %f2 = getelementptr [7 x i8], [7 x i8]* @fmt2, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %f2, i32 %r0, i32 %rm)
  ret i32 0
}
