; A select of a signed compare between its own two values is one QPU min or
; max (spec vc4.md §3.2: signed integer min/max); an unsigned compare has no
; such op and stays a compare (flags) and a conditional move.
; RUN: %lltosimd -march=vc4 -stop-after=vc4-isel %s -o - | FileCheck %s
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s --check-prefix=ASM

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n) {
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %c1 = icmp slt i32 %i, %n
  %lo = select i1 %c1, i32 %i, i32 %n
  %c2 = icmp sge i32 %lo, 3
  %hi = select i1 %c2, i32 %lo, i32 3
  %c3 = icmp ult i32 %hi, %n
  %u = select i1 %c3, i32 %hi, i32 %n
  %p = getelementptr i32, i32 addrspace(1)* %o, i32 %i
  store i32 %u, i32 addrspace(1)* %p
  ret void
}

; CHECK:      %[[LO:[0-9]+]].lo:gpr = V4_MIN %2, %1
; CHECK-NEXT: %[[HI:[0-9]+]].hi:gpr = V4_MAX %[[LO]], 3
; CHECK-NEXT: %[[C3:[0-9]+]].c3:gpr = V4_MOV 0
; CHECK-NEXT: $nop = V4_SUB %[[HI]], %1, implicit-def $zf, implicit-def $nf, implicit-def $cf
; CHECK-NEXT: %[[C3]].c3:gpr = V4_MOV 1, pred:$cf, implicit %[[C3]]
; CHECK:      V4_MOV %[[HI]], pred:!$zf

; ASM: min
; ASM: max {{.*}}, 3
