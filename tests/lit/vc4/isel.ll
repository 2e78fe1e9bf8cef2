; vc4-isel selects the generic ALU operations into the QPU's add-pipe and
; mul-pipe ops (spec vc4.md §3) with the shared pattern-table engine. Flags
; are implicit definitions of $zf/$nf/$cf (.setf), a conditional write is a
; guard operand on one flag (pred:$cf = .ifc, pred:!$zf = .ifnz) followed by
; the value the other lanes keep. Small immediates are -16..15 (§4.3); other
; constants are loaded by V4_LDI before their user; a G_CONST read only by
; operations the lowerer still expands (the work-item call) stays generic.
; The selected MIR round-trips through the printer and parser: running the
; pass alone on the MIR printed before it gives what the pipeline has after
; it, and compiling from the selected MIR gives the same code.
; (-enable-if-conversion=false: the execute-mask code of divergent branches.)
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false -stop-after=phi-elim %s -o %t.phi.mir
; RUN: %lltosimd -march=vc4 -x mir -run-pass=vc4-isel -verify-machineinstrs %t.phi.mir -o %t.isel.mir
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false -stop-after=vc4-isel %s -o - | diff - %t.isel.mir
; RUN: FileCheck %s < %t.isel.mir
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false %s -o %t.s
; RUN: %lltosimd -march=vc4 -x mir -start-after=vc4-isel %t.isel.mir -o - | diff - %t.s
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false -print-after-all %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: %lltosimd -march=vc4 -enable-if-conversion=false -stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir"

declare spir_func i32 @_Z13get_global_idj(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.ctlz.i32(i32, i1)

define spir_kernel void @k(i32 addrspace(1)* %o, i32 %n, float %f) {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0)
  %a = add i32 %i, 7
  %b = sub i32 1000, %a
  %c = mul i32 %b, 12
  %d = mul i32 %c, 8
  %e = mul i32 %d, %n
  %g = shl i32 %e, 20
  %h = lshr i32 %g, 3
  %l = call i32 @llvm.fshl.i32(i32 %h, i32 %h, i32 %n)
  %m = call i32 @llvm.fshr.i32(i32 %l, i32 %l, i32 5)
  %z = call i32 @llvm.ctlz.i32(i32 %m, i1 false)
  %q = icmp ult i32 %z, %n
  %s = select i1 %q, i32 %m, i32 -100
  %t = trunc i32 %s to i8
  %u = sext i8 %t to i32
  %y = or i32 %u, 3
  %w = xor i32 %y, -1
  %ff = uitofp i32 %w to float
  %f2 = fadd float %ff, %f
  %f3 = fmul float %f2, 2.0
  %f4 = fsub float %f3, 1.5
  %fi = fptoui float %f4 to i32
  %fs = fptosi float %f4 to i32
  %si = sitofp i32 %fs to float
  %sb = bitcast float %si to i32
  %r = add i32 %fi, %sb
  %sgt = icmp sgt i32 %r, 0
  br i1 %sgt, label %then, label %join
then:
  br label %join
join:
  %v = phi i32 [ 5, %entry ], [ %r, %then ]
  %p = getelementptr i32, i32 addrspace(1)* %o, i32 %i
  store i32 %v, i32 addrspace(1)* %p
  ret void
}

; CHECK-LABEL: bb0.entry:
; CHECK:       [[ZERO:%[0-9]+]]:gpr = G_CONST 0
; CHECK-NEXT:  %3.i:gpr = G_CALL @_Z13get_global_idj, 1, [[ZERO]]
; CHECK-NEXT:  %6.a:gpr = V4_ADD %3, 7
; 1000 is no small immediate: ldi, then the subtraction.
; CHECK-NEXT:  [[K1000:%[0-9]+]]:gpr = V4_LDI 1000
; CHECK-NEXT:  %8.b:gpr = V4_SUB [[K1000]], %6
; b * 12: mul24 multiplies the low 24 bits, so the product is
; mul24(b, 12) + (mul24(b >> 24, 12) << 24); 24 is the small immediate -8
; (shifts read the low five bits).
; CHECK-NEXT:  [[BH:%[0-9]+]]:gpr = V4_SHR %8, -8
; CHECK-NEXT:  [[P1:%[0-9]+]]:gpr = V4_MUL24 [[BH]], 12
; CHECK-NEXT:  [[P0:%[0-9]+]]:gpr = V4_MUL24 %8, 12
; CHECK-NEXT:  [[S:%[0-9]+]]:gpr = V4_SHL [[P1]], -8
; CHECK-NEXT:  %10.c:gpr = V4_ADD [[P0]], [[S]]
; A power of two is one shift.
; CHECK-NEXT:  %12.d:gpr = V4_SHL %10, 3
; A variable factor: three partial products (Mesa's ntq_umul).
; CHECK-NEXT:  [[AH:%[0-9]+]]:gpr = V4_SHR %12, -8
; CHECK-NEXT:  [[NH:%[0-9]+]]:gpr = V4_SHR %1, -8
; CHECK-NEXT:  [[Q1:%[0-9]+]]:gpr = V4_MUL24 [[AH]], %1
; CHECK-NEXT:  [[Q2:%[0-9]+]]:gpr = V4_MUL24 %12, [[NH]]
; CHECK-NEXT:  [[Q0:%[0-9]+]]:gpr = V4_MUL24 %12, %1
; CHECK-NEXT:  [[H:%[0-9]+]]:gpr = V4_ADD [[Q1]], [[Q2]]
; CHECK-NEXT:  [[H]]:gpr = V4_SHL [[H]], -8
; CHECK-NEXT:  %13.e:gpr = V4_ADD [[Q0]], [[H]]
; Shift by 20 = small immediate -12.
; CHECK-NEXT:  %15.g:gpr = V4_SHL %13, -12
; CHECK-NEXT:  %17.h:gpr = V4_SHR %15, 3
; rotl by n is ror by 0 - n (the frontend masks the amount to 0..31).
; CHECK:       [[NEG:%[0-9]+]]:gpr = V4_SUB 0, {{%[0-9]+}}
; CHECK-NEXT:  %{{[0-9]+}}.l:gpr = V4_ROR %17, [[NEG]]
; CHECK-NEXT:  %{{[0-9]+}}.m:gpr = V4_ROR %{{[0-9]+}}, 5
; CHECK-NEXT:  %{{[0-9]+}}.z:gpr = V4_CLZ
; z <u n: 0, then 1 where sub z, n borrows (C set).
; CHECK-NEXT:  [[Q:%[0-9]+]].q:gpr = V4_MOV 0
; CHECK-NEXT:  $nop = V4_SUB %{{[0-9]+}}, %1, implicit-def $zf, implicit-def $nf, implicit-def $cf
; CHECK-NEXT:  [[Q]].q:gpr = V4_MOV 1, pred:$cf, implicit [[Q]]
; select: the false value (-100 = 0xffffff9c by ldi), then the true one
; where q is not zero.
; CHECK-NEXT:  [[M100:%[0-9]+]]:gpr = V4_LDI 4294967196
; CHECK-NEXT:  [[SEL:%[0-9]+]].s:gpr = V4_MOV [[M100]]
; CHECK-NEXT:  $nop = V4_MOV [[Q]], implicit-def $zf, implicit-def $nf, implicit-def $cf
; CHECK-NEXT:  [[SEL]].s:gpr = V4_MOV %{{[0-9]+}}, pred:!$zf, implicit [[SEL]]
; sext i8: shl 24, asr 24.
; CHECK-NEXT:  [[T8:%[0-9]+]]:gpr = V4_SHL [[SEL]], -8
; CHECK-NEXT:  %{{[0-9]+}}.u:gpr = V4_ASR [[T8]], -8
; CHECK:       %{{[0-9]+}}.w:gpr = V4_XOR %{{[0-9]+}}, -1
; uitofp: itof of (w >> 1 | w & 1) doubled where the top bit is set (N).
; CHECK:       [[FF:%[0-9]+]].ff:gpr = V4_ITOF
; CHECK-NEXT:  $nop = V4_MOV %{{[0-9]+}}, implicit-def $zf, implicit-def $nf, implicit-def $cf
; CHECK-NEXT:  [[FF]].ff:gpr = V4_MOV %{{[0-9]+}}, pred:$nf, implicit [[FF]]
; CHECK-NEXT:  %{{[0-9]+}}.f2:gpr = V4_FADD [[FF]], %2
; 2.0 = 0x40000000 is a float bit pattern, loaded by ldi; fmul is on the mul pipe.
; CHECK-NEXT:  [[TWO:%[0-9]+]]:gpr = V4_LDI 1073741824
; CHECK-NEXT:  %{{[0-9]+}}.f3:gpr = V4_FMUL %{{[0-9]+}}, [[TWO]]
; fptoui: values from 2^31 (0x4f000000) up convert less 2^31, with the top bit added back where N is clear.
; CHECK:       [[T31:%[0-9]+]]:gpr = V4_LDI 1325400064
; CHECK:       [[FI:%[0-9]+]].fi:gpr = V4_FTOI [[F4:%[0-9]+]]
; CHECK-NEXT:  $nop = V4_FSUB [[F4]], [[T31]], implicit-def $zf, implicit-def $nf, implicit-def $cf
; CHECK-NEXT:  [[FI]].fi:gpr = V4_MOV %{{[0-9]+}}, pred:!$nf, implicit [[FI]]
; CHECK-NEXT:  %{{[0-9]+}}.fs:gpr = V4_FTOI [[F4]]
; CHECK-NEXT:  %{{[0-9]+}}.si:gpr = V4_ITOF
; r >s 0: max r, 0 sets C where r is the greater.
; CHECK:       $nop = V4_MAX %{{[0-9]+}}, 0, implicit-def $zf, implicit-def $nf, implicit-def $cf
; CHECK-NEXT:  %{{[0-9]+}}.sgt:gpr = V4_MOV 1, pred:$cf
; The phi's register is a variable: its constant write is a mov of a small immediate.
; CHECK-NEXT:  [[PHI:%[0-9]+]]:gpr = V4_MOV 5
; CHECK-NEXT:  G_BRCOND
; CHECK-LABEL: bb1.then:
; CHECK-NEXT:  [[PHI]]:gpr = V4_MOV %{{[0-9]+}}
; CHECK-LABEL: bb2.join:
; CHECK-NEXT:  %{{[0-9]+}}.v:gpr = V4_MOV [[PHI]]
; CHECK-NEXT:  %{{[0-9]+}}:gpr = V4_SHL %3, 2
; CHECK-NOT:   G_ADD
; CHECK:       G_STORE32

; PRINT: # *** IR Dump After {{.*}}(vc4-isel) ***:
; PRINT: V4_MUL24

; STATS-DAG: vc4-isel - Number of instructions selected
; STATS-DAG: vc4-isel - Number of constant writes of variables selected after the rules
