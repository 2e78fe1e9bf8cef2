; Variadic functions whose va_arg code (from the IR) cannot read the O32
; argument area are refused with the position, the triple and the --target
; that produces usable IR (the byte order of the datalayout decides mips or
; mipsel). x86-64 and ARM read va_list structs; i386's pointer va_list steps
; over 8-byte arguments at 4-byte alignment, where O32 aligns them to 8.
; x86-64 IR passing an i64 to a variadic function gets a warning (it may be a
; C long, 64 bits there but 32 in the Cpu0 runtime), except to the printf
; family, whose calls reach its LP64 entry points (%ld reads 64 bits, as the
; IR passes a long): no warning there. Without -march the
; datalayout's byte order picks cpu0el, silently.
; RUN: split-file %s %t
; RUN: not %lltosimd %t/x86_64.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=X86
; RUN: not %lltosimd %t/arm.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARM
; RUN: not %lltosimd %t/i386.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=I386
; RUN: not %lltosimd %t/armeb.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARMEB
; RUN: %lltosimd %t/lp64.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=LP64
; RUN: %lltosimd %t/lp64printf.ll -o - 2>&1 | FileCheck %s --check-prefix=LP64P
; RUN: %lltosimd %t/riscv32.ll -o /dev/null 2>&1 | count 0

; X86: x86_64.ll:7:3: unsupported: va_list of type '[1 x %struct.__va_list_tag]' from x86_64-unknown-linux-gnu IR (only the pointer va_list of MIPS O32 is supported: compile with --target=mipsel-unknown-linux-gnu) in function @v
; ARM: arm.ll:7:3: unsupported: va_list of type '%struct.__va_list' from armv7-unknown-linux-gnueabihf IR (only the pointer va_list of MIPS O32 is supported: compile with --target=mipsel-unknown-linux-gnu) in function @v
; I386: i386.ll:6:3: unsupported: va_list from i386-unknown-linux-gnu IR (its va_arg reads 8-byte arguments at 4-byte alignment; Cpu0 calls place them 8-byte aligned, as MIPS O32 does: compile with --target=mipsel-unknown-linux-gnu) in function @v
; ARMEB: armeb.ll:7:3: unsupported: va_list of type '%struct.__va_list' from armebv7-unknown-linux-gnueabihf IR (only the pointer va_list of MIPS O32 is supported: compile with --target=mips-unknown-linux-gnu) in function @v
; LP64: lp64.ll:6:3: warning: variadic i64 argument in LP64 x86_64-unknown-linux-gnu IR: if it is a C 'long' (64 bits in this IR, 32 in the Cpu0 runtime), a callee reading a long reads only half of it; compile with --target=mipsel-unknown-linux-gnu
; LP64-NOT: warning
; LP64P-NOT: warning
; LP64P: jsub __lp64_printf
; LP64P-NOT: warning

;--- x86_64.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
%struct.__va_list_tag = type { i32, i32, i8*, i8* }
define void @v(i32 %n, ...) {
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  %p = bitcast [1 x %struct.__va_list_tag]* %ap to i8*
  call void @llvm.va_start(i8* %p)
  ret void
}
declare void @llvm.va_start(i8*)
;--- arm.ll
target datalayout = "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64"
target triple = "armv7-unknown-linux-gnueabihf"
%struct.__va_list = type { i8* }
define void @v(i32 %n, ...) {
  %ap = alloca %struct.__va_list, align 4
  %p = bitcast %struct.__va_list* %ap to i8*
  call void @llvm.va_start(i8* %p)
  ret void
}
declare void @llvm.va_start(i8*)
;--- armeb.ll
target datalayout = "E-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64"
target triple = "armebv7-unknown-linux-gnueabihf"
%struct.__va_list = type { i8* }
define void @v(i32 %n, ...) {
  %ap = alloca %struct.__va_list, align 4
  %p = bitcast %struct.__va_list* %ap to i8*
  call void @llvm.va_start(i8* %p)
  ret void
}
declare void @llvm.va_start(i8*)
;--- i386.ll
target datalayout = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-f64:32:64-f80:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"
define void @v(i32 %n, ...) {
  %ap = alloca i8*, align 4
  %p = bitcast i8** %ap to i8*
  call void @llvm.va_start(i8* %p)
  ret void
}
declare void @llvm.va_start(i8*)
;--- lp64.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@fmt = constant [5 x i8] c"%ld\0A\00"
declare i32 @logmsg(i8*, ...)
define i32 @main() {
  %r = call i32 (i8*, ...) @logmsg(i8* getelementptr ([5 x i8], [5 x i8]* @fmt, i64 0, i64 0), i64 1)
  %s = call i32 (i8*, ...) @logmsg(i8* getelementptr ([5 x i8], [5 x i8]* @fmt, i64 0, i64 0), i64 2)
  ret i32 0
}
;--- riscv32.ll
target datalayout = "e-m:e-p:32:32-i64:64-n32-S128"
target triple = "riscv32-unknown-linux-gnu"
define void @v(i32 %n, ...) {
  %ap = alloca i8*, align 4
  %p = bitcast i8** %ap to i8*
  call void @llvm.va_start(i8* %p)
  ret void
}
declare void @llvm.va_start(i8*)
;--- lp64printf.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"
@fmt = constant [5 x i8] c"%ld\0A\00"
declare i32 @printf(i8*, ...)
define i32 @main() {
  %r = call i32 (i8*, ...) @printf(i8* getelementptr ([5 x i8], [5 x i8]* @fmt, i64 0, i64 0), i64 1)
  %s = call i32 (i8*, ...) @printf(i8* getelementptr ([5 x i8], [5 x i8]* @fmt, i64 0, i64 0), i64 2)
  ret i32 0
}
