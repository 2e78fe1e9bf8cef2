; The MIR stages of the VC4 pipeline are passes of the shared plan: each one
; reads and writes MIR text, so running it alone on the MIR printed before it
; (-x mir -run-pass=PASS) gives exactly what the whole pipeline has after it
; (-stop-after=PASS), and compilation resumes from MIR with -start-after.
; The kernel (clang -O0 OpenCL C) has a helper call, a switch, private
; variables, int4 arithmetic and one uniform and one divergent if:
;   static void sq(int *r, int x) { *r = x * x; }
;   kernel void k(global int *out, int n) {
;     int i = get_global_id(0); int v; sq(&v, i);
;     switch (n) { case 0: v += 1; break; case 1: v += 7; break;
;                  case 2: v -= 3; break; case 5: v ^= 9; break; default: v = 0; }
;     if (n > 3) v *= 2;
;     if (i & 1) v += n;
;     int4 a = (int4)(v, v + 1, v + 2, n); int4 b = a * a;
;     out[i] = b.x + b.y + b.w;
;   }
; RUN: %lltosimd -march=vc4 -print-before=vc4-inline %s -o /dev/null 2>&1 | grep -v '^#' > %t.fe.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-inline %t.fe.mir -o %t.1.mir
; RUN: %lltosimd -march=vc4 -stop-after=vc4-inline %s -o - | diff - %t.1.mir
; RUN: FileCheck %s --check-prefix=INLINE < %t.1.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vector-legalize %t.1.mir -o %t.2.mir
; RUN: %lltosimd -march=vc4 -stop-after=vector-legalize %s -o - | diff - %t.2.mir
; RUN: FileCheck %s --check-prefix=VEC < %t.2.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=switch-lowering %t.2.mir -o %t.3s.mir
; RUN: %lltosimd -march=vc4 -stop-after=switch-lowering %s -o - | diff - %t.3s.mir
; RUN: FileCheck %s --check-prefix=SWITCH < %t.3s.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=if-convert %t.3s.mir -o %t.3i.mir
; RUN: %lltosimd -march=vc4 -stop-after=if-convert %s -o - | diff - %t.3i.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=predicate-lowering %t.3i.mir -o %t.3p.mir
; RUN: %lltosimd -march=vc4 -stop-after=predicate-lowering %s -o - | diff - %t.3p.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-promote-allocas %t.3p.mir -o %t.4.mir
; RUN: %lltosimd -march=vc4 -stop-after=vc4-promote-allocas %s -o - | diff - %t.4.mir
; RUN: FileCheck %s --check-prefix=PROMOTE < %t.4.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-divergence %t.4.mir -o %t.5.mir
; RUN: %lltosimd -march=vc4 -stop-after=vc4-divergence %s -o - | diff - %t.5.mir
; RUN: FileCheck %s --check-prefix=DIV < %t.5.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-layout %t.5.mir -o %t.6.mir
; RUN: %lltosimd -march=vc4 -stop-after=vc4-layout %s -o - | diff - %t.6.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=phi-elim %t.6.mir -o %t.7.mir
; RUN: %lltosimd -march=vc4 -stop-after=phi-elim %s -o - | diff - %t.7.mir
; RUN: FileCheck %s --check-prefix=PHI < %t.7.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-isel %t.7.mir -o %t.8.mir
; RUN: %lltosimd -march=vc4 -stop-after=vc4-isel %s -o - | diff - %t.8.mir
; RUN: FileCheck %s --check-prefix=ISEL < %t.8.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-mask -verify-machineinstrs %t.8.mir -o %t.9.mir
; RUN: %lltosimd -march=vc4 -stop-after=vc4-mask %s -o - | diff - %t.9.mir
; RUN: FileCheck %s --check-prefix=MASK < %t.9.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-regalloc -verify-machineinstrs %t.9.mir -o %t.10.mir
; RUN: %lltosimd -march=vc4 -stop-after=vc4-regalloc %s -o - | diff - %t.10.mir
; RUN: FileCheck %s --check-prefix=RA < %t.10.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-sched -verify-machineinstrs %t.10.mir -o %t.11.mir
; RUN: %lltosimd -march=vc4 -stop-after=vc4-sched %s -o - | diff - %t.11.mir
; RUN: FileCheck %s --check-prefix=SCHED < %t.11.mir
; RUN: %lltosimd -march=vc4 %s -o %t.s
; RUN: %lltosimd -march=vc4 -verify-machineinstrs %s -o - | diff - %t.s
; RUN: %lltosimd -march=vc4 -x mir -start-after=vc4-divergence %t.5.mir -o - | diff - %t.s
; RUN: %lltosimd -march=vc4 -x mir -start-after=phi-elim %t.7.mir -o - | diff - %t.s
; RUN: %lltosimd -march=vc4 -x mir -start-after=vc4-isel %t.8.mir -o - | diff - %t.s
; RUN: %lltosimd -march=vc4 -x mir -start-after=vc4-mask %t.9.mir -o - | diff - %t.s
; RUN: %lltosimd -march=vc4 -x mir -start-after=vc4-regalloc %t.10.mir -o - | diff - %t.s
; RUN: %lltosimd -march=vc4 -x mir -start-after=vc4-sched %t.11.mir -o - | diff - %t.s
; RUN: %lltosimd -march=vc4 -print-after-all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
; RUN: rm -rf %t.dot && mkdir -p %t.dot && cd %t.dot && %lltosimd -march=vc4 -dot-cfg %s -o /dev/null
; RUN: FileCheck %s --check-prefix=DOT < %t.dot/cfg.k.dot

; The helper's body replaces the call (the QPU has no call stack).
; INLINE-LABEL: --- function: k
; INLINE-NOT:   G_CALL @sq
; INLINE:       --- function: sq

; Work-items run one per lane: no vector registers remain.
; VEC-LABEL: --- function: k
; VEC-NOT:   v4s32
; VEC:       --- function: sq

; Whole-word private variables become registers (no memory left, not SSA).
; PROMOTE-LABEL: --- function: k
; PROMOTE-NEXT:  arch: vc4
; PROMOTE-NEXT:  props:{{$}}
; PROMOTE:       fi#1: size=0 align=4 name=n.addr
; PROMOTE-NOT:   G_LOAD32 fi#1,
; PROMOTE:       --- function: sq

; No jump table: the execute mask cannot follow an indirect branch.
; SWITCH-LABEL: --- function: k
; SWITCH-NOT:   G_SWITCH
; SWITCH-NOT:   G_BRJT
; SWITCH:       --- function: sq

; Conditions on the argument n are the same in every lane: uniform; the one
; on get_global_id(0) & 1 is not.
; DIV-LABEL: --- function: k
; DIV:       G_BRCOND uniform %{{[0-9]+}}, bb{{[0-9]+}}.if.then{{$}}
; DIV:       G_BRCOND %{{[0-9]+}}, bb{{[0-9]+}}.if.then5{{$}}
; DIV-NOT:   G_BRCOND %
; DIV:       --- function: sq

; ALL: IR Dump After VC4: inline calls {{.*}} (vc4-inline)
; ALL: IR Dump After {{.*}} (vector-legalize)
; ALL: IR Dump After {{.*}} (vc4-promote-allocas)
; ALL: IR Dump After {{.*}} (switch-lowering)
; ALL: IR Dump After {{.*}} (vc4-divergence)
; ALL: IR Dump After {{.*}} (vc4-layout)
; ALL: IR Dump After {{.*}} (phi-elim)
; ALL: IR Dump After {{.*}} (vc4-isel)
; ALL: IR Dump After {{.*}} (vc4-mask)
; ALL: IR Dump After {{.*}} (vc4-regalloc)
; ALL: IR Dump After {{.*}} (vc4-sched)

; No phi is left.
; PHI-LABEL: --- function: k
; PHI-NEXT:  arch: vc4
; PHI-NEXT:  props: nophis
; PHI-NOT:   PHI
; PHI:       --- function: sq

; The arithmetic is QPU ops; memory, calls and branches stay generic.
; ISEL-LABEL: --- function: k
; ISEL-NOT:   G_ADD
; ISEL-NOT:   G_MUL
; ISEL:       V4_MUL24
; ISEL:       G_STORE32
; ISEL:       --- function: sq

; vc4-mask: the kernel in the machine form (docs/vc4.md): QPU ops on
; virtual registers, accumulators and I/O registers, writes under the
; execute mask r3 (spec vc4.md §8; -verify-machineinstrs checks that the
; instruction making Z the active lanes precedes each), the thread end; the
; facts the later stages need in target-info. The helper sq, which k calls, stays
; generic.
; MASK-LABEL: --- function: k
; MASK:       target-info: {{.*}}vc4.form=1
; MASK:       body:
; MASK-NOT:   G_
; MASK:       $unif
; MASK:       $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
; MASK:       = V4_{{[A-Z0-9_]+}} {{.*}}pred:{{!?}}$zf, implicit {{[%$][a-z0-9]+}}, implicit $r3
; MASK:       V4_THREND
; MASK:       --- function: sq
; MASK:       G_STORE32

; vc4-regalloc: every value in regfile A or B, no virtual register left.
; RA-LABEL: --- function: k
; RA:       target-info: {{.*}}vc4.form=2
; RA:       vregs: 0
; RA:       body:
; RA-NOT:   %{{[0-9]+}}
; RA:       $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
; RA:       = V4_{{[A-Z0-9_]+}} {{.*}}pred:{{!?}}$zf, implicit $r{{[a-z0-9]+}}, implicit $r3
; RA-NOT:   %{{[0-9]+}}
; RA:       V4_THREND
; RA:       --- function: sq

; Scheduled: add/mul packets, the function marked for the emission.
; SCHED-LABEL: --- function: k
; SCHED:       target-info: {{.*}}vc4.form=2 {{.*}}vc4.scheduled=1
; SCHED:       packet {
; SCHED:       V4_THREND
; SCHED:       --- function: sq

; DOT: digraph
; DOT: ->
; DOT: }

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @k(i32 addrspace(1)* noundef %out, i32 noundef %n) {
entry:
  %out.addr = alloca i32 addrspace(1)*, align 4
  %n.addr = alloca i32, align 4
  %i = alloca i32, align 4
  %v = alloca i32, align 4
  %a = alloca <4 x i32>, align 16
  %.compoundliteral = alloca <4 x i32>, align 16
  %b = alloca <4 x i32>, align 16
  store i32 addrspace(1)* %out, i32 addrspace(1)** %out.addr, align 4
  store i32 %n, i32* %n.addr, align 4
  %call = call spir_func i32 @_Z13get_global_idj(i32 noundef 0)
  store i32 %call, i32* %i, align 4
  %0 = load i32, i32* %i, align 4
  call spir_func void @sq(i32* noundef %v, i32 noundef %0)
  %1 = load i32, i32* %n.addr, align 4
  switch i32 %1, label %sw.default [
    i32 0, label %sw.bb
    i32 1, label %sw.bb1
    i32 2, label %sw.bb3
    i32 5, label %sw.bb4
  ]

sw.bb:                                            ; preds = %entry
  %2 = load i32, i32* %v, align 4
  %add = add nsw i32 %2, 1
  store i32 %add, i32* %v, align 4
  br label %sw.epilog

sw.bb1:                                           ; preds = %entry
  %3 = load i32, i32* %v, align 4
  %add2 = add nsw i32 %3, 7
  store i32 %add2, i32* %v, align 4
  br label %sw.epilog

sw.bb3:                                           ; preds = %entry
  %4 = load i32, i32* %v, align 4
  %sub = sub nsw i32 %4, 3
  store i32 %sub, i32* %v, align 4
  br label %sw.epilog

sw.bb4:                                           ; preds = %entry
  %5 = load i32, i32* %v, align 4
  %xor = xor i32 %5, 9
  store i32 %xor, i32* %v, align 4
  br label %sw.epilog

sw.default:                                       ; preds = %entry
  store i32 0, i32* %v, align 4
  br label %sw.epilog

sw.epilog:                                        ; preds = %sw.default, %sw.bb4, %sw.bb3, %sw.bb1, %sw.bb
  %6 = load i32, i32* %n.addr, align 4
  %cmp = icmp sgt i32 %6, 3
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %sw.epilog
  %7 = load i32, i32* %v, align 4
  %mul = mul nsw i32 %7, 2
  store i32 %mul, i32* %v, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %sw.epilog
  %8 = load i32, i32* %i, align 4
  %and = and i32 %8, 1
  %tobool = icmp ne i32 %and, 0
  br i1 %tobool, label %if.then5, label %if.end7

if.then5:                                         ; preds = %if.end
  %9 = load i32, i32* %n.addr, align 4
  %10 = load i32, i32* %v, align 4
  %add6 = add nsw i32 %10, %9
  store i32 %add6, i32* %v, align 4
  br label %if.end7

if.end7:                                          ; preds = %if.then5, %if.end
  %11 = load i32, i32* %v, align 4
  %vecinit = insertelement <4 x i32> undef, i32 %11, i32 0
  %12 = load i32, i32* %v, align 4
  %add8 = add nsw i32 %12, 1
  %vecinit9 = insertelement <4 x i32> %vecinit, i32 %add8, i32 1
  %13 = load i32, i32* %v, align 4
  %add10 = add nsw i32 %13, 2
  %vecinit11 = insertelement <4 x i32> %vecinit9, i32 %add10, i32 2
  %14 = load i32, i32* %n.addr, align 4
  %vecinit12 = insertelement <4 x i32> %vecinit11, i32 %14, i32 3
  store <4 x i32> %vecinit12, <4 x i32>* %.compoundliteral, align 16
  %15 = load <4 x i32>, <4 x i32>* %.compoundliteral, align 16
  store <4 x i32> %15, <4 x i32>* %a, align 16
  %16 = load <4 x i32>, <4 x i32>* %a, align 16
  %17 = load <4 x i32>, <4 x i32>* %a, align 16
  %mul13 = mul <4 x i32> %16, %17
  store <4 x i32> %mul13, <4 x i32>* %b, align 16
  %18 = load <4 x i32>, <4 x i32>* %b, align 16
  %19 = extractelement <4 x i32> %18, i32 0
  %20 = load <4 x i32>, <4 x i32>* %b, align 16
  %21 = extractelement <4 x i32> %20, i32 1
  %add14 = add nsw i32 %19, %21
  %22 = load <4 x i32>, <4 x i32>* %b, align 16
  %23 = extractelement <4 x i32> %22, i32 3
  %add15 = add nsw i32 %add14, %23
  %24 = load i32 addrspace(1)*, i32 addrspace(1)** %out.addr, align 4
  %25 = load i32, i32* %i, align 4
  %arrayidx = getelementptr inbounds i32, i32 addrspace(1)* %24, i32 %25
  store i32 %add15, i32 addrspace(1)* %arrayidx, align 4
  ret void
}

; Function Attrs: convergent nounwind readnone willreturn
declare spir_func i32 @_Z13get_global_idj(i32 noundef)

; Function Attrs: convergent noinline norecurse nounwind
define internal spir_func void @sq(i32* noundef %r, i32 noundef %x) {
entry:
  %r.addr = alloca i32*, align 4
  %x.addr = alloca i32, align 4
  store i32* %r, i32** %r.addr, align 4
  store i32 %x, i32* %x.addr, align 4
  %0 = load i32, i32* %x.addr, align 4
  %1 = load i32, i32* %x.addr, align 4
  %mul = mul nsw i32 %0, %1
  %2 = load i32*, i32** %r.addr, align 4
  store i32 %mul, i32* %2, align 4
  ret void
}

