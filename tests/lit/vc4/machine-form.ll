; The machine form of the VC4 MIR (docs/vc4.md, "Machine form"): what the
; execute-mask lowering (vc4-mask) and the register allocator (vc4-regalloc)
; produce, printed by -debug-only and verified by -verify-machineinstrs.
; Spec vc4.md §8: lane l is active when r3 is 0 in l; a masked write is a
; conditional write under Z made from r3 (mov.setf -, r3), which is an
; explicit instruction before it; a branch tests all/any lanes' flags and
; has three delay slots (§3.6), the thread end two; TMU results arrive in
; r4 (ldtmu0). After allocation every value lives in a physical register
; (regfile A or B, or accumulators r0–r2 for short values).
; (-enable-if-conversion=false: the execute-mask code of divergent branches.)
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false -verify-machineinstrs %s -o /dev/null -debug-only=vc4-mask 2>&1 | FileCheck %s --check-prefix=MASK
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false -verify-machineinstrs %s -o /dev/null -debug-only=vc4-regalloc 2>&1 | FileCheck %s --check-prefix=RA
; The printed form (-stop-after) parses back (a pass with nothing to select leaves it as it is).
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false %s -stop-after=vc4-mask -o %t.mask.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-isel -verify-machineinstrs %t.mask.mir -o - | FileCheck %s --check-prefix=MASK
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false %s -stop-after=vc4-regalloc -o %t.ra.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-isel -verify-machineinstrs %t.ra.mir -o - | FileCheck %s --check-prefix=RA

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @masked_def(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i
  %x = load i32, i32 addrspace(1)* %p, align 4
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %then, label %join

then:
  %d = shl i32 %x, 5
  br label %join

join:
  %r = phi i32 [ %d, %then ], [ %x, %entry ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %r, i32 addrspace(1)* %q, align 4
  ret void
}

; MASK:      --- function: masked_def
; MASK:      arch: vc4
; MASK:      bb0.entry:
; The load through the TMU: address to t0s, the result in r4.
; MASK:      $t0s = V4_MOV
; MASK-NEXT: V4_LDTMU0 implicit-def $r4
; MASK-NEXT: [[X:%[0-9]+[.a-z0-9_]*]]:gpr = V4_MOV $r4
; Every lane active, then the lanes whose condition is false wait (r3 != 0).
; MASK:      $r3 = V4_MOV 0
; MASK:      $r3 = V4_MOV {{[0-9]+}}, pred:$zf, implicit $r3
; Skip the then-side when no lane is active: Z from r3, all lanes nonzero.
; MASK:      $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
; MASK-NEXT: bundle {
; MASK-NEXT:   V4_BRR_ALLNZ bb2.join, implicit $zf
; MASK-NEXT:   V4_NOP
; MASK-NEXT:   V4_NOP
; MASK-NEXT:   V4_NOP
; MASK-NEXT: }
; The then-side writes the phi's register only in the active lanes.
; MASK:      bb1.then:
; MASK:      $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
; MASK-NEXT: [[R:%[0-9]+[.a-z0-9_]*]]:gpr = V4_{{[A-Z]+}} {{.*}}pred:$zf, implicit [[R]], implicit $r3
; MASK:      bb2.join:
; MASK:      bb3.exit:
; MASK-NEXT: $irq = V4_LDI 1
; MASK-NEXT: bundle {
; MASK-NEXT:   V4_THREND
; MASK-NEXT:   V4_NOP
; MASK-NEXT:   V4_NOP
; MASK-NEXT: }

; RA:        --- function: masked_def
; RA:        vregs: 0
; RA:        bb0.entry:
; RA-NOT:    %{{[0-9]+}}
; RA:        V4_LDTMU0 implicit-def $r4
; RA-NEXT:   $r{{[ab]}}{{[0-9]+}} = V4_MOV $r4
; RA:        bb1.then:
; RA-NOT:    %{{[0-9]+}}
; RA:        $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
; RA-NEXT:   $[[R:r[ab][0-9]+]] = V4_{{[A-Z]+}} {{.*}}pred:$zf, implicit $[[R]], implicit $r3
; RA-NOT:    %{{[0-9]+}}
; RA:        V4_THREND
