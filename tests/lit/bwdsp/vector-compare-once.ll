; One vector compare read by a select and by a branch on "some lane" is
; computed once (spec bwdsp.md §2.3 `D CPk = Rs REL Rt`, §2.5: a compare
; writes CPk in every lane of D and nothing else; the select `D Rd = CPk ?
; Rs : Rt` reads CPk and leaves it, so `if any D CPk b L` can read the
; same CPk): exactly one `xyztCPk = Ra > Rb` before the select and the
; branch.
; RUN: %lltosimd -march=bwdsp -O2 %s -o - | FileCheck %s
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; CHECK-LABEL: selbr:
; CHECK: xyztCP[[P:[0-7]]] = R[[A:[0-9]+]] > R[[B:[0-9]+]]
; CHECK-NOT: xyztCP{{[0-7]}} = R[[A]] > R[[B]]
; CHECK-DAG: = CP[[P]] ? R
; CHECK-DAG: if any xyztCP[[P]] b
; CHECK-NOT: xyztCP{{[0-7]}} = R[[A]] > R[[B]]
; CHECK: .endfunc
define i32 @selbr(<4 x i32>* %p, <4 x i32>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %b = load <4 x i32>, <4 x i32>* %q, align 16
  %c = icmp sgt <4 x i32> %a, %b
  %d = add <4 x i32> %a, %b
  %s = select <4 x i1> %c, <4 x i32> %d, <4 x i32> %b
  store <4 x i32> %s, <4 x i32>* %q, align 16
  %c0 = extractelement <4 x i1> %c, i32 0
  %c1 = extractelement <4 x i1> %c, i32 1
  %c2 = extractelement <4 x i1> %c, i32 2
  %c3 = extractelement <4 x i1> %c, i32 3
  %z0 = zext i1 %c0 to i32
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %z3 = zext i1 %c3 to i32
  %o1 = or i32 %z0, %z1
  %o2 = or i32 %z2, %z3
  %o3 = or i32 %o1, %o2
  %any = icmp ne i32 %o3, 0
  br i1 %any, label %some, label %none

some:
  ret i32 1

none:
  ret i32 0
}
