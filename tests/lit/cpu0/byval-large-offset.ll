; The words of a byval argument of more than 32 KiB that lie beyond
; offset 32767 of the outgoing argument area cannot be stored with
; `st $r, off($sp)` (16-bit signed offset, spec cpu0.md): they are stored
; through $sp + off computed in a register. They used to be printed with
; the offset, which the assembler refuses.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -O2 %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -O0 %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

%struct.H = type { [8194 x i32] }

declare void @use(%struct.H* byval(%struct.H) align 4)

; CHECK-LABEL: main:
; CHECK: st ${{[0-9a-z]+}}, 32764($sp)
; CHECK-NOT: {{st[[:space:]]+\$[0-9a-z]+, (3276[89]|327[7-9][0-9]|32[89][0-9][0-9]|3[3-9][0-9][0-9][0-9])\(\$sp\)}}
; CHECK: ori $[[K:[0-9a-z]+]], $zero, 32772
; CHECK: addu $[[A:[0-9a-z]+]], $[[K]], $sp
; CHECK-NEXT: st ${{[0-9a-z]+}}, 0($[[A]])
; CHECK-NOT: {{st[[:space:]]+\$[0-9a-z]+, (3276[89]|327[7-9][0-9]|32[89][0-9][0-9]|3[3-9][0-9][0-9][0-9])\(\$sp\)}}
; CHECK: jsub use
define i32 @main() {
  %h = alloca %struct.H, align 4
  call void @use(%struct.H* byval(%struct.H) align 4 %h)
  ret i32 0
}
