; clang emits an i16 store with `align 2` through a C pointer to a member of
; a packed struct even when the member lies at an odd address (csmith seed
; 5022 at -O2: @g+279). lli runs the store as written. lltosimd lowers the
; unfounded claim to the alignment the layout guarantees (1 here), with a
; warning, and stores byte by byte; it used to refuse the module. The
; EXPECT lines are lli's output for this module with the host triple.
; EXPECT: 4660 52 18 1193046 -2
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

%S = type <{ i8, i16, i8, i32 }>
@g = internal global [3 x %S] zeroinitializer
@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"

declare i32 @printf(i8*, ...)

define i32 @main() {
entry:
  ; @g+9 (element 1, field 1) is odd: the claims below do not hold.
  store i16 4660, i16* getelementptr inbounds ([3 x %S], [3 x %S]* @g, i32 0, i32 1, i32 1), align 2
  store i32 1193046, i32* getelementptr inbounds ([3 x %S], [3 x %S]* @g, i32 0, i32 1, i32 3), align 4
  store i16 -2, i16* getelementptr inbounds ([3 x %S], [3 x %S]* @g, i32 0, i32 2, i32 1), align 2
  %a = load i16, i16* getelementptr inbounds ([3 x %S], [3 x %S]* @g, i32 0, i32 1, i32 1), align 2
  %b = load i8, i8* getelementptr inbounds ([3 x [8 x i8]], [3 x [8 x i8]]* bitcast ([3 x %S]* @g to [3 x [8 x i8]]*), i32 0, i32 1, i32 1), align 1
  %c = load i8, i8* getelementptr inbounds ([3 x [8 x i8]], [3 x [8 x i8]]* bitcast ([3 x %S]* @g to [3 x [8 x i8]]*), i32 0, i32 1, i32 2), align 1
  %d = load i32, i32* getelementptr inbounds ([3 x %S], [3 x %S]* @g, i32 0, i32 1, i32 3), align 4
  %e = load i16, i16* getelementptr inbounds ([3 x %S], [3 x %S]* @g, i32 0, i32 2, i32 1), align 2
  %ai = zext i16 %a to i32
  %bi = zext i8 %b to i32
  %ci = zext i8 %c to i32
  %ei = sext i16 %e to i32
  %p = call i32 (i8*, ...) @printf(i8* getelementptr ([16 x i8], [16 x i8]* @fmt, i32 0, i32 0), i32 %ai, i32 %bi, i32 %ci, i32 %d, i32 %ei)
  ret i32 0
}
