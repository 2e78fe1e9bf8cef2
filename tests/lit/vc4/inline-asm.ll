; VC4 takes inline assembly only as an optimization barrier: an empty
; template whose outputs are copies of their tied inputs; text is refused.
; RUN: rm -rf %t && split-file %s %t
; RUN: %lltosimd -march=vc4 %t/barrier.ll -o - | FileCheck %s
; RUN: not %lltosimd -march=vc4 %t/text.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT

; CHECK: # kernel launder
; TEXT: function 'k': inline assembly: only empty templates are supported on vc4

;--- barrier.ll
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @launder(i32 addrspace(1)* %p) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %a = getelementptr inbounds i32, i32 addrspace(1)* %p, i32 %i
  %x = load i32, i32 addrspace(1)* %a
  %y = call i32 asm sideeffect "", "=r,0"(i32 %x)
  call void asm sideeffect "", "~{memory}"()
  %z = add i32 %y, 1
  store i32 %z, i32 addrspace(1)* %a
  ret void
}
;--- text.ll
target triple = "spir"
define spir_kernel void @k(i32 addrspace(1)* %p) {
  call void asm sideeffect "nop", ""()
  ret void
}
