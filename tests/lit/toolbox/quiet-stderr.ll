; Valid IR compiles without anything on stderr: a getelementptr to a lane
; of a vector in an array (LLVM 14 accepts it) made llir print an advisory through
; Go's standard logger.
; RUN: %lltosimd -march=bwdsp %s -o /dev/null 2>&1 | count 0
; RUN: %lltosimd -march=cpu0el %s -o /dev/null 2>&1 | count 0

@x = global [8 x <4 x float>] zeroinitializer, align 16

define float @lane(i32 %i) {
entry:
  %p = getelementptr inbounds [8 x <4 x float>], [8 x <4 x float>]* @x, i32 0, i32 %i, i32 2
  %v = load float, float* %p, align 8
  ret float %v
}

define float @constlane() {
entry:
  %v = load float, float* getelementptr inbounds ([8 x <4 x float>], [8 x <4 x float>]* @x, i32 0, i32 1, i32 2), align 8
  ret float %v
}
