; vc4-inline expands the OpenCL vloadN/vstoreN built-ins on 32-bit elements
; into word accesses (OpenCL 1.2 §6.12.7: element k is p[off*N + k]), before
; the coherence and divergence analyses see the memory accesses. The
; <4 x i32> result comes back through the hidden sret frame object (generic
; MIR), whose whole-word reads become copies of the loaded words.
; RUN: %lltosimd -march=vc4 -stop-after=vc4-inline %s -o - | FileCheck %s
; RUN: %lltosimd -march=vc4 %s -o /dev/null

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)
declare spir_func <4 x i32> @_Z6vload4jPU3AS1Ki(i32, i32 addrspace(1)*)
declare spir_func void @_Z7vstore4Dv4_ijPU3AS1i(<4 x i32>, i32, i32 addrspace(1)*)

; CHECK-LABEL: --- function: k
; CHECK: %[[I:[0-9]+]]{{[.a-z]*}}:gpr = G_CALL @_Z13get_global_idj
; CHECK-NOT: G_CALL
; CHECK: %[[S:[0-9]+]]:gpr = G_CONST 16
; CHECK-NEXT: %[[T:[0-9]+]]:gpr = G_MUL %[[I]], %[[S]]
; CHECK-NEXT: %[[A:[0-9]+]]:gpr = G_ADD %1, %[[T]]
; CHECK-NEXT: %[[X0:[0-9]+]]:gpr = G_LOAD32 %[[A]], 0
; CHECK-NEXT: %[[X1:[0-9]+]]:gpr = G_LOAD32 %[[A]], 4
; CHECK-NEXT: %[[X2:[0-9]+]]:gpr = G_LOAD32 %[[A]], 8
; CHECK-NEXT: %[[X3:[0-9]+]]:gpr = G_LOAD32 %[[A]], 12
; CHECK: = COPY %[[X0]]
; CHECK: = COPY %[[X1]]
; CHECK: = COPY %[[X2]]
; CHECK: = COPY %[[X3]]
; CHECK-NOT: G_CALL
; CHECK: %[[B:[0-9]+]]:gpr = G_ADD %0,
; CHECK-NEXT: G_STORE32 %{{[0-9]+}}, %[[B]], 0
; CHECK-NEXT: G_STORE32 %{{[0-9]+}}, %[[B]], 4
; CHECK-NEXT: G_STORE32 %{{[0-9]+}}, %[[B]], 8
; CHECK-NEXT: G_STORE32 %{{[0-9]+}}, %[[B]], 12
; CHECK-NOT: G_CALL

define spir_kernel void @k(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %v = call spir_func <4 x i32> @_Z6vload4jPU3AS1Ki(i32 %i, i32 addrspace(1)* %in)
  %w = add <4 x i32> %v, <i32 1, i32 2, i32 3, i32 4>
  call spir_func void @_Z7vstore4Dv4_ijPU3AS1i(<4 x i32> %w, i32 %i, i32 addrspace(1)* %out)
  ret void
}
