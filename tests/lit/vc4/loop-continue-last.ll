; A masked loop whose last block in layout is a latch reached from the
; break test, with an earlier `continue` (spec vc4.md §8: lanes that take
; `continue` wait for the header, and only the loop-end test brings them
; back). When no lane stays active for the latch, the break test may not
; skip past the loop end, or the waiting lanes would never run again (the
; VC4 campaign's seed 242 lost their `r += 1` after the loop).
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

; i = n & 7; while (i > 0) { i--; if ((v & 3) != 1) continue; if (in[gid + 16] > 100) break; }
; out[gid] = r + 1;
define spir_kernel void @k(i32 addrspace(1)* %in, i32 addrspace(1)* %out, i32 %n) {
entry:
  %gid = call spir_func i32 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %gid
  %v = load i32, i32 addrspace(1)* %p, align 4
  %i0 = and i32 %n, 7
  br label %header

header:
  %i = phi i32 [ %i0, %entry ], [ %i1, %cont ], [ %i1, %latch ]
  %more = icmp ugt i32 %i, 0
  br i1 %more, label %body, label %exit

body:
  %i1 = add i32 %i, -1
  %v3 = and i32 %v, 3
  %skip = icmp ne i32 %v3, 1
  br i1 %skip, label %cont, label %test

cont:
  br label %header

test:
  %g16 = add i32 %gid, 16
  %q = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %g16
  %w = load i32, i32 addrspace(1)* %q, align 4
  %big = icmp ugt i32 %w, 100
  br i1 %big, label %brk, label %latch

latch:
  br label %header

brk:
  br label %exit

exit:
  %r = add i32 %v, 1
  %o = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %gid
  store i32 %r, i32 addrspace(1)* %o, align 4
  ret void
}

; CHECK:      :b[[H:[0-9]+]] # header
; CHECK-NEXT: sub.setf -, r3, [[H]]
; continue: the active lanes wait for the header.
; CHECK:      mov.ifz r3, [[H]]
; CHECK-NEXT: sub.setf -, r3, [[H]]
; CHECK-NEXT: brr.allz -, :b[[H]]
; The break test parks the breaking lanes; no skip branch follows, since
; the next block is the loop end.
; CHECK:      mov.ifz r3, [[BRK:[0-9]+]] # active lanes with a true condition wait for b[[BRK]]
; CHECK-NOT:  brr
; CHECK:      mov.setf -, r3{{.*}}# loop end
; CHECK-NEXT: sub.ifnz.setf -, r3, [[H]]
; CHECK-NEXT: brr.anyz -, :b[[H]]
