; IR vectors become SIMD (spec bwdsp.md §2.2, §2.3): a <4 x float> or
; <4 x i32> value is one register number in all four macros (mask xyzt),
; a <2 x i32> one in x and y; lane j of a vector access is at base + 4j;
; compares write a predicate in every lane, selects read it lane by lane;
; lanes move between macros by transfers (`yR3 = xR7`, broadcast
; `yztRd = x Rs`).
; RUN: %lltosimd -march=bwdsp -enable-packetize=false %s -o - | FileCheck %s
; RUN: %lltosimd -march=bwdsp %s -o %t.s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; CHECK-LABEL: fadd4:
; CHECK-DAG: xyztR[[A:[0-9]+]] = [{{[UVW][0-9]+}}]
; CHECK-DAG: xyztR[[B:[0-9]+]] = [{{[UVW][0-9]+}}]
; CHECK: xyztR[[S:[0-9]+]] = R{{[0-9]+}} + R{{[0-9]+}} (F)
; CHECK: [{{[UVW][0-9]+}}] = xyztR[[S]]
define void @fadd4(<4 x float>* %p, <4 x float>* %q) {
  %a = load <4 x float>, <4 x float>* %p, align 16
  %b = load <4 x float>, <4 x float>* %q, align 16
  %s = fadd <4 x float> %a, %b
  store <4 x float> %s, <4 x float>* %p, align 16
  ret void
}

; CHECK-LABEL: imul4:
; CHECK: xyztR{{[0-9]+}} = R{{[0-9]+}} * R{{[0-9]+}}
; CHECK-NOT: (F)
; CHECK: ret
define void @imul4(<4 x i32>* %p) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %s = mul <4 x i32> %a, %a
  store <4 x i32> %s, <4 x i32>* %p, align 16
  ret void
}

; A splat of a constant is one `D Rd = #imm32`; a splat of a scalar is a
; broadcast transfer into y, z, t and a copy in x.
; CHECK-LABEL: splat:
; CHECK-DAG: xyztR{{[0-9]+}} = #3
; CHECK-DAG: yztR[[N:[0-9]+]] = xR{{[0-9]+}}
; CHECK: xyztR{{[0-9]+}} = R{{[0-9]+}} + R{{[0-9]+}}
define void @splat(<4 x i32>* %p, i32 %x) {
  %i = insertelement <4 x i32> undef, i32 %x, i32 0
  %v = shufflevector <4 x i32> %i, <4 x i32> undef, <4 x i32> zeroinitializer
  %a = add <4 x i32> %v, <i32 3, i32 3, i32 3, i32 3>
  store <4 x i32> %a, <4 x i32>* %p, align 16
  ret void
}

; A compare selecting its own operands is the min/max form (§2.3).
; CHECK-LABEL: smin:
; CHECK: xyztR{{[0-9]+}} = min(R{{[0-9]+}}, R{{[0-9]+}})
define void @smin(<4 x i32>* %p, <4 x i32>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %b = load <4 x i32>, <4 x i32>* %q, align 16
  %c = icmp slt <4 x i32> %a, %b
  %m = select <4 x i1> %c, <4 x i32> %a, <4 x i32> %b
  store <4 x i32> %m, <4 x i32>* %p, align 16
  ret void
}

; Compare into xyztCPk, select by it lane by lane (`D Rd = CPk ? Rs : Rt`).
; CHECK-LABEL: cmpsel:
; CHECK: xyztCP[[K:[0-7]]] = R[[A:[0-9]+]] < R[[B:[0-9]+]]
; CHECK-NEXT: xyztR{{[0-9]+}} = CP[[K]] ? R[[A]] : R{{[0-9]+}}
define void @cmpsel(<4 x i32>* %p, <4 x i32>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %b = load <4 x i32>, <4 x i32>* %q, align 16
  %s = sub <4 x i32> %b, %a
  %c = icmp slt <4 x i32> %a, %b
  %m = select <4 x i1> %c, <4 x i32> %a, <4 x i32> %s
  store <4 x i32> %m, <4 x i32>* %p, align 16
  ret void
}

; fcmp one is (a < b) or (a > b): the second compare ORs into the same
; predicate (wired-OR action ON, §2.5).
; CHECK-LABEL: fone:
; CHECK: xyztCP[[K:[0-7]]] = R[[A:[0-9]+]] < R[[B:[0-9]+]] (F)
; CHECK-NEXT: xyztCP[[K]] |= R[[A]] > R[[B]] (F)
; CHECK-NEXT: xyztR{{[0-9]+}} = CP[[K]] ? R{{[0-9]+}} : R{{[0-9]+}}
define void @fone(<4 x float>* %p, <4 x float>* %q) {
  %a = load <4 x float>, <4 x float>* %p, align 16
  %b = load <4 x float>, <4 x float>* %q, align 16
  %c = fcmp one <4 x float> %a, %b
  %m = select <4 x i1> %c, <4 x float> %b, <4 x float> %a
  store <4 x float> %m, <4 x float>* %p, align 16
  ret void
}

; Lane 2 is macro z: extracting it is the transfer `xRd = zRs`;
; inserting into lane 1 is `yRd = xRs`.
; CHECK-LABEL: lanes:
; CHECK: xR{{[0-9]+}} = zR{{[0-9]+}}
; CHECK-LABEL: ins:
; CHECK: yR{{[0-9]+}} = xR{{[0-9]+}}
define i32 @lanes(<4 x i32>* %p) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %e = extractelement <4 x i32> %a, i32 2
  ret i32 %e
}
define void @ins(<4 x i32>* %p, i32 %x) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %b = insertelement <4 x i32> %a, i32 %x, i32 1
  store <4 x i32> %b, <4 x i32>* %p, align 16
  ret void
}

; Two lanes: mask xy.
; CHECK-LABEL: add2:
; CHECK: xyR{{[0-9]+}} = [{{[UVW][0-9]+}}]
; CHECK: xyR{{[0-9]+}} = R{{[0-9]+}} + R{{[0-9]+}}
; CHECK: [{{[UVW][0-9]+}}] = xyR{{[0-9]+}}
define void @add2(<2 x i32>* %p) {
  %a = load <2 x i32>, <2 x i32>* %p, align 8
  %s = add <2 x i32> %a, %a
  store <2 x i32> %s, <2 x i32>* %p, align 8
  ret void
}

; llvm.fmuladd on <4 x float> (clang's a*x+y) is a SIMD multiply, then a
; SIMD add (rounded twice, like the scalar fmuladd).
; CHECK-LABEL: fma4:
; CHECK: xyztR[[P:[0-9]+]] = R{{[0-9]+}} * R{{[0-9]+}} (F)
; CHECK: xyztR{{[0-9]+}} = R[[P]] + R{{[0-9]+}} (F)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>)
define void @fma4(<4 x float>* %p, <4 x float>* %q) {
  %a = load <4 x float>, <4 x float>* %p, align 16
  %b = load <4 x float>, <4 x float>* %q, align 16
  %r = call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %a, <4 x float> %b, <4 x float> %a)
  store <4 x float> %r, <4 x float>* %p, align 16
  ret void
}
