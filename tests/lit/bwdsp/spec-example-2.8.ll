; The example of spec bwdsp.md §2.8: c[i] = a[i] > 0.0f ? a[i]*b[i] : b[i],
; 4 lanes per iteration, 64 iterations (clang -O2 output of the C below).
; The spec's shape: an LC0 loop of at most 5 bundles, the three pointers in
; three address families (rule 4) with post-modified 16-byte accesses, two
; loads in one bundle, the store bundled with the loop branch, SIMD
; compare, multiply and select on xyzt, the constants outside the loop.
;
;   typedef float float4 __attribute__((ext_vector_type(4)));
;   void k(const float4 *a, const float4 *b, float4 *c) {
;     for (int i = 0; i < 64; i++) {
;       float4 x = a[i], y = b[i];
;       c[i] = x > 0.0f ? x * y : y;
;     }
;   }
;
; RUN: %lltosimd -march=bwdsp -O2 %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null
; -stats counts the SIMD instructions: the two constant splats before the
; loop and the loop's six (two loads, compare, select, multiply, store).
; RUN: %lltosimd -march=bwdsp -O2 -stats %s -o /dev/null 2>&1 | FileCheck --check-prefix=STATS %s
; STATS: {{^ *}}8 bwdsp-emit {{.*}} Number of SIMD instructions emitted
; CHECK-LABEL: k:
; CHECK: LC0 = #64
; CHECK: xyztR[[ZERO:[0-9]+]] = #0
; CHECK: [[LOOP:\.L[a-z0-9_.]+]]:
; CHECK-NEXT: xyztR[[A:[0-9]+]] = [[[PA:[UVW]]]0 += 16] || xyztR[[B:[0-9]+]] = [[[PB:[UVW]]]0 += 16]
; CHECK-NEXT: xyztCP[[P:[0-9]]] = R[[A]] > R[[ZERO]] (F)
; CHECK-NEXT: = CP[[P]] ?
; CHECK-NEXT: (F)
; CHECK-NEXT: {{\[}}[[PC:[UVW]]]0 += 16] = xyztR{{[0-9]+}} || if LC0 b [[LOOP]]
; CHECK-NOT: b [[LOOP]]
; CHECK: ret
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind
define dso_local void @k(<4 x float>* nocapture noundef readonly %0, <4 x float>* nocapture noundef readonly %1, <4 x float>* nocapture noundef writeonly %2) local_unnamed_addr #0 {
  br label %5

4:                                                ; preds = %5
  ret void

5:                                                ; preds = %3, %5
  %6 = phi i32 [ 0, %3 ], [ %15, %5 ]
  %7 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %6
  %8 = load <4 x float>, <4 x float>* %7, align 16
  %9 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 %6
  %10 = load <4 x float>, <4 x float>* %9, align 16
  %11 = fcmp ogt <4 x float> %8, zeroinitializer
  %12 = select <4 x i1> %11, <4 x float> %8, <4 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>
  %13 = fmul <4 x float> %10, %12
  %14 = getelementptr inbounds <4 x float>, <4 x float>* %2, i32 %6
  store <4 x float> %13, <4 x float>* %14, align 16
  %15 = add nuw nsw i32 %6, 1
  %16 = icmp eq i32 %15, 64
  br i1 %16, label %4, label %5
}



