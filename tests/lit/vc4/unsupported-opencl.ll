; An unsupported OpenCL built-in is named in the error by its source name
; (clang mangles the overloadable OpenCL built-ins).
; RUN: not %lltosimd -march=vc4 %s -o /dev/null 2>&1 | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"


declare spir_func i32 @_Z10atomic_addPU3AS1Vii(i32 addrspace(1)*, i32)

; CHECK-DAG: function 'atom': OpenCL built-in 'atomic_add' (_Z10atomic_addPU3AS1Vii) is not supported on vc4
define spir_kernel void @atom(i32 addrspace(1)* %p) {
  %o = call spir_func i32 @_Z10atomic_addPU3AS1Vii(i32 addrspace(1)* %p, i32 1)
  ret void
}
