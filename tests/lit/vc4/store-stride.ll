; A store whose lanes' addresses are a constant stride apart (here out[2i + 1]:
; 8 bytes) takes one VDW DMA when the run-time test confirms the stride (spec
; vc4.md §5): the value in VPM row 0, then rotated by l lanes into row l so that
; lane l's word is in column 0 of row l, a VDW stride setup (ID 3: gap between
; rows = 8 - 4 bytes), a VDW of 16 rows (UNITS 29:23) of one word (DEPTH
; 22:16), horizontal: 0x88014000; one wait. The consecutive
; test (4 bytes) comes first; the per-lane DMA loop is the fallback.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @strided(i32 addrspace(1)* %in, i32 addrspace(1)* %out) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i
  %x = load i32, i32 addrspace(1)* %p, align 4
  %v = add nsw i32 %x, 1
  %j = shl nsw i32 %i, 1
  %k = or i32 %j, 1
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %k
  store i32 %v, i32 addrspace(1)* %q, align 4
  ret void
}

; The I/O accesses keep their order; the scheduler may put independent
; arithmetic between them.
; CHECK:      mov {{-|r1}}, mutex
; CHECK-NOT:  vpm
; CHECK:      ldi vw_setup, 0x1a00
; CHECK-NOT:  vpm
; CHECK:      mov vpm, [[V:r[ab][0-9]+]]
; CHECK:      sub.setf -, r1, r5{{.*}}addresses 4 bytes apart?
; CHECK-NEXT: brr.allz -, :[[FAST:b[0-9]+]]
; CHECK:      sub.setf -, r1, r5{{.*}}addresses 8 bytes apart?
; CHECK-NEXT: brr.allz -, :[[STRIDED:b[0-9]+]]
; The per-lane fallback: 16 DMAs, no wait inside the loop.
; CHECK:      mov r5rep, 15
; CHECK:      :[[LOOP:b[0-9]+]]
; CHECK-NEXT: mov vw_setup, r1
; CHECK-NEXT: mov vw_addr, r0
; CHECK-NEXT: sub.setf r5rep, r5, 1
; CHECK-NEXT: brr.anynn -, :[[LOOP]]
; CHECK-NEXT: add r1, r1, 8
; CHECK-NEXT: nop; mov r0, r0 << 1
; CHECK-NEXT: nop
; CHECK:      :[[FAST]]
; CHECK-NEXT: ldi vw_setup, 0x80904000
; CHECK-NEXT: mov vw_addr, r0
; CHECK:      :[[STRIDED]]
; CHECK-NEXT: mov r1, [[V]]
; CHECK-NEXT: ldi vw_setup, 0xc0000004
; CHECK-NEXT: nop; mov vpm, r1 << 1
; CHECK:      nop; mov vpm, r1 << 15
; CHECK-NEXT: ldi vw_setup, 0x88014000
; CHECK-NEXT: mov vw_addr, r0
; CHECK-NEXT: :[[DONE:b[0-9]+]]
; CHECK-NEXT: mov -, vw_wait
; CHECK-NEXT: mov mutex, 0
