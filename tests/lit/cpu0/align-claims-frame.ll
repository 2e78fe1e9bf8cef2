; A load or store may claim more alignment than its alloca has (unoptimized
; IR such as llvm-stress's does): the frame object is ours to place, so it
; gets that alignment. A claim no alignment of the object can make true
; (align 8 at offset 4) gets a warning at the instruction's position and
; is accessed with the alignment that holds.
; RUN: %lltosimd -march=cpu0el %s -o /dev/null 2>&1 | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @f() {
  %a = alloca [16 x i8], align 4
  %p = bitcast [16 x i8]* %a to i32*
  store i32 1, i32* %p, align 8
  %q = getelementptr [16 x i8], [16 x i8]* %a, i32 0, i32 4
  %r = bitcast i8* %q to i32*
; CHECK-NOT: align-claims-frame.ll:[[@LINE-3]]
; CHECK: align-claims-frame.ll:[[@LINE+1]]:3: warning: store with align 8 at %a+4, which is only 4-byte aligned: accessed in 4-byte pieces
  store i32 2, i32* %r, align 8
  ret i32 0
}
