; Accesses to one global at constant offsets share one address register
; (`Ua = #sym` once, then [Ua + off]): the selection puts the offset in the
; access and machine-cse keeps one `Ua = #cb`, so the loads of a
; coefficient table do not each wait for their own address (one write to
; each U/V/W family per bundle, spec bwdsp.md §2.4).
; RUN: %lltosimd -march=bwdsp -O2 %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@cb = global [8 x i32] zeroinitializer, align 4

define i32 @sum3() {
  %a = load i32, i32* getelementptr ([8 x i32], [8 x i32]* @cb, i32 0, i32 1), align 4
  %b = load i32, i32* getelementptr ([8 x i32], [8 x i32]* @cb, i32 0, i32 5), align 4
  %c = load i32, i32* getelementptr ([8 x i32], [8 x i32]* @cb, i32 0, i32 7), align 4
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
; CHECK-LABEL: sum3:
; CHECK: [[U:[UVW][0-9]+]] = #cb{{$| }}
; CHECK-NOT: = #cb
; CHECK-DAG: = {{\[}}[[U]] + 4]
; CHECK-DAG: = {{\[}}[[U]] + 20]
; CHECK-DAG: = {{\[}}[[U]] + 28]
; CHECK: ret
