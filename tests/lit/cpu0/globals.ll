; Globals, static relocation model (spec §6/§7): addresses are
; "lui $r,%hi(sym)" + "ori $r,$r,%lo(sym)" (ori because %hi has no carry
; adjustment, §4); data is ".globl x", ".align 2", "x:", ".4byte 1",
; ".size x, 4".
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@g = global i32 1, align 4
@arr = global [3 x i32] [i32 10, i32 -2, i32 65536], align 4
@ptr = global i32* getelementptr inbounds ([3 x i32], [3 x i32]* @arr, i32 0, i32 2), align 4
@str = private unnamed_addr constant [4 x i8] c"hi!\00", align 1

define i32 @get() {
  %v = load i32, i32* @g, align 4
  ret i32 %v
}
; CHECK-LABEL: get:
; CHECK: lui [[R:\$[0-9a-z]+]], %hi(g)
; CHECK: ori [[R]], [[R]], %lo(g)
; CHECK: ld {{\$[0-9a-z]+}}, 0([[R]])
; CHECK: .end get

define void @set(i32 %x) {
  store i32 %x, i32* getelementptr inbounds ([3 x i32], [3 x i32]* @arr, i32 0, i32 1), align 4
  ret void
}
; CHECK-LABEL: set:
; CHECK: lui [[R:\$[0-9a-z]+]], %hi(arr{{(\+4)?}})
; CHECK: ori [[R]], [[R]], %lo(arr{{(\+4)?}})
; CHECK: st $4, {{[04]}}([[R]])
; CHECK: .end set

define i8* @message() {
  ret i8* getelementptr inbounds ([4 x i8], [4 x i8]* @str, i32 0, i32 0)
}
; CHECK-LABEL: message:
; CHECK: %hi(
; CHECK: %lo(
; CHECK: .end message

; CHECK: .globl g
; CHECK-NEXT: .align 2
; CHECK-NEXT: g:
; CHECK-NEXT: .4byte 1
; CHECK-NEXT: .size g, 4
; CHECK: arr:
; CHECK-NEXT: .4byte 10
; CHECK-NEXT: .4byte {{-2|4294967294}}
; CHECK-NEXT: .4byte 65536
; CHECK-NEXT: .size arr, 12
; CHECK: ptr:
; CHECK-NEXT: .4byte arr+8
; CHECK: {{\.asciz[[:space:]]+"hi!"|\.ascii[[:space:]]+"hi!\\000"}}
