; Offset tables of computed gotos ("&&l1 - &&l0" in a static initializer)
; are differences of two block labels of one function: a .4byte of the
; label difference, which the assembler resolves (both labels are in
; .text), and an object file with no relocation for it.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -filetype=obj %s -o %t.o
; RUN: llvm-readelf -r %t.o | FileCheck %s --check-prefix=REL

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@tbl = internal constant [3 x i32] [
  i32 sub (i32 ptrtoint (i8* blockaddress(@run, %l0) to i32), i32 ptrtoint (i8* blockaddress(@run, %l0) to i32)),
  i32 sub (i32 ptrtoint (i8* blockaddress(@run, %l1) to i32), i32 ptrtoint (i8* blockaddress(@run, %l0) to i32)),
  i32 sub (i32 ptrtoint (i8* blockaddress(@run, %l2) to i32), i32 ptrtoint (i8* blockaddress(@run, %l0) to i32))]

define i32 @run(i32 %i) {
entry:
  %p = getelementptr [3 x i32], [3 x i32]* @tbl, i32 0, i32 %i
  %off = load i32, i32* %p
  %t = getelementptr i8, i8* blockaddress(@run, %l0), i32 %off
  indirectbr i8* %t, [label %l0, label %l1, label %l2]
l0:
  ret i32 10
l1:
  ret i32 11
l2:
  ret i32 12
}
; CHECK-LABEL: run:
; CHECK-DAG: [[L0:\$BA\.run\.[0-9]+]]:
; CHECK-DAG: [[L1:\$BA\.run\.[0-9]+]]:
; CHECK-DAG: [[L2:\$BA\.run\.[0-9]+]]:
; CHECK: .end run

; The table needs no relocation; only the code's %hi/%lo of tbl and l0 do.
; REL-NOT: .rel.rodata
; REL: Relocation section '.rel.text'
; REL-NOT: .rel.rodata

; A table of shorts truncates each difference to 16 bits: .2byte.
@stbl = internal constant [2 x i16] [
  i16 trunc (i32 sub (i32 ptrtoint (i8* blockaddress(@srun, %b) to i32), i32 ptrtoint (i8* blockaddress(@srun, %a) to i32)) to i16),
  i16 trunc (i32 sub (i32 ptrtoint (i8* blockaddress(@srun, %a) to i32), i32 ptrtoint (i8* blockaddress(@srun, %b) to i32)) to i16)]

define i32 @srun(i32 %i) {
entry:
  %p = getelementptr [2 x i16], [2 x i16]* @stbl, i32 0, i32 %i
  %off = load i16, i16* %p
  %o = sext i16 %off to i32
  %t = getelementptr i8, i8* blockaddress(@srun, %a), i32 %o
  indirectbr i8* %t, [label %a, label %b]
a:
  ret i32 1
b:
  ret i32 2
}
; CHECK-LABEL: srun:
; CHECK-DAG: [[A:\$BA\.srun\.[0-9]+]]:
; CHECK-DAG: [[B:\$BA\.srun\.[0-9]+]]:
; CHECK: .end srun
; CHECK-LABEL: tbl:
; CHECK-NEXT: {{\.4byte 0|\.space 4}}
; CHECK-NEXT: .4byte [[L1]]-[[L0]]
; CHECK-NEXT: .4byte [[L2]]-[[L0]]
; CHECK-LABEL: stbl:
; CHECK-NEXT: .2byte [[B]]-[[A]]
; CHECK-NEXT: .2byte [[A]]-[[B]]
