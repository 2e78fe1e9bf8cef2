; A partial wave (8 work-items, -pass-option vc4-lanes=8): lanes 8-15 run the
; top-level code along with lane 0 instead of the whole kernel being masked.
; The loop on the uniform n stays a plain all-lane branch; the load gives
; lanes 8-15 lane 0's address (r5rep), so a uniform load stays uniform; the
; store moves 8 words (one DMA of 8, or 8 per-lane DMAs) and lanes 8-15
; never store.
; RUN: %lltosimd -march=vc4 -pass-option vc4-lanes=8 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @sum(i32 addrspace(1)* %in, i32 addrspace(1)* %out, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %k
  %v = load i32, i32 addrspace(1)* %p, align 4
  %s1 = add i32 %s, %v
  %k1 = add i32 %k, 1
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %loop, label %done

done:
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  %t = add i32 %s1, %i
  store i32 %t, i32 addrspace(1)* %q, align 4
  ret void
}

; CHECK-NOT:  r3
; CHECK:      :b[[L:[0-9]+]]{{.*}}loop
; CHECK-NOT:  r3
; CHECK-DAG:  mov r5rep, [[A:r[ab][0-9]+|r[0-2]]]
; CHECK-DAG:  sub.setf -, elem_num, 8{{.*}}lanes of the work-group
; CHECK:      mov.ifnn r0, r5
; CHECK-NEXT: mov t0s, r0
; CHECK-NOT:  r3
; CHECK:      brr.allnz -, :b[[L]]{{.*}}uniform branch
; CHECK-NOT:  r3
; CHECK:      ldi r1, 0x80814000
; CHECK-NEXT: mov r5rep, 7
; CHECK:      ldi vw_setup, 0x80884000
; CHECK-NOT:  r3
; CHECK:      thrend
