; If-conversion on VC4 (issue 13; ifconv.md §5, seed 001 against the
; execute mask of vc4.md §8): a divergent hammock whose sides only compute
; becomes straight-line code — both sides computed by every lane, the value
; of the join chosen by a conditional write (.ifz/.ifnz, ifconv.md §5: the
; per-lane predicate is a flag) — with no branch and no execute-mask
; bookkeeping in r3. The branch on the kernel argument %n is uniform: it is
; kept as a plain all-lane branch. -enable-if-conversion=false and -O0 give
; the execute-mask scheme of §8.2 for the divergent one.
; RUN: %lltosimd -march=vc4 %s -o - | FileCheck %s
; RUN: %lltosimd -march=vc4 %s -o /dev/null -stats 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %lltosimd -march=vc4 %s -o /dev/null -debug-only=if-convert 2>&1 | FileCheck %s --check-prefix=DBG
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false %s -o - | FileCheck %s --check-prefix=MASK
; RUN: %lltosimd -march=vc4 -O0 %s -o - | FileCheck %s --check-prefix=MASK

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)

; r = x > 3 ? x << 1 : x + 100; if (n > 7) r *= n; out[i] = r
define spir_kernel void @hammock(i32 addrspace(1)* %out, i32 addrspace(1)* %in, i32 %n) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %p = getelementptr inbounds i32, i32 addrspace(1)* %in, i32 %i
  %x = load i32, i32 addrspace(1)* %p, align 4
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %then, label %else

then:
  %d = shl i32 %x, 1
  br label %join

else:
  %e = add i32 %x, 100
  br label %join

join:
  %r = phi i32 [ %d, %then ], [ %e, %else ]
  %u = icmp sgt i32 %n, 7
  br i1 %u, label %big, label %done

big:
  %s = mul i32 %r, %n
  br label %done

done:
  %v = phi i32 [ %r, %join ], [ %s, %big ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %out, i32 %i
  store i32 %v, i32 addrspace(1)* %q, align 4
  ret void
}

; (The diamond loses its conditional branch and the jump of its first side.)
; From the load of x to the uniform branch: no branch, no execute mask, and
; the join's value written under a flag.
; CHECK:     ldtmu0
; CHECK-NOT: brr
; CHECK-NOT: r3
; CHECK:     .setf
; CHECK-NOT: brr
; CHECK-NOT: r3
; CHECK:     mov.if{{n?}}z
; CHECK-NOT: r3
; CHECK:     brr.all{{n?}}z -, :b{{[0-9]+}}{{.*}}uniform branch
; CHECK-NOT: r3
; CHECK:     thrend

; STATS-DAG: 1 if-convert {{.*}} Number of regions if-converted
; STATS-DAG: 2 if-convert {{.*}} Number of branches removed
; STATS-DAG: 1 if-convert {{.*}} Number of regions the target's model keeps as branches
; STATS-DAG: 1 vc4-divergence {{.*}} Number of uniform branches
; STATS-NOT: divergent branches

; DBG: if-convert: region bb0: cost with branches {{.*}}: converted
; DBG: if-convert: region bb{{[0-9]+}}: bb{{[0-9]+}}'s branch is uniform, kept

; The execute mask: lanes with c false wait for ELSE, THEN skipped when no
; lane is active (§8.2). The scheduler may place independent work between
; entering masked code and the condition's test.
; MASK:      mov r3, 0
; MASK:      or.setf -, r3, {{r[ab][0-9]+|r[0-2]}}
; MASK-NEXT: mov.ifz r3, [[ELSE:[0-9]+]]
; MASK-NEXT: mov.setf -, r3
; MASK-NEXT: brr.allnz -, :b[[ELSE]]
