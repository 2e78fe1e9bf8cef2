; A byval argument of more than 32 KiB: its words beyond offset 32767 of
; the outgoing argument area were stored with `st $r, N($sp)`, an offset
; ST's 16-bit immediate cannot hold (the assembler refused it). clang
; passes large structs byval for i386 and other triples. The EXPECT line
; is lli's output for this module without its two target lines (host
; triple).
; EXPECT: 24597 24597 12303 5
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

%struct.H = type { [8200 x i32] }
@a = global %struct.H zeroinitializer
@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
declare i32 @printf(i8*, ...)

define internal void @use(i32 %x, %struct.H* byval(%struct.H) align 4 %h, i32 %y) noinline {
  %p0 = getelementptr %struct.H, %struct.H* %h, i32 0, i32 0, i32 8199
  %v0 = load i32, i32* %p0
  %p1 = getelementptr %struct.H, %struct.H* %h, i32 0, i32 0, i32 %x
  %v1 = load i32, i32* %p1
  %p2 = getelementptr %struct.H, %struct.H* %h, i32 0, i32 0, i32 4101
  %v2 = load i32, i32* %p2
  %f = getelementptr [13 x i8], [13 x i8]* @fmt, i32 0, i32 0
  call i32 (i8*, ...) @printf(i8* %f, i32 %v0, i32 %v1, i32 %v2, i32 %y)
  ret void
}

define i32 @main() {
  br label %loop
loop:
  %i = phi i32 [ 0, %0 ], [ %i2, %loop ]
  %p = getelementptr %struct.H, %struct.H* @a, i32 0, i32 0, i32 %i
  %m = mul i32 %i, 4
  %v = sub i32 %m, %i
  %w = select i1 true, i32 %i, i32 %v
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, 0
  %s = select i1 %c, i32 %w, i32 %v
  store i32 %s, i32* %p
  %i2 = add i32 %i, 1
  %done = icmp eq i32 %i2, 8200
  br i1 %done, label %call, label %loop
call:
  call void @use(i32 8199, %struct.H* byval(%struct.H) align 4 @a, i32 5)
  ret i32 0
}
