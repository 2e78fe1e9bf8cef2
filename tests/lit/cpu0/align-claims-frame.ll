; A load or store whose `align` exceeds what the layout guarantees for a
; frame object or a global defined in the module (plus a constant offset) is
; rejected with its position: accesses are split by the IR's alignment, so
; the claim would become a misaligned word access (cpu0sim faults on it).
; LLVM's own layout rules make such a claim impossible in optimized IR.
; RUN: not %lltosimd -march=cpu0el %s -o /dev/null 2>&1 | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @f() {
  %a = alloca [8 x i8], align 4
  %p = bitcast [8 x i8]* %a to i32*
; CHECK: align-claims-frame.ll:[[@LINE+1]]:3: store with align 8 at %a+0, which is only 4-byte aligned
  store i32 1, i32* %p, align 8
  ret i32 0
}
