; The words of a byval argument of more than 32 KiB that lie beyond
; offset 32767 of the outgoing argument area cannot be stored with
; `[U8 + off] = xRn` (signed 16-bit immediate, spec bwdsp.md §2.3): they are
; stored through an address register holding U8 + off. Call lowering used
; to emit the offset, which encoding then refused ("immediate 32768 of ST
; does not fit"). Checked after call lowering: the whole pipeline on an
; 8194-word copy is slow.
; RUN: %lltosimd -march=bwdsp -O2 -stop-after=bwdsp-call-lowering %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

%struct.H = type { [8194 x i32] }

declare void @use(%struct.H* byval(%struct.H) align 4)

; CHECK-LABEL: --- function: main
; CHECK: ST %{{[0-9]+}}, $U8, 32764
; CHECK-NOT: {{ST %[0-9]+, \$U8, (3276[89]|327[7-9][0-9]|32[89][0-9][0-9]|3[3-9][0-9][0-9][0-9])}}
; CHECK: %[[K:[0-9]+]]:addr = AMOVI 32772
; CHECK-NEXT: %[[A:[0-9]+]]:addr = AADD %[[K]], $U8
; CHECK-NEXT: ST %{{[0-9]+}}, %[[A]], 0
; CHECK-NOT: {{ST %[0-9]+, \$U8, (3276[89]|327[7-9][0-9]|32[89][0-9][0-9]|3[3-9][0-9][0-9][0-9])}}
; CHECK: CALL @use
define i32 @main() {
  %h = alloca %struct.H, align 4
  call void @use(%struct.H* byval(%struct.H) align 4 %h)
  ret i32 0
}
