; Register allocation into the accumulators r0–r3 (docs/vc4.md, "Register
; allocation"). A value written to regfile A or B cannot be read by the next
; instruction, an accumulator can (spec vc4.md §4.2), and an accumulator
; operand takes no regfile read port (§4.1, §4.3: one A read, and one B read
; or small immediate, per instruction). So:
;  - a chain of short computations runs without hazard nops: each result is
;    an accumulator read right away;
;  - a value read with a small immediate and with regfile registers of both
;    files is read directly by all of them (no staging move of an operand);
;  - an address computed only to be copied into r0 (the TMU address
;    register's source) is computed into r0 (the copy is coalesced).
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

; CHECK-LABEL: # kernel chain
; CHECK:      add [[X:r[0-2]]], {{r[0-2]|r[ab][0-9]+}}, {{r[0-2]|r[ab][0-9]+}}
; CHECK-NOT:  nop
; CHECK:      xor [[Y:r[0-2]]], [[X]], {{r[ab][0-9]+}}
; CHECK-NOT:  nop
; CHECK:      sub {{r[0-2]|r[ab][0-9]+}}, [[Y]], {{r[ab][0-9]+}}
define spir_kernel void @chain(i32 addrspace(1)* %out, i32 %a, i32 %b, i32 %c) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %x = add i32 %a, %i
  %y = xor i32 %x, %b
  %z = sub i32 %y, %c
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %z, i32 addrspace(1)* %q, align 4
  ret void
}

; CHECK-LABEL: # kernel conflict
; CHECK:      add [[X:r[0-2]]], {{r[0-2]|r[ab][0-9]+}}, {{r[0-2]|r[ab][0-9]+}}
; CHECK-NOT:  nop
; CHECK-NOT:  mov {{r[0-2]}}, {{r[ab][0-9]+}}
; CHECK-DAG:  shl {{r[0-2]|r[ab][0-9]+}}, [[X]], 3
; CHECK-DAG:  xor {{r[0-2]|r[ab][0-9]+}}, [[X]], {{r[ab][0-9]+}}
; CHECK-DAG:  sub {{r[0-2]|r[ab][0-9]+}}, [[X]], {{r[ab][0-9]+}}
define spir_kernel void @conflict(i32 addrspace(1)* %out, i32 %a, i32 %b, i32 %c) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %x = add i32 %a, %i
  %y = shl i32 %x, 3
  %z = xor i32 %x, %b
  %u = sub i32 %x, %c
  %v = add i32 %y, %z
  %w = xor i32 %v, %u
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %w, i32 addrspace(1)* %q, align 4
  ret void
}

; CHECK-LABEL: # kernel load
; CHECK:      add r0, {{r[0-2]|r[ab][0-9]+}}, {{r[0-2]|r[ab][0-9]+}}
; CHECK-NOT:  {{mov r0,|nop}}
; CHECK:      mov t0s, r0
define spir_kernel void @load(i32 addrspace(1)* %out, i32 addrspace(1)* %in, i32 %k) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %j = add i32 %i, %k
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %j
  %v = load i32, i32 addrspace(1)* %p, align 4
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %v, i32 addrspace(1)* %q, align 4
  ret void
}
