; Every pass of the Cpu0 pipeline reads and writes MIR text: running one pass
; alone on the MIR printed before it (-stop-after=PREV, then -x mir
; -run-pass=PASS) gives exactly the MIR the whole pipeline has after it
; (-stop-after=PASS). This is the MIR→MIR contract of every pass, on a module
; with calls (an i64 argument on the stack), a loop with break and continue,
; a phi, a select and a dense switch. Each pass's result also carries the
; property it establishes (docs/generic-mir.md).
; The first pass starts from the frontend's MIR, printed by -print-before.
; RUN: %lltosimd -march=cpu0 -print-before=wideint-legalize %s -o /dev/null 2>&1 | grep -v '^#' > %t.fe.mir
; RUN: FileCheck %s --check-prefix=FRONT < %t.fe.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=wideint-legalize %t.fe.mir -o %t.wl.mir
; RUN: %lltosimd -march=cpu0 -stop-after=wideint-legalize %s -o - | diff - %t.wl.mir
; RUN: FileCheck %s --check-prefix=WIDE < %t.wl.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=atomic-lowering %t.wl.mir -o %t.al.mir
; RUN: %lltosimd -march=cpu0 -stop-after=atomic-lowering %s -o - | diff - %t.al.mir
; RUN: FileCheck %s --check-prefix=ATOMIC < %t.al.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=vector-legalize %t.al.mir -o %t.vl.mir
; RUN: %lltosimd -march=cpu0 -stop-after=vector-legalize %s -o - | diff - %t.vl.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=switch-lowering %t.vl.mir -o %t.sw.mir
; RUN: %lltosimd -march=cpu0 -stop-after=switch-lowering %s -o - | diff - %t.sw.mir
; RUN: FileCheck %s --check-prefix=SWITCH < %t.sw.mir
; RUN: %lltosimd -march=cpu0 -stop-after=soft-float %s -o %t.0.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=soft-float %t.sw.mir -o - | diff - %t.0.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=cpu0-call-lowering %t.0.mir -o %t.1.mir
; RUN: %lltosimd -march=cpu0 -stop-after=cpu0-call-lowering %s -o - | diff - %t.1.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=cpu0-isel %t.1.mir -o %t.2.mir
; RUN: %lltosimd -march=cpu0 -stop-after=cpu0-isel %s -o - | diff - %t.2.mir
; RUN: FileCheck %s --check-prefix=ISEL < %t.2.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=cpu0-select %t.2.mir -o %t.3.mir
; RUN: %lltosimd -march=cpu0 -stop-after=cpu0-select %s -o - | diff - %t.3.mir
; RUN: FileCheck %s --check-prefix=SELECT < %t.3.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=phi-elim %t.3.mir -o %t.4.mir
; RUN: %lltosimd -march=cpu0 -stop-after=phi-elim %s -o - | diff - %t.4.mir
; RUN: FileCheck %s --check-prefix=PHI < %t.4.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=two-address %t.4.mir -o %t.5.mir
; RUN: %lltosimd -march=cpu0 -stop-after=two-address %s -o - | diff - %t.5.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=regalloc %t.5.mir -o %t.6.mir
; RUN: %lltosimd -march=cpu0 -stop-after=regalloc %s -o - | diff - %t.6.mir
; RUN: FileCheck %s --check-prefix=RA < %t.6.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=cpu0-expand-pseudo %t.6.mir -o %t.7.mir
; RUN: %lltosimd -march=cpu0 -stop-after=cpu0-expand-pseudo %s -o - | diff - %t.7.mir
; RUN: FileCheck %s --check-prefix=EXPAND < %t.7.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=cpu0-frame-lowering %t.7.mir -o %t.8.mir
; RUN: %lltosimd -march=cpu0 -stop-after=cpu0-frame-lowering %s -o - | diff - %t.8.mir
; RUN: FileCheck %s --check-prefix=FRAME < %t.8.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=block-placement %t.8.mir -o %t.8b.mir
; RUN: %lltosimd -march=cpu0 -stop-after=block-placement %s -o - | diff - %t.8b.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=del-jmp %t.8b.mir -o %t.9.mir
; RUN: %lltosimd -march=cpu0 -stop-after=del-jmp %s -o - | diff - %t.9.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=cpu0-long-branch %t.9.mir -o %t.10.mir
; RUN: %lltosimd -march=cpu0 -stop-after=cpu0-long-branch %s -o - | diff - %t.10.mir
; RUN: %lltosimd -march=cpu0 -x mir -run-pass=delay-slot-filler %t.10.mir -o %t.11.mir
; RUN: %lltosimd -march=cpu0 -stop-after=delay-slot-filler %s -o - | diff - %t.11.mir
; RUN: FileCheck %s --check-prefix=SLOT < %t.11.mir
; The pipeline resumes on MIR with -start-after (llc's spelling): from the
; final MIR and from the MIR after phi-elim it gives the assembly the IR
; gives (only the .file name differs).
; RUN: %lltosimd -march=cpu0 %s -o - | grep -v '\.file' > %t.s
; RUN: %lltosimd -march=cpu0 -x mir -start-after=delay-slot-filler %t.11.mir -o - | grep -v '\.file' | diff %t.s -
; RUN: %lltosimd -march=cpu0 -x mir -start-after=phi-elim %t.4.mir -o - | grep -v '\.file' | diff %t.s -
; RUN: not %lltosimd -march=cpu0 -x mir -start-after=no-such-pass %t.4.mir -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADSTART
; RUN: not %lltosimd -march=cpu0 -start-after=phi-elim %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=IRSTART
; BADSTART: lltosimd: -start-after: 'no-such-pass' is not a pass of the cpu0 pipeline
; IRSTART: lltosimd: -start-after needs MIR input (-x mir)

target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

declare i32 @callee(i32, i64, i32)

define i32 @f(i32 %a, i32 %b, i32 %n) {
entry:
  %c = icmp slt i32 %a, %b
  br i1 %c, label %t, label %e
t:
  %x = add i32 %a, 1
  br label %m
e:
  %y = sub i32 %b, 2
  br label %m
m:
  %p = phi i32 [%x, %t], [%y, %e]
  %q = icmp eq i32 %p, %n
  %r = select i1 %q, i32 %a, i32 %b
  %w = sext i32 %r to i64
  %k = call i32 @callee(i32 %r, i64 %w, i32 %p)
  ret i32 %k
}

; Sum of i for i in [0, n) skipping multiples of 3, stopping at a sum > 100.
define i32 @loop(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [0, %entry], [%i1, %latch]
  %s = phi i32 [0, %entry], [%s2, %latch]
  %done = icmp sge i32 %i, %n
  br i1 %done, label %exit, label %body
body:
  %r = urem i32 %i, 3
  %skip = icmp eq i32 %r, 0
  br i1 %skip, label %latch, label %add
add:
  %s1 = add i32 %s, %i
  %big = icmp sgt i32 %s1, 100
  br i1 %big, label %exit, label %latch
latch:
  %s2 = phi i32 [%s, %body], [%s1, %add]
  %i1 = add i32 %i, 1
  br label %head
exit:
  %res = phi i32 [%s, %head], [%s1, %add]
  ret i32 %res
}

; i64 arithmetic leaves the frontend as ops on wide registers between
; G_MERGE_VALUES and G_UNMERGE_VALUES; wideint-legalize splits them.
define i64 @wide(i64 %a, i64 %b) {
  %s = add i64 %a, %b
  %c = icmp ult i64 %s, %b
  %r = select i1 %c, i64 %a, i64 %s
  ret i64 %r
}
; FRONT-LABEL: --- function: wide
; FRONT: wide-vregs:
; FRONT: %[[WA:[0-9]+]]:gpr = G_MERGE_VALUES %0, %1
; FRONT-NEXT: %[[WB:[0-9]+]]:gpr = G_MERGE_VALUES %2, %3
; FRONT-NEXT: %[[WS:[0-9]+]]:gpr = G_ADD %[[WA]], %[[WB]]
; FRONT-NEXT: G_UNMERGE_VALUES %[[WS]]
; FRONT: G_ICMP ult, %{{[0-9]+}}, %{{[0-9]+}}
; WIDE-LABEL: --- function: wide
; WIDE-NOT: wide-vregs:
; WIDE: %[[LO:[0-9]+]].s:gpr = G_ADD %0, %2
; WIDE-NEXT: %[[C:[0-9]+]]:gpr = G_ICMP ult, %[[LO]], %0
; WIDE-NOT: G_MERGE_VALUES
; WIDE-NOT: G_UNMERGE_VALUES
; WIDE: G_RET

; Atomics become plain memory operations (Cpu0 is single-core).
define i32 @counter(i32* %p, i16* %h) {
  %o = atomicrmw add i32* %p, i32 1 seq_cst
  %c = cmpxchg i16* %h, i16 -1, i16 7 seq_cst seq_cst
  %v = extractvalue { i16, i1 } %c, 0
  %z = zext i16 %v to i32
  fence acquire
  %s = add i32 %o, %z
  ret i32 %s
}
; ATOMIC-LABEL: --- function: counter
; ATOMIC-NOT: G_ATOMIC
; ATOMIC-NOT: G_FENCE
; ATOMIC: G_LOAD16U
; ATOMIC: G_STORE16
; ATOMIC-NOT: G_FENCE
; ATOMIC: G_RET

define i32 @dense(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %c
    i32 3, label %d
  ]
a:
  ret i32 10
b:
  ret i32 20
c:
  ret i32 35
d:
  ret i32 47
def:
  ret i32 -1
}

; The dense switch is one table of its four blocks (llc -march=mips: $JTI).
; SWITCH-LABEL: --- function: dense
; SWITCH: jt#0: bb1.a, bb2.b, bb3.c, bb4.d
; SWITCH-NOT: G_SWITCH
; SWITCH: G_BRJT

; ISEL: props: ssa selected
; ISEL-NOT: G_{{[A-Z]}}
; SELECT-NOT: SELECT
; SELECT: {{MOVZ|MOVN}}_I_I
; PHI: props: nophis selected
; PHI-NOT: PHI
; RA: props: nophis novregs selected
; RA-NOT: {{^  .*%[0-9]}}
; EXPAND-NOT: COPY
; FRAME: props: nophis novregs selected framelowered
; FRAME: $sp = ADDiu $sp, -
; SLOT: props: nophis novregs bundled selected framelowered
; A call and its delay slot form a bundle (spec §5).
; SLOT: {{^    JSUB @callee}}
; SLOT-NEXT: {{^    [A-Z]}}
; SLOT-NEXT: {{^  }$}}
