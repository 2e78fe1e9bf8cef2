; The address of a symbol that is no global variable (here a function) is
; refused at the IR instruction that takes it, naming the symbol.
; RUN: not %lltosimd -march=vc4 %s -o /dev/null 2>&1 | FileCheck %s -DFILE=%s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"
declare spir_func void @h()
define spir_kernel void @g(i32 addrspace(1)* %p) {
; CHECK: [[FILE]]:[[@LINE+1]]:3: function 'g': the address of 'h' (not a global variable of the module) is not supported on vc4
  store i32 ptrtoint (void ()* @h to i32), i32 addrspace(1)* %p
  ret void
}
