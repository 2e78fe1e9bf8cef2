; llvm.trap, llvm.debugtrap and llvm.ubsantrap (clang -ftrapv and
; -fsanitize-trap emit the last, with the check's kind as an i8) end the
; program: there is no debugger to resume from, so each calls abort (the
; runtime's, which never returns) with a jsub and nothing follows it.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare void @llvm.trap()
declare void @llvm.debugtrap()
declare void @llvm.ubsantrap(i8)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)

define i32 @checked_add(i32 %a, i32 %b) {
  %r = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %a, i32 %b)
  %ov = extractvalue { i32, i1 } %r, 1
  br i1 %ov, label %trap, label %ok
trap:
  call void @llvm.ubsantrap(i8 0)
  unreachable
ok:
  %s = extractvalue { i32, i1 } %r, 0
  ret i32 %s
}
; CHECK-LABEL: checked_add:
; CHECK: jsub abort

define void @t() {
  call void @llvm.trap()
  unreachable
}
; CHECK-LABEL: t:
; CHECK: jsub abort

define void @d() {
  call void @llvm.debugtrap()
  unreachable
}
; CHECK-LABEL: d:
; CHECK: jsub abort
