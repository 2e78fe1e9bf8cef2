; software-pipeline (passes/swp.go): c[i] = a[i]*b[i] + a[i] on float4 with a
; run-time trip count. One iteration is a 7-cycle chain (load 3, multiply,
; add, store) but its 5 instructions fit one packet, so the modulo schedule
; overlaps iterations: II 1 would need 7 stages, more than the 4 allowed, so
; II 2 with 4 stages. The preheader sends counts below 4 to the original
; loop (BCMPIU with the LT relation, 2, unsigned), the prologue sets LC0 to
; count - 3 and starts iterations 0..2, the kernel runs each stage of another
; iteration, unrolled twice so that what a later stage reads passes from one
; copy to the next (only the back edge needs phis), each copy leaving to its
; own epilogue, which finishes the last 3 iterations (3 stores), and the
; original loop leaves through the join.
; RUN: %lltosimd -march=bwdsp -O2 -stop-after=post-modify %s -o %t.pm.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=software-pipeline -debug-only=software-pipeline -stats %t.pm.mir -o %t.swp.mir 2> %t.err
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=software-pipeline -pass-option=swp-unroll=1 %t.pm.mir -o - | FileCheck %s --check-prefix=ONE
; RUN: FileCheck %s < %t.swp.mir
; RUN: FileCheck %s --check-prefix=DBG < %t.err
; RUN: %lltosimd -march=bwdsp -O2 %s -o %t.s
; RUN: %bwdsprun -d %t.s > /dev/null
; RUN: %lltosimd -march=bwdsp -O2 -enable-software-pipeline=false -stop-after=software-pipeline %s -o - | FileCheck %s --check-prefix=OFF
; RUN: %lltosimd -march=bwdsp -O0 -stop-after=software-pipeline %s -o - | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@a = global [16 x <4 x float>] zeroinitializer
@b = global [16 x <4 x float>] zeroinitializer
@c = global [16 x <4 x float>] zeroinitializer

define void @madd(i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @a, i32 0, i32 %i
  %va = load <4 x float>, <4 x float>* %pa
  %pb = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @b, i32 0, i32 %i
  %vb = load <4 x float>, <4 x float>* %pb
  %m = fmul <4 x float> %va, %vb
  %s = fadd <4 x float> %m, %va
  %pc = getelementptr [16 x <4 x float>], [16 x <4 x float>]* @c, i32 0, i32 %i
  store <4 x float> %s, <4 x float>* %pc
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: function: madd
; CHECK: $LC0 = SETLCA [[CNT:%[0-9]+]]
; CHECK: [[G:%[0-9]+]]:gpr = MOVFA [[CNT]]
; CHECK-NEXT: BCMPIU 2, [[G]], 4, [[ORIG:bb[0-9]+]].loop
; CHECK-NEXT: B [[PRO:bb[0-9]+\.[0-9]+\.loop\.swp\.prologue]]
; CHECK: [[PRO]]:
; CHECK-NEXT: [[K:%[0-9]+]]:addr = AADDI [[CNT]], -3
; CHECK-NEXT: $LC0 = SETLCA [[K]]
; CHECK-COUNT-6: LDPM
; CHECK-NOT: STPM
; CHECK: B [[KERN:bb[0-9]+\.[0-9]+\.loop\.swp\.kernel]]
; CHECK: [[KERN]]:
; CHECK: PHI
; CHECK: LDPM
; CHECK: LDPM
; CHECK: STPM
; CHECK: FMUL
; CHECK: FADD
; CHECK-NEXT: $LC0 = BLC $LC0, [[KERN1:bb[0-9]+\.[0-9]+\.loop\.swp\.kernel\.1]]
; CHECK-NEXT: B [[EPI:bb[0-9]+\.[0-9]+\.loop\.swp\.epilogue]]
; The second kernel copy (modulo variable expansion) reads the first's values.
; CHECK: [[KERN1]]:
; CHECK-NOT: PHI
; CHECK: [[LA:%[0-9]+]]:xyzt, {{%[0-9]+}}:addr = LDPM
; CHECK: [[LB:%[0-9]+]]:xyzt, {{%[0-9]+}}:addr = LDPM
; CHECK: STPM
; CHECK: FMUL
; CHECK: FADD
; CHECK-NEXT: $LC0 = BLC $LC0, [[KERN]]
; CHECK-NEXT: B [[EPI1:bb[0-9]+\.[0-9]+\.loop\.swp\.epilogue\.1]]
; CHECK: [[EPI]]:
; CHECK-NOT: LDPM
; CHECK-COUNT-3: STPM
; CHECK: B [[JOIN:bb[0-9]+\.[0-9]+\.loop\.swp\.join]]
; CHECK: [[EPI1]]:
; CHECK-NOT: LDPM
; CHECK: FMUL [[LA]], [[LB]]
; CHECK-COUNT-2: STPM
; CHECK: B [[JOIN]]
; CHECK: [[ORIG]].loop:
; CHECK: $LC0 = BLC $LC0, [[ORIG]].loop
; CHECK-NEXT: B [[JOIN]]
; DBG: software-pipeline: @madd bb1: II 2 (ResMII 1, RecMII 1, one iteration 7 cycles), 4 stages
; DBG: 1 software-pipeline - Number of loops software-pipelined
; OFF-NOT: swp.kernel
; ONE: swp.kernel:
; ONE: $LC0 = BLC $LC0, [[K:bb[0-9]+\.[0-9]+\.loop\.swp\.kernel]]
; ONE-NOT: swp.kernel.1
