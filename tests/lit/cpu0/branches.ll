; Conditional branches, spec §6/§9.1. cpu032I compares into $sw and branches
; on its flags ("cmp $sw,a,b" + "jne $sw,$BB0_2"); cpu032II branches on
; registers ("bne $2,$zero,$BB0_2") and must not need cmp for that. cpu032I
; code must never contain the cpu032II-only opcodes slt/slti/sltu/sltiu/
; beq/bne (§3.4). Basic-block labels are $BB<fn>_<n> (§7).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -O0 %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefix=NOSLT
; NOSLT-NOT: {{^[[:space:]]*(slt|slti|sltu|sltiu|beq|bne)[[:space:]]}}

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; clang -O0 shape of ch7_1_controlflow / ch8_1_1 (test_ifctrl).
define i32 @test_ifctrl() {
entry:
  %a = alloca i32, align 4
  store i32 0, i32* %a, align 4
  %0 = load i32, i32* %a, align 4
  %cmp = icmp eq i32 %0, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:
  %1 = load i32, i32* %a, align 4
  %inc = add i32 %1, 1
  store i32 %inc, i32* %a, align 4
  br label %if.end

if.end:
  %2 = load i32, i32* %a, align 4
  ret i32 %2
}
; CHECK-LABEL: test_ifctrl:
; C32I: cmp $sw, {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}
; C32I-NEXT: {{jne|jeq}} $sw, $BB0_{{[0-9]+}}
; C32II-NOT: cmp
; C32II: {{bne|beq}} {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, $BB0_{{[0-9]+}}
; CHECK: $BB0_{{[0-9]+}}:
; CHECK: ret $lr
; CHECK: .end test_ifctrl

; Signed less-than: cpu032I uses cmp + a signed jump (jlt/jge/jgt/jle);
; cpu032II uses slt + beq/bne against $zero. The call keeps the branch from
; being if-converted.
declare void @sink(i32)

define i32 @max(i32 %a, i32 %b) {
entry:
  %lt = icmp slt i32 %a, %b
  br i1 %lt, label %less, label %done

less:
  call void @sink(i32 %a)
  br label %done

done:
  %r = phi i32 [ %b, %less ], [ %a, %entry ]
  ret i32 %r
}
; CHECK-LABEL: max:
; C32I: cmp $sw, {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}
; C32I-NEXT: {{jlt|jge|jgt|jle}} $sw, $BB1_{{[0-9]+}}
; C32II: slt [[T:\$[0-9a-z]+]], {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}
; C32II: {{beq|bne}} [[T]], $zero, $BB1_{{[0-9]+}}
; CHECK: ret $lr
; CHECK: .end max

; Unsigned compares use cmpu on cpu032I and sltu on cpu032II.
define i32 @uclamp(i32 %a, i32 %b) {
entry:
  %lt = icmp ult i32 %a, %b
  br i1 %lt, label %small, label %big

small:
  ret i32 0

big:
  ret i32 %a
}
; CHECK-LABEL: uclamp:
; C32I: cmpu $sw, {{\$4, \$5|\$5, \$4}}
; C32II: sltu {{\$[0-9a-z]+}}, {{\$4, \$5|\$5, \$4}}
; CHECK: .end uclamp

; A counted loop needs a backward conditional branch to its header.
define i32 @count(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %s.next
}
; CHECK-LABEL: count:
; CHECK: [[LOOP:\$BB3_[0-9]+]]:
; C32I: cmp $sw,
; C32I: {{jne|jeq}} $sw, [[LOOP]]
; C32II: {{bne|beq}} {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, [[LOOP]]
; CHECK: ret $lr
; CHECK: .end count
