; The frontend's contract for integers wider than a word (docs/generic-mir.md,
; Wide integers): loads and stores of their store size (i88: 11 bytes) at the
; IR alignment with the memory operand, phis of the wide register (a constant
; input is a G_CONSTANT of its words at the end of the predecessor, the top
; word holding the bits up to the width), sext/zext/trunc on wide registers
; (the source's top word extended first: G_SEXT_INREG of i72's 8 bits, the
; mask of i40's 8), and division of any width as one wide op; calls and
; returns still take the words (memory order; an sret for more than two).
; RUN: %lltosimd -march=cpu0el %s -print-before=wideint-legalize -o /dev/null 2>&1 | FileCheck %s
; The i256 division reaches the runtime's word-array helper on BWDSP too:
; __divei4(quo, a, b, 256).
; RUN: %lltosimd -march=bwdsp %s -o - | FileCheck %s --check-prefix=BWDSP
; BWDSP-LABEL: div256:
; BWDSP: #256
; BWDSP: call __divei4

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

%S = type <{ i8, i88 }>

; CHECK-LABEL: function: mem
; CHECK: wide-vregs: {{.*}}:s96
; CHECK: %[[L:[0-9]+]]:gpr = G_LOAD %0, 1, 11, 1 :: mem(arg#0, 1, 11)
; CHECK-NEXT: G_UNMERGE_VALUES %[[L]]
; CHECK-NEXT: %[[K:[0-9]+]]:gpr = G_CONSTANT 1, 0, 0
; CHECK: G_ADD
; CHECK: %[[W:[0-9]+]]:gpr = G_MERGE_VALUES
; CHECK-NEXT: G_STORE %[[W]], %0, 1, 11, 1 :: mem(arg#0, 1, 11)
define void @mem(%S* %p) {
  %a = getelementptr %S, %S* %p, i32 0, i32 1
  %v = load i88, i88* %a, align 1
  %w = add i88 %v, 1
  store i88 %w, i88* %a, align 1
  ret void
}

; CHECK-LABEL: function: phi
; CHECK: wide-vregs: {{.*}}:s192
; CHECK: bb0.entry:
; CHECK: %[[K:[0-9]+]]:gpr = G_CONSTANT -2, -1, -1, -1, -1, 65535
; CHECK-NEXT: G_BRCOND
; CHECK: bb1.t:
; CHECK-NEXT: %[[IN:[0-9]+]]:gpr = G_MERGE_VALUES %2, %3, %4, %5, %6, %7
; CHECK-NEXT: G_BR bb2.j
; CHECK: bb2.j:
; CHECK-NEXT: %[[P:[0-9]+]]:gpr = PHI %[[IN]], bb1.t, %[[K]], bb0.entry
; CHECK-NEXT: G_UNMERGE_VALUES %[[P]]
define i176 @phi(i1 %c, i176 %x) {
entry:
  br i1 %c, label %t, label %j
t:
  br label %j
j:
  %r = phi i176 [ %x, %t ], [ -2, %entry ]
  ret i176 %r
}

; CHECK-LABEL: function: casts
; CHECK: %[[TOP:[0-9]+]]:gpr = G_SEXT_INREG %2, 8
; CHECK-NEXT: %[[A:[0-9]+]]:gpr = G_MERGE_VALUES %0, %1, %[[TOP]]
; CHECK-NEXT: %[[S:[0-9]+]]:gpr = G_SEXT %[[A]]
; CHECK: %[[M:[0-9]+]]:gpr = G_AND %4,
; CHECK-NEXT: %[[B:[0-9]+]]:gpr = G_MERGE_VALUES %3, %[[M]]
; CHECK-NEXT: G_ZEXT %[[B]]
; CHECK: G_MUL
; CHECK: G_TRUNC
define i64 @casts(i72 %a, i40 %b) {
  %s = sext i72 %a to i128
  %z = zext i40 %b to i128
  %m = mul i128 %s, %z
  %t = trunc i128 %m to i64
  ret i64 %t
}

; CHECK-LABEL: function: div256
; CHECK: %[[A:[0-9]+]]:gpr = G_MERGE_VALUES %1, %2, %3, %4, %5, %6, %7, %8
; CHECK-NEXT: %[[B:[0-9]+]]:gpr = G_MERGE_VALUES %9, %10, %11, %12, %13, %14, %15, %16
; CHECK-NEXT: G_SDIV %[[A]], %[[B]]
define i256 @div256(i256 %a, i256 %b) {
  %q = sdiv i256 %a, %b
  ret i256 %q
}
