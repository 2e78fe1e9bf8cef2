; ModuleID = 'cmpk.c'
source_filename = "cmpk.c"
target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

@vals = internal unnamed_addr constant [21 x i32] [i32 0, i32 1, i32 -1, i32 2, i32 10, i32 11, i32 -2, i32 -3, i32 32766, i32 32767, i32 32768, i32 -32767, i32 -32768, i32 -32769, i32 65535, i32 65536, i32 2147483647, i32 -2147483648, i32 100000, i32 -100000, i32 7], align 4
@.str = private unnamed_addr constant [13 x i8] c"%d %d %d %d\0A\00", align 1
@.str.1 = private unnamed_addr constant [4 x i8] c"%u\0A\00", align 1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i32 @f(i32 noundef signext %0) local_unnamed_addr #0 {
  %2 = icmp slt i32 %0, 10
  %3 = select i1 %2, i32 3, i32 0
  %4 = icmp slt i32 %0, 11
  %5 = zext i1 %4 to i32
  %6 = add nuw nsw i32 %3, %5
  %7 = mul nuw nsw i32 %6, 3
  %8 = icmp sgt i32 %0, 10
  %9 = zext i1 %8 to i32
  %10 = add nuw nsw i32 %7, %9
  %11 = mul nuw nsw i32 %10, 3
  %12 = icmp sgt i32 %0, 9
  %13 = zext i1 %12 to i32
  %14 = add nuw nsw i32 %11, %13
  %15 = mul nuw nsw i32 %14, 3
  %16 = icmp slt i32 %0, -3
  %17 = zext i1 %16 to i32
  %18 = add nuw nsw i32 %15, %17
  %19 = mul nuw nsw i32 %18, 3
  %20 = icmp sgt i32 %0, -3
  %21 = zext i1 %20 to i32
  %22 = add nuw nsw i32 %19, %21
  %23 = mul nuw nsw i32 %22, 3
  %24 = icmp sgt i32 %0, 32767
  %25 = zext i1 %24 to i32
  %26 = add nuw nsw i32 %23, %25
  %27 = mul nuw nsw i32 %26, 3
  %28 = icmp slt i32 %0, 32768
  %29 = zext i1 %28 to i32
  %30 = add nuw nsw i32 %27, %29
  %31 = mul nuw nsw i32 %30, 3
  %32 = icmp slt i32 %0, -32768
  %33 = zext i1 %32 to i32
  %34 = add nuw nsw i32 %31, %33
  %35 = mul nuw nsw i32 %34, 3
  %36 = icmp sgt i32 %0, -32769
  %37 = zext i1 %36 to i32
  %38 = add nuw nsw i32 %35, %37
  %39 = mul nuw nsw i32 %38, 3
  %40 = icmp eq i32 %0, 7
  %41 = zext i1 %40 to i32
  %42 = icmp eq i32 %0, 32768
  %43 = select i1 %42, i32 0, i32 2
  %44 = or i32 %43, %41
  %45 = add i32 %44, %39
  %46 = shl nuw nsw i32 %45, 5
  %47 = xor i32 %46, %45
  %48 = mul nsw i32 %47, 3
  %49 = icmp ult i32 %0, 100
  %50 = zext i1 %49 to i32
  %51 = add nsw i32 %48, %50
  %52 = mul nsw i32 %51, 3
  %53 = icmp ult i32 %0, 32768
  %54 = zext i1 %53 to i32
  %55 = add nsw i32 %52, %54
  %56 = mul nsw i32 %55, 3
  %57 = icmp ugt i32 %0, 32766
  %58 = zext i1 %57 to i32
  %59 = add nsw i32 %56, %58
  %60 = mul nsw i32 %59, 3
  %61 = icmp ugt i32 %0, 39999
  %62 = zext i1 %61 to i32
  %63 = add nsw i32 %60, %62
  %64 = mul nsw i32 %63, 3
  %65 = icmp eq i32 %0, -1
  %66 = zext i1 %65 to i32
  %67 = add nsw i32 %64, %66
  %68 = mul nsw i32 %67, 3
  %69 = icmp eq i32 %0, 2147483647
  %70 = zext i1 %69 to i32
  %71 = add nsw i32 %68, %70
  %72 = mul nsw i32 %71, 3
  %73 = icmp eq i32 %0, -2147483648
  %74 = zext i1 %73 to i32
  %75 = add nsw i32 %72, %74
  %76 = mul nsw i32 %75, 3
  %77 = icmp eq i32 %0, 0
  %78 = zext i1 %77 to i32
  %79 = select i1 %77, i32 0, i32 2
  %80 = icmp eq i32 %0, 100000
  %81 = select i1 %80, i32 5, i32 0
  %82 = or i32 %79, %78
  %83 = add nuw nsw i32 %82, %81
  %84 = add i32 %83, %76
  ret i32 %84
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i32 @g(i32 noundef signext %0) local_unnamed_addr #0 {
  %2 = icmp slt i32 %0, 10
  %3 = zext i1 %2 to i32
  %4 = icmp slt i32 %0, -32767
  %5 = or i32 %3, 2
  %6 = select i1 %4, i32 %5, i32 %3
  %7 = icmp sgt i32 %0, 32767
  %8 = or i32 %6, 4
  %9 = select i1 %7, i32 %8, i32 %6
  %10 = icmp sgt i32 %0, 1
  %11 = or i32 %9, 8
  %12 = select i1 %10, i32 %11, i32 %9
  %13 = icmp ult i32 %0, 5
  %14 = add nsw i32 %12, 16
  %15 = select i1 %13, i32 %14, i32 %12
  %16 = icmp ugt i32 %0, 32767
  %17 = add nsw i32 %15, 32
  %18 = select i1 %16, i32 %17, i32 %15
  %19 = icmp ult i32 %0, 65536
  %20 = add nsw i32 %18, 64
  %21 = select i1 %19, i32 %20, i32 %18
  %22 = icmp eq i32 %0, 65536
  %23 = add nsw i32 %21, 128
  %24 = select i1 %22, i32 %23, i32 %21
  %25 = icmp eq i32 %0, -1
  %26 = add nsw i32 %24, 256
  %27 = select i1 %25, i32 %24, i32 %26
  %28 = icmp eq i32 %0, 2147483647
  %29 = add nsw i32 %27, 512
  %30 = select i1 %28, i32 %29, i32 %27
  ret i32 %30
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i32 @h(i32 noundef signext %0, i32 noundef signext %1) local_unnamed_addr #0 {
  %3 = icmp slt i32 %0, 5
  %4 = select i1 %3, i32 %0, i32 %1
  %5 = icmp eq i32 %0, %1
  %6 = select i1 %5, i32 3, i32 9
  %7 = add nsw i32 %6, %4
  %8 = icmp ugt i32 %0, %1
  %9 = sub nsw i32 0, %1
  %10 = select i1 %8, i32 %0, i32 %9
  %11 = add nsw i32 %7, %10
  ret i32 %11
}

; Function Attrs: nounwind
define dso_local i32 @main() local_unnamed_addr #1 {
  br label %4

1:                                                ; preds = %4
  %2 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.1, i32 0, i32 0), i32 noundef signext %21) #3
  %3 = and i32 %21, 255
  ret i32 %3

4:                                                ; preds = %0, %4
  %5 = phi i32 [ 0, %0 ], [ %21, %4 ]
  %6 = phi i32 [ 0, %0 ], [ %22, %4 ]
  %7 = getelementptr inbounds [21 x i32], [21 x i32]* @vals, i32 0, i32 %6
  %8 = load i32, i32* %7, align 4, !tbaa !4
  %9 = tail call i32 @f(i32 noundef signext %8) #4
  %10 = tail call i32 @g(i32 noundef signext %8) #4
  %11 = trunc i32 %6 to i8
  %12 = add i8 %11, 3
  %13 = urem i8 %12, 21
  %14 = zext i8 %13 to i32
  %15 = getelementptr inbounds [21 x i32], [21 x i32]* @vals, i32 0, i32 %14
  %16 = load i32, i32* %15, align 4, !tbaa !4
  %17 = tail call i32 @h(i32 noundef signext %8, i32 noundef signext %16) #4
  %18 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([13 x i8], [13 x i8]* @.str, i32 0, i32 0), i32 noundef signext %8, i32 noundef signext %9, i32 noundef signext %10, i32 noundef signext %17) #3
  %19 = mul i32 %5, 31
  %20 = add i32 %9, %19
  %21 = add i32 %20, %10
  %22 = add nuw nsw i32 %6, 1
  %23 = icmp eq i32 %22, 21
  br i1 %23, label %1, label %4, !llvm.loop !8
}

declare i32 @printf(i8* noundef, ...) local_unnamed_addr #2

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind readnone willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #1 = { nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #2 = { "frame-pointer"="none" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #3 = { nobuiltin nounwind "no-builtins" }
attributes #4 = { nobuiltin "no-builtins" }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 1}
!2 = !{i32 7, !"PIE Level", i32 1}
!3 = !{!"Debian clang version 14.0.6"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
!8 = distinct !{!8, !9}
!9 = !{!"llvm.loop.mustprogress"}
