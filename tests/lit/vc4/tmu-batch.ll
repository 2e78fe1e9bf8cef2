; Loads through the TMU (buffers the kernel never writes) are issued
; together: the requests of up to four loads of a block whose addresses are
; known at the first one (their address arithmetic computed early) go out
; first, alternating TMU0 and TMU1, then the results are read in order
; (spec vc4.md §5: a FIFO of 4 requests per QPU and TMU; results in r4 after
; ldtmu0/ldtmu1), so the latencies overlap.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @two_loads(i32 addrspace(1)* %a, i32 addrspace(1)* %b, i32 addrspace(1)* %out) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %pa = getelementptr inbounds i32, i32 addrspace(1)* %a, i32 %i
  %x = load i32, i32 addrspace(1)* %pa, align 4
  %j = mul i32 %i, 3
  %pb = getelementptr inbounds i32, i32 addrspace(1)* %b, i32 %j
  %y = load i32, i32 addrspace(1)* %pb, align 4
  %s = add i32 %x, %y
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %s, i32 addrspace(1)* %q, align 4
  ret void
}

; CHECK:      mov t0s, r0
; CHECK-NOT:  ldtmu
; CHECK:      mov t1s, r0
; CHECK-NEXT: nop; nop; ldtmu0
; CHECK-NEXT: mov [[X:r[ab][0-9]+|r[0-2]]], r4
; CHECK-NEXT: nop; nop; ldtmu1
; CHECK-NEXT: mov [[Y:r[ab][0-9]+|r[0-2]]], r4
; CHECK:      add {{r[ab][0-9]+|r[0-2]}}, {{r[ab][0-9]+|r[0-2]}}, {{r[ab][0-9]+|r[0-2]}}
