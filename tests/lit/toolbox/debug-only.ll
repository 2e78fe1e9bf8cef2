; Every Cpu0 pass prints what it does under -debug-only=NAME, and nothing
; under another pass's name. The checks state the specification (cpu0.md):
; O32 argument placement (§2: two words in $a0/$a1, an i64 on the stack is
; 8-aligned, the 8-byte home area is always reserved), $lr saved at the top of
; the frame (§2), selects as movz/movn (§6), a jmp to the next block deleted
; and a branch over a jmp inverted (§4), long branches (§4) and delay slots (§5).
; RUN: %lltosimd -march=cpu0 -debug-only=cpu0-call-lowering %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CALL
; RUN: %lltosimd -march=cpu0 -debug-only=cpu0-isel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ISEL
; RUN: %lltosimd -march=cpu0 -debug-only=cpu0-select %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELECT
; RUN: %lltosimd -march=cpu0 -enable-cpu0-select=false -debug-only=cpu0-select %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELECTBR
; RUN: %lltosimd -march=cpu0 -debug-only=phi-elim %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PHI
; RUN: %lltosimd -march=cpu0 -debug-only=two-address %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWOADDR
; RUN: %lltosimd -march=cpu0 -debug-only=regalloc %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RA
; RUN: %lltosimd -march=cpu0 -debug-only=cpu0-expand-pseudo %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPAND
; RUN: %lltosimd -march=cpu0 -debug-only=cpu0-frame-lowering %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FRAME
; RUN: %lltosimd -march=cpu0 -debug-only=block-placement %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLACE
; block-placement leaves del-jmp nothing to do here; without it:
; RUN: %lltosimd -march=cpu0 -enable-block-placement=false -debug-only=del-jmp %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DELJMP
; RUN: %lltosimd -march=cpu0 -force-cpu0-long-branch -debug-only=cpu0-long-branch %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LONG
; RUN: %lltosimd -march=cpu0 -debug-only=delay-slot-filler %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SLOT
; RUN: %lltosimd -march=cpu0 -debug-only=no-such-pass %s -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE

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

; CALL: cpu0-call-lowering: f: incoming: {{.*}}#0 1 word(s) -> $4, #1 1 word(s) -> $5, #2 1 word(s) -> 8($sp)
; CALL: cpu0-call-lowering: f: call callee: {{.*}}#0 1 word(s) -> $4, #1 2 word(s) -> 8($sp) 12($sp), #2 1 word(s) -> 16($sp)

; ISEL: ISEL: function f (cpu032II)
; ISEL: {{^ISEL: [a-z]}}{{.*}}<- {{.*}}G_SELECT

; SELECT: cpu0-select: f: {{.*}}SELECT {{.*}} => movz/movn
; SELECTBR: cpu0-select: f: {{.*}}SELECT {{.*}} => branches

; PHI: phi-elim: edge bb1.t -> bb3.m: [[P:%[0-9]+]].p:gpr = COPY
; PHI: phi-elim: edge bb2.e -> bb3.m: [[P]].p:gpr = COPY

; The movz/movn result is tied to the false value (§6), hence the copy.
; TWOADDR: two-address: bb3.m: [[R:%[0-9]+]].r:gpr = COPY {{.*}} before [[R]].r:gpr = MOV{{[ZN]}}_I_I

; RA: {{ -> \$[0-9a-z]+$}}

; EXPAND: cpu0-expand-pseudo: f: {{.*}} = COPY {{.*}} => {{.*}} = ADDu {{\$[0-9a-z]+}}, $zero

; FRAME: cpu0-frame-lowering: f: frame [[#N:]] bytes, base $sp, outgoing args [[#]] bytes
; FRAME-NEXT: cpu0-frame-lowering: f:   save $lr at [[#N-4]]($sp)
; FRAME: cpu0-frame-lowering: f:   fi#{{[0-9]+}}: 4 bytes, incoming at [[#N+8]]($sp)

; PLACE: block-placement: f: chain from bb0.entry
; PLACE: block-placement: f: layout bb0.entry

; DELJMP: del-jmp: bb0.entry: {{BNE|BEQ}} {{.*}}; JMP bb2.e  =>  {{BNE|BEQ}} {{.*}}, bb2.e
; DELJMP: del-jmp: bb2.e: deleting JMP bb3.m (target is the next block)

; LONG: cpu0-long-branch: bb0.entry: expanding {{BEQ|BNE}}

; SLOT: delay-slot-filler: {{.*}}delay slot{{.*}} of JSUB @callee
; SLOT: delay-slot-filler: {{.*}}delay slot{{.*}} of RET $lr

; NONE-NOT: {{.}}
