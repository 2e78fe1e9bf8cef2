; The pipeline checks each pass's needs (docs/pipeline.md): a -run-pass
; sequence that runs a pass before the property it needs holds is refused
; with the property and the pass that would establish it, and so is a pass
; that must run before a property holds. A well-ordered sequence runs.
; RUN: %lltosimd -march=cpu0 -stop-after=cpu0-isel %s -o %t.isel.mir
; RUN: not %lltosimd -march=cpu0 -x mir -run-pass=two-address %t.isel.mir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEEDS
; NEEDS: pass 'two-address' needs 'nophis', which does not hold at that point (run 'phi-elim' first)
; RUN: not %lltosimd -march=cpu0 -x mir -run-pass=cpu0-isel %t.isel.mir -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORBIDS
; FORBIDS: pass 'cpu0-isel' must run before 'selected' holds
; RUN: not %lltosimd -march=cpu0 -x mir -run-pass=regalloc,phi-elim %t.isel.mir -o /dev/null 2>&1 | FileCheck %s --check-prefix=RA
; RA: pass 'regalloc' needs 'nophis'
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=phi-elim,two-address,regalloc %t.isel.mir -o - | FileCheck %s --check-prefix=OK
; OK: props: nophis novregs selected

target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"

define i32 @f(i32 %a, i32 %b) {
entry:
  %c = icmp slt i32 %a, %b
  br i1 %c, label %t, label %e
t:
  br label %e
e:
  %r = phi i32 [ %a, %t ], [ %b, %entry ]
  ret i32 %r
}
