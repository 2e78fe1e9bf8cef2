; switch (spec §6: jump tables need a linker, so a compare chain or a jump
; table are both fine): every case value reaches its block, the default
; reaches its own; cpu032I uses only flag-based branches.
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s --check-prefix=NOSLT
; NOSLT-NOT: {{^[[:space:]]*(slt|slti|sltu|sltiu|beq|bne)[[:space:]]}}

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare void @sink(i32)

define void @sparse(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 7, label %a
    i32 300, label %b
    i32 70000, label %c
  ]
a:
  call void @sink(i32 11)
  ret void
b:
  call void @sink(i32 22)
  ret void
c:
  call void @sink(i32 33)
  ret void
def:
  call void @sink(i32 44)
  ret void
}
; CHECK-LABEL: sparse:
; C32I-COUNT-3: {{jeq|jne|jlt|jgt|jle|jge}} $sw, $BB0_
; C32II-COUNT-3: {{beq|bne}} {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, $BB0_
; CHECK-DAG: addiu $4, $zero, 11
; CHECK-DAG: addiu $4, $zero, 22
; CHECK-DAG: addiu $4, $zero, 33
; CHECK-DAG: addiu $4, $zero, 44
; CHECK: .end sparse
