; Compares become compare-to-predicate instructions on macro x (spec
; bwdsp.md §2.3: `D CPd = Rs REL Rt`, `(U)` for unsigned, `#imm` form),
; selects `D Rd = CPk ? Rs : Rt` reading that predicate, and conditional
; branches the compare-and-branch `if m Rs REL Rt b L`.
; RUN: %lltosimd -march=bwdsp %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @smax(i32 %a, i32 %b) {
  %c = icmp sgt i32 %a, %b
  %r = select i1 %c, i32 %a, i32 %b
  ret i32 %r
}
; A select of the compared operands is the min/max form (§2.3).
; The arguments stay in x.R0 and x.R1 (§2.7).
; CHECK-LABEL: smax:
; CHECK: xR{{[0-9]+}} = max(R0, R1){{$}}

define i32 @umax(i32 %a, i32 %b) {
  %c = icmp ult i32 %a, %b
  %r = select i1 %c, i32 %b, i32 %a
  ret i32 %r
}
; CHECK-LABEL: umax:
; CHECK: xR{{[0-9]+}} = max(R{{[0-9]+}}, R{{[0-9]+}}) (U)

define i32 @sel(i32 %a, i32 %b, i32 %d) {
  %c = icmp sgt i32 %a, %b
  %r = select i1 %c, i32 %a, i32 %d
  ret i32 %r
}
; CHECK-LABEL: sel:
; CHECK: xCP[[P:[0-7]]] = R0 > R1{{$}}
; CHECK-NEXT: xR{{[0-9]+}} = CP[[P]] ? R0 : R2

; A compare with a small constant uses the immediate form.
define i32 @setlt(i32 %a) {
  %c = icmp slt i32 %a, 100
  %r = zext i1 %c to i32
  ret i32 %r
}
; CHECK-LABEL: setlt:
; CHECK: xCP[[P:[0-7]]] = R{{[0-9]+}} < #100
; CHECK: xR{{[0-9]+}} = CP[[P]] ? R{{[0-9]+}} : R{{[0-9]+}}

; A branch on a compare is one compare-and-branch on macro x.
define i32 @br(i32 %a, i32 %b) {
entry:
  %c = icmp uge i32 %a, %b
  br i1 %c, label %then, label %else
then:
  ret i32 1
else:
  ret i32 2
}
; CHECK-LABEL: br:
; CHECK: if xR{{[0-9]+}} {{>=|<}} R{{[0-9]+}} b .Lbr.bb{{[0-9]+}} (U)
; CHECK-NOT: CP
; CHECK: ret
