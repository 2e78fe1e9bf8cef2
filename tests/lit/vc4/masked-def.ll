; In a masked block a definition that outlives the block keeps the inactive
; lanes' old values (spec vc4.md §8): the instruction that computes it writes
; the register itself under the execute mask (Z after mov.setf -, r3), instead
; of computing a temporary and copying it under the mask. A compare writes its
; 0/1 result straight into the result register.
; (-enable-if-conversion=false: the execute-mask code of divergent branches.)
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @masked_def(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i
  %x = load i32, i32 addrspace(1)* %p, align 4
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %then, label %join

then:
  %d = shl i32 %x, 5
  %e = icmp ult i32 %d, 1000
  %f = zext i1 %e to i32
  br label %join

join:
  %r = phi i32 [ %d, %then ], [ %x, %entry ]
  %g = phi i32 [ %f, %then ], [ 7, %entry ]
  %s = add i32 %r, %g
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %s, i32 addrspace(1)* %q, align 4
  ret void
}

; The compare in the entry block: 0, the flags, 1 where it holds, no copy.
; CHECK:      mov [[C:r[ab][0-9]+|r[0-2]]], 0{{$|;}}
; CHECK:      max.setf -, {{r[ab][0-9]+|r[0-2]}}, 3
; CHECK-NEXT: mov.ifc [[C]], 1
; CHECK:      or.setf -, r3, [[C]]
; THEN's unmasked temporary may move into the delay slots of the skip branch
; (it is dead where the branch goes).
; CHECK:      shl [[D:r[ab][0-9]+|r[0-2]]], {{r[ab][0-9]+|r[0-2]}}, 5
; CHECK:      :b[[THEN:[0-9]+]]{{.*}}then
; CHECK-NOT:  :b
; CHECK:      mov.setf -, r3
; CHECK-NEXT: mov.ifz [[R:r[ab][0-9]+|r[0-2]]], [[D]]
; CHECK-NOT:  :b
; CHECK:      :b{{[0-9]+}}{{.*}}join
