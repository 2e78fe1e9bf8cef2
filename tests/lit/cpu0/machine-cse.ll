; machine-cse and global offsets: selection recomputes the %hi/%lo pair of
; every global access and the index scaling of every GEP; one computation
; each is enough (the first dominates the others). A constant offset from
; a global goes into the load/store offset (ori zero-extends %lo, so the
; pair is the exact address of the global, spec §4/§6). Instructions that
; read HI/LO implicitly (mflo) are never merged: a division in between
; changes LO.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@arr = global [3 x i32] [i32 10, i32 -2, i32 65536], align 4

define i32 @sum3() {
  %a = load i32, i32* getelementptr inbounds ([3 x i32], [3 x i32]* @arr, i32 0, i32 0), align 4
  %b = load i32, i32* getelementptr inbounds ([3 x i32], [3 x i32]* @arr, i32 0, i32 1), align 4
  store i32 %a, i32* getelementptr inbounds ([3 x i32], [3 x i32]* @arr, i32 0, i32 2), align 4
  %s = add i32 %a, %b
  ret i32 %s
}
; CHECK-LABEL: sum3:
; CHECK: lui [[H:\$[0-9a-z]+]], %hi(arr)
; CHECK-NEXT: ori [[R:\$[0-9a-z]+]], [[H]], %lo(arr)
; CHECK-NOT: lui
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 0([[R]])
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 4([[R]])
; CHECK-DAG: st {{\$[0-9a-z]+}}, 8([[R]])
; CHECK-NOT: lui
; CHECK: .end sum3

define i32 @row2([10 x i32]* %m, i32 %i) {
  %p0 = getelementptr inbounds [10 x i32], [10 x i32]* %m, i32 %i, i32 0
  %p1 = getelementptr inbounds [10 x i32], [10 x i32]* %m, i32 %i, i32 1
  %a = load i32, i32* %p0, align 4
  %b = load i32, i32* %p1, align 4
  %s = add i32 %a, %b
  ret i32 %s
}
; CHECK-LABEL: row2:
; CHECK: mul [[T:\$[0-9a-z]+]], $5,
; CHECK-NEXT: addu [[P:\$[0-9a-z]+]], $4, [[T]]
; CHECK-NOT: mul
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 0([[P]])
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 4([[P]])
; CHECK-NOT: mul
; CHECK: .end row2

define i32 @twodiv(i32 %a, i32 %b, i32 %c, i32 %d) {
  %x = sdiv i32 %a, %b
  %y = sdiv i32 %c, %d
  %s = add i32 %x, %y
  ret i32 %s
}
; CHECK-LABEL: twodiv:
; CHECK: div
; CHECK: mflo
; CHECK: div
; CHECK: mflo
; CHECK: .end twodiv
