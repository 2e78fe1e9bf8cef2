; Vector IR selecting every SIMD rule of the BWDSP table (isel_test.go).
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@g = global <4 x i32> zeroinitializer, align 16
@gf = global <4 x float> zeroinitializer, align 16

define <4 x i32> @arith(<4 x i32>* %p, <4 x i32>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %b = load <4 x i32>, <4 x i32>* @g, align 16
  %s = add <4 x i32> %a, %b
  %t = mul <4 x i32> %s, %a
  %u = shl <4 x i32> %t, <i32 24, i32 24, i32 24, i32 24>
  %v = ashr <4 x i32> %u, <i32 24, i32 24, i32 24, i32 24>
  store <4 x i32> %v, <4 x i32>* %q, align 16
  store <4 x i32> %v, <4 x i32>* @g, align 16
  ret <4 x i32> %v
}

define i32 @frame(i32 %x, i32 %y, i32 %i) {
  %slot = alloca <4 x i32>, align 16
  %b0 = insertelement <4 x i32> undef, i32 %x, i32 0
  %b1 = insertelement <4 x i32> %b0, i32 %y, i32 1
  %b2 = insertelement <4 x i32> %b1, i32 %x, i32 2
  %b3 = insertelement <4 x i32> %b2, i32 7, i32 3
  store <4 x i32> %b3, <4 x i32>* %slot, align 16
  %l = load <4 x i32>, <4 x i32>* %slot, align 16
  %w = insertelement <4 x i32> %l, i32 %y, i32 %i
  %e = extractelement <4 x i32> %w, i32 %i
  %e2 = extractelement <4 x i32> %w, i32 2
  %r = add i32 %e, %e2
  ret i32 %r
}

define <4 x float> @selects(<4 x float> %a, <4 x float> %b, <4 x i32> %x, <4 x i32> %y, i1 %c) {
  %fc = fcmp olt <4 x float> %a, %b
  %fs = select <4 x i1> %fc, <4 x float> %a, <4 x float> %b
  %ic = icmp slt <4 x i32> %x, %y
  %is = select <4 x i1> %ic, <4 x i32> %x, <4 x i32> %y
  %is2 = select <4 x i1> %ic, <4 x i32> %y, <4 x i32> %x
  %d = sub <4 x i32> %is, %is2
  %fd = sitofp <4 x i32> %d to <4 x float>
  %m = fcmp one <4 x float> %fs, %fd
  %mz = zext <4 x i1> %m to <4 x i32>
  %mf = sitofp <4 x i32> %mz to <4 x float>
  %sc = select i1 %c, <4 x float> %fd, <4 x float> %mf
  %r = fadd <4 x float> %sc, %fs
  ret <4 x float> %r
}

define <4 x i32> @clamp(<4 x i32> %x, <4 x i32> %lo) {
  %c = icmp ult <4 x i32> %x, %lo
  %r = select <4 x i1> %c, <4 x i32> %lo, <4 x i32> %x
  ret <4 x i32> %r
}

declare <4 x i32> @llvm.smin.v4i32(<4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.umax.v4i32(<4 x i32>, <4 x i32>)
declare <4 x float> @llvm.minnum.v4f32(<4 x float>, <4 x float>)
declare <4 x float> @llvm.maxnum.v4f32(<4 x float>, <4 x float>)

define void @minmax(<4 x i32>* %p, <4 x float>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %b = load <4 x i32>, <4 x i32>* @g, align 16
  %mn = call <4 x i32> @llvm.smin.v4i32(<4 x i32> %a, <4 x i32> %b)
  %mx = call <4 x i32> @llvm.umax.v4i32(<4 x i32> %mn, <4 x i32> %b)
  store <4 x i32> %mx, <4 x i32>* %p, align 16
  %f = load <4 x float>, <4 x float>* %q, align 16
  %h = load <4 x float>, <4 x float>* @gf, align 16
  %fmn = call <4 x float> @llvm.minnum.v4f32(<4 x float> %f, <4 x float> %h)
  %fmx = call <4 x float> @llvm.maxnum.v4f32(<4 x float> %fmn, <4 x float> %h)
  ; not minnum's shape: the two compare-and-selects stay
  %c1 = fcmp olt <4 x float> %fmx, %h
  %c2 = fcmp une <4 x float> %f, %f
  %s2 = select <4 x i1> %c2, <4 x float> %fmx, <4 x float> %h
  %s1 = select <4 x i1> %c1, <4 x float> %fmx, <4 x float> %s2
  store <4 x float> %s1, <4 x float>* %q, align 16
  ret void
}

define void @shuffles(<4 x i32>* %p, <2 x i32>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %b = load <4 x i32>, <4 x i32>* @g, align 16
  %s = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 6, i32 1, i32 undef>
  %r = shufflevector <4 x i32> %s, <4 x i32> undef, <4 x i32> <i32 1, i32 2, i32 3, i32 0>
  store <4 x i32> %r, <4 x i32>* %p, align 16
  %h = shufflevector <4 x i32> %r, <4 x i32> %a, <2 x i32> <i32 2, i32 7>
  store <2 x i32> %h, <2 x i32>* %q, align 8
  ret void
}

; Addresses p + constant that the frontend leaves as an add (integer
; arithmetic, as loop-strength-reduce also produces): the .regoff rules
; fold the constant into the access's offset.
define void @regoff(i32 %p, i32 %q) {
  %p4 = add i32 %p, 16
  %pv = inttoptr i32 %p4 to <4 x i32>*
  %v = load <4 x i32>, <4 x i32>* %pv, align 16
  %q4 = add i32 %q, 32
  %qv = inttoptr i32 %q4 to <4 x i32>*
  store <4 x i32> %v, <4 x i32>* %qv, align 16
  %p8 = add i32 %p, 8
  %pw = inttoptr i32 %p8 to i32*
  %w = load i32, i32* %pw, align 4
  %p9 = add i32 %p, 12
  %ph = inttoptr i32 %p9 to i16*
  %h = load i16, i16* %ph, align 2
  %p10 = add i32 %p, 15
  %pb = inttoptr i32 %p10 to i8*
  %b = load i8, i8* %pb, align 1
  %q8 = add i32 %q, 8
  %qw = inttoptr i32 %q8 to i32*
  store i32 %w, i32* %qw, align 4
  %q12 = add i32 %q, 12
  %qh = inttoptr i32 %q12 to i16*
  store i16 %h, i16* %qh, align 2
  %q14 = add i32 %q, 14
  %qb = inttoptr i32 %q14 to i8*
  store i8 %b, i8* %qb, align 1
  ret void
}

; Branches on some lane (or of the lanes) and every lane (and of the lanes
; widened to 0/1) of vector compares: brcond.lanes.
define i32 @lanes(<4 x i32> %a, <4 x i32> %b, <4 x float> %f, <4 x float> %g) {
entry:
  %m = icmp slt <4 x i32> %a, %b
  %e0 = extractelement <4 x i1> %m, i32 0
  %e1 = extractelement <4 x i1> %m, i32 1
  %e2 = extractelement <4 x i1> %m, i32 2
  %e3 = extractelement <4 x i1> %m, i32 3
  %s0 = sext i1 %e0 to i32
  %s1 = sext i1 %e1 to i32
  %s2 = sext i1 %e2 to i32
  %s3 = sext i1 %e3 to i32
  %o1 = or i32 %s0, %s1
  %o2 = or i32 %o1, %s2
  %o3 = or i32 %o2, %s3
  %c = icmp eq i32 %o3, 0
  br i1 %c, label %none, label %some

some:
  %n = fcmp olt <4 x float> %f, %g
  %n0 = extractelement <4 x i1> %n, i32 0
  %n1 = extractelement <4 x i1> %n, i32 1
  %n2 = extractelement <4 x i1> %n, i32 2
  %n3 = extractelement <4 x i1> %n, i32 3
  %z0 = zext i1 %n0 to i32
  %z1 = zext i1 %n1 to i32
  %z2 = zext i1 %n2 to i32
  %z3 = zext i1 %n3 to i32
  %a1 = and i32 %z0, %z1
  %a2 = and i32 %z2, %z3
  %a3 = and i32 %a1, %a2
  %d = icmp ne i32 %a3, 0
  br i1 %d, label %every, label %none

every:
  ret i32 2

none:
  ret i32 0
}

; Strided loads (passes/stridedloads.go): a global scalar splat (stride 0),
; lanes of a vector at a pointer broadcast and reversed (stride -4), a
; frame object's lane, a pointer plus a constant, and a column too far
; apart for the :S field.
@sc = global [16 x i32] zeroinitializer, align 16
@big = global [40000 x i32] zeroinitializer, align 16

define void @bcast_sym(<4 x i32>* %out) {
  %x = load i32, i32* getelementptr ([16 x i32], [16 x i32]* @sc, i32 0, i32 3), align 4
  %v = insertelement <4 x i32> undef, i32 %x, i32 0
  %s = shufflevector <4 x i32> %v, <4 x i32> undef, <4 x i32> zeroinitializer
  store <4 x i32> %s, <4 x i32>* %out, align 16
  ret void
}

define void @bcast_reg(<4 x float>* %p, <4 x float>* %q) {
  %a = load <4 x float>, <4 x float>* %p, align 16
  %s = shufflevector <4 x float> %a, <4 x float> undef, <4 x i32> <i32 2, i32 2, i32 2, i32 2>
  %r = shufflevector <4 x float> %a, <4 x float> undef, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  store <4 x float> %r, <4 x float>* %q, align 16
  store <4 x float> %s, <4 x float>* %p, align 16
  ret void
}

define void @bcast_regoff(i32 %p, <4 x i32>* %out) {
  %ai = add i32 %p, 12
  %a = inttoptr i32 %ai to i32*
  %x = load i32, i32* %a, align 4
  %v = insertelement <4 x i32> undef, i32 %x, i32 0
  %s = shufflevector <4 x i32> %v, <4 x i32> undef, <4 x i32> zeroinitializer
  store <4 x i32> %s, <4 x i32>* %out, align 16
  ret void
}

define void @bcast_frame(i32 %x, <4 x i32>* %out) {
  %slot = alloca [4 x i32], align 16
  %p1 = getelementptr [4 x i32], [4 x i32]* %slot, i32 0, i32 1
  store i32 %x, i32* %p1, align 4
  call void @sink([4 x i32]* %slot)
  %l = load i32, i32* %p1, align 4
  %v = insertelement <4 x i32> undef, i32 %l, i32 0
  %s = shufflevector <4 x i32> %v, <4 x i32> undef, <4 x i32> zeroinitializer
  store <4 x i32> %s, <4 x i32>* %out, align 16
  ret void
}

declare void @sink([4 x i32]*)

define void @column_wide(<4 x i32>* %out) {
  %a = load i32, i32* getelementptr ([40000 x i32], [40000 x i32]* @big, i32 0, i32 0), align 4
  %b = load i32, i32* getelementptr ([40000 x i32], [40000 x i32]* @big, i32 0, i32 10000), align 4
  %c = load i32, i32* getelementptr ([40000 x i32], [40000 x i32]* @big, i32 0, i32 20000), align 4
  %d = load i32, i32* getelementptr ([40000 x i32], [40000 x i32]* @big, i32 0, i32 30000), align 4
  %v0 = insertelement <4 x i32> undef, i32 %a, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %c, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %d, i32 3
  store <4 x i32> %v3, <4 x i32>* %out, align 16
  ret void
}
