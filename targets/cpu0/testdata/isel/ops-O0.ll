; ModuleID = 'ops.c'
source_filename = "ops.c"
target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

%struct.S = type { i32, i32, i16 }

@g = dso_local global i32 5, align 4
@hs = dso_local global [4 x i16] [i16 1, i16 -2, i16 3, i16 -4], align 2
@cs = dso_local global [4 x i8] c"\01\FE\03\FC", align 1
@us = dso_local global [4 x i8] c"\C8\02\03\04", align 1
@.str = private unnamed_addr constant [4 x i8] c"hi\0A\00", align 1
@msg = dso_local global i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str, i32 0, i32 0), align 4
@__const.callbyval.s = private unnamed_addr constant %struct.S { i32 1, i32 2, i16 3 }, align 4
@fp = dso_local global i32 (i32, i32)* @sel, align 4

; Function Attrs: noinline nounwind optnone
define dso_local i32 @arith(i32 noundef signext %a, i32 noundef signext %b) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  store i32 %a, i32* %a.addr, align 4
  store i32 %b, i32* %b.addr, align 4
  %0 = load i32, i32* %a.addr, align 4
  %1 = load i32, i32* %b.addr, align 4
  %add = add nsw i32 %0, %1
  %2 = load i32, i32* %a.addr, align 4
  %3 = load i32, i32* %b.addr, align 4
  %sub = sub nsw i32 %2, %3
  %mul = mul nsw i32 %add, %sub
  %4 = load i32, i32* %b.addr, align 4
  %or = or i32 %4, 1
  %div = sdiv i32 %mul, %or
  %5 = load i32, i32* %a.addr, align 4
  %6 = load i32, i32* %b.addr, align 4
  %or1 = or i32 %6, 1
  %rem = srem i32 %5, %or1
  %add2 = add nsw i32 %div, %rem
  %7 = load i32, i32* %a.addr, align 4
  %8 = load i32, i32* %b.addr, align 4
  %and = and i32 %7, %8
  %add3 = add nsw i32 %add2, %and
  %9 = load i32, i32* %a.addr, align 4
  %10 = load i32, i32* %b.addr, align 4
  %xor = xor i32 %9, %10
  %add4 = add nsw i32 %add3, %xor
  %11 = load i32, i32* %a.addr, align 4
  %12 = load i32, i32* %b.addr, align 4
  %and5 = and i32 %12, 31
  %shl = shl i32 %11, %and5
  %add6 = add nsw i32 %add4, %shl
  %13 = load i32, i32* %a.addr, align 4
  %shr = ashr i32 %13, 3
  %add7 = add nsw i32 %add6, %shr
  %14 = load i32, i32* %a.addr, align 4
  %15 = load i32, i32* %b.addr, align 4
  %and8 = and i32 %15, 7
  %shr9 = lshr i32 %14, %and8
  %add10 = add i32 %add7, %shr9
  %sub11 = sub i32 %add10, 70000
  %16 = load i32, i32* %a.addr, align 4
  %neg = xor i32 %16, -1
  %add12 = add i32 %sub11, %neg
  ret i32 %add12
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @uarith(i32 noundef signext %a, i32 noundef signext %b) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  store i32 %a, i32* %a.addr, align 4
  store i32 %b, i32* %b.addr, align 4
  %0 = load i32, i32* %a.addr, align 4
  %1 = load i32, i32* %b.addr, align 4
  %or = or i32 %1, 1
  %div = udiv i32 %0, %or
  %2 = load i32, i32* %a.addr, align 4
  %3 = load i32, i32* %b.addr, align 4
  %or1 = or i32 %3, 1
  %rem = urem i32 %2, %or1
  %add = add i32 %div, %rem
  %4 = load i32, i32* %a.addr, align 4
  %5 = load i32, i32* %b.addr, align 4
  %mul = mul i32 %4, %5
  %add2 = add i32 %add, %mul
  ret i32 %add2
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @cmps(i32 noundef signext %a, i32 noundef signext %b, i32 noundef signext %c, i32 noundef signext %d) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  %c.addr = alloca i32, align 4
  %d.addr = alloca i32, align 4
  store i32 %a, i32* %a.addr, align 4
  store i32 %b, i32* %b.addr, align 4
  store i32 %c, i32* %c.addr, align 4
  store i32 %d, i32* %d.addr, align 4
  %0 = load i32, i32* %a.addr, align 4
  %1 = load i32, i32* %b.addr, align 4
  %cmp = icmp slt i32 %0, %1
  %conv = zext i1 %cmp to i32
  %2 = load i32, i32* %a.addr, align 4
  %3 = load i32, i32* %b.addr, align 4
  %cmp1 = icmp sle i32 %2, %3
  %conv2 = zext i1 %cmp1 to i32
  %mul = mul nsw i32 %conv2, 2
  %add = add nsw i32 %conv, %mul
  %4 = load i32, i32* %a.addr, align 4
  %5 = load i32, i32* %b.addr, align 4
  %cmp3 = icmp sgt i32 %4, %5
  %conv4 = zext i1 %cmp3 to i32
  %mul5 = mul nsw i32 %conv4, 4
  %add6 = add nsw i32 %add, %mul5
  %6 = load i32, i32* %a.addr, align 4
  %7 = load i32, i32* %b.addr, align 4
  %cmp7 = icmp sge i32 %6, %7
  %conv8 = zext i1 %cmp7 to i32
  %mul9 = mul nsw i32 %conv8, 8
  %add10 = add nsw i32 %add6, %mul9
  %8 = load i32, i32* %a.addr, align 4
  %9 = load i32, i32* %b.addr, align 4
  %cmp11 = icmp eq i32 %8, %9
  %conv12 = zext i1 %cmp11 to i32
  %mul13 = mul nsw i32 %conv12, 16
  %add14 = add nsw i32 %add10, %mul13
  %10 = load i32, i32* %a.addr, align 4
  %11 = load i32, i32* %b.addr, align 4
  %cmp15 = icmp ne i32 %10, %11
  %conv16 = zext i1 %cmp15 to i32
  %mul17 = mul nsw i32 %conv16, 32
  %add18 = add nsw i32 %add14, %mul17
  %12 = load i32, i32* %c.addr, align 4
  %13 = load i32, i32* %d.addr, align 4
  %cmp19 = icmp ult i32 %12, %13
  %conv20 = zext i1 %cmp19 to i32
  %mul21 = mul nsw i32 %conv20, 64
  %add22 = add nsw i32 %add18, %mul21
  %14 = load i32, i32* %c.addr, align 4
  %15 = load i32, i32* %d.addr, align 4
  %cmp23 = icmp ule i32 %14, %15
  %conv24 = zext i1 %cmp23 to i32
  %mul25 = mul nsw i32 %conv24, 128
  %add26 = add nsw i32 %add22, %mul25
  %16 = load i32, i32* %c.addr, align 4
  %17 = load i32, i32* %d.addr, align 4
  %cmp27 = icmp ugt i32 %16, %17
  %conv28 = zext i1 %cmp27 to i32
  %mul29 = mul nsw i32 %conv28, 256
  %add30 = add nsw i32 %add26, %mul29
  %18 = load i32, i32* %c.addr, align 4
  %19 = load i32, i32* %d.addr, align 4
  %cmp31 = icmp uge i32 %18, %19
  %conv32 = zext i1 %cmp31 to i32
  %mul33 = mul nsw i32 %conv32, 512
  %add34 = add nsw i32 %add30, %mul33
  %20 = load i32, i32* %a.addr, align 4
  %cmp35 = icmp slt i32 %20, 10
  %conv36 = zext i1 %cmp35 to i32
  %add37 = add nsw i32 %add34, %conv36
  %21 = load i32, i32* %c.addr, align 4
  %cmp38 = icmp ult i32 %21, 100
  %conv39 = zext i1 %cmp38 to i32
  %add40 = add nsw i32 %add37, %conv39
  %22 = load i32, i32* %a.addr, align 4
  %cmp41 = icmp eq i32 %22, 7
  %conv42 = zext i1 %cmp41 to i32
  %add43 = add nsw i32 %add40, %conv42
  ret i32 %add43
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @sel(i32 noundef signext %a, i32 noundef signext %b) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  store i32 %a, i32* %a.addr, align 4
  store i32 %b, i32* %b.addr, align 4
  %0 = load i32, i32* %a.addr, align 4
  %1 = load i32, i32* %b.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %cond.true, label %cond.false

cond.true:                                        ; preds = %entry
  %2 = load i32, i32* %a.addr, align 4
  br label %cond.end

cond.false:                                       ; preds = %entry
  %3 = load i32, i32* %b.addr, align 4
  br label %cond.end

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i32 [ %2, %cond.true ], [ %3, %cond.false ]
  ret i32 %cond
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @sel2(i32 noundef signext %a, i32 noundef signext %b, i32 noundef signext %c) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  %c.addr = alloca i32, align 4
  store i32 %a, i32* %a.addr, align 4
  store i32 %b, i32* %b.addr, align 4
  store i32 %c, i32* %c.addr, align 4
  %0 = load i32, i32* %a.addr, align 4
  %1 = load i32, i32* %b.addr, align 4
  %cmp = icmp eq i32 %0, %1
  br i1 %cmp, label %cond.true, label %cond.false

cond.true:                                        ; preds = %entry
  %2 = load i32, i32* %c.addr, align 4
  br label %cond.end

cond.false:                                       ; preds = %entry
  %3 = load i32, i32* %a.addr, align 4
  br label %cond.end

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i32 [ %2, %cond.true ], [ %3, %cond.false ]
  ret i32 %cond
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @usel(i32 noundef signext %a, i32 noundef signext %b) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  store i32 %a, i32* %a.addr, align 4
  store i32 %b, i32* %b.addr, align 4
  %0 = load i32, i32* %a.addr, align 4
  %1 = load i32, i32* %b.addr, align 4
  %cmp = icmp ugt i32 %0, %1
  br i1 %cmp, label %cond.true, label %cond.false

cond.true:                                        ; preds = %entry
  %2 = load i32, i32* %a.addr, align 4
  %3 = load i32, i32* %b.addr, align 4
  %sub = sub i32 %2, %3
  br label %cond.end

cond.false:                                       ; preds = %entry
  %4 = load i32, i32* %b.addr, align 4
  %5 = load i32, i32* %a.addr, align 4
  %sub1 = sub i32 %4, %5
  br label %cond.end

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i32 [ %sub, %cond.true ], [ %sub1, %cond.false ]
  ret i32 %cond
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @loop(i32 noundef signext %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %s = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %n, i32* %n.addr, align 4
  store i32 0, i32* %s, align 4
  store i32 0, i32* %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, i32* %i, align 4
  %1 = load i32, i32* %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, i32* %i, align 4
  %and = and i32 %2, 1
  %tobool = icmp ne i32 %and, 0
  br i1 %tobool, label %if.then, label %if.else

if.then:                                          ; preds = %for.body
  %3 = load i32, i32* %i, align 4
  %4 = load i32, i32* %s, align 4
  %add = add nsw i32 %4, %3
  store i32 %add, i32* %s, align 4
  br label %if.end

if.else:                                          ; preds = %for.body
  %5 = load i32, i32* %i, align 4
  %6 = load i32, i32* %s, align 4
  %sub = sub nsw i32 %6, %5
  store i32 %sub, i32* %s, align 4
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %7 = load i32, i32* %i, align 4
  %inc = add nsw i32 %7, 1
  store i32 %inc, i32* %i, align 4
  br label %for.cond, !llvm.loop !5

for.end:                                          ; preds = %for.cond
  %8 = load i32, i32* %s, align 4
  ret i32 %8
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @sw(i32 noundef signext %x) #0 {
entry:
  %retval = alloca i32, align 4
  %x.addr = alloca i32, align 4
  store i32 %x, i32* %x.addr, align 4
  %0 = load i32, i32* %x.addr, align 4
  switch i32 %0, label %sw.default [
    i32 0, label %sw.bb
    i32 1, label %sw.bb1
    i32 2, label %sw.bb2
    i32 3, label %sw.bb3
    i32 4, label %sw.bb4
    i32 5, label %sw.bb5
  ]

sw.bb:                                            ; preds = %entry
  store i32 3, i32* %retval, align 4
  br label %return

sw.bb1:                                           ; preds = %entry
  store i32 7, i32* %retval, align 4
  br label %return

sw.bb2:                                           ; preds = %entry
  store i32 9, i32* %retval, align 4
  br label %return

sw.bb3:                                           ; preds = %entry
  store i32 11, i32* %retval, align 4
  br label %return

sw.bb4:                                           ; preds = %entry
  store i32 1, i32* %retval, align 4
  br label %return

sw.bb5:                                           ; preds = %entry
  store i32 8, i32* %retval, align 4
  br label %return

sw.default:                                       ; preds = %entry
  store i32 0, i32* %retval, align 4
  br label %return

return:                                           ; preds = %sw.default, %sw.bb5, %sw.bb4, %sw.bb3, %sw.bb2, %sw.bb1, %sw.bb
  %1 = load i32, i32* %retval, align 4
  ret i32 %1
}

; Function Attrs: noinline nounwind optnone
define dso_local i64 @wide(i64 noundef signext %a, i32 noundef signext %b, i64 noundef signext %c) #0 {
entry:
  %a.addr = alloca i64, align 8
  %b.addr = alloca i32, align 4
  %c.addr = alloca i64, align 8
  store i64 %a, i64* %a.addr, align 8
  store i32 %b, i32* %b.addr, align 4
  store i64 %c, i64* %c.addr, align 8
  %0 = load i64, i64* %a.addr, align 8
  %1 = load i64, i64* %c.addr, align 8
  %mul = mul nsw i64 %0, %1
  %2 = load i32, i32* %b.addr, align 4
  %conv = sext i32 %2 to i64
  %add = add nsw i64 %mul, %conv
  %3 = load i64, i64* %a.addr, align 8
  %shr = ashr i64 %3, 7
  %sub = sub nsw i64 %add, %shr
  %4 = load i64, i64* %c.addr, align 8
  %shl = shl i64 %4, 3
  %add1 = add nsw i64 %sub, %shl
  %5 = load i64, i64* %a.addr, align 8
  %6 = load i64, i64* %c.addr, align 8
  %div = sdiv i64 %5, %6
  %add2 = add nsw i64 %add1, %div
  ret i64 %add2
}

; Function Attrs: noinline nounwind optnone
define dso_local i64 @uwide(i64 noundef zeroext %a, i64 noundef zeroext %b) #0 {
entry:
  %a.addr = alloca i64, align 8
  %b.addr = alloca i64, align 8
  store i64 %a, i64* %a.addr, align 8
  store i64 %b, i64* %b.addr, align 8
  %0 = load i64, i64* %a.addr, align 8
  %1 = load i64, i64* %b.addr, align 8
  %div = udiv i64 %0, %1
  %2 = load i64, i64* %a.addr, align 8
  %3 = load i64, i64* %b.addr, align 8
  %rem = urem i64 %2, %3
  %add = add i64 %div, %rem
  ret i64 %add
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @many(i32 noundef signext %a, i32 noundef signext %b, i32 noundef signext %c, i32 noundef signext %d, i32 noundef signext %e, i64 noundef signext %f) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  %c.addr = alloca i32, align 4
  %d.addr = alloca i32, align 4
  %e.addr = alloca i32, align 4
  %f.addr = alloca i64, align 8
  store i32 %a, i32* %a.addr, align 4
  store i32 %b, i32* %b.addr, align 4
  store i32 %c, i32* %c.addr, align 4
  store i32 %d, i32* %d.addr, align 4
  store i32 %e, i32* %e.addr, align 4
  store i64 %f, i64* %f.addr, align 8
  %0 = load i32, i32* %a.addr, align 4
  %1 = load i32, i32* %b.addr, align 4
  %add = add nsw i32 %0, %1
  %2 = load i32, i32* %c.addr, align 4
  %add1 = add nsw i32 %add, %2
  %3 = load i32, i32* %d.addr, align 4
  %add2 = add nsw i32 %add1, %3
  %4 = load i32, i32* %e.addr, align 4
  %add3 = add nsw i32 %add2, %4
  %5 = load i64, i64* %f.addr, align 8
  %conv = trunc i64 %5 to i32
  %add4 = add nsw i32 %add3, %conv
  ret i32 %add4
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @callmany() #0 {
entry:
  %call = call i32 @many(i32 noundef signext 1, i32 noundef signext 2, i32 noundef signext 3, i32 noundef signext 4, i32 noundef signext 5, i64 noundef signext 6)
  %call1 = call i64 @wide(i64 noundef signext 1, i32 noundef signext 2, i64 noundef signext 3)
  %conv = trunc i64 %call1 to i32
  %add = add nsw i32 %call, %conv
  ret i32 %add
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @byval(i32 inreg %s.coerce0, i32 inreg %s.coerce1, i32 inreg %s.coerce2) #0 {
entry:
  %s = alloca %struct.S, align 4
  %0 = bitcast %struct.S* %s to { i32, i32, i32 }*
  %1 = getelementptr inbounds { i32, i32, i32 }, { i32, i32, i32 }* %0, i32 0, i32 0
  store i32 %s.coerce0, i32* %1, align 4
  %2 = getelementptr inbounds { i32, i32, i32 }, { i32, i32, i32 }* %0, i32 0, i32 1
  store i32 %s.coerce1, i32* %2, align 4
  %3 = getelementptr inbounds { i32, i32, i32 }, { i32, i32, i32 }* %0, i32 0, i32 2
  store i32 %s.coerce2, i32* %3, align 4
  %a = getelementptr inbounds %struct.S, %struct.S* %s, i32 0, i32 0
  %4 = load i32, i32* %a, align 4
  %b = getelementptr inbounds %struct.S, %struct.S* %s, i32 0, i32 1
  %5 = load i32, i32* %b, align 4
  %add = add nsw i32 %4, %5
  %c = getelementptr inbounds %struct.S, %struct.S* %s, i32 0, i32 2
  %6 = load i16, i16* %c, align 4
  %conv = sext i16 %6 to i32
  %add1 = add nsw i32 %add, %conv
  ret i32 %add1
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @callbyval() #0 {
entry:
  %s = alloca %struct.S, align 4
  %0 = bitcast %struct.S* %s to i8*
  call void @llvm.memcpy.p0i8.p0i8.i32(i8* align 4 %0, i8* align 4 bitcast (%struct.S* @__const.callbyval.s to i8*), i32 12, i1 false)
  %1 = bitcast %struct.S* %s to { i32, i32, i32 }*
  %2 = getelementptr inbounds { i32, i32, i32 }, { i32, i32, i32 }* %1, i32 0, i32 0
  %3 = load i32, i32* %2, align 4
  %4 = getelementptr inbounds { i32, i32, i32 }, { i32, i32, i32 }* %1, i32 0, i32 1
  %5 = load i32, i32* %4, align 4
  %6 = getelementptr inbounds { i32, i32, i32 }, { i32, i32, i32 }* %1, i32 0, i32 2
  %7 = load i32, i32* %6, align 4
  %call = call i32 @byval(i32 inreg %3, i32 inreg %5, i32 inreg %7)
  ret i32 %call
}

; Function Attrs: argmemonly nofree nounwind willreturn
declare void @llvm.memcpy.p0i8.p0i8.i32(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i32, i1 immarg) #1

; Function Attrs: noinline nounwind optnone
define dso_local i32 @va(i32 noundef signext %n, ...) #0 {
entry:
  %n.addr = alloca i32, align 4
  %ap = alloca i8*, align 4
  %s = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %n, i32* %n.addr, align 4
  %ap1 = bitcast i8** %ap to i8*
  call void @llvm.va_start(i8* %ap1)
  store i32 0, i32* %s, align 4
  store i32 0, i32* %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, i32* %i, align 4
  %1 = load i32, i32* %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %argp.cur = load i8*, i8** %ap, align 4
  %argp.next = getelementptr inbounds i8, i8* %argp.cur, i32 4
  store i8* %argp.next, i8** %ap, align 4
  %2 = bitcast i8* %argp.cur to i32*
  %3 = load i32, i32* %2, align 4
  %4 = load i32, i32* %s, align 4
  %add = add nsw i32 %4, %3
  store i32 %add, i32* %s, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %5 = load i32, i32* %i, align 4
  %inc = add nsw i32 %5, 1
  store i32 %inc, i32* %i, align 4
  br label %for.cond, !llvm.loop !7

for.end:                                          ; preds = %for.cond
  %ap2 = bitcast i8** %ap to i8*
  call void @llvm.va_end(i8* %ap2)
  %6 = load i32, i32* %s, align 4
  ret i32 %6
}

; Function Attrs: nofree nosync nounwind willreturn
declare void @llvm.va_start(i8*) #2

; Function Attrs: nofree nosync nounwind willreturn
declare void @llvm.va_end(i8*) #2

; Function Attrs: noinline nounwind optnone
define dso_local i32 @callva() #0 {
entry:
  %call = call i32 (i32, ...) @va(i32 noundef signext 3, i32 noundef signext 1, i32 noundef signext 2, i32 noundef signext 3)
  ret i32 %call
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @dyn(i32 noundef signext %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %saved_stack = alloca i8*, align 4
  %__vla_expr0 = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %n, i32* %n.addr, align 4
  %0 = load i32, i32* %n.addr, align 4
  %1 = call i8* @llvm.stacksave()
  store i8* %1, i8** %saved_stack, align 4
  %vla = alloca i32, i32 %0, align 4
  store i32 %0, i32* %__vla_expr0, align 4
  store i32 0, i32* %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %2 = load i32, i32* %i, align 4
  %3 = load i32, i32* %n.addr, align 4
  %cmp = icmp slt i32 %2, %3
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %4 = load i32, i32* %i, align 4
  %5 = load i32, i32* %i, align 4
  %arrayidx = getelementptr inbounds i32, i32* %vla, i32 %5
  store i32 %4, i32* %arrayidx, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %6 = load i32, i32* %i, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, i32* %i, align 4
  br label %for.cond, !llvm.loop !8

for.end:                                          ; preds = %for.cond
  %7 = load i32, i32* %n.addr, align 4
  %sub = sub nsw i32 %7, 1
  %arrayidx1 = getelementptr inbounds i32, i32* %vla, i32 %sub
  %8 = load i32, i32* %arrayidx1, align 4
  %9 = load i8*, i8** %saved_stack, align 4
  call void @llvm.stackrestore(i8* %9)
  ret i32 %8
}

; Function Attrs: nofree nosync nounwind willreturn
declare i8* @llvm.stacksave() #2

; Function Attrs: nofree nosync nounwind willreturn
declare void @llvm.stackrestore(i8*) #2

; Function Attrs: noinline nounwind optnone
define dso_local i32 @mem(i32 noundef signext %i) #0 {
entry:
  %i.addr = alloca i32, align 4
  store i32 %i, i32* %i.addr, align 4
  %0 = load i32, i32* %i.addr, align 4
  %and = and i32 %0, 3
  %arrayidx = getelementptr inbounds [4 x i16], [4 x i16]* @hs, i32 0, i32 %and
  %1 = load i16, i16* %arrayidx, align 2
  %conv = sext i16 %1 to i32
  %2 = load i32, i32* %i.addr, align 4
  %and1 = and i32 %2, 3
  %arrayidx2 = getelementptr inbounds [4 x i8], [4 x i8]* @cs, i32 0, i32 %and1
  %3 = load i8, i8* %arrayidx2, align 1
  %conv3 = sext i8 %3 to i32
  %add = add nsw i32 %conv, %conv3
  %4 = load i32, i32* %i.addr, align 4
  %and4 = and i32 %4, 3
  %arrayidx5 = getelementptr inbounds [4 x i8], [4 x i8]* @us, i32 0, i32 %and4
  %5 = load i8, i8* %arrayidx5, align 1
  %conv6 = zext i8 %5 to i32
  %add7 = add nsw i32 %add, %conv6
  %6 = load i32, i32* @g, align 4
  %add8 = add nsw i32 %add7, %6
  %7 = load i8*, i8** @msg, align 4
  %8 = load i32, i32* %i.addr, align 4
  %and9 = and i32 %8, 1
  %arrayidx10 = getelementptr inbounds i8, i8* %7, i32 %and9
  %9 = load i8, i8* %arrayidx10, align 1
  %conv11 = sext i8 %9 to i32
  %add12 = add nsw i32 %add8, %conv11
  ret i32 %add12
}

; Function Attrs: noinline nounwind optnone
define dso_local void @store(i32 noundef signext %i, i32 noundef signext %v) #0 {
entry:
  %i.addr = alloca i32, align 4
  %v.addr = alloca i32, align 4
  store i32 %i, i32* %i.addr, align 4
  store i32 %v, i32* %v.addr, align 4
  %0 = load i32, i32* %v.addr, align 4
  %conv = trunc i32 %0 to i16
  %1 = load i32, i32* %i.addr, align 4
  %and = and i32 %1, 3
  %arrayidx = getelementptr inbounds [4 x i16], [4 x i16]* @hs, i32 0, i32 %and
  store i16 %conv, i16* %arrayidx, align 2
  %2 = load i32, i32* %v.addr, align 4
  %conv1 = trunc i32 %2 to i8
  %3 = load i32, i32* %i.addr, align 4
  %and2 = and i32 %3, 3
  %arrayidx3 = getelementptr inbounds [4 x i8], [4 x i8]* @cs, i32 0, i32 %and2
  store i8 %conv1, i8* %arrayidx3, align 1
  %4 = load i32, i32* %v.addr, align 4
  %conv4 = trunc i32 %4 to i8
  %5 = load i32, i32* %i.addr, align 4
  %and5 = and i32 %5, 3
  %arrayidx6 = getelementptr inbounds [4 x i8], [4 x i8]* @us, i32 0, i32 %and5
  store i8 %conv4, i8* %arrayidx6, align 1
  %6 = load i32, i32* %v.addr, align 4
  store i32 %6, i32* @g, align 4
  ret void
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @clz(i32 noundef signext %x) #0 {
entry:
  %x.addr = alloca i32, align 4
  store i32 %x, i32* %x.addr, align 4
  %0 = load i32, i32* %x.addr, align 4
  %or = or i32 %0, 1
  %1 = call i32 @llvm.ctlz.i32(i32 %or, i1 false)
  ret i32 %1
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #3

; Function Attrs: noinline nounwind optnone
define dso_local i32 @indirect(i32 noundef signext %a) #0 {
entry:
  %a.addr = alloca i32, align 4
  store i32 %a, i32* %a.addr, align 4
  %0 = load i32 (i32, i32)*, i32 (i32, i32)** @fp, align 4
  %1 = load i32, i32* %a.addr, align 4
  %call = call i32 %0(i32 noundef signext %1, i32 noundef signext 3)
  ret i32 %call
}

; Function Attrs: noinline nounwind optnone
define dso_local i32 @rot(i32 noundef signext %x, i32 noundef signext %n) #0 {
entry:
  %x.addr = alloca i32, align 4
  %n.addr = alloca i32, align 4
  store i32 %x, i32* %x.addr, align 4
  store i32 %n, i32* %n.addr, align 4
  %0 = load i32, i32* %x.addr, align 4
  %1 = load i32, i32* %n.addr, align 4
  %and = and i32 %1, 31
  %shl = shl i32 %0, %and
  %2 = load i32, i32* %x.addr, align 4
  %3 = load i32, i32* %n.addr, align 4
  %sub = sub nsw i32 32, %3
  %and1 = and i32 %sub, 31
  %shr = lshr i32 %2, %and1
  %or = or i32 %shl, %shr
  ret i32 %or
}

attributes #0 = { noinline nounwind optnone "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="mips32r2" "target-features"="+fpxx,+mips32r2,+nooddspreg,-noabicalls" }
attributes #1 = { argmemonly nofree nounwind willreturn }
attributes #2 = { nofree nosync nounwind willreturn }
attributes #3 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 1}
!2 = !{i32 7, !"PIE Level", i32 1}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 14.0.6"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = distinct !{!7, !6}
!8 = distinct !{!8, !6}
