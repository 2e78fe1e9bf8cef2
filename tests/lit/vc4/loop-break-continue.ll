; A loop whose exit and continue depend on per-lane values (spec vc4.md
; §8.3, the seed's loop scheme): the header activates lanes that took
; `continue`; `break` and `continue` park the active lanes on their target
; and jump there when every lane waits for it; the loop end runs again while
; any lane is active or waits for the header; the break target activates the
; lanes that broke.
; (-enable-if-conversion=false: the execute-mask code of divergent branches.)
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false %s -o - | FileCheck %s
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false %s -o /dev/null -stats 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

; for (k = 0; ; k++) { if (k == lim) break; if (k & 1) continue; s += k; }
define spir_kernel void @brk(i32 addrspace(1)* %out, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %lim = add i32 %n, %i
  br label %header

header:
  %k = phi i32 [ 0, %entry ], [ %k1, %cont ], [ %k1a, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s, %cont ], [ %s1, %latch ]
  %done = icmp eq i32 %k, %lim
  br i1 %done, label %brk, label %body

brk:
  br label %exit

body:
  %odd = and i32 %k, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %cont, label %latch

cont:
  %k1 = add i32 %k, 1
  br label %header

latch:
  %s1 = add i32 %s, %k
  %k1a = add i32 %k, 1
  br label %header

exit:
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %s, i32 addrspace(1)* %q, align 4
  ret void
}

; Entering the loop from top level: all lanes active.
; CHECK:      mov r3, 0
; Header: activate(header) for the lanes that took `continue`.
; CHECK-NOT:  r3
; CHECK:      :b[[H:[0-9]+]]
; CHECK-NEXT: sub.setf -, r3, [[H]]
; (a delay-slot filler may put a label between them: the loop's back edge
; runs copies of the header's first instructions and branches past them)
; CHECK-NOT:  r3
; CHECK:      mov.ifz r3, 0
; The break test: active lanes with k == lim wait for the block after the
; loop; the body is skipped (up to the loop end) when no lane is left.
; CHECK:      or.setf -, r3, {{r[ab][0-9]+|r[0-2]}}
; CHECK-NEXT: mov.ifz r3, [[BRK:[0-9]+]]
; CHECK-NEXT: mov.setf -, r3
; CHECK-NEXT: brr.allnz -, :b[[L:[0-9]+]]
; The `continue` test skips to the loop end as well when no lane continues.
; CHECK:      brr.allnz -, :b[[L]]
; continue: the active lanes (Z set by the mov.setf before the masked phi
; copies) wait for the header; jump if every lane does.
; CHECK:      mov.ifz r3, [[H]]
; CHECK-NEXT: sub.setf -, r3, [[H]]
; CHECK-NEXT: brr.allz -, :b[[H]]
; Loop end: Z = active or waiting for the header; loop while any lane has Z.
; CHECK:      :b[[L]]
; CHECK-NEXT: sub.setf -, r3, [[L]]
; (a label the skip branch targets, past its copy in the delay slots, may
; follow; no instruction does)
; CHECK-NOT:  {{[[:space:]][[:blank:]]+[a-z]}}
; CHECK:      {{^}}{{[[:blank:]]}}mov.ifz r3, 0
; CHECK:      mov.setf -, r3{{.*}}# loop end
; CHECK-NEXT: sub.ifnz.setf -, r3, [[H]]
; CHECK-NEXT: brr.anyz -, :b[[H]]
; Its delay slots hold nops or work after the loop that is dead at the header.
; After the loop (top level): the mask is dropped, the store is unmasked.
; CHECK:      :b[[BRK]]
; CHECK-NOT:  r3
; CHECK:      thrend

; STATS: 2 vc4-divergence - Number of divergent branches
