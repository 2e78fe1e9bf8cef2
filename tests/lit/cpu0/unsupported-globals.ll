; Global constructors need main in the same module (crt0 calls only main);
; destructors and wide address differences are unsupported.
; RUN: rm -rf %t && split-file %s %t
; RUN: not %lltosimd -march=cpu0el %t/ctors.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=CTORS
; RUN: not %lltosimd -march=cpu0el %t/dtors.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=DTORS
; RUN: not %lltosimd -march=cpu0el %t/diff64.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIFF
; RUN: not %lltosimd -march=cpu0el %t/diffsec.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=SECTION

; CTORS: ctors.ll:4:1: unsupported: global constructors in a module without main (crt0 only calls main)
; DTORS: dtors.ll:7:1: unsupported: global destructors (@llvm.global_dtors)
; DIFF: diff64.ll:3:1: unsupported: 8-byte address difference
; SECTION: diffsec.ll:3:1: unsupported: address difference @a - @t in initializer of @t: both must be defined by this module in one section

;--- ctors.ll
define void @c() {
  ret void
}
@llvm.global_ctors = appending global [1 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 65535, void ()* @c, i8* null }]
;--- dtors.ll
define i32 @main() {
  ret i32 0
}
define void @d() {
  ret void
}
@llvm.global_dtors = appending global [1 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 65535, void ()* @d, i8* null }]
;--- diff64.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
@a = constant i32 0
@t = constant i64 sub (i64 ptrtoint (i32* @a to i64), i64 ptrtoint (i64* @t to i64))
;--- diffsec.ll
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
@a = global i32 0
@t = constant i32 trunc (i64 sub (i64 ptrtoint (i32* @a to i64), i64 ptrtoint (i32* @t to i64)) to i32)
