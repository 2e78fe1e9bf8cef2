; -cpu0-use-small-section (spec cpu0.md §6, §7): writable data of at most
; 8 bytes (lbd's threshold) defined in the module goes to .sdata / .sbss and
; is addressed as `ori $r, $gp, %gp_rel(sym)`; larger data, read-only data
; and symbols of other files keep %hi/%lo (the defining file decides where
; they live). With PIC, small data is reached with the small GOT form
; `ld $r, %got(sym)($gp)` (spec §6 "small"), the rest with %got_hi/%got_lo.
; RUN: %lltosimd -march=cpu0el -cpu0-use-small-section %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -cpu0-use-small-section -relocation-model=pic %s -o - | FileCheck %s --check-prefix=PIC
; RUN: %lltosimd -march=cpu0el %s -o - | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@small = global i32 7, align 4
@pair = global i64 0, align 8
@zero = global i16 0, align 2
@big = global [3 x i32] [i32 1, i32 2, i32 3], align 4
@ro = constant i32 9, align 4
@ext = external global i32, align 4

; CHECK-LABEL: sum:
; CHECK-NOT: .cpload
; CHECK-DAG: ori [[S:\$[0-9a-z]+]], $gp, %gp_rel(small)
; CHECK-DAG: ori [[P:\$[0-9a-z]+]], $gp, %gp_rel(pair)
; CHECK-DAG: ori [[Z:\$[0-9a-z]+]], $gp, %gp_rel(zero)
; CHECK-DAG: lui [[B:\$[0-9a-z]+]], %hi(big)
; CHECK-DAG: lui [[R:\$[0-9a-z]+]], %hi(ro)
; CHECK-DAG: lui [[X:\$[0-9a-z]+]], %hi(ext)
; CHECK: .end sum
; PIC-LABEL: sum:
; PIC: .cpload $t9
; PIC-DAG: ld {{\$[0-9a-z]+}}, %got(small)($gp)
; PIC-DAG: ld {{\$[0-9a-z]+}}, %got(pair)($gp)
; PIC-DAG: lui {{\$[0-9a-z]+}}, %got_hi(big)
; PIC-DAG: lui {{\$[0-9a-z]+}}, %got_hi(ext)
; PIC: .end sum
; OFF-NOT: $gp
; OFF-NOT: .sdata
define i32 @sum() {
  %a = load i32, i32* @small, align 4
  %p = load i64, i64* @pair, align 8
  %pl = trunc i64 %p to i32
  %z = load i16, i16* @zero, align 2
  %zl = zext i16 %z to i32
  %b = load i32, i32* getelementptr inbounds ([3 x i32], [3 x i32]* @big, i32 0, i32 2), align 4
  %r = load i32, i32* @ro, align 4
  %x = load i32, i32* @ext, align 4
  %s1 = add i32 %a, %pl
  %s2 = add i32 %s1, %zl
  %s3 = add i32 %s2, %b
  %s4 = add i32 %s3, %r
  %s5 = add i32 %s4, %x
  ret i32 %s5
}

; CHECK: .section .sdata,"aw",@progbits
; CHECK-NEXT: .globl small
; CHECK: .section .sbss,"aw",@nobits
; CHECK-NEXT: .globl pair
; CHECK: .globl zero
; CHECK: .data
; CHECK-NEXT: .globl big
; CHECK: .section .rodata
; CHECK-NEXT: .globl ro
