; The BWDSP if-conversion model (targets/bwdsp/codegen/ifconv.go) on
; one-instruction hammocks. Merging a value the guarded side computes
; folds into its guarded definition, `(CPk) xRd = Rs + #2`: one compare
; and one guarded bundle instead of a compare-and-branch that is taken
; half the time (+2, spec bwdsp.md §2.6), so it converts. Merging a
; constant needs a write of its own into the merged register, which the
; guarded write must follow (§2.4 rule 7): a bundle more, so the branch
; stays (bench-ifconv: insertion_sort ran 2 cycles slower converted).
; RUN: %lltosimd -march=bwdsp -O2 -enable-if-conversion %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; r = c == 0 ? x + 2 : y
; CHECK-LABEL: folded:
; CHECK-NOT: {{^[[:space:]]+if }}
; CHECK: xCP[[P:[0-7]]] = R{{[0-9]+}} == #0
; CHECK: (CP[[P]]) xR{{[0-9]+}} = R{{[0-9]+}} + #2
; CHECK-NOT: {{^[[:space:]]+if }}
; CHECK: .endfunc
define i32 @folded(i32 %c, i32 %x, i32 %y) {
entry:
  %z = icmp eq i32 %c, 0
  br i1 %z, label %then, label %join

then:
  %a = add i32 %x, 2
  br label %join

join:
  %r = phi i32 [ %a, %then ], [ %y, %entry ]
  ret i32 %r
}

; if (a > b) { *p = a; r = 0; } else r = 1;
; CHECK-LABEL: constant:
; CHECK-NOT: (CP
; CHECK: if xR{{[0-9]+}} {{<=|>}} R{{[0-9]+}} b
; CHECK-NOT: (CP
; CHECK: .endfunc
define i32 @constant(i32 %a, i32 %b, i32* %p) {
entry:
  %c = icmp sgt i32 %a, %b
  br i1 %c, label %then, label %join

then:
  store i32 %a, i32* %p
  br label %join

join:
  %r = phi i32 [ 0, %then ], [ 1, %entry ]
  ret i32 %r
}
