; The register allocators on a SIMD kernel (seed 004, spec bwdsp.md Part 3):
; a 16-tap FIR whose 16 coefficient vectors live across the loop (global
; live ranges) while the products and sums of the loop body are local.
;
;   typedef float float4 __attribute__((ext_vector_type(4)));
;   void fir16(const float4 *x, const float4 *h, float4 *y, int n) {
;     float4 h0 = h[0], ..., h15 = h[15];
;     for (int i = 0; i < n; i++)
;       y[i] = x[i] * h0 + x[i + 1] * h1 + ... + x[i + 15] * h15;
;   }
;
; -regalloc=gra-lra (OCC's scheme, §3.2): GRA colours the global live
; ranges and never hands out the local block R28–R39 (§2.7), which stays
; LRA's; LRA allocates the SIMD values of each block before its scalars
; (§3.2 item 2), so the loop body's SIMD temporaries get block numbers.
; RUN: %lltosimd -march=bwdsp -O2 -regalloc=gra-lra -debug-only=regalloc %s -o %t.lra.s 2>&1 | FileCheck %s --check-prefix=LRA
; The global live ranges: the 16 coefficients, the pointers (x[i + k] for
; every k is one pointer plus k*16 since loop-strength-reduce folds the
; constant), the loop's bound and counter.
; LRA: gra-lra: {{2[0-9]}} global live ranges
; LRA: interference graph:
; LRA-NOT: colour {{.*}} -> {{[xyzt]+}}R{{2[89]|3[0-9]}}{{$}}
; (LRA's registers: the block and the caller-saved numbers GRA left unused
; in the block, spec §3.4; with one pointer for all x[i + k], R26 is one.)
; LRA: lra: bb[[L:[0-9]+]]: %{{[0-9]+}} -> xyztR{{2[0-9]|3[0-9]}}
; LRA-NOT: lra: bb[[L]]: %{{[0-9]+}} -> {{xR|U|V|W}}
; LRA: lra: bb[[L]]: %{{[0-9]+}} -> {{xR|U|V|W}}
; LRA-NOT: lra: bb[[L]]: %{{[0-9]+}} -> xyztR
; LRA: round 0: {{.*}}, 0 spilled
;
; A SIMD value takes one number n in all four macros: the assembly names it
; xyztRn, and no scalar of the loop is in the numbers of the SIMD values.
; RUN: FileCheck %s --check-prefix=ASM < %t.lra.s
; ASM-LABEL: fir16:
; ASM: xyztR{{2[0-9]|3[0-9]}} = R{{[0-9]+}} * R{{[0-9]+}} (F)
;
; -regalloc=tuple (§3.3): one graph for every live range, SIMD nodes
; coloured first, the local block allocatable like any register.
; RUN: %lltosimd -march=bwdsp -O2 -regalloc=tuple -debug-only=regalloc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUPLE
; TUPLE: interference graph:
; TUPLE-NOT: colour {{.*}}:{{gpr|addr|pred}} ->
; TUPLE: colour {{.*}}:xyzt -> xyztR
; TUPLE: colour {{.*}}:{{gpr|addr}} ->
; TUPLE-NOT: colour {{.*}}:xyzt ->
; TUPLE: round 0: {{.*}}, 0 spilled
;
; tuple is BWDSP's default (passes.RegAllocDefault): without -regalloc the
; colouring runs, and -regalloc=linear overrides it.
; RUN: %lltosimd -march=bwdsp -O2 -debug-only=regalloc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUPLE
; RUN: %lltosimd -march=bwdsp -O2 -regalloc=linear -debug-only=regalloc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCOLOUR
; NOCOLOUR-NOT: colour
;
; -regalloc=linear leaves the local block reserved.
; RUN: %lltosimd -march=bwdsp -O2 -regalloc=linear %s -o - | FileCheck %s --check-prefix=LINEAR
; LINEAR-LABEL: fir16:
; LINEAR-NOT: R{{2[89]|3[0-9]}}{{\b}}
; LINEAR: ret
;
; -stats: spills, reloads, splits, coalesced copies and the registers used
; in each macro's class.
; RUN: %lltosimd -march=bwdsp -O2 -regalloc=gra-lra -stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; STATS-DAG: regalloc{{ +}}- Number of block-local live ranges allocated by the local allocator
; STATS-DAG: regalloc{{ +}}- Number of live ranges coloured by the global allocator
; STATS-DAG: regalloc{{ +}}- Registers used in class x (summed over functions)
; STATS-DAG: regalloc{{ +}}- Registers used in class t (summed over functions)
;
; -dot-interference writes the graph GRA coloured.
; RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %lltosimd -march=bwdsp -O2 -regalloc=gra-lra -dot-interference %s -o /dev/null
; RUN: FileCheck %s --check-prefix=DOT < %t.dir/interference.fir16.dot
; DOT: graph "interference.fir16" {
; DOT: label="%{{[0-9]+}}:xyzt\nxyztR10",shape=box
; DOT: n{{[0-9]+}} -- n{{[0-9]+}};
;
; -pass-option=regalloc=gra still selects the colouring (gra is tuple).
; RUN: %lltosimd -march=bwdsp -O2 -pass-option=regalloc=gra -debug-only=regalloc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GRA
; GRA: fir16: interference graph: {{[0-9]+}} nodes
; GRA: fir16: colour %{{[0-9]+}}:xyzt -> xyztR
;
; Unknown names are an error.
; RUN: not %lltosimd -march=bwdsp -regalloc=nope %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: lltosimd: unknown register allocator 'nope' (known: linear, tuple, gra, gra-lra)

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; Function Attrs: nofree nosync nounwind
define dso_local void @fir16(<4 x float>* nocapture noundef readonly %0, <4 x float>* nocapture noundef readonly %1, <4 x float>* nocapture noundef writeonly %2, i32 noundef signext %3) local_unnamed_addr #0 {
  %5 = load <4 x float>, <4 x float>* %1, align 16, !tbaa !4
  %6 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 1
  %7 = load <4 x float>, <4 x float>* %6, align 16, !tbaa !4
  %8 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 2
  %9 = load <4 x float>, <4 x float>* %8, align 16, !tbaa !4
  %10 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 3
  %11 = load <4 x float>, <4 x float>* %10, align 16, !tbaa !4
  %12 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 4
  %13 = load <4 x float>, <4 x float>* %12, align 16, !tbaa !4
  %14 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 5
  %15 = load <4 x float>, <4 x float>* %14, align 16, !tbaa !4
  %16 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 6
  %17 = load <4 x float>, <4 x float>* %16, align 16, !tbaa !4
  %18 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 7
  %19 = load <4 x float>, <4 x float>* %18, align 16, !tbaa !4
  %20 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 8
  %21 = load <4 x float>, <4 x float>* %20, align 16, !tbaa !4
  %22 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 9
  %23 = load <4 x float>, <4 x float>* %22, align 16, !tbaa !4
  %24 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 10
  %25 = load <4 x float>, <4 x float>* %24, align 16, !tbaa !4
  %26 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 11
  %27 = load <4 x float>, <4 x float>* %26, align 16, !tbaa !4
  %28 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 12
  %29 = load <4 x float>, <4 x float>* %28, align 16, !tbaa !4
  %30 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 13
  %31 = load <4 x float>, <4 x float>* %30, align 16, !tbaa !4
  %32 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 14
  %33 = load <4 x float>, <4 x float>* %32, align 16, !tbaa !4
  %34 = getelementptr inbounds <4 x float>, <4 x float>* %1, i32 15
  %35 = load <4 x float>, <4 x float>* %34, align 16, !tbaa !4
  %36 = icmp sgt i32 %3, 0
  br i1 %36, label %38, label %37

37:                                               ; preds = %38, %4
  ret void

38:                                               ; preds = %4, %38
  %39 = phi i32 [ %42, %38 ], [ 0, %4 ]
  %40 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %39
  %41 = load <4 x float>, <4 x float>* %40, align 16, !tbaa !4
  %42 = add nuw nsw i32 %39, 1
  %43 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %42
  %44 = load <4 x float>, <4 x float>* %43, align 16, !tbaa !4
  %45 = fmul <4 x float> %7, %44
  %46 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %41, <4 x float> %5, <4 x float> %45)
  %47 = add nuw nsw i32 %39, 2
  %48 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %47
  %49 = load <4 x float>, <4 x float>* %48, align 16, !tbaa !4
  %50 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %49, <4 x float> %9, <4 x float> %46)
  %51 = add nuw nsw i32 %39, 3
  %52 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %51
  %53 = load <4 x float>, <4 x float>* %52, align 16, !tbaa !4
  %54 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %53, <4 x float> %11, <4 x float> %50)
  %55 = add nuw nsw i32 %39, 4
  %56 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %55
  %57 = load <4 x float>, <4 x float>* %56, align 16, !tbaa !4
  %58 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %57, <4 x float> %13, <4 x float> %54)
  %59 = add nuw nsw i32 %39, 5
  %60 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %59
  %61 = load <4 x float>, <4 x float>* %60, align 16, !tbaa !4
  %62 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %61, <4 x float> %15, <4 x float> %58)
  %63 = add nuw nsw i32 %39, 6
  %64 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %63
  %65 = load <4 x float>, <4 x float>* %64, align 16, !tbaa !4
  %66 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %65, <4 x float> %17, <4 x float> %62)
  %67 = add nuw nsw i32 %39, 7
  %68 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %67
  %69 = load <4 x float>, <4 x float>* %68, align 16, !tbaa !4
  %70 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %69, <4 x float> %19, <4 x float> %66)
  %71 = add nuw nsw i32 %39, 8
  %72 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %71
  %73 = load <4 x float>, <4 x float>* %72, align 16, !tbaa !4
  %74 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %73, <4 x float> %21, <4 x float> %70)
  %75 = add nuw nsw i32 %39, 9
  %76 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %75
  %77 = load <4 x float>, <4 x float>* %76, align 16, !tbaa !4
  %78 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %77, <4 x float> %23, <4 x float> %74)
  %79 = add nuw nsw i32 %39, 10
  %80 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %79
  %81 = load <4 x float>, <4 x float>* %80, align 16, !tbaa !4
  %82 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %81, <4 x float> %25, <4 x float> %78)
  %83 = add nuw nsw i32 %39, 11
  %84 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %83
  %85 = load <4 x float>, <4 x float>* %84, align 16, !tbaa !4
  %86 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %85, <4 x float> %27, <4 x float> %82)
  %87 = add nuw nsw i32 %39, 12
  %88 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %87
  %89 = load <4 x float>, <4 x float>* %88, align 16, !tbaa !4
  %90 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %89, <4 x float> %29, <4 x float> %86)
  %91 = add nuw nsw i32 %39, 13
  %92 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %91
  %93 = load <4 x float>, <4 x float>* %92, align 16, !tbaa !4
  %94 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %93, <4 x float> %31, <4 x float> %90)
  %95 = add nuw nsw i32 %39, 14
  %96 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %95
  %97 = load <4 x float>, <4 x float>* %96, align 16, !tbaa !4
  %98 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %97, <4 x float> %33, <4 x float> %94)
  %99 = add nuw nsw i32 %39, 15
  %100 = getelementptr inbounds <4 x float>, <4 x float>* %0, i32 %99
  %101 = load <4 x float>, <4 x float>* %100, align 16, !tbaa !4
  %102 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %101, <4 x float> %35, <4 x float> %98)
  %103 = getelementptr inbounds <4 x float>, <4 x float>* %2, i32 %39
  store <4 x float> %102, <4 x float>* %103, align 16, !tbaa !4
  %104 = icmp eq i32 %42, %3
  br i1 %104, label %37, label %38, !llvm.loop !7
}

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>) #1

attributes #0 = { nofree nosync nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #1 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 1}
!2 = !{i32 7, !"PIE Level", i32 1}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{!5, !5, i64 0}
!5 = !{!"omnipotent char", !6, i64 0}
!6 = !{!"Simple C/C++ TBAA"}
!7 = distinct !{!7, !8}
!8 = !{!"llvm.loop.mustprogress"}
