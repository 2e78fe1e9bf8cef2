; select, spec §6 and §9.1 (ch8_2_select): selects become movz/movn, which
; both CPU variants have. "select (a==b),T,F" -> "xor c,a,b; movz F,T,c";
; "select c,T,F" -> "movn".
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -O0 %s -o - | FileCheck %s --check-prefixes=CHECK,C32II

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @sel_eq(i32 %a, i32 %b) {
  %c = icmp eq i32 %a, %b
  %r = select i1 %c, i32 3, i32 7
  ret i32 %r
}
; CHECK-LABEL: sel_eq:
; CHECK: xor [[C:\$[0-9a-z]+]], {{\$4, \$5|\$5, \$4}}
; CHECK: movz {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, [[C]]
; CHECK: .end sel_eq

define i32 @sel_nonzero(i32 %a, i32 %t, i32 %f) {
  %c = icmp ne i32 %a, 0
  %r = select i1 %c, i32 %t, i32 %f
  ret i32 %r
}
; CHECK-LABEL: sel_nonzero:
; CHECK: {{movn .*, \$4$|movz .*, \$4$}}
; CHECK: .end sel_nonzero

; test_movx_1 shape: "c = !a ? 1 : 3" on a volatile a.
define i32 @test_movx_1() {
  %a = alloca i32, align 4
  store volatile i32 1, i32* %a, align 4
  %v = load volatile i32, i32* %a, align 4
  %z = icmp eq i32 %v, 0
  %c = select i1 %z, i32 1, i32 3
  ret i32 %c
}
; CHECK-LABEL: test_movx_1:
; CHECK: {{movz|movn}}
; CHECK: .end test_movx_1

; A select on a signed compare: flags (cpu032I) or slt (cpu032II) first.
define i32 @sel_lt(i32 %a, i32 %b) {
  %c = icmp slt i32 %a, %b
  %r = select i1 %c, i32 %a, i32 %b
  ret i32 %r
}
; CHECK-LABEL: sel_lt:
; C32I: cmp $sw, {{\$4, \$5|\$5, \$4}}
; C32I: andi [[C:\$[0-9a-z]+]], $sw, 1
; C32I: {{movn|movz}} {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, [[C]]
; C32II: slt [[C:\$[0-9a-z]+]], {{\$4, \$5|\$5, \$4}}
; C32II: {{movn|movz}} {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, [[C]]
; CHECK: .end sel_lt
