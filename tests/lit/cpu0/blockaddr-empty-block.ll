; A block whose address is taken only in data (a dispatch table) and which
; holds nothing but a jump (clang -O0 emits one for "op: l_op:", as in Lua's
; lvm.c) keeps its label: the register allocator's removal of empty jump
; blocks and del-jmp used to delete it, leaving the table's symbol
; undefined. Its label must be defined in .text, and the table must use it.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -O0 -verify-machineinstrs %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -O2 -enable-del-jmp -verify-machineinstrs %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@tab = internal constant [2 x i8*] [i8* blockaddress(@run, %op0), i8* blockaddress(@run, %op1)]

define i32 @run(i32 %i, i32 %n) {
entry:
  %p = getelementptr [2 x i8*], [2 x i8*]* @tab, i32 0, i32 %i
  %t = load i8*, i8** %p
  indirectbr i8* %t, [label %op0, label %op1]
op0:
  ret i32 10
op1:
  br label %loop
loop:
  %k = phi i32 [ %n, %op1 ], [ %k1, %loop ]
  %k1 = add i32 %k, -1
  %c = icmp sgt i32 %k1, 0
  br i1 %c, label %loop, label %done
done:
  ret i32 %k1
}
; CHECK-LABEL: run:
; CHECK-DAG: [[OP0:\$BA\.run\.[0-9]+]]:
; CHECK-DAG: [[OP1:\$BA\.run\.[0-9]+]]:
; CHECK-LABEL: tab:
; CHECK-NEXT: .4byte [[OP0]]
; CHECK-NEXT: .4byte [[OP1]]
