; switch-lowering follows LLVM 14's SwitchLoweringUtils: the frontend emits
; one G_SWITCH with the case values sign-extended, and the pass (first in
; the Cpu0 pipeline) sorts them by signed value, so -2..2 is one dense jump
; table indexed by x+2 behind an unsigned bound check against 4, as llc
; -march=mipsel builds it (addiu 2; sltiu 5); sparse cases become a tree
; split at the middle case ("x < pivot"), with equality leaves; 1, 3, 5, 7
; into one block are bit tests (1 << x) & 0xaa as llc's (sllv, andi 170);
; several cases into one phi block give it one entry per new predecessor.
; RUN: %lltosimd -march=cpu0el -print-before=switch-lowering %s -o /dev/null 2>&1 | grep -v '^#' > %t.mir
; RUN: FileCheck %s --check-prefix=IN < %t.mir
; RUN: %lltosimd -march=cpu0el -x mir -run-pass=switch-lowering -debug-only=switch-lowering -stats %t.mir -o %t.out.mir 2> %t.err
; RUN: FileCheck %s --check-prefix=MIR < %t.out.mir
; RUN: FileCheck %s --check-prefix=DBG < %t.err
; RUN: %lltosimd -march=cpu0el -stop-after=switch-lowering %s -o - | diff - %t.out.mir
; RUN: %lltosimd -march=cpu0el -x mir -run-pass=switch-lowering -pass-option=no-jump-tables=true %t.mir -o - | FileCheck %s --check-prefix=NOJT
; RUN: %lltosimd -march=cpu0el -verify-machineinstrs %s -o - | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @neg(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 -2, label %a
    i32 -1, label %b
    i32 0, label %c
    i32 1, label %d
    i32 2, label %e
  ]
a:
  br label %join
b:
  br label %join
c:
  br label %join
d:
  br label %join
e:
  br label %join
def:
  br label %join
join:
  %r = phi i32 [ 11, %a ], [ 22, %b ], [ 33, %c ], [ 44, %d ], [ 55, %e ], [ 66, %def ]
  ret i32 %r
}
; IN-LABEL: --- function: neg
; IN: G_SWITCH %0, bb6.def, -2, bb1.a, -1, bb2.b, 0, bb3.c, 1, bb4.d, 2, bb5.e
; MIR-LABEL: --- function: neg
; MIR: jumptables:
; MIR-NEXT: jt#0: bb1.a, bb2.b, bb3.c, bb4.d, bb5.e
; MIR: bb0.entry:
; MIR: [[LO:%[0-9]+]]:gpr = G_CONST -2
; MIR-NEXT: [[IDX:%[0-9]+]]:gpr = G_SUB %0, [[LO]]
; MIR-NEXT: [[HI:%[0-9]+]]:gpr = G_CONST 4
; MIR-NEXT: [[C:%[0-9]+]]:gpr = G_ICMP ugt, [[IDX]], [[HI]]
; MIR-NEXT: G_BRCOND [[C]], bb6.def
; MIR-NEXT: G_BR [[JB:bb[0-9]+]].entry.sw
; MIR: [[JB]].entry.sw:
; MIR-NEXT: G_BRJT [[IDX]], jt#0
; DBG: switch-lowering: neg: bb0.entry: default bb6.def, clusters: table[-2..2]
; NOJT-LABEL: --- function: neg
; NOJT-NOT: G_BRJT
; NOJT: G_ICMP slt
; ASM-LABEL: neg:
; ASM: addiu [[I:\$[0-9a-z]+]], $4, 2
; ASM: sltiu {{\$[0-9a-z]+}}, [[I]], 5
; ASM: $JTI0_0:

define i32 @sparse(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 1000000, label %d
    i32 -5, label %a
    i32 100, label %b
    i32 10000, label %c
  ]
a:
  ret i32 1
b:
  ret i32 2
c:
  ret i32 3
d:
  ret i32 4
def:
  ret i32 0
}
; Four clusters in signed order -5, 100, 10000, 1000000: one tree node at
; 10000 (the weights balance two against two), then equality leaves.
; MIR-LABEL: --- function: sparse
; MIR-NOT: jumptables:
; MIR: bb0.entry:
; MIR: [[P:%[0-9]+]]:gpr = G_CONST 10000
; MIR-NEXT: [[C:%[0-9]+]]:gpr = G_ICMP slt, %0, [[P]]
; MIR-NEXT: G_BRCOND [[C]], bb
; DBG: switch-lowering: sparse: bb0.entry: default bb5.def, clusters: -5->bb1.a 100->bb2.b 10000->bb3.c 1000000->bb4.d

define i32 @phi(i32 %x) {
entry:
  %y = add i32 %x, 5
  switch i32 %x, label %other [
    i32 1, label %join
    i32 3, label %join
    i32 5, label %join
    i32 7, label %join
    i32 100, label %join
    i32 200, label %join
  ]
other:
  %z = mul i32 %x, 3
  br label %join
join:
  %p = phi i32 [ %y, %entry ], [ %y, %entry ], [ %y, %entry ], [ %y, %entry ], [ %y, %entry ], [ %y, %entry ], [ %z, %other ]
  ret i32 %p
}
; Six single values into one block: 1..7 fit a word (no subtraction, a
; bound check against 7), 100 and 200 are compares; three blocks branch to
; %join, each with its phi entry %y.
; DBG: switch-lowering: phi: bb0.entry: default bb1.other, clusters: bits[1..7] 100->bb2.join 200->bb2.join
; MIR-LABEL: --- function: phi
; MIR: [[SEVEN:%[0-9]+]]:gpr = G_CONST 7
; MIR-NEXT: G_ICMP ugt, %0, [[SEVEN]]
; MIR: [[ONE:%[0-9]+]]:gpr = G_CONST 1{{$}}
; MIR-NEXT: [[SH:%[0-9]+]]:gpr = G_SHL [[ONE]], %0
; MIR-NEXT: [[MASK:%[0-9]+]]:gpr = G_CONST 170
; MIR-NEXT: G_AND [[SH]], [[MASK]]
; MIR: bb2.join: ; preds: {{(bb[0-9]+, )+}}bb1
; MIR-NEXT: PHI {{%[0-9]+}}, bb1.other{{(, %[0-9]+, bb[0-9]+\.entry\.sw){3}$}}
; MIR-NOT: PHI
; MIR: G_RET
; The statistics, summed over the three functions.
; DBG-DAG: 1 switch-lowering - Number of jump tables built
; DBG-DAG: 1 switch-lowering - Number of bit-test clusters
; DBG-DAG: 2 switch-lowering - Number of range checks
; DBG-DAG: 1 switch-lowering - Number of compare-tree nodes
