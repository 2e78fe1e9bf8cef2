; A by-value argument lies in the caller's stack area, which is only
; 8-byte aligned (spec bwdsp.md §2.7); a callee whose parameter asks for
; more copies it into a local of that alignment, for which its frame is
; realigned: U9 keeps U8, U8 is rounded down to 16.
; RUN: %lltosimd -march=bwdsp %s -o - | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { [16 x i8] }

define i32 @take(%struct.S* byval(%struct.S) align 16 %s) {
  %p = ptrtoint %struct.S* %s to i32
  %m = and i32 %p, 15
  ret i32 %m
}
; CHECK-LABEL: take:
; CHECK: U9 = U8 + #0
; CHECK: xR8 = U8
; CHECK-NEXT: xR8 = R8 & #-16
; CHECK-NEXT: U8 = xR8
; CHECK: [U9 + {{[0-9]+}}]
; CHECK: U8 = U9 + #0
; CHECK: ret
