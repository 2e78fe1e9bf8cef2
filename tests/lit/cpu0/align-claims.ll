; A load or store whose `align` exceeds what the layout guarantees for a
; global defined in the module (plus a constant offset) gets a warning with
; its position, and is made of pieces of the alignment that does hold:
; accesses are split by their alignment, so taking the claim at its word
; would make a misaligned word access (cpu0sim faults on it). clang emits
; such claims for C pointers to members of packed structs; lli runs them.
; RUN: %lltosimd -march=cpu0el %s -o %t.s 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: FileCheck %s --check-prefix=ASM < %t.s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@g = global [76 x i8] zeroinitializer, align 4
@h = global [76 x i8] zeroinitializer

define i32 @fg() {
; WARN: align-claims.ll:[[@LINE+1]]:3: warning: load with align 8 at @g+4, which is only 4-byte aligned: accessed in 4-byte pieces
  %v = load i32, i32* bitcast (i8* getelementptr ([76 x i8], [76 x i8]* @g, i32 0, i32 4) to i32*), align 8
; @h has no `align`: 16 bytes, so these are fine.
; WARN-NOT: @h
  %w = load i32, i32* bitcast ([76 x i8]* @h to i32*), align 16
  %x = load i32, i32* bitcast (i8* getelementptr ([76 x i8], [76 x i8]* @h, i32 0, i32 8) to i32*), align 8
  %s = add i32 %v, %w
  %t = add i32 %s, %x
  ret i32 %t
}

; An i16 at an odd offset claimed 2-aligned: stored and loaded byte by byte.
define i32 @odd(i16 %v) {
; WARN: align-claims.ll:[[@LINE+2]]:3: warning: store with align 2 at @g+5, which is only 1-byte aligned: accessed in 1-byte pieces
  %p = bitcast i8* getelementptr ([76 x i8], [76 x i8]* @g, i32 0, i32 5) to i16*
  store i16 %v, i16* %p, align 2
  %l = load i16, i16* %p, align 2
  %r = zext i16 %l to i32
  ret i32 %r
}
; ASM-LABEL: odd:
; ASM-NOT: {{sh|lh|lhu}}
; ASM: sb
; ASM: sb
; ASM: .end odd
