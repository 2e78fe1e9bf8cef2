; llvm.returnaddress(0) is the $lr that jsub set (spec: jsub saves the
; return address in $lr), read at entry before any call clobbers it;
; llvm.frameaddress(0) is an address in the function's own stack frame.
; Deeper levels are 0 (no frame chain to walk).
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare i8* @llvm.returnaddress(i32)
declare i8* @llvm.frameaddress.p0i8(i32)
declare void @g()

define i8* @ra() {
  call void @g()
  %r = call i8* @llvm.returnaddress(i32 0)
  ret i8* %r
}
; CHECK-LABEL: ra:
; CHECK: move [[RA:\$[0-9a-z]+]], $lr
; CHECK: jsub g
; CHECK: move $2, [[RA]]
; CHECK: .end ra

define i8* @ra1() {
  %r = call i8* @llvm.returnaddress(i32 1)
  ret i8* %r
}
; CHECK-LABEL: ra1:
; CHECK: {{addiu \$2, \$zero, 0|move \$2, \$zero}}
; CHECK: .end ra1

define i8* @fa() {
  %r = call i8* @llvm.frameaddress.p0i8(i32 0)
  ret i8* %r
}
; CHECK-LABEL: fa:
; CHECK: addiu $sp, $sp, -[[N:[0-9]+]]
; CHECK: addiu $2, $sp, {{[0-9]+}}
; CHECK: .end fa
