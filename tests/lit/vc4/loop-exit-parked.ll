; A masked loop with an exit from the header and one from the body, the
; loop's last block (spec vc4.md §8: a lane leaving the loop waits for the
; exit's block). Lanes that took the body's exit in an earlier iteration
; wait for %early while the others loop on, so when no lane is left active
; after the header test, its skip branch may jump over the body (no lane
; can wait for the header: there is no `continue`) but must stop at
; %early, not at %late (the VC4 campaign's seed 430 lost those lanes).
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

define spir_kernel void @k(i32 addrspace(1)* %out, i32 %lim) {
entry:
  %gid = call spir_func i32 @_Z13get_global_idj(i32 0)
  %i0 = and i32 %gid, 7
  br label %header

header:
  %i = phi i32 [ %i0, %entry ], [ %i1, %body ]
  %done = icmp eq i32 %i, 0
  br i1 %done, label %late, label %body

body:
  %i1 = add i32 %i, -1
  %big = icmp sgt i32 %gid, %lim
  br i1 %big, label %header, label %early

early:
  br label %join

late:
  br label %join

join:
  %r = phi i32 [ 1, %early ], [ 2, %late ]
  %o = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %gid
  store i32 %r, i32 addrspace(1)* %o, align 4
  ret void
}

; CHECK:      :b[[H:[0-9]+]] # header
; CHECK:      mov.ifz r3, [[LATE:[0-9]+]] # active lanes with a true condition wait for b[[LATE]]
; CHECK-NEXT: mov.setf -, r3
; CHECK-NEXT: brr.allnz -, :b[[EARLY:[0-9]+]] # skip if no lane is active
; CHECK:      :b{{[0-9]+}} # body
; CHECK:      brr.anyz -, :b[[H]]
; CHECK:      :b[[EARLY]] # early
; CHECK:      :b[[LATE]] # late
