; Only OpenCL kernels are compiled; helper functions (here an exported one
; returning a value, as clang emits at -O0 for a host triple) are inlined
; into them. The kernel is recognized by clang's !kernel_arg_addr_space
; metadata alone (no spir_kernel calling convention: launchers that call the
; kernel from C remove it) and carries `attrs: kernel` in MIR.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s
; RUN: %lltosimd -march=vc4 %s -stop-after=vc4-inline -o - | FileCheck %s --check-prefix=MIR
; RUN: %lltosimd -march=vc4 %s -stop-after=vc4-inline -o - | %lltosimd -march=vc4 -x mir - -o - | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: # kernel k (vc4asm syntax)
; CHECK-NOT: # kernel
; CHECK: thrend
; CHECK-NOT: # kernel

; MIR-LABEL: --- function: twice
; MIR-NEXT: arch: vc4
; MIR-NEXT: props:
; MIR-NEXT: attrs: exported{{$}}
; MIR-LABEL: --- function: k
; MIR-NEXT: arch: vc4
; MIR-NEXT: props:
; MIR-NEXT: attrs: exported kernel{{$}}

define i32 @twice(i32 %x) {
  %y = shl i32 %x, 1
  ret i32 %y
}

declare i64 @_Z13get_global_idj(i32)

define void @k(i32* %out) !kernel_arg_addr_space !0 {
  %i = call i64 @_Z13get_global_idj(i32 0)
  %t = trunc i64 %i to i32
  %v = call i32 @twice(i32 %t)
  %p = getelementptr inbounds i32, i32* %out, i64 %i
  store i32 %v, i32* %p, align 4
  ret void
}

!0 = !{i32 1}
