; A module global (a __constant table) is named as such in the error.
; RUN: not %lltosimd -march=vc4 %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: function 'g': module globals (__constant arrays, program-scope variables: 'tab') are not supported on vc4

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"
@tab = addrspace(2) constant [2 x i32] [i32 3, i32 5], align 4
define spir_kernel void @g(i32 addrspace(1)* %p) {
  %q = getelementptr [2 x i32], [2 x i32] addrspace(2)* @tab, i32 0, i32 1
  %v = load i32, i32 addrspace(2)* %q
  store i32 %v, i32 addrspace(1)* %p
  ret void
}
