; software-pipeline (passes/swp.go): a loop phi read at iteration r is its
; next value read at r-1, and both must share one kernel phi. In this
; radix-2 butterfly pair (tests/exec/c/rp_fft.c's fft_r2, clang -O2) the
; stage-0 STPM to @o2r reads the pointer through its phi while the stage-1
; stores read the previous STPM's result: with two kernel phis of the same
; inputs the kernel needed an address copy ("Un = Um + #0") on its back
; edge, in a block of its own with a taken branch.
; RUN: %lltosimd -march=bwdsp -O2 %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null
; CHECK-LABEL: fft_r2:
; CHECK-NOT: {{[UVW][0-9]+}} = {{[UVW][0-9]+}} + #0
; CHECK: .endfunc

target triple = "mipsel-unknown-linux-gnu"

@re = global [48 x <4 x float>] zeroinitializer, align 16
@im = global [48 x <4 x float>] zeroinitializer, align 16
@wr = global [36 x <4 x float>] zeroinitializer, align 16
@wi = global [36 x <4 x float>] zeroinitializer, align 16
@o2r = global [48 x <4 x float>] zeroinitializer, align 16
@o2i = global [48 x <4 x float>] zeroinitializer, align 16

define dso_local void @fft_r2(i32 noundef signext %0) local_unnamed_addr {
  %2 = icmp sgt i32 %0, 0
  br i1 %2, label %3, label %63

3:                                                ; preds = %3, %1
  %4 = phi i32 [ %61, %3 ], [ 0, %1 ]
  %5 = shl nsw i32 %4, 2
  %6 = shl nuw nsw i32 %4, 1
  %7 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @re, i32 0, i32 %5
  %8 = load <4 x float>, <4 x float>* %7, align 16
  %9 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @im, i32 0, i32 %5
  %10 = load <4 x float>, <4 x float>* %9, align 16
  %11 = or i32 %5, 1
  %12 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @re, i32 0, i32 %11
  %13 = load <4 x float>, <4 x float>* %12, align 16
  %14 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @im, i32 0, i32 %11
  %15 = load <4 x float>, <4 x float>* %14, align 16
  %16 = getelementptr inbounds [36 x <4 x float>], [36 x <4 x float>]* @wr, i32 0, i32 %6
  %17 = load <4 x float>, <4 x float>* %16, align 16
  %18 = getelementptr inbounds [36 x <4 x float>], [36 x <4 x float>]* @wi, i32 0, i32 %6
  %19 = load <4 x float>, <4 x float>* %18, align 16
  %20 = fneg <4 x float> %15
  %21 = fmul <4 x float> %19, %20
  %22 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %13, <4 x float> %17, <4 x float> %21)
  %23 = fmul <4 x float> %15, %17
  %24 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %13, <4 x float> %19, <4 x float> %23)
  %25 = fadd <4 x float> %8, %22
  %26 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @o2r, i32 0, i32 %5
  store <4 x float> %25, <4 x float>* %26, align 16
  %27 = fadd <4 x float> %10, %24
  %28 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @o2i, i32 0, i32 %5
  store <4 x float> %27, <4 x float>* %28, align 16
  %29 = fsub <4 x float> %8, %22
  %30 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @o2r, i32 0, i32 %11
  store <4 x float> %29, <4 x float>* %30, align 16
  %31 = fsub <4 x float> %10, %24
  %32 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @o2i, i32 0, i32 %11
  store <4 x float> %31, <4 x float>* %32, align 16
  %33 = or i32 %5, 2
  %34 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @re, i32 0, i32 %33
  %35 = load <4 x float>, <4 x float>* %34, align 16
  %36 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @im, i32 0, i32 %33
  %37 = load <4 x float>, <4 x float>* %36, align 16
  %38 = or i32 %5, 3
  %39 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @re, i32 0, i32 %38
  %40 = load <4 x float>, <4 x float>* %39, align 16
  %41 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @im, i32 0, i32 %38
  %42 = load <4 x float>, <4 x float>* %41, align 16
  %43 = or i32 %6, 1
  %44 = getelementptr inbounds [36 x <4 x float>], [36 x <4 x float>]* @wr, i32 0, i32 %43
  %45 = load <4 x float>, <4 x float>* %44, align 16
  %46 = getelementptr inbounds [36 x <4 x float>], [36 x <4 x float>]* @wi, i32 0, i32 %43
  %47 = load <4 x float>, <4 x float>* %46, align 16
  %48 = fneg <4 x float> %42
  %49 = fmul <4 x float> %47, %48
  %50 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %40, <4 x float> %45, <4 x float> %49)
  %51 = fmul <4 x float> %42, %45
  %52 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %40, <4 x float> %47, <4 x float> %51)
  %53 = fadd <4 x float> %35, %50
  %54 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @o2r, i32 0, i32 %33
  store <4 x float> %53, <4 x float>* %54, align 16
  %55 = fadd <4 x float> %37, %52
  %56 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @o2i, i32 0, i32 %33
  store <4 x float> %55, <4 x float>* %56, align 16
  %57 = fsub <4 x float> %35, %50
  %58 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @o2r, i32 0, i32 %38
  store <4 x float> %57, <4 x float>* %58, align 16
  %59 = fsub <4 x float> %37, %52
  %60 = getelementptr inbounds [48 x <4 x float>], [48 x <4 x float>]* @o2i, i32 0, i32 %38
  store <4 x float> %59, <4 x float>* %60, align 16
  %61 = add nuw nsw i32 %4, 1
  %62 = icmp eq i32 %61, %0
  br i1 %62, label %63, label %3

63:                                               ; preds = %3, %1
  ret void
}

declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)



