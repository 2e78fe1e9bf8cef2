; A divergent loop without `continue` (spec vc4.md §8.3): lanes leave by
; the exit edge and wait for the block after the loop, and the lanes that go
; round stay active, so no lane ever waits for the header. The header then
; activates nobody (no sub.setf/mov.ifz r3, 0 there), and the loop end tests
; only for active lanes.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @countdown(i32 addrspace(1)* %out) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  br label %loop

loop:
  %n = phi i32 [ %i, %entry ], [ %n1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s1 = add i32 %s, %n
  %n1 = add i32 %n, -3
  %c = icmp sgt i32 %n1, 0
  br i1 %c, label %loop, label %done

done:
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %s1, i32 addrspace(1)* %q, align 4
  ret void
}

; CHECK:      mov r3, 0{{.*}}all lanes active
; CHECK-NOT:  r3
; CHECK:      :b[[H:[0-9]+]]{{.*}}loop
; CHECK-NOT:  r3, [[H]]
; CHECK:      or.setf -, r3, {{r[ab][0-9]+|r[0-2]}}
; CHECK-NEXT: mov.ifz r3, [[DONE:[0-9]+]]{{.*}}wait for b[[DONE]]
; CHECK-NEXT: mov.setf -, r3{{.*}}loop end
; CHECK-NEXT: brr.anyz -, :b[[H]]{{.*}}again while a lane is active
; CHECK:      :b[[DONE]]
