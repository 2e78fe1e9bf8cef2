; An unsupported OpenCL built-in is named in the error by its source name
; (clang mangles the overloadable OpenCL built-ins), at the call's line and
; column in the input.
; RUN: not %lltosimd -march=vc4 %s -o /dev/null 2>&1 | FileCheck %s -DFILE=%s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func float @_Z4sinhf(float)

define spir_kernel void @k(float addrspace(1)* %p) {
  %x = load float, float addrspace(1)* %p
; CHECK: [[FILE]]:[[@LINE+1]]:3: function 'k': OpenCL built-in 'sinh' (_Z4sinhf) is not supported on vc4
  %f = call spir_func float @_Z4sinhf(float %x)
  store float %f, float addrspace(1)* %p
  ret void
}
