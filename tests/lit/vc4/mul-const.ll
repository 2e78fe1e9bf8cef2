; i32 multiply by a constant c with 0 <= c < 2^24: mul24 takes the low 24
; bits of each operand, so lo(a*c) = mul24(a, c) + (mul24(a >> 24, c) << 24)
; (Mesa's ntq_umul without the a*(c >> 24) term, which is 0): one shift of a,
; two products, a shift and an add. A power of two is one shift.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @mulc(i32 addrspace(1)* %out, i32 %a) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %x = add i32 %a, %i
  %y = mul i32 %x, 1000
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %y, i32 addrspace(1)* %q, align 4
  ret void
}

; CHECK:      ldi [[C:r[ab][0-9]+|r[0-2]]], 0x3e8
; CHECK-NOT:  shr {{.*}}[[C]]
; CHECK:      mul24
; CHECK-NOT:  shr {{.*}}[[C]]
; CHECK:      mul24
; CHECK-NOT:  mul24
; CHECK:      mutex
