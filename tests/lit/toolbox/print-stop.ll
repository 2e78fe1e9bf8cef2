; The pass toolbox on IR input: -print-after / -print-before / -stop-after
; dump MIR (named after the pass), -stop-after ends the pipeline there, and
; -print-after-all dumps after every pass of the pipeline.
; RUN: %lltosimd -march=cpu0 -stop-after=cpu0-isel %s -o - | FileCheck %s --check-prefix=STOP
; RUN: %lltosimd -march=cpu0 -print-after=regalloc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
; RUN: %lltosimd -march=cpu0 -print-before=cpu0-isel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
; RUN: %lltosimd -march=cpu0 -print-after-all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
; RUN: %lltosimd -march=cpu0 -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM
; RUN: %lltosimd -march=cpu0 -stop-after=machine-cse -enable-machine-cse=false %s -o - | FileCheck %s --check-prefix=STOPOFF
; RUN: not %lltosimd -march=cpu0 -stop-after=no-such-pass %s -o - 2>&1 | FileCheck %s --check-prefix=BAD

; After selection only Cpu0 ops remain, still on virtual registers; no
; assembly is printed.
; STOP-LABEL: --- function: add3
; STOP-NOT: G_ADD
; STOP: ADDu %{{[0-9]+}}
; STOP-NOT: .ent

; A pass switched off still marks where -stop-after stops: selected MIR,
; no register allocation, no assembly.
; STOPOFF-LABEL: --- function: add3
; STOPOFF: ADDu %{{[0-9]+}}
; STOPOFF-NOT: .ent

; AFTER: IR Dump After {{.*}}(regalloc)
; AFTER-NOT: %{{[0-9]+}}:gpr
; AFTER: ${{[0-9a-z]+}} = ADDu ${{[0-9a-z]+}}, ${{[0-9a-z]+}}

; BEFORE: IR Dump Before {{.*}}(cpu0-isel)
; BEFORE: G_ADD

; ALL: IR Dump After {{.*}}(cpu0-call-lowering)
; ALL: IR Dump After {{.*}}(cpu0-isel)
; ALL: IR Dump After {{.*}}(regalloc)
; ALL: IR Dump After {{.*}}(cpu0-frame-lowering)
; ALL: IR Dump After {{.*}}(delay-slot-filler)

; ASM-LABEL: add3:
; ASM: addu
; ASM: ret $lr

; BAD: unknown pass 'no-such-pass'

define i32 @add3(i32 %a, i32 %b, i32 %c) {
entry:
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
