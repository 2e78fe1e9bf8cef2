; clang-14 -O1 output for ch8_2_phinode's test_phinode (spec §9.1): one phi
; and one select. The expected C-level values are checked by the execution
; test ch8_phinode.c; here the shape: branches per variant, a movz/movn for
; the select, and a single return.
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefix=NOSLT
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefix=ONERET
; NOSLT-NOT: {{^[[:space:]]*(slt|slti|sltu|sltiu|beq|bne)[[:space:]]}}

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define dso_local i32 @test_phinode(i32 noundef signext %a, i32 noundef signext %b, i32 noundef signext %c) local_unnamed_addr {
entry:
  %cmp = icmp eq i32 %a, 0
  br i1 %cmp, label %if.end8, label %if.else

if.else:                                          ; preds = %entry
  %cmp1.not = icmp eq i32 %b, 0
  br i1 %cmp1.not, label %if.else3, label %if.then2

if.then2:                                         ; preds = %if.else
  %sub = add nsw i32 %a, -1
  br label %if.end8

if.else3:                                         ; preds = %if.else
  %cmp4 = icmp eq i32 %c, 0
  %add6 = add nsw i32 %a, 2
  %spec.select = select i1 %cmp4, i32 %add6, i32 %a
  br label %if.end8

if.end8:                                          ; preds = %if.else3, %entry, %if.then2
  %a.addr.0 = phi i32 [ %sub, %if.then2 ], [ 1, %entry ], [ %spec.select, %if.else3 ]
  %add9 = add nsw i32 %a.addr.0, %b
  ret i32 %add9
}
; CHECK-LABEL: test_phinode:
; C32I: cmp $sw,
; C32I: {{jeq|jne}} $sw, $BB0_{{[0-9]+}}
; C32II: {{beq|bne}} $4, $zero, $BB0_{{[0-9]+}}
; CHECK-DAG: addiu {{\$[0-9a-z]+}}, $4, -1
; CHECK-DAG: addiu {{\$[0-9a-z]+}}, $4, 2
; CHECK-DAG: {{movz|movn}}
; CHECK-DAG: ret $lr
; CHECK: .end test_phinode
; ONERET: ret $lr
; ONERET-NOT: ret $lr
