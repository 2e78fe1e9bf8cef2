; SIMD min/max and shuffles (spec §2.3): llvm.smin/umax on <4 x i32> are
; the `min(Rs,Rt)` / `max(Rs,Rt) (U)` forms on xyzt, llvm.minnum/maxnum on
; <4 x float> the `(F)` forms (their NaN rule is minnum's, §2.5); a pair of
; compare-and-selects that is not minnum's shape stays compares and
; selects. Shuffles move lanes between macros with transfers (`m Rd = m' Rs`,
; §2.3) and never through memory; a 2-lane shuffle of 4-lane vectors is an
; xy result. The lanes of a result that overwrites a source lane before
; another lane reads it go through the scratch R8 (§2.7); a result in a
; source's register that writes no lane still to be read is written
; directly. The shuffles run under the linear scan, whose registers put
; results in their sources' registers (the tuple allocator picks others),
; and without strided-loads, which would make h (an undefined lane and
; a.w) one broadcast load of a.w (strided-loads.ll).
;
; RUN: %lltosimd -march=bwdsp -O2 %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null
; RUN: %lltosimd -march=bwdsp -O2 -regalloc=linear -enable-strided-loads=false %s -o %t.linear.s
; RUN: FileCheck %s --check-prefix=SHUF < %t.linear.s
; RUN: FileCheck %s --check-prefix=H < %t.linear.s
; RUN: %bwdsprun -d %t.linear.s > /dev/null
; CHECK-LABEL: minmax:
; CHECK: xyztR{{[0-9]+}} = min(R{{[0-9]+}}, R{{[0-9]+}}){{( \|\||$)}}
; CHECK: xyztR{{[0-9]+}} = max(R{{[0-9]+}}, R{{[0-9]+}}) (U)
; CHECK: xyztR{{[0-9]+}} = min(R{{[0-9]+}}, R{{[0-9]+}}) (F)
; CHECK: xyztR{{[0-9]+}} = max(R{{[0-9]+}}, R{{[0-9]+}}) (F)
; CHECK: xyztCP{{[0-9]}} = R[[F:[0-9]+]] != R[[F]] (F)
; CHECK: = CP{{[0-9]}} ?
; CHECK: xyztCP{{[0-9]}} = R{{[0-9]+}} < R{{[0-9]+}} (F)
; CHECK: = CP{{[0-9]}} ?
; CHECK: ret
; SHUF-LABEL: shuffles:
; SHUF-NOT: U8
; SHUF-DAG: xyztR[[B:[0-9]+]] = [V0]
; SHUF-DAG: xyztR[[A:[0-9]+]] = [U0]
; s = <a.t, b.z, a.y, undef> into b's register: through R8
; SHUF-DAG: yR8 = zR[[B]]
; SHUF-DAG: xR8 = tR[[A]]
; SHUF-DAG: zR8 = yR[[A]]
; SHUF: xyzR[[B]] = R8
; r = s.yzwx
; SHUF-DAG: xR8 = yR[[B]]
; SHUF-DAG: yR8 = zR[[B]]
; SHUF-DAG: tR8 = xR[[B]]
; SHUF-DAG: zR8 = tR[[B]]
; SHUF: xyztR[[B]] = R8
; SHUF: [U0] = xyztR[[B]]
; h = <r.z, a.w> into a's register: lane y reads a.w, which neither
; write clobbers: directly, in any order with the shuffles above
; H-LABEL: shuffles:
; H: xyztR[[A:[0-9]+]] = [U0]
; H-DAG: yR[[A]] = tR[[A]]
; H-DAG: xR[[A]] = zR{{[0-9]+}}
; H-NOT: xyR[[A]] = R8
; H: [U{{[0-9]+}}] = xyR[[A]]
; SHUF-NOT: U8
; SHUF: ret
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"
@g = global <4 x i32> zeroinitializer, align 16
@gf = global <4 x float> zeroinitializer, align 16
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
