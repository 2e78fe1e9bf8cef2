; ModuleID = 'ops.c'
source_filename = "ops.c"
target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

@g = dso_local local_unnamed_addr global i32 5, align 4
@hs = dso_local local_unnamed_addr global [4 x i16] [i16 1, i16 -2, i16 3, i16 -4], align 2
@cs = dso_local local_unnamed_addr global [4 x i8] c"\01\FE\03\FC", align 1
@us = dso_local local_unnamed_addr global [4 x i8] c"\C8\02\03\04", align 1
@.str = private unnamed_addr constant [4 x i8] c"hi\0A\00", align 1
@msg = dso_local local_unnamed_addr global i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i32 0, i32 0), align 4
@fp = dso_local local_unnamed_addr global i32 (i32, i32)* @sel, align 4
@switch.table.sw = private unnamed_addr constant [6 x i32] [i32 3, i32 7, i32 9, i32 11, i32 1, i32 8], align 4

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @arith(i32 noundef signext %a, i32 noundef signext %b) local_unnamed_addr #0 {
entry:
  %add = add nsw i32 %b, %a
  %sub = sub nsw i32 %a, %b
  %mul = mul nsw i32 %add, %sub
  %or = or i32 %b, 1
  %div = sdiv i32 %mul, %or
  %rem = srem i32 %a, %or
  %and = and i32 %b, %a
  %xor = xor i32 %b, %a
  %and5 = and i32 %b, 31
  %shl = shl i32 %a, %and5
  %shr = ashr i32 %a, 3
  %and8 = and i32 %b, 7
  %shr9 = lshr i32 %a, %and8
  %add2 = sub i32 -70001, %a
  %add3 = add i32 %add2, %shr
  %add4 = add i32 %add3, %and
  %add6 = add i32 %add4, %xor
  %add7 = add i32 %add6, %shl
  %add10 = add i32 %add7, %shr9
  %sub11 = add i32 %add10, %div
  %add12 = add i32 %sub11, %rem
  ret i32 %add12
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @uarith(i32 noundef signext %a, i32 noundef signext %b) local_unnamed_addr #0 {
entry:
  %or = or i32 %b, 1
  %div = udiv i32 %a, %or
  %0 = mul i32 %div, %or
  %rem.decomposed = sub i32 %a, %0
  %mul = mul i32 %b, %a
  %add = add i32 %div, %mul
  %add2 = add i32 %add, %rem.decomposed
  ret i32 %add2
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @cmps(i32 noundef signext %a, i32 noundef signext %b, i32 noundef signext %c, i32 noundef signext %d) local_unnamed_addr #0 {
entry:
  %cmp = icmp slt i32 %a, %b
  %conv = zext i1 %cmp to i32
  %cmp1.not = icmp sgt i32 %a, %b
  %mul = select i1 %cmp1.not, i32 0, i32 2
  %mul5 = select i1 %cmp1.not, i32 4, i32 0
  %mul9 = select i1 %cmp, i32 0, i32 8
  %cmp11 = icmp eq i32 %a, %b
  %mul13 = select i1 %cmp11, i32 16, i32 0
  %mul17 = select i1 %cmp11, i32 0, i32 32
  %cmp19 = icmp ult i32 %c, %d
  %mul21 = select i1 %cmp19, i32 64, i32 0
  %cmp23.not = icmp ugt i32 %c, %d
  %mul25 = select i1 %cmp23.not, i32 0, i32 128
  %mul29 = select i1 %cmp23.not, i32 256, i32 0
  %mul33 = select i1 %cmp19, i32 0, i32 512
  %cmp35 = icmp slt i32 %a, 10
  %conv36 = zext i1 %cmp35 to i32
  %cmp38 = icmp ult i32 %c, 100
  %conv39 = zext i1 %cmp38 to i32
  %cmp41 = icmp eq i32 %a, 7
  %conv42 = zext i1 %cmp41 to i32
  %add22 = add nuw nsw i32 %conv42, %conv36
  %add26 = add nuw nsw i32 %add22, %conv
  %add30 = add nuw nsw i32 %add26, %mul
  %add34 = add nuw nsw i32 %add30, %mul5
  %add37 = add nuw nsw i32 %add34, %mul9
  %add = add nuw nsw i32 %add37, %mul13
  %add6 = add i32 %add, %mul17
  %add40 = add i32 %add6, %conv39
  %add18 = add i32 %add40, %mul21
  %add14 = add i32 %add18, %mul25
  %add10 = add i32 %add14, %mul29
  %add43 = add i32 %add10, %mul33
  ret i32 %add43
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @sel(i32 noundef signext %a, i32 noundef signext %b) #0 {
entry:
  %cmp = icmp slt i32 %a, %b
  %cond = select i1 %cmp, i32 %a, i32 %b
  ret i32 %cond
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @sel2(i32 noundef signext %a, i32 noundef signext %b, i32 noundef signext %c) local_unnamed_addr #0 {
entry:
  %cmp = icmp eq i32 %a, %b
  %cond = select i1 %cmp, i32 %c, i32 %a
  ret i32 %cond
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @usel(i32 noundef signext %a, i32 noundef signext %b) local_unnamed_addr #0 {
entry:
  %cmp = icmp ugt i32 %a, %b
  %sub = sub i32 %a, %b
  %sub1 = sub i32 %b, %a
  %cond = select i1 %cmp, i32 %sub, i32 %sub1
  ret i32 %cond
}

; Function Attrs: nofree norecurse nosync nounwind readnone
define dso_local i32 @loop(i32 noundef signext %n) local_unnamed_addr #1 {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i32 [ 0, %entry ], [ %s.1, %for.body ]
  ret i32 %s.0.lcssa

for.body:                                         ; preds = %entry, %for.body
  %i.011 = phi i32 [ %inc, %for.body ], [ 0, %entry ]
  %s.010 = phi i32 [ %s.1, %for.body ], [ 0, %entry ]
  %and = and i32 %i.011, 1
  %tobool.not = icmp eq i32 %and, 0
  %0 = sub nsw i32 0, %i.011
  %s.1.p = select i1 %tobool.not, i32 %0, i32 %i.011
  %s.1 = add i32 %s.1.p, %s.010
  %inc = add nuw nsw i32 %i.011, 1
  %exitcond.not = icmp eq i32 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !4
}

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: argmemonly mustprogress nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @sw(i32 noundef signext %x) local_unnamed_addr #0 {
entry:
  %0 = icmp ult i32 %x, 6
  br i1 %0, label %switch.lookup, label %return

switch.lookup:                                    ; preds = %entry
  %switch.gep = getelementptr inbounds [6 x i32], [6 x i32]* @switch.table.sw, i32 0, i32 %x
  %switch.load = load i32, i32* %switch.gep, align 4
  br label %return

return:                                           ; preds = %entry, %switch.lookup
  %retval.0 = phi i32 [ %switch.load, %switch.lookup ], [ 0, %entry ]
  ret i32 %retval.0
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i64 @wide(i64 noundef signext %a, i32 noundef signext %b, i64 noundef signext %c) local_unnamed_addr #0 {
entry:
  %conv = sext i32 %b to i64
  %shr = ashr i64 %a, 7
  %div = sdiv i64 %a, %c
  %reass.add = add i64 %a, 8
  %reass.mul = mul i64 %reass.add, %c
  %sub = sub nsw i64 %conv, %shr
  %add1 = add i64 %sub, %reass.mul
  %add2 = add i64 %add1, %div
  ret i64 %add2
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i64 @uwide(i64 noundef zeroext %a, i64 noundef zeroext %b) local_unnamed_addr #0 {
entry:
  %div = udiv i64 %a, %b
  %0 = mul i64 %div, %b
  %rem.decomposed = sub i64 %a, %0
  %add = add i64 %rem.decomposed, %div
  ret i64 %add
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @many(i32 noundef signext %a, i32 noundef signext %b, i32 noundef signext %c, i32 noundef signext %d, i32 noundef signext %e, i64 noundef signext %f) local_unnamed_addr #0 {
entry:
  %add = add nsw i32 %b, %a
  %add1 = add nsw i32 %add, %c
  %add2 = add nsw i32 %add1, %d
  %add3 = add nsw i32 %add2, %e
  %conv = trunc i64 %f to i32
  %add4 = add nsw i32 %add3, %conv
  ret i32 %add4
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @callmany() local_unnamed_addr #0 {
entry:
  ret i32 50
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @byval(i32 inreg %s.coerce0, i32 inreg %s.coerce1, i32 inreg %s.coerce2) local_unnamed_addr #0 {
entry:
  %add = add nsw i32 %s.coerce1, %s.coerce0
  %conv = ashr i32 %s.coerce2, 16
  %add1 = add nsw i32 %add, %conv
  ret i32 %add1
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone willreturn
define dso_local i32 @callbyval() local_unnamed_addr #0 {
entry:
  ret i32 6
}

; Function Attrs: nofree nosync nounwind
define dso_local i32 @va(i32 noundef signext %n, ...) local_unnamed_addr #3 {
entry:
  %ap = alloca i8*, align 4
  %0 = bitcast i8** %ap to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* nonnull %0) #11
  call void @llvm.va_start(i8* nonnull %0)
  %cmp7 = icmp sgt i32 %n, 0
  br i1 %cmp7, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i32 [ 0, %entry ], [ %add, %for.body ]
  call void @llvm.va_end(i8* %0)
  call void @llvm.lifetime.end.p0i8(i64 4, i8* nonnull %0) #11
  ret i32 %s.0.lcssa

for.body:                                         ; preds = %entry, %for.body
  %i.09 = phi i32 [ %inc, %for.body ], [ 0, %entry ]
  %s.08 = phi i32 [ %add, %for.body ], [ 0, %entry ]
  %argp.cur = load i8*, i8** %ap, align 4
  %argp.next = getelementptr inbounds i8, i8* %argp.cur, i32 4
  store i8* %argp.next, i8** %ap, align 4
  %1 = bitcast i8* %argp.cur to i32*
  %2 = load i32, i32* %1, align 4
  %add = add nsw i32 %2, %s.08
  %inc = add nuw nsw i32 %i.09, 1
  %exitcond.not = icmp eq i32 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !7
}

; Function Attrs: mustprogress nofree nosync nounwind willreturn
declare void @llvm.va_start(i8*) #4

; Function Attrs: mustprogress nofree nosync nounwind willreturn
declare void @llvm.va_end(i8*) #4

; Function Attrs: nofree nosync nounwind
define dso_local i32 @callva() local_unnamed_addr #3 {
entry:
  %call = call i32 (i32, ...) @va(i32 noundef signext 3, i32 noundef signext 1, i32 noundef signext 2, i32 noundef signext 3)
  ret i32 %call
}

; Function Attrs: nofree norecurse nosync nounwind readnone
define dso_local i32 @dyn(i32 noundef signext %n) local_unnamed_addr #1 {
entry:
  %vla = alloca i32, i32 %n, align 4
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %sub = add nsw i32 %n, -1
  %arrayidx1 = getelementptr inbounds i32, i32* %vla, i32 %sub
  %0 = load i32, i32* %arrayidx1, align 4, !tbaa !8
  ret i32 %0

for.body:                                         ; preds = %entry, %for.body
  %i.09 = phi i32 [ %inc, %for.body ], [ 0, %entry ]
  %arrayidx = getelementptr inbounds i32, i32* %vla, i32 %i.09
  store i32 %i.09, i32* %arrayidx, align 4, !tbaa !8
  %inc = add nuw nsw i32 %i.09, 1
  %exitcond.not = icmp eq i32 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !12
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readonly willreturn
define dso_local i32 @mem(i32 noundef signext %i) local_unnamed_addr #5 {
entry:
  %and = and i32 %i, 3
  %arrayidx = getelementptr inbounds [4 x i16], [4 x i16]* @hs, i32 0, i32 %and
  %0 = load i16, i16* %arrayidx, align 2, !tbaa !13
  %conv = sext i16 %0 to i32
  %arrayidx2 = getelementptr inbounds [4 x i8], [4 x i8]* @cs, i32 0, i32 %and
  %1 = load i8, i8* %arrayidx2, align 1, !tbaa !15
  %conv3 = sext i8 %1 to i32
  %add = add nsw i32 %conv3, %conv
  %arrayidx5 = getelementptr inbounds [4 x i8], [4 x i8]* @us, i32 0, i32 %and
  %2 = load i8, i8* %arrayidx5, align 1, !tbaa !15
  %conv6 = zext i8 %2 to i32
  %add7 = add nsw i32 %add, %conv6
  %3 = load i32, i32* @g, align 4, !tbaa !8
  %add8 = add nsw i32 %add7, %3
  %4 = load i8*, i8** @msg, align 4, !tbaa !16
  %and9 = and i32 %i, 1
  %arrayidx10 = getelementptr inbounds i8, i8* %4, i32 %and9
  %5 = load i8, i8* %arrayidx10, align 1, !tbaa !15
  %conv11 = sext i8 %5 to i32
  %add12 = add nsw i32 %add8, %conv11
  ret i32 %add12
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn writeonly
define dso_local void @store(i32 noundef signext %i, i32 noundef signext %v) local_unnamed_addr #6 {
entry:
  %conv = trunc i32 %v to i16
  %and = and i32 %i, 3
  %arrayidx = getelementptr inbounds [4 x i16], [4 x i16]* @hs, i32 0, i32 %and
  store i16 %conv, i16* %arrayidx, align 2, !tbaa !13
  %conv1 = trunc i32 %v to i8
  %arrayidx3 = getelementptr inbounds [4 x i8], [4 x i8]* @cs, i32 0, i32 %and
  store i8 %conv1, i8* %arrayidx3, align 1, !tbaa !15
  %arrayidx6 = getelementptr inbounds [4 x i8], [4 x i8]* @us, i32 0, i32 %and
  store i8 %conv1, i8* %arrayidx6, align 1, !tbaa !15
  store i32 %v, i32* @g, align 4, !tbaa !8
  ret void
}

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
define dso_local i32 @clz(i32 noundef signext %x) local_unnamed_addr #7 {
entry:
  %or = or i32 %x, 1
  %0 = call i32 @llvm.ctlz.i32(i32 %or, i1 true), !range !18
  ret i32 %0
}

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #8

; Function Attrs: nounwind
define dso_local i32 @indirect(i32 noundef signext %a) local_unnamed_addr #9 {
entry:
  %0 = load i32 (i32, i32)*, i32 (i32, i32)** @fp, align 4, !tbaa !16
  %call = call i32 %0(i32 noundef signext %a, i32 noundef signext 3) #11
  ret i32 %call
}

; Function Attrs: mustprogress nofree nosync nounwind readnone willreturn
define dso_local i32 @rot(i32 noundef signext %x, i32 noundef signext %n) local_unnamed_addr #7 {
entry:
  %or = call i32 @llvm.fshl.i32(i32 %x, i32 %x, i32 %n)
  ret i32 %or
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.fshl.i32(i32, i32, i32) #10

attributes #0 = { mustprogress nofree norecurse nosync nounwind readnone willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #1 = { nofree norecurse nosync nounwind readnone "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #2 = { argmemonly mustprogress nofree nosync nounwind willreturn }
attributes #3 = { nofree nosync nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #4 = { mustprogress nofree nosync nounwind willreturn }
attributes #5 = { mustprogress nofree norecurse nosync nounwind readonly willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #6 = { mustprogress nofree norecurse nosync nounwind willreturn writeonly "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #7 = { mustprogress nofree nosync nounwind readnone willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #8 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #9 = { nounwind "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #10 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #11 = { nounwind }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 1}
!2 = !{i32 7, !"PIE Level", i32 1}
!3 = !{!"Debian clang version 14.0.6"}
!4 = distinct !{!4, !5, !6}
!5 = !{!"llvm.loop.mustprogress"}
!6 = !{!"llvm.loop.unroll.disable"}
!7 = distinct !{!7, !5, !6}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C/C++ TBAA"}
!12 = distinct !{!12, !5, !6}
!13 = !{!14, !14, i64 0}
!14 = !{!"short", !10, i64 0}
!15 = !{!10, !10, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"any pointer", !10, i64 0}
!18 = !{i32 0, i32 32}
