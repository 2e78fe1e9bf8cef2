; A dense switch becomes a jump table (spec §6: "$JTI…" addressed with
; %hi/%lo and dispatched via jr, whose delay slot gets a nop): a bounds check
; sends values above the largest case to the default block (an unsigned
; compare, so negative values go there too), the table in .rodata lists the
; case blocks in case-value order, one .4byte each (§7).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I -delay-slot-filler-useful=false %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II -delay-slot-filler-useful=false %s -o - | FileCheck %s --check-prefixes=CHECK,C32II

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare void @sink(i32)

define void @dense(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %c
    i32 3, label %d
    i32 4, label %e
  ]
a:
  call void @sink(i32 11)
  ret void
b:
  call void @sink(i32 22)
  ret void
c:
  call void @sink(i32 33)
  ret void
d:
  call void @sink(i32 44)
  ret void
e:
  call void @sink(i32 55)
  ret void
def:
  call void @sink(i32 66)
  ret void
}
; CHECK-LABEL: dense:
; C32I: cmpu $sw, {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}
; C32I-NEXT: {{jgt|jlt}} $sw, $[[DEF:BB0_[0-9]+]]
; C32II: sltiu [[T:\$[0-9a-z]+]], $4, 5
; C32II-NEXT: beq [[T]], $zero, $[[DEF:BB0_[0-9]+]]
; CHECK-NEXT: nop
; CHECK: lui [[HI:\$[0-9a-z]+]], %hi($JTI0_0)
; CHECK-NEXT: ori [[BASE:\$[0-9a-z]+]], [[HI]], %lo($JTI0_0)
; CHECK: ld [[DST:\$[0-9a-z]+]], 0(
; CHECK-NEXT: jr [[DST]]
; CHECK-NEXT: nop
; CHECK: $[[A:BB0_[0-9]+]]: {{.*}}%a
; CHECK-NEXT: addiu $4, $zero, 11
; CHECK: $[[B:BB0_[0-9]+]]: {{.*}}%b
; CHECK-NEXT: addiu $4, $zero, 22
; CHECK: $[[C:BB0_[0-9]+]]: {{.*}}%c
; CHECK-NEXT: addiu $4, $zero, 33
; CHECK: $[[D:BB0_[0-9]+]]: {{.*}}%d
; CHECK-NEXT: addiu $4, $zero, 44
; CHECK: $[[E:BB0_[0-9]+]]: {{.*}}%e
; CHECK-NEXT: addiu $4, $zero, 55
; CHECK: $[[DEF]]: {{.*}}%def
; CHECK-NEXT: addiu $4, $zero, 66
; CHECK: .end dense
; CHECK: .section .rodata
; CHECK: $JTI0_0:
; CHECK-NEXT: .4byte $[[A]]
; CHECK-NEXT: .4byte $[[B]]
; CHECK-NEXT: .4byte $[[C]]
; CHECK-NEXT: .4byte $[[D]]
; CHECK-NEXT: .4byte $[[E]]
; CHECK-NEXT: .text
