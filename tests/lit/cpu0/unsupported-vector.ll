; Vector constructs the frontend cannot scalarize are reported as
; "file:line:col: unsupported: ..." (each case is its own file).
; RUN: rm -rf %t && split-file %s %t
; RUN: not %lltosimd -march=cpu0el %t/scalable.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCALABLE
; RUN: not %lltosimd -march=cpu0el %t/masked.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=MASKED
; RUN: not %lltosimd -march=cpu0el %t/i1mem.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=I1MEM
; RUN: not %lltosimd -march=cpu0el %t/bigvec.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG

; SCALABLE: scalable.ll:2:3: unsupported: scalable vector type '<vscale x 4 x i32>'
; MASKED: masked.ll:3:3: unsupported: vector intrinsic @llvm.masked.expandload.v4i32
; I1MEM: i1mem.ll:2:3: unsupported: vector '<4 x i2>' in memory (lanes are not whole bytes)
; BIG: bigvec.ll:2:3: unsupported: vector '<128 x i32>' as a register value

;--- scalable.ll
define void @f(<vscale x 4 x i32>* %p) {
  %v = load <vscale x 4 x i32>, <vscale x 4 x i32>* %p
  ret void
}
;--- masked.ll
define <4 x i32> @f(<4 x i32>* %p, <4 x i1> %m) {
  %q = bitcast <4 x i32>* %p to i32*
  %v = call <4 x i32> @llvm.masked.expandload.v4i32(i32* %q, <4 x i1> %m, <4 x i32> zeroinitializer)
  ret <4 x i32> %v
}
declare <4 x i32> @llvm.masked.expandload.v4i32(i32*, <4 x i1>, <4 x i32>)
;--- i1mem.ll
define void @f(<4 x i2>* %p, <4 x i2> %v) {
  store <4 x i2> %v, <4 x i2>* %p
  ret void
}
;--- bigvec.ll
define void @f(<128 x i32>* %p) {
  %v = load <128 x i32>, <128 x i32>* %p
  ret void
}
