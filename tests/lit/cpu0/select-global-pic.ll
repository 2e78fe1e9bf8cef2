; Spec §9.1, lbd's ch8_2_select_global_pic (cpu032I, pic):
; `cmp $sw,$2,$3; andi $2,$sw,1`, %got_hi/%got_lo address computations for
; the globals, and `movn` choosing the result. clang-14 -O2 IR of
;   volatile int a1 = 1; volatile int b1 = 2; int gI1 = 100; int gJ1 = 50;
;   int test_select_global_pic() { if (a1 < b1) return gI1; else return gJ1; }
; (it loads both globals before the select, where lbd's IR selected their
; addresses, so the loads come before the movn here).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I -relocation-model=pic %s -o - | FileCheck %s

target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

@a1 = dso_local global i32 1, align 4
@b1 = dso_local global i32 2, align 4
@gI1 = dso_local global i32 100, align 4
@gJ1 = dso_local global i32 50, align 4

; CHECK-LABEL: test_select_global_pic:
; CHECK: .cpload $t9
; CHECK-NOT: .cprestore
; CHECK-DAG: lui [[A:\$[0-9a-z]+]], %got_hi(a1)
; CHECK-DAG: addu [[A]], [[A]], $gp
; CHECK-DAG: ld [[A]], %got_lo(a1)([[A]])
; CHECK-DAG: lui [[B:\$[0-9a-z]+]], %got_hi(b1)
; CHECK-DAG: addu [[B]], [[B]], $gp
; CHECK-DAG: ld [[B]], %got_lo(b1)([[B]])
; CHECK-DAG: lui [[I:\$[0-9a-z]+]], %got_hi(gI1)
; CHECK-DAG: ld [[I]], %got_lo(gI1)([[I]])
; CHECK-DAG: lui [[J:\$[0-9a-z]+]], %got_hi(gJ1)
; CHECK-DAG: ld [[J]], %got_lo(gJ1)([[J]])
; CHECK: cmp $sw, [[X:\$[0-9a-z]+]], [[Y:\$[0-9a-z]+]]
; CHECK-NEXT: andi [[C:\$[0-9a-z]+]], $sw, 1
; CHECK-NEXT: movn {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, [[C]]
; CHECK-NOT: jsub
; CHECK: ret $lr
define dso_local i32 @test_select_global_pic() {
  %1 = load volatile i32, i32* @a1, align 4
  %2 = load volatile i32, i32* @b1, align 4
  %3 = icmp slt i32 %1, %2
  %4 = load i32, i32* @gI1, align 4
  %5 = load i32, i32* @gJ1, align 4
  %6 = select i1 %3, i32 %4, i32 %5
  ret i32 %6
}
