; Comparisons producing values, spec §6 (lbd idioms; SW.N = bit 0, SW.Z =
; bit 1). cpu032I: a<b -> "cmp $sw,a,b; andi r,$sw,1"; a==b -> "cmp; andi
; r,$sw,2; shr r,r,1"; a!=b adds "xori r,r,1"; unsigned uses cmpu.
; cpu032II: slt/sltu; a==b -> "xor t,a,b; sltiu r,t,1"; a!=b -> "xor t,a,b;
; sltu r,$zero,t"; >= adds "xori r,r,1".
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @setlt(i32 %a, i32 %b) {
  %c = icmp slt i32 %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: setlt:
; C32I: cmp $sw, $4, $5
; C32I: andi {{\$[0-9a-z]+}}, $sw, 1
; C32II: slt {{\$[0-9a-z]+}}, $4, $5
; CHECK: .end setlt

define i32 @setgt(i32 %a, i32 %b) {
  %c = icmp sgt i32 %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: setgt:
; C32I: cmp $sw, $5, $4
; C32I: andi {{\$[0-9a-z]+}}, $sw, 1
; C32II: slt {{\$[0-9a-z]+}}, $5, $4
; CHECK: .end setgt

define i32 @setge(i32 %a, i32 %b) {
  %c = icmp sge i32 %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: setge:
; C32I: cmp $sw, $4, $5
; C32I: andi [[R:\$[0-9a-z]+]], $sw, 1
; C32I: xori {{\$[0-9a-z]+}}, [[R]], 1
; C32II: slt [[R:\$[0-9a-z]+]], $4, $5
; C32II: xori {{\$[0-9a-z]+}}, [[R]], 1
; CHECK: .end setge

define i32 @seteq(i32 %a, i32 %b) {
  %c = icmp eq i32 %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: seteq:
; C32I: cmp $sw, {{\$4, \$5|\$5, \$4}}
; C32I: andi [[R:\$[0-9a-z]+]], $sw, 2
; C32I: shr {{\$[0-9a-z]+}}, [[R]], 1
; C32II: xor [[T:\$[0-9a-z]+]], {{\$4, \$5|\$5, \$4}}
; C32II: sltiu {{\$[0-9a-z]+}}, [[T]], 1
; CHECK: .end seteq

define i32 @setne(i32 %a, i32 %b) {
  %c = icmp ne i32 %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: setne:
; C32I: cmp $sw, {{\$4, \$5|\$5, \$4}}
; C32I: andi {{\$[0-9a-z]+}}, $sw, 2
; C32I: xori {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, 1
; C32II: xor [[T:\$[0-9a-z]+]], {{\$4, \$5|\$5, \$4}}
; C32II: sltu {{\$[0-9a-z]+}}, $zero, [[T]]
; CHECK: .end setne

define i32 @setult(i32 %a, i32 %b) {
  %c = icmp ult i32 %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: setult:
; C32I: cmpu $sw, $4, $5
; C32I: andi {{\$[0-9a-z]+}}, $sw, 1
; C32II: sltu {{\$[0-9a-z]+}}, $4, $5
; CHECK: .end setult

define i32 @setugt(i32 %a, i32 %b) {
  %c = icmp ugt i32 %a, %b
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: setugt:
; C32I: cmpu $sw, $5, $4
; C32II: sltu {{\$[0-9a-z]+}}, $5, $4
; CHECK: .end setugt

; The sltiu quirk (§8.5): the reference model zero-extends sltiu's
; immediate, so a compare with a negative constant must not use sltiu with a
; negative immediate.
define i32 @ult_minus2(i32 %a) {
  %c = icmp ult i32 %a, -2
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: ult_minus2:
; CHECK-NOT: sltiu {{.*}}, -{{[0-9]+}}
; CHECK: .end ult_minus2
