; ModuleID = 'edge.c'
source_filename = "edge.c"
target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

@sc.0 = internal unnamed_addr global i8 -1, align 4
@sc.1 = internal unnamed_addr global i8 -128, align 4
@sc.2 = internal unnamed_addr global i8 127, align 4
@sc.3 = internal unnamed_addr global i8 5, align 4
@sc.4 = internal unnamed_addr global i8 -7, align 4
@sc.5 = internal unnamed_addr global i8 0, align 4
@sc.6 = internal unnamed_addr global i8 1, align 4
@sc.7 = internal unnamed_addr global i8 -2, align 4
@us.0 = internal unnamed_addr global i16 -1, align 4
@us.1 = internal unnamed_addr global i16 1, align 4
@us.2 = internal unnamed_addr global i16 -32768, align 4
@us.3 = internal unnamed_addr global i16 -25536, align 4
@us.4 = internal unnamed_addr global i16 7, align 4
@us.5 = internal unnamed_addr global i16 0, align 4
@us.6 = internal unnamed_addr global i16 2, align 4
@us.7 = internal unnamed_addr global i16 3, align 4
@ss.0 = internal unnamed_addr global i16 -1, align 4
@ss.1 = internal unnamed_addr global i16 -32768, align 4
@ss.2 = internal unnamed_addr global i16 32767, align 4
@ss.3 = internal unnamed_addr global i16 5, align 4
@ss.4 = internal unnamed_addr global i16 -7, align 4
@ss.5 = internal unnamed_addr global i16 0, align 4
@ss.6 = internal unnamed_addr global i16 1, align 4
@ss.7 = internal unnamed_addr global i16 -2, align 4
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
@.str.1 = private unnamed_addr constant [7 x i8] c"%d %d\0A\00", align 1
@.str.2 = private unnamed_addr constant [16 x i8] c"%lld %llu %lld\0A\00", align 1
@.str.3 = private unnamed_addr constant [16 x i8] c"%d %d %d %u %u\0A\00", align 1
@.str.4 = private unnamed_addr constant [4 x i8] c"%u \00", align 1
@.str.5 = private unnamed_addr constant [7 x i8] c"\0A%lld\0A\00", align 1
@.str.6 = private unnamed_addr constant [13 x i8] c"%d %d %d %d\0A\00", align 1

; Function Attrs: nofree noinline nounwind
define dso_local i32 @big(i32 noundef signext %0) local_unnamed_addr #0 {
  %2 = alloca [20000 x i32], align 4
  %3 = bitcast [20000 x i32]* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 80000, i8* nonnull %3) #9
  %4 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 0
  store volatile i32 0, i32* %4, align 4, !tbaa !4
  %5 = mul nsw i32 %0, 997
  %6 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 997
  store volatile i32 %5, i32* %6, align 4, !tbaa !4
  %7 = mul nsw i32 %0, 1994
  %8 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 1994
  store volatile i32 %7, i32* %8, align 4, !tbaa !4
  %9 = mul nsw i32 %0, 2991
  %10 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 2991
  store volatile i32 %9, i32* %10, align 4, !tbaa !4
  %11 = mul nsw i32 %0, 3988
  %12 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 3988
  store volatile i32 %11, i32* %12, align 4, !tbaa !4
  %13 = mul nsw i32 %0, 4985
  %14 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 4985
  store volatile i32 %13, i32* %14, align 4, !tbaa !4
  %15 = mul nsw i32 %0, 5982
  %16 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 5982
  store volatile i32 %15, i32* %16, align 4, !tbaa !4
  %17 = mul nsw i32 %0, 6979
  %18 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 6979
  store volatile i32 %17, i32* %18, align 4, !tbaa !4
  %19 = mul nsw i32 %0, 7976
  %20 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 7976
  store volatile i32 %19, i32* %20, align 4, !tbaa !4
  %21 = mul nsw i32 %0, 8973
  %22 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 8973
  store volatile i32 %21, i32* %22, align 4, !tbaa !4
  %23 = mul nsw i32 %0, 9970
  %24 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 9970
  store volatile i32 %23, i32* %24, align 4, !tbaa !4
  %25 = mul nsw i32 %0, 10967
  %26 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 10967
  store volatile i32 %25, i32* %26, align 4, !tbaa !4
  %27 = mul nsw i32 %0, 11964
  %28 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 11964
  store volatile i32 %27, i32* %28, align 4, !tbaa !4
  %29 = mul nsw i32 %0, 12961
  %30 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 12961
  store volatile i32 %29, i32* %30, align 4, !tbaa !4
  %31 = mul nsw i32 %0, 13958
  %32 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 13958
  store volatile i32 %31, i32* %32, align 4, !tbaa !4
  %33 = mul nsw i32 %0, 14955
  %34 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 14955
  store volatile i32 %33, i32* %34, align 4, !tbaa !4
  %35 = mul nsw i32 %0, 15952
  %36 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 15952
  store volatile i32 %35, i32* %36, align 4, !tbaa !4
  %37 = mul nsw i32 %0, 16949
  %38 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 16949
  store volatile i32 %37, i32* %38, align 4, !tbaa !4
  %39 = mul nsw i32 %0, 17946
  %40 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 17946
  store volatile i32 %39, i32* %40, align 4, !tbaa !4
  %41 = mul nsw i32 %0, 18943
  %42 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 18943
  store volatile i32 %41, i32* %42, align 4, !tbaa !4
  %43 = mul nsw i32 %0, 19940
  %44 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 19940
  store volatile i32 %43, i32* %44, align 4, !tbaa !4
  %45 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 19999
  store volatile i32 %0, i32* %45, align 4, !tbaa !4
  %46 = load volatile i32, i32* %45, align 4, !tbaa !4
  %47 = load volatile i32, i32* %10, align 4, !tbaa !4
  %48 = add nsw i32 %47, %46
  %49 = urem i32 %0, 20
  %50 = mul nuw nsw i32 %49, 997
  %51 = getelementptr inbounds [20000 x i32], [20000 x i32]* %2, i32 0, i32 %50
  %52 = load volatile i32, i32* %51, align 4, !tbaa !4
  %53 = add nsw i32 %48, %52
  call void @llvm.lifetime.end.p0i8(i64 80000, i8* nonnull %3) #9
  ret i32 %53
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i64 @mulh(i64 noundef signext %0, i64 noundef signext %1) local_unnamed_addr #2 {
  %3 = ashr i64 %0, 3
  %4 = add i64 %0, -32
  %5 = mul i64 %4, %1
  %6 = add i64 %5, %3
  ret i64 %6
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i64 @umulh(i32 noundef signext %0, i32 noundef signext %1) local_unnamed_addr #2 {
  %3 = zext i32 %0 to i64
  %4 = zext i32 %1 to i64
  %5 = mul nuw i64 %4, %3
  ret i64 %5
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i64 @smul(i32 noundef signext %0, i32 noundef signext %1) local_unnamed_addr #2 {
  %3 = sext i32 %0 to i64
  %4 = sext i32 %1 to i64
  %5 = mul nsw i64 %4, %3
  ret i64 %5
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i32 @divs(i32 noundef signext %0, i32 noundef signext %1) local_unnamed_addr #2 {
  %3 = sdiv i32 %0, %1
  %4 = mul nsw i32 %3, 1000
  %5 = mul i32 %3, %1
  %6 = sub i32 %0, %5
  %7 = add nsw i32 %4, %6
  ret i32 %7
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i32 @divu(i32 noundef signext %0, i32 noundef signext %1) local_unnamed_addr #2 {
  %3 = udiv i32 %0, %1
  %4 = mul i32 %3, 1000
  %5 = mul i32 %3, %1
  %6 = sub i32 %0, %5
  %7 = add i32 %4, %6
  ret i32 %7
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind readnone willreturn
define dso_local i32 @rotl(i32 noundef signext %0, i32 noundef signext %1) local_unnamed_addr #2 {
  %3 = shl i32 %0, %1
  %4 = sub i32 0, %1
  %5 = and i32 %4, 31
  %6 = lshr i32 %0, %5
  %7 = or i32 %6, %3
  ret i32 %7
}

; Function Attrs: nofree noinline nosync nounwind
define dso_local i64 @vsum(i32 noundef signext %0, ...) local_unnamed_addr #3 {
  %2 = alloca i8*, align 4
  %3 = bitcast i8** %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %3) #9
  call void @llvm.va_start(i8* nonnull %3)
  %4 = icmp sgt i32 %0, 0
  br i1 %4, label %7, label %5

5:                                                ; preds = %26, %1
  %6 = phi i64 [ 0, %1 ], [ %28, %26 ]
  call void @llvm.va_end(i8* nonnull %3)
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %3) #9
  ret i64 %6

7:                                                ; preds = %1, %26
  %8 = phi i32 [ %29, %26 ], [ 0, %1 ]
  %9 = phi i64 [ %28, %26 ], [ 0, %1 ]
  %10 = and i32 %8, 1
  %11 = icmp eq i32 %10, 0
  %12 = load i8*, i8** %2, align 4
  br i1 %11, label %21, label %13

13:                                               ; preds = %7
  %14 = ptrtoint i8* %12 to i32
  %15 = add i32 %14, 7
  %16 = and i32 %15, -8
  %17 = inttoptr i32 %16 to i8*
  %18 = getelementptr inbounds i8, i8* %17, i32 8
  store i8* %18, i8** %2, align 4
  %19 = inttoptr i32 %16 to i64*
  %20 = load i64, i64* %19, align 8
  br label %26

21:                                               ; preds = %7
  %22 = getelementptr inbounds i8, i8* %12, i32 4
  store i8* %22, i8** %2, align 4
  %23 = bitcast i8* %12 to i32*
  %24 = load i32, i32* %23, align 4
  %25 = sext i32 %24 to i64
  br label %26

26:                                               ; preds = %13, %21
  %27 = phi i64 [ %20, %13 ], [ %25, %21 ]
  %28 = add nsw i64 %27, %9
  %29 = add nuw nsw i32 %8, 1
  %30 = icmp eq i32 %29, %0
  br i1 %30, label %5, label %7, !llvm.loop !8
}

; Function Attrs: mustprogress nofree nosync nounwind willreturn
declare void @llvm.va_start(i8*) #4

; Function Attrs: mustprogress nofree nosync nounwind willreturn
declare void @llvm.va_end(i8*) #4

; Function Attrs: mustprogress nofree noinline nosync nounwind readnone willreturn
define dso_local i32 @clz(i32 noundef signext %0) local_unnamed_addr #5 {
  %2 = tail call i32 @llvm.ctlz.i32(i32 %0, i1 false), !range !10
  ret i32 %2
}

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #6

; Function Attrs: mustprogress nofree noinline nosync nounwind readnone willreturn
define dso_local i32 @clo(i32 noundef signext %0) local_unnamed_addr #5 {
  %2 = xor i32 %0, -1
  %3 = icmp eq i32 %0, -1
  %4 = tail call i32 @llvm.ctlz.i32(i32 %2, i1 false), !range !10
  %5 = select i1 %3, i32 32, i32 %4
  ret i32 %5
}

; Function Attrs: nounwind
define dso_local i32 @main() local_unnamed_addr #7 {
  %1 = load i8, i8* @sc.0, align 4, !tbaa !11
  %2 = sext i8 %1 to i32
  %3 = load i16, i16* @us.0, align 4, !tbaa !12
  %4 = zext i16 %3 to i32
  %5 = mul nuw nsw i32 %4, 3
  %6 = add nsw i32 %5, %2
  %7 = load i16, i16* @ss.0, align 4, !tbaa !12
  %8 = sext i16 %7 to i32
  %9 = mul nsw i32 %8, 5
  %10 = add nsw i32 %6, %9
  %11 = add i8 %1, 3
  store i8 %11, i8* @sc.0, align 4, !tbaa !11
  %12 = add i16 %3, -9
  store i16 %12, i16* @us.0, align 4, !tbaa !12
  %13 = xor i16 %7, 4660
  store i16 %13, i16* @ss.0, align 4, !tbaa !12
  %14 = mul nsw i32 %10, 7
  %15 = load i8, i8* @sc.1, align 4, !tbaa !11
  %16 = sext i8 %15 to i32
  %17 = add nsw i32 %14, %16
  %18 = load i16, i16* @us.1, align 4, !tbaa !12
  %19 = zext i16 %18 to i32
  %20 = mul nuw nsw i32 %19, 3
  %21 = add nsw i32 %17, %20
  %22 = load i16, i16* @ss.1, align 4, !tbaa !12
  %23 = sext i16 %22 to i32
  %24 = mul nsw i32 %23, 5
  %25 = add nsw i32 %21, %24
  %26 = add i8 %15, 3
  store i8 %26, i8* @sc.1, align 4, !tbaa !11
  %27 = add i16 %18, -9
  store i16 %27, i16* @us.1, align 4, !tbaa !12
  %28 = xor i16 %22, 4660
  store i16 %28, i16* @ss.1, align 4, !tbaa !12
  %29 = mul nsw i32 %25, 7
  %30 = load i8, i8* @sc.2, align 4, !tbaa !11
  %31 = sext i8 %30 to i32
  %32 = add nsw i32 %29, %31
  %33 = load i16, i16* @us.2, align 4, !tbaa !12
  %34 = zext i16 %33 to i32
  %35 = mul nuw nsw i32 %34, 3
  %36 = add nsw i32 %32, %35
  %37 = load i16, i16* @ss.2, align 4, !tbaa !12
  %38 = sext i16 %37 to i32
  %39 = mul nsw i32 %38, 5
  %40 = add nsw i32 %36, %39
  %41 = add i8 %30, 3
  store i8 %41, i8* @sc.2, align 4, !tbaa !11
  %42 = add i16 %33, -9
  store i16 %42, i16* @us.2, align 4, !tbaa !12
  %43 = xor i16 %37, 4660
  store i16 %43, i16* @ss.2, align 4, !tbaa !12
  %44 = mul nsw i32 %40, 7
  %45 = load i8, i8* @sc.3, align 4, !tbaa !11
  %46 = sext i8 %45 to i32
  %47 = add nsw i32 %44, %46
  %48 = load i16, i16* @us.3, align 4, !tbaa !12
  %49 = zext i16 %48 to i32
  %50 = mul nuw nsw i32 %49, 3
  %51 = add nsw i32 %47, %50
  %52 = load i16, i16* @ss.3, align 4, !tbaa !12
  %53 = sext i16 %52 to i32
  %54 = mul nsw i32 %53, 5
  %55 = add nsw i32 %51, %54
  %56 = add i8 %45, 3
  store i8 %56, i8* @sc.3, align 4, !tbaa !11
  %57 = add i16 %48, -9
  store i16 %57, i16* @us.3, align 4, !tbaa !12
  %58 = xor i16 %52, 4660
  store i16 %58, i16* @ss.3, align 4, !tbaa !12
  %59 = mul nsw i32 %55, 7
  %60 = load i8, i8* @sc.4, align 4, !tbaa !11
  %61 = sext i8 %60 to i32
  %62 = add nsw i32 %59, %61
  %63 = load i16, i16* @us.4, align 4, !tbaa !12
  %64 = zext i16 %63 to i32
  %65 = mul nuw nsw i32 %64, 3
  %66 = add nsw i32 %62, %65
  %67 = load i16, i16* @ss.4, align 4, !tbaa !12
  %68 = sext i16 %67 to i32
  %69 = mul nsw i32 %68, 5
  %70 = add nsw i32 %66, %69
  %71 = add i8 %60, 3
  store i8 %71, i8* @sc.4, align 4, !tbaa !11
  %72 = add i16 %63, -9
  store i16 %72, i16* @us.4, align 4, !tbaa !12
  %73 = xor i16 %67, 4660
  store i16 %73, i16* @ss.4, align 4, !tbaa !12
  %74 = mul nsw i32 %70, 7
  %75 = load i8, i8* @sc.5, align 4, !tbaa !11
  %76 = sext i8 %75 to i32
  %77 = add nsw i32 %74, %76
  %78 = load i16, i16* @us.5, align 4, !tbaa !12
  %79 = zext i16 %78 to i32
  %80 = mul nuw nsw i32 %79, 3
  %81 = add nsw i32 %77, %80
  %82 = load i16, i16* @ss.5, align 4, !tbaa !12
  %83 = sext i16 %82 to i32
  %84 = mul nsw i32 %83, 5
  %85 = add nsw i32 %81, %84
  %86 = add i8 %75, 3
  store i8 %86, i8* @sc.5, align 4, !tbaa !11
  %87 = add i16 %78, -9
  store i16 %87, i16* @us.5, align 4, !tbaa !12
  %88 = xor i16 %82, 4660
  store i16 %88, i16* @ss.5, align 4, !tbaa !12
  %89 = mul nsw i32 %85, 7
  %90 = load i8, i8* @sc.6, align 4, !tbaa !11
  %91 = sext i8 %90 to i32
  %92 = add nsw i32 %89, %91
  %93 = load i16, i16* @us.6, align 4, !tbaa !12
  %94 = zext i16 %93 to i32
  %95 = mul nuw nsw i32 %94, 3
  %96 = add nsw i32 %92, %95
  %97 = load i16, i16* @ss.6, align 4, !tbaa !12
  %98 = sext i16 %97 to i32
  %99 = mul nsw i32 %98, 5
  %100 = add nsw i32 %96, %99
  %101 = add i8 %90, 3
  store i8 %101, i8* @sc.6, align 4, !tbaa !11
  %102 = add i16 %93, -9
  store i16 %102, i16* @us.6, align 4, !tbaa !12
  %103 = xor i16 %97, 4660
  store i16 %103, i16* @ss.6, align 4, !tbaa !12
  %104 = mul nsw i32 %100, 7
  %105 = load i8, i8* @sc.7, align 4, !tbaa !11
  %106 = sext i8 %105 to i32
  %107 = add nsw i32 %104, %106
  %108 = load i16, i16* @us.7, align 4, !tbaa !12
  %109 = zext i16 %108 to i32
  %110 = mul nuw nsw i32 %109, 3
  %111 = add nsw i32 %107, %110
  %112 = load i16, i16* @ss.7, align 4, !tbaa !12
  %113 = sext i16 %112 to i32
  %114 = mul nsw i32 %113, 5
  %115 = add nsw i32 %111, %114
  %116 = add i8 %105, 3
  store i8 %116, i8* @sc.7, align 4, !tbaa !11
  %117 = add i16 %108, -9
  store i16 %117, i16* @us.7, align 4, !tbaa !12
  %118 = xor i16 %112, 4660
  store i16 %118, i16* @ss.7, align 4, !tbaa !12
  %119 = mul nsw i32 %115, 5
  %120 = load i8, i8* @sc.0, align 4, !tbaa !11
  %121 = sext i8 %120 to i32
  %122 = add nsw i32 %119, %121
  %123 = load i16, i16* @us.0, align 4, !tbaa !12
  %124 = zext i16 %123 to i32
  %125 = add nsw i32 %122, %124
  %126 = load i16, i16* @ss.0, align 4, !tbaa !12
  %127 = sext i16 %126 to i32
  %128 = add nsw i32 %125, %127
  %129 = mul nsw i32 %128, 5
  %130 = load i8, i8* @sc.1, align 4, !tbaa !11
  %131 = sext i8 %130 to i32
  %132 = add nsw i32 %129, %131
  %133 = load i16, i16* @us.1, align 4, !tbaa !12
  %134 = zext i16 %133 to i32
  %135 = add nsw i32 %132, %134
  %136 = load i16, i16* @ss.1, align 4, !tbaa !12
  %137 = sext i16 %136 to i32
  %138 = add nsw i32 %135, %137
  %139 = mul nsw i32 %138, 5
  %140 = load i8, i8* @sc.2, align 4, !tbaa !11
  %141 = sext i8 %140 to i32
  %142 = add nsw i32 %139, %141
  %143 = load i16, i16* @us.2, align 4, !tbaa !12
  %144 = zext i16 %143 to i32
  %145 = add nsw i32 %142, %144
  %146 = load i16, i16* @ss.2, align 4, !tbaa !12
  %147 = sext i16 %146 to i32
  %148 = add nsw i32 %145, %147
  %149 = mul nsw i32 %148, 5
  %150 = load i8, i8* @sc.3, align 4, !tbaa !11
  %151 = sext i8 %150 to i32
  %152 = add nsw i32 %149, %151
  %153 = load i16, i16* @us.3, align 4, !tbaa !12
  %154 = zext i16 %153 to i32
  %155 = add nsw i32 %152, %154
  %156 = load i16, i16* @ss.3, align 4, !tbaa !12
  %157 = sext i16 %156 to i32
  %158 = add nsw i32 %155, %157
  %159 = mul nsw i32 %158, 5
  %160 = load i8, i8* @sc.4, align 4, !tbaa !11
  %161 = sext i8 %160 to i32
  %162 = add nsw i32 %159, %161
  %163 = load i16, i16* @us.4, align 4, !tbaa !12
  %164 = zext i16 %163 to i32
  %165 = add nsw i32 %162, %164
  %166 = load i16, i16* @ss.4, align 4, !tbaa !12
  %167 = sext i16 %166 to i32
  %168 = add nsw i32 %165, %167
  %169 = mul nsw i32 %168, 5
  %170 = sext i8 %86 to i32
  %171 = add nsw i32 %169, %170
  %172 = zext i16 %87 to i32
  %173 = add nsw i32 %171, %172
  %174 = sext i16 %88 to i32
  %175 = add nsw i32 %173, %174
  %176 = mul nsw i32 %175, 5
  %177 = sext i8 %101 to i32
  %178 = add nsw i32 %176, %177
  %179 = zext i16 %102 to i32
  %180 = add nsw i32 %178, %179
  %181 = sext i16 %103 to i32
  %182 = add nsw i32 %180, %181
  %183 = mul nsw i32 %182, 5
  %184 = sext i8 %116 to i32
  %185 = add nsw i32 %183, %184
  %186 = zext i16 %117 to i32
  %187 = add nsw i32 %185, %186
  %188 = sext i16 %118 to i32
  %189 = add nsw i32 %187, %188
  %190 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i32 0, i32 0), i32 noundef signext %189) #10
  %191 = tail call i32 @big(i32 noundef signext 3) #11
  %192 = tail call i32 @big(i32 noundef signext -5) #11
  %193 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([7 x i8], [7 x i8]* @.str.1, i32 0, i32 0), i32 noundef signext %191, i32 noundef signext %192) #10
  %194 = tail call i64 @mulh(i64 noundef signext 123456789012, i64 noundef signext -987654321) #11
  %195 = tail call i64 @umulh(i32 noundef signext -1, i32 noundef signext -16) #11
  %196 = tail call i64 @smul(i32 noundef signext -2000000000, i32 noundef signext 2000000000) #11, !range !14
  %197 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([16 x i8], [16 x i8]* @.str.2, i32 0, i32 0), i64 noundef signext %194, i64 noundef zeroext %195, i64 noundef signext %196) #10
  %198 = tail call i32 @divs(i32 noundef signext -7, i32 noundef signext 2) #11
  %199 = tail call i32 @divs(i32 noundef signext 7, i32 noundef signext -2) #11
  %200 = tail call i32 @divs(i32 noundef signext -2147483647, i32 noundef signext 3) #11
  %201 = tail call i32 @divu(i32 noundef signext -294967296, i32 noundef signext 7) #11
  %202 = tail call i32 @divu(i32 noundef signext 5, i32 noundef signext -294967296) #11
  %203 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([16 x i8], [16 x i8]* @.str.3, i32 0, i32 0), i32 noundef signext %198, i32 noundef signext %199, i32 noundef signext %200, i32 noundef signext %201, i32 noundef signext %202) #10
  %204 = tail call i32 @rotl(i32 noundef signext -2147483647, i32 noundef signext 0) #11
  %205 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.4, i32 0, i32 0), i32 noundef signext %204) #10
  %206 = tail call i32 @rotl(i32 noundef signext -2147483647, i32 noundef signext 7) #11
  %207 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.4, i32 0, i32 0), i32 noundef signext %206) #10
  %208 = tail call i32 @rotl(i32 noundef signext -2147483647, i32 noundef signext 14) #11
  %209 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.4, i32 0, i32 0), i32 noundef signext %208) #10
  %210 = tail call i32 @rotl(i32 noundef signext -2147483647, i32 noundef signext 21) #11
  %211 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.4, i32 0, i32 0), i32 noundef signext %210) #10
  %212 = tail call i32 @rotl(i32 noundef signext -2147483647, i32 noundef signext 28) #11
  %213 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([4 x i8], [4 x i8]* @.str.4, i32 0, i32 0), i32 noundef signext %212) #10
  %214 = tail call i64 (i32, ...) @vsum(i32 noundef signext 5, i32 noundef signext 1, i64 noundef signext 2, i32 noundef signext 3, i64 noundef signext -4, i32 noundef signext 5) #11
  %215 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([7 x i8], [7 x i8]* @.str.5, i32 0, i32 0), i64 noundef signext %214) #10
  %216 = tail call i32 @clz(i32 noundef signext 1) #11
  %217 = tail call i32 @clz(i32 noundef signext -2147483648) #11
  %218 = tail call i32 @clo(i32 noundef signext -268435456) #11
  %219 = tail call i32 @clo(i32 noundef signext 0) #11
  %220 = tail call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([13 x i8], [13 x i8]* @.str.6, i32 0, i32 0), i32 noundef signext %216, i32 noundef signext %217, i32 noundef signext %218, i32 noundef signext %219) #10
  %221 = and i32 %189, 127
  ret i32 %221
}

declare i32 @printf(i8* noundef, ...) local_unnamed_addr #8

attributes #0 = { nofree noinline nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #1 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #2 = { mustprogress nofree noinline norecurse nosync nounwind readnone willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #3 = { nofree noinline nosync nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #4 = { mustprogress nofree nosync nounwind willreturn }
attributes #5 = { mustprogress nofree noinline nosync nounwind readnone willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #6 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #7 = { nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #8 = { "frame-pointer"="none" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #9 = { nounwind }
attributes #10 = { nobuiltin nounwind "no-builtins" }
attributes #11 = { nobuiltin "no-builtins" }

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
!10 = !{i32 0, i32 33}
!11 = !{!6, !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"short", !6, i64 0}
!14 = !{i64 -4611686016279904256, i64 4611686018427387905}
