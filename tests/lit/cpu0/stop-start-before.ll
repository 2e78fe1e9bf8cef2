; llc's -stop-before/-start-before: -stop-before=PASS prints the MIR the pass
; would read (what -stop-after prints for the pass before it), and
; -x mir -start-before=PASS resumes there, giving the whole pipeline's code.
; RUN: %lltosimd -march=cpu0 -stop-before=regalloc %s -o %t.before.mir
; RUN: %lltosimd -march=cpu0 -stop-after=two-address %s -o - | diff - %t.before.mir
; RUN: FileCheck %s --check-prefix=MIR < %t.before.mir
; RUN: %lltosimd -march=cpu0 %s -o - | grep -v '\.file' > %t.whole.s
; RUN: %lltosimd -march=cpu0 -x mir -start-before=regalloc %t.before.mir -o - | grep -v '\.file' | diff - %t.whole.s
; RUN: not %lltosimd -march=cpu0 -stop-before=regalloc -stop-after=regalloc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH
; RUN: not %lltosimd -march=cpu0 -x mir -start-before=no-such-pass %t.before.mir -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not %lltosimd -march=cpu0 -start-before=regalloc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEEDMIR

; Before register allocation the code still has virtual registers.
; MIR: --- function: f
; MIR: %{{[0-9]+}}{{(\.[a-z]+)?}}:gpr = MUL
; BOTH: -stop-after and -stop-before exclude each other
; UNKNOWN: -start-before: 'no-such-pass' is not a pass of the cpu0 pipeline
; NEEDMIR: lltosimd: -start-before needs MIR input (-x mir)

define i32 @f(i32 %a, i32 %b) {
entry:
  %c = icmp slt i32 %a, %b
  %s = select i1 %c, i32 %a, i32 %b
  %t = mul i32 %s, 3
  ret i32 %t
}
