; Loads of memory the kernel may store during the launch must not go through
; the TMU, whose caches do not see VDW DMA stores (docs/vc4.md, "Memory
; coherence"): %in is never stored through, so its load uses the TMU; %a is
; stored, so its load (before the store, as another work-item's re-read
; could be) reads memory by VDR DMA; private memory that is stored is read
; by VDR DMA too.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @coh(i32 addrspace(1)* %a, i32 addrspace(1)* %in) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %pin = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i
  %x = load i32, i32 addrspace(1)* %pin, align 4
  %pa = getelementptr inbounds i32, i32 addrspace(1)* %a, i32 %i
  %y = load volatile i32, i32 addrspace(1)* %pa, align 4
  %s = add i32 %x, %y
  store volatile i32 %s, i32 addrspace(1)* %pa, align 4
  %z = load volatile i32, i32 addrspace(1)* %pa, align 4
  %t = mul i32 %z, 2
  store volatile i32 %t, i32 addrspace(1)* %pa, align 4
  ret void
}

; %in: TMU.
; CHECK-LABEL: # kernel coh
; CHECK:       mov t0s, r0
; CHECK-NOT:   mutex
; CHECK:       ldtmu0
; %a before the store: VDR DMA under the mutex, then a VPM read.
; CHECK-NOT:   t0s
; CHECK:       mutex
; CHECK:       0x80110000
; CHECK:       vr_setup
; CHECK:       vr_addr
; CHECK:       vr_wait
; CHECK:       ldi vr_setup, 0x101a00
; CHECK:       vpm
; The store, then the re-read of %a: VDR DMA again.
; CHECK:       vw_addr
; CHECK-NOT:   t0s
; CHECK:       0x80110000
; CHECK:       vr_setup
; CHECK-NOT:   t0s
; CHECK:       vw_addr
; CHECK-NOT:   t0s
; CHECK:       thrend
