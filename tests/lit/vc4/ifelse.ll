; A branch on a per-lane value uses the execute mask exactly as in the
; if/else scheme (spec vc4.md §8.2): lanes with the condition false wait for
; ELSE, THEN is skipped when no lane is active, lanes leaving THEN wait for
; AFTER, and ELSE activates the lanes waiting for it. AFTER is top level:
; the mask is dropped there (no activation).
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s
; RUN: %lltosimd -march=vc4 %s -o /dev/null -stats 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @ifelse(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i
  %x = load i32, i32 addrspace(1)* %p, align 4
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %then, label %else

then:
  %d = shl i32 %x, 1
  store i32 %d, i32 addrspace(1)* %q, align 4
  br label %after

else:
  %e = add i32 %x, 100
  store i32 %e, i32 addrspace(1)* %q, align 4
  br label %after

after:
  ret void
}

; The condition: execute = 0 (all active), then lanes with c == 0 wait for ELSE.
; The scheduler may move independent instructions between these (nothing else
; touches r3 or the flags).
; CHECK:      mov r3, 0
; CHECK-NOT:  r3
; CHECK:      or.setf -, r3, [[C:r[ab][0-9]+|r[0-2]]]
; CHECK-NEXT: mov.ifz r3, [[ELSE:[0-9]+]]
; CHECK-NEXT: mov.setf -, r3
; CHECK-NEXT: brr.allnz -, :b[[ELSE]]
; Its three delay slots hold nops or THEN's work that is dead at ELSE.
; CHECK:      :b[[THEN:[0-9]+]]
; THEN's store: one DMA only when every lane is active and the addresses are
; consecutive; else the per-lane DMAs of inactive lanes write the dummy word.
; CHECK:      mov vpm,
; CHECK:      or.setf -, r1, r3{{.*}}every lane active
; CHECK-NEXT: brr.allz
; CHECK:      mov.setf -, r3
; CHECK-NOT:  setf
; CHECK:      mov.ifnz r0, {{r[ab][0-9]+|r[0-2]}}{{.*}}dummy word
; End of THEN: the active lanes wait for AFTER; jump there if all lanes do.
; CHECK:      mov.setf -, r3
; CHECK:      mov.ifz r3, [[AFTER:[0-9]+]]
; CHECK:      sub.setf -, r3, [[AFTER]]
; CHECK-NEXT: brr.allz -, :b[[AFTER]]
; CHECK-NEXT: nop
; CHECK-NEXT: nop
; CHECK-NEXT: nop
; ELSE: activate the lanes waiting for it.
; CHECK-NEXT: :b[[ELSE]]
; CHECK-NOT:  r3
; CHECK:      sub.setf -, r3, [[ELSE]]
; CHECK-NOT:  setf
; CHECK:      mov.ifz r3, 0
; CHECK:      mov.ifnz r0, {{r[ab][0-9]+|r[0-2]}}{{.*}}dummy word
; AFTER is top level again: no activation, no masking.
; CHECK:      :b[[AFTER]]
; CHECK-NOT:  r3
; CHECK:      ldi irq, 0x1
; CHECK-NEXT: nop; nop; thrend
; CHECK-NEXT: nop
; CHECK-NEXT: nop

; STATS: 1 vc4-divergence - Number of divergent branches
; STATS: 2 vc4-mask       - Number of masked instructions
; STATS: 2 vc4-mask       - Number of skipped-region branches
