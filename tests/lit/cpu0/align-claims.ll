; A load or store whose `align` exceeds what the layout guarantees for a
; frame object or a global defined in the module (plus a constant offset) is
; rejected with its position: accesses are split by the IR's alignment, so
; the claim would become a misaligned word access (cpu0sim faults on it).
; LLVM's own layout rules make such a claim impossible in optimized IR.
; RUN: not %lltosimd -march=cpu0el %s -o /dev/null 2>&1 | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@g = global [76 x i8] zeroinitializer, align 4
@h = global [76 x i8] zeroinitializer

define i32 @fg() {
; CHECK: align-claims.ll:[[@LINE+1]]:3: load with align 8 at @g+4, which is only 4-byte aligned
  %v = load i32, i32* bitcast (i8* getelementptr ([76 x i8], [76 x i8]* @g, i32 0, i32 4) to i32*), align 8
; @h has no `align`: 16 bytes, so these are fine.
; CHECK-NOT: @h
  %w = load i32, i32* bitcast ([76 x i8]* @h to i32*), align 16
  %x = load i32, i32* bitcast (i8* getelementptr ([76 x i8], [76 x i8]* @h, i32 0, i32 8) to i32*), align 8
  %s = add i32 %v, %w
  %t = add i32 %s, %x
  ret i32 %t
}
