; The frontend keeps IR vectors whole in generic MIR (docs/generic-mir.md,
; Vectors): a <4 x i32> or <4 x float> value is one vector register
; (v4s32, v4f32), a compare gives a v4s1 lane mask, and add, fadd, icmp,
; select, load, store and shufflevector are one vector op each. Vectors of
; narrow lanes (<4 x i8>) keep their lanes in one vector register too, but
; their operations run lane by lane through the scalar lowering, between
; lane reads and a G_BUILD_VECTOR. vector-legalize, first in the Cpu0
; pipeline, then splits every vector op into its lanes' scalar ops, and
; running it alone on the frontend's MIR gives the same result.
; RUN: %lltosimd -march=cpu0el -print-before=vector-legalize %s -o /dev/null 2>&1 | grep -v '^#' > %t.fe.mir
; RUN: FileCheck %s --check-prefix=FE < %t.fe.mir
; RUN: %lltosimd -march=cpu0el -stop-after=vector-legalize %s -o %t.vl.mir
; RUN: FileCheck %s --check-prefix=VL < %t.vl.mir
; RUN: %lltosimd -march=cpu0el -x mir -run-pass=vector-legalize %t.fe.mir -o - | diff - %t.vl.mir
; RUN: %lltosimd -march=cpu0el -x mir -run-pass=vector-legalize -pass-option=legal-vectors=v4s32,v4f32 %t.fe.mir -o - | FileCheck %s --check-prefix=LEGAL

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"

; FE-LABEL: --- function: madd
; FE: vector-vregs: {{.*}}:v4s32
; FE: %[[A:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_VLOAD %0, 0, 16
; FE-NEXT: %[[B:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_VLOAD %1, 0, 16
; FE-NEXT: %[[S:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_ADD %[[A]], %[[B]]
; FE-NEXT: %[[M:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_ICMP sgt, %[[S]], %[[A]]
; FE-NEXT: %[[R:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_SELECT %[[M]], %[[S]], %[[B]]
; FE-NEXT: G_VSTORE %[[R]], %0, 0, 16
; VL-LABEL: --- function: madd
; VL-NOT: vector-vregs
; VL: G_LOAD32 %0, 12
; VL: G_LOAD32 %1, 12
; VL: %[[S3:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_ADD
; VL: %[[M3:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_ICMP sgt, %[[S3]]
; VL: G_SELECT %[[M3]], %[[S3]]
; VL: G_STORE32 {{.*}}, %0, 12
; VL-NOT: G_VSTORE
; LEGAL-LABEL: --- function: madd
; LEGAL: G_ADD %{{[0-9]+}}, %{{[0-9]+}}
; LEGAL-NOT: G_LOAD32
; LEGAL: G_VSTORE
define void @madd(<4 x i32>* %p, <4 x i32>* %q) {
  %a = load <4 x i32>, <4 x i32>* %p, align 16
  %b = load <4 x i32>, <4 x i32>* %q, align 16
  %s = add <4 x i32> %a, %b
  %m = icmp sgt <4 x i32> %s, %a
  %r = select <4 x i1> %m, <4 x i32> %s, <4 x i32> %b
  store <4 x i32> %r, <4 x i32>* %p, align 16
  ret void
}

; FE-LABEL: --- function: fsplat
; FE: vector-vregs: {{.*}}:v4f32
; FE: %[[X:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_VLOAD %0, 0, 16
; FE: %[[I:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_INSERT_VECTOR_ELT %{{[0-9]+}}, %1, 0
; FE: %[[K:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_SHUFFLE_VECTOR %[[I]], %{{[0-9]+}}, 0, 0, 0, 0
; FE-NEXT: %[[P:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_FMUL %[[X]], %[[K]]
; FE-NEXT: %[[E:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_EXTRACT_VECTOR_ELT %[[P]], %2
; FE-NEXT: G_RET %[[E]]
; VL-LABEL: --- function: fsplat
; VL-COUNT-4: G_FMUL {{.*}}, %1
; VL-COUNT-3: G_ICMP eq, %2
; VL: G_RET
; LEGAL-LABEL: --- function: fsplat
; LEGAL: G_FMUL
; LEGAL-NOT: G_FMUL
define float @fsplat(<4 x float>* %p, float %k, i32 %i) {
  %x = load <4 x float>, <4 x float>* %p, align 16
  %ins = insertelement <4 x float> undef, float %k, i32 0
  %spl = shufflevector <4 x float> %ins, <4 x float> undef, <4 x i32> zeroinitializer
  %prod = fmul <4 x float> %x, %spl
  %e = extractelement <4 x float> %prod, i32 %i
  ret float %e
}

; Narrow lanes: the frontend adds lane by lane and builds the result.
; FE-LABEL: --- function: bytes
; FE: vector-vregs: {{.*}}:v4s8
; FE: G_LOAD8U %0, 3
; FE-COUNT-4: G_ADD
; FE: %[[V:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_BUILD_VECTOR %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}
; VL-LABEL: --- function: bytes
; VL-NOT: G_BUILD_VECTOR
; VL-COUNT-4: G_STORE8
define void @bytes(<4 x i8>* %p) {
  %v = load <4 x i8>, <4 x i8>* %p, align 4
  %w = add <4 x i8> %v, %v
  store <4 x i8> %w, <4 x i8>* %p, align 4
  ret void
}

; A select with a scalar condition picks whole vectors: the condition is
; the zero-extended i1 (a G_SELECT of v2s32 values with a scalar
; condition), split into one select per lane.
; FE-LABEL: --- function: scond
; FE: %[[C:[0-9]+]]:gpr = G_AND %0, %{{[0-9]+}}
; FE: G_SELECT %[[C]], %{{[0-9]+}}, %{{[0-9]+}}
; VL-LABEL: --- function: scond
; VL-COUNT-2: G_SELECT %{{[0-9]+}}, %
define <2 x i32> @scond(i1 %c, <2 x i32> %a, <2 x i32> %b) {
  %r = select i1 %c, <2 x i32> %a, <2 x i32> %b
  ret <2 x i32> %r
}

; Conversions between <4 x i32> and <4 x float> are one vector op; a
; bitcast between them is a vector COPY, which vector-legalize turns into
; nothing (the lanes are the same words), not a trip through memory.
; FE-LABEL: --- function: conv
; FE: %[[F:[0-9]+]]{{(\.[a-z]+)?}}:gpr = G_SITOFP %{{[0-9]+}}
; FE-NEXT: %[[B:[0-9]+]]{{(\.[a-z]+)?}}:gpr = COPY %[[F]]
; VL-LABEL: --- function: conv
; VL-NOT: fi#
; VL-COUNT-4: G_SITOFP
; VL-NOT: COPY
; VL: G_RET
define <4 x i32> @conv(<4 x i32> %a) {
  %f = sitofp <4 x i32> %a to <4 x float>
  %b = bitcast <4 x float> %f to <4 x i32>
  ret <4 x i32> %b
}
