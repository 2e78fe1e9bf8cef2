; Every pass of the BWDSP pipeline reads and writes MIR text: running one
; pass alone on the MIR printed before it (-x mir -run-pass=PASS) gives
; exactly the MIR the whole pipeline has after it (-stop-after=PASS), and
; the pipeline resumes on MIR with -start-after. The module is the Cpu0
; toolbox one (calls with an i64 argument, a loop, phis, a select, a dense
; switch) in little-endian MIPS IR.
; RUN: %lltosimd -march=bwdsp -print-before=switch-lowering %s -o /dev/null 2>&1 | grep -v '^#' > %t.fe.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=switch-lowering %t.fe.mir -o %t.0.mir
; RUN: %lltosimd -march=bwdsp -stop-after=switch-lowering %s -o - | diff - %t.0.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=soft-float %t.0.mir -o %t.1.mir
; RUN: %lltosimd -march=bwdsp -stop-after=soft-float %s -o - | diff - %t.1.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=bwdsp-call-lowering %t.1.mir -o %t.2.mir
; RUN: %lltosimd -march=bwdsp -stop-after=bwdsp-call-lowering %s -o - | diff - %t.2.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=generic-combine %t.2.mir -o %t.3.mir
; RUN: %lltosimd -march=bwdsp -stop-after=generic-combine %s -o - | diff - %t.3.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=hardware-loops %t.3.mir -o %t.3h.mir
; RUN: %lltosimd -march=bwdsp -stop-after=hardware-loops %s -o - | diff - %t.3h.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=loop-strength-reduce %t.3h.mir -o %t.3l.mir
; RUN: %lltosimd -march=bwdsp -stop-after=loop-strength-reduce %s -o - | diff - %t.3l.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=hoist-vector-constants %t.3l.mir -o %t.3v.mir
; RUN: %lltosimd -march=bwdsp -stop-after=hoist-vector-constants %s -o - | diff - %t.3v.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=bwdsp-isel %t.3v.mir -o %t.4.mir
; RUN: %lltosimd -march=bwdsp -stop-after=bwdsp-isel %s -o - | diff - %t.4.mir
; RUN: FileCheck %s --check-prefix=ISEL < %t.4.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=machine-cse %t.4.mir -o %t.5.mir
; RUN: %lltosimd -march=bwdsp -stop-after=machine-cse %s -o - | diff - %t.5.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=post-modify %t.5.mir -o %t.5p.mir
; RUN: %lltosimd -march=bwdsp -stop-after=post-modify %s -o - | diff - %t.5p.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=software-pipeline %t.5p.mir -o %t.5s.mir
; RUN: %lltosimd -march=bwdsp -stop-after=software-pipeline %s -o - | diff - %t.5s.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=phi-elim %t.5s.mir -o %t.6.mir
; RUN: %lltosimd -march=bwdsp -stop-after=phi-elim %s -o - | diff - %t.6.mir
; RUN: FileCheck %s --check-prefix=PHI < %t.6.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=two-address %t.6.mir -o %t.7.mir
; RUN: %lltosimd -march=bwdsp -stop-after=two-address %s -o - | diff - %t.7.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=regalloc %t.7.mir -o %t.8.mir
; RUN: %lltosimd -march=bwdsp -stop-after=regalloc %s -o - | diff - %t.8.mir
; RUN: FileCheck %s --check-prefix=RA < %t.8.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=bwdsp-expand-pseudo %t.8.mir -o %t.9.mir
; RUN: %lltosimd -march=bwdsp -stop-after=bwdsp-expand-pseudo %s -o - | diff - %t.9.mir
; RUN: FileCheck %s --check-prefix=EXPAND < %t.9.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=bwdsp-frame-lowering %t.9.mir -o %t.10.mir
; RUN: %lltosimd -march=bwdsp -stop-after=bwdsp-frame-lowering %s -o - | diff - %t.10.mir
; RUN: FileCheck %s --check-prefix=FRAME < %t.10.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=block-placement %t.10.mir -o %t.10b.mir
; RUN: %lltosimd -march=bwdsp -stop-after=block-placement %s -o - | diff - %t.10b.mir
; RUN: %lltosimd -march=bwdsp -x mir -run-pass=del-jmp %t.10b.mir -o %t.11.mir
; RUN: %lltosimd -march=bwdsp -stop-after=del-jmp %s -o - | diff - %t.11.mir
; RUN: %lltosimd -march=bwdsp %s -o - | grep -v '^//' > %t.s
; RUN: %lltosimd -march=bwdsp -x mir -start-after=del-jmp %t.11.mir -o - | grep -v '^//' | diff %t.s -
; RUN: %lltosimd -march=bwdsp -x mir -start-after=phi-elim %t.6.mir -o - | grep -v '^//' | diff %t.s -

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

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

; ISEL: props: ssa selected
; ISEL-NOT: G_{{[A-Z]}}
; PHI: props: nophis selected
; PHI-NOT: PHI
; RA: props: nophis novregs selected
; RA-NOT: {{^  .*%[0-9]}}
; EXPAND-NOT: COPY
; FRAME: props: nophis novregs selected framelowered
; FRAME: $U8 = AADDI $U8, -
; FRAME-NOT: fi#
