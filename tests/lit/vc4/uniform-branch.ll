; Branches on kernel arguments are uniform: plain all-lane branches on the
; condition, no execute-mask code at all (r3 is never touched) and no
; masked instruction.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s
; RUN: %lltosimd -march=vc4 %s -o /dev/null -stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %lltosimd -march=vc4 %s -o /dev/null -debug-only=vc4-divergence 2>&1 | FileCheck %s --check-prefix=DBG

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

; s = sum(0..n-1); if (n > 5) s *= 2; out[i] = s + i
define spir_kernel void @unif(i32 addrspace(1)* %out, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %after

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s1 = add i32 %s, %k
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %after

after:
  %t = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %big = icmp sgt i32 %n, 5
  br i1 %big, label %dbl, label %store

dbl:
  %t2 = shl i32 %t, 1
  br label %store

store:
  %r = phi i32 [ %t, %after ], [ %t2, %dbl ]
  %v = add i32 %r, %i
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %v, i32 addrspace(1)* %q, align 4
  ret void
}

; CHECK-NOT:  r3
; CHECK:      mov.setf -, [[C:r[ab][0-9]+|r[0-2]]]
; CHECK-NEXT: brr.allz -, :b{{[0-9]+}}
; CHECK-NOT:  r3
; CHECK:      brr.allnz -, :b[[LOOP:[0-9]+]]
; CHECK-NOT:  r3
; CHECK:      thrend

; STATS-NOT: divergent
; STATS-NOT: masked
; STATS: 3 vc4-divergence - Number of uniform branches

; DBG: unif: block 0 entry: top-level, uniform branch
; DBG: unif: block 1 loop: top-level, uniform branch
; DBG-NOT: masked
