; Objects aligned beyond the 8-byte stack alignment (spec §2) need a realigned
; frame, laid out as LLVM lays out MIPS frames (llc -march=mipsel gives the
; same sequence for @over): after the saves "move $fp, $sp", then
; "addiu $1, $zero, -A" + "and $sp, $sp, $1"; locals are addressed from the
; aligned $sp, incoming stack arguments from $fp (at N + offset), and the
; epilogue starts with "move $sp, $fp".
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -delay-slot-filler-useful=false %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I -delay-slot-filler-useful=false %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

%struct.S = type { i32, [12 x i8], i32, [12 x i8] }

declare void @use(i8*)

define i32 @over(i32 %a, i32 %b, i32 %c) {
entry:
  %buf = alloca [32 x i8], align 32
  %p = getelementptr [32 x i8], [32 x i8]* %buf, i32 0, i32 0
  call void @use(i8* %p)
  ret i32 %c
}
; CHECK-LABEL: over:
; CHECK: .frame $fp,[[#N:]],$lr
; CHECK: addiu $sp, $sp, -[[#N]]
; CHECK: st $fp, [[#N-8]]($sp)
; CHECK: move $fp, $sp
; CHECK-NEXT: addiu $1, $zero, -32
; CHECK-NEXT: and $sp, $sp, $1
; CHECK-DAG: ld {{\$[0-9a-z]+}}, [[#N+8]]($fp)
; CHECK-DAG: addiu $4, $sp, {{(0|32|64|96)$}}
; CHECK-DAG: jsub use
; CHECK: move $sp, $fp
; CHECK: ld $fp, [[#N-8]]($sp)
; CHECK: addiu $sp, $sp, [[#N]]
; CHECK: .end over

; An 8-aligned object needs no realignment: $sp is 8-aligned already.
define void @eight() {
  %buf = alloca [32 x i8], align 8
  %p = getelementptr [32 x i8], [32 x i8]* %buf, i32 0, i32 0
  call void @use(i8* %p)
  ret void
}
; CHECK-LABEL: eight:
; CHECK: .frame $sp,
; CHECK-NOT: and $sp
; CHECK: .end eight

; An access claiming more alignment than its alloca has raises the
; alloca's alignment (here beyond 8: the frame is realigned to 16).
define i32 @claim() {
  %a = alloca [16 x i8], align 1
  %p = bitcast [16 x i8]* %a to i32*
  store i32 1, i32* %p, align 16
  %q = getelementptr [16 x i8], [16 x i8]* %a, i32 0, i32 0
  call void @use(i8* %q)
  ret i32 0
}
; CHECK-LABEL: claim:
; CHECK: move $fp, $sp
; CHECK-NEXT: addiu $1, $zero, -16
; CHECK-NEXT: and $sp, $sp, $1
; CHECK: .end claim

; With a dynamic alloca $sp moves in the body, so the locals are addressed
; from $fp, set to the aligned base; the unaligned $sp and the incoming $sp
; are kept in the frame for the epilogue and the stack arguments.
define i32 @moving(i32 %a, i32 %b, i32 %c, i32 %n) {
entry:
  %buf = alloca [16 x i8], align 16
  %d = alloca i8, i32 %n, align 8
  %p = getelementptr [16 x i8], [16 x i8]* %buf, i32 0, i32 0
  call void @use(i8* %p)
  call void @use(i8* %d)
  ret i32 %c
}
; CHECK-LABEL: moving:
; CHECK: addiu $sp, $sp, -[[#M:]]
; CHECK: addiu $fp, $sp, [[#M]]
; CHECK-NEXT: addiu $1, $zero, -16
; CHECK-NEXT: and $1, $sp, $1
; CHECK-NEXT: st $sp, [[#SPSLOT:]]($1)
; CHECK-NEXT: st $fp, [[#ARGSLOT:]]($1)
; CHECK-NEXT: move $fp, $1
; CHECK-NEXT: move $sp, $1
; CHECK: ld $1, [[#ARGSLOT]]($fp)
; CHECK-NEXT: ld {{\$[0-9a-z]+}}, 12($1)
; CHECK-DAG: addiu $4, $fp, {{(0|16|32|48|64)$}}
; CHECK-DAG: jsub use
; CHECK-DAG: ld {{\$[0-9a-z]+}}, 8($1)
; CHECK: ld $sp, [[#SPSLOT]]($fp)
; CHECK: addiu $sp, $sp, [[#M]]
; CHECK: .end moving

; A byval object aligned to 16: the caller places it 8-aligned (O32 caps a
; byval's slot alignment at 8, as LLVM's Mips backend does), so it starts at
; 8($sp), not 4($sp), and the callee copies it into a 16-aligned local of a
; realigned frame.
define i32 @bv(i32 %k, %struct.S* byval(%struct.S) align 16 %s) {
  %f = getelementptr %struct.S, %struct.S* %s, i32 0, i32 2
  %v = load i32, i32* %f, align 16
  %p = bitcast %struct.S* %s to i8*
  call void @use(i8* %p)
  ret i32 %v
}
; CHECK-LABEL: bv:
; CHECK: .frame $fp,[[#B:]],$lr
; CHECK: addiu $1, $zero, -16
; CHECK-NEXT: and $sp, $sp, $1
; CHECK: ld {{\$[0-9a-z]+}}, [[#B+8]]($fp)
; CHECK: .end bv

define i32 @callbv(%struct.S* %s) {
  %r = call i32 @bv(i32 1, %struct.S* byval(%struct.S) align 16 %s)
  ret i32 %r
}
; CHECK-LABEL: callbv:
; CHECK-NOT: , 4($sp)
; CHECK: st {{\$[0-9a-z]+}}, 8($sp)
; CHECK-NOT: , 4($sp)
; CHECK: st {{\$[0-9a-z]+}}, 36($sp)
; CHECK-NOT: , 4($sp)
; CHECK: jsub bv
