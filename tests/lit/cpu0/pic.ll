; -relocation-model=pic (spec cpu0.md §2 calls, §6 addresses, §7 directives):
; a function that addresses through the GOT starts with `.cpload $t9`
; between `.set noreorder` and `.set nomacro`; a non-leaf one saves $gp with
; `.cprestore N` and reloads it from N($sp) after each call; calls go through
; $t9 (`ld $t9, %call16(f)($gp)` for global functions, `jalr $t9`, delay
; slot); global data through the large GOT form (%got_hi/%got_lo, lbd's
; choice for data outside the small section: the select_global_pic output
; of spec §9.1), local symbols through %got plus `ori %lo` (spec §6: ori,
; as %got has no carry adjustment). A function using none of it has no
; .cpload. MIPS (llc -march=mipsel -relocation-model=pic) does the same with
; its own spellings (lw, addiu, $25).
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -relocation-model=pic %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -relocation-model=static %s -o - | FileCheck %s --check-prefix=STATIC
; RUN: not %lltosimd -march=cpu0el -relocation-model=ropi %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@g = dso_local global i32 5, align 4
@s = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@e = external global i32, align 4

declare i32 @f(i32)

; A local symbol: its GOT page entry plus %lo.
; CHECK-LABEL: sf:
; CHECK-NEXT: .frame $sp,0,$lr
; CHECK-NEXT: .mask
; CHECK-NEXT: .set noreorder
; CHECK-NEXT: .cpload $t9
; CHECK-NEXT: .set nomacro
; CHECK-NOT: .cprestore
; CHECK: ld [[P:\$[0-9a-z]+]], %got(s)($gp)
; CHECK-NEXT: ori [[A:\$[0-9a-z]+]], [[P]], %lo(s)
; CHECK-NOT: %hi(
; CHECK: .end sf
define internal i32 @sf(i32 %x) noinline {
  %i = and i32 %x, 3
  %p = getelementptr inbounds [4 x i32], [4 x i32]* @s, i32 0, i32 %i
  %v = load i32, i32* %p, align 4
  %r = add nsw i32 %v, %x
  ret i32 %r
}

; CHECK-LABEL: caller:
; CHECK: .set noreorder
; CHECK-NEXT: .cpload $t9
; CHECK-NEXT: .set nomacro
; CHECK: addiu $sp, $sp, -[[FS:[0-9]+]]
; CHECK: .cprestore [[GPS:[0-9]+]]
; CHECK: ld $t9, %call16(f)($gp)
; CHECK-NEXT: jalr $t9
; CHECK-NEXT: nop
; CHECK-NEXT: ld $gp, [[GPS]]($sp)
; CHECK: lui [[H:\$[0-9a-z]+]], %got_hi(g)
; CHECK-NEXT: addu [[H]], [[H]], $gp
; CHECK-NEXT: ld [[H]], %got_lo(g)([[H]])
; CHECK-NEXT: ld {{\$[0-9a-z]+}}, 0([[H]])
; CHECK: lui [[E:\$[0-9a-z]+]], %got_hi(e)
; CHECK-NEXT: addu [[E]], [[E]], $gp
; CHECK-NEXT: ld [[E]], %got_lo(e)([[E]])
; The internal function: %got + %lo into $t9.
; CHECK: ld [[L:\$[0-9a-z]+]], %got(sf)($gp)
; CHECK-NEXT: ori $t9, [[L]], %lo(sf)
; CHECK-NEXT: jalr $t9
; CHECK-NEXT: nop
; CHECK-NEXT: ld $gp, [[GPS]]($sp)
; CHECK-NOT: jsub
; CHECK: .end caller
; STATIC-LABEL: caller:
; STATIC-NOT: .cpload
; STATIC-NOT: .cprestore
; STATIC: jsub f
; STATIC: lui {{\$[0-9a-z]+}}, %hi(g)
; STATIC: jsub sf
; STATIC-NOT: $gp
; STATIC: .end caller
define i32 @caller(i32 %x) {
  %a = call i32 @f(i32 %x)
  %gv = load i32, i32* @g, align 4
  %ev = load i32, i32* @e, align 4
  %b = call i32 @sf(i32 %x)
  %s1 = add i32 %a, %gv
  %s2 = add i32 %s1, %ev
  %s3 = add i32 %s2, %b
  ret i32 %s3
}

; CHECK-LABEL: pure:
; CHECK-NOT: .cpload
; CHECK: .end pure
define i32 @pure(i32 %a, i32 %b) {
  %m = mul i32 %a, %b
  ret i32 %m
}

; An indirect call goes through $t9 too, for the callee's .cpload.
; CHECK-LABEL: ind:
; CHECK: .cprestore [[GPI:[0-9]+]]
; CHECK: move $t9, $4
; CHECK: jalr $t9
; CHECK-NEXT: nop
; CHECK-NEXT: ld $gp, [[GPI]]($sp)
; CHECK: .end ind
define i32 @ind(i32 (i32)* %p, i32 %x) {
  %r = call i32 %p(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

; BAD: unknown relocation model 'ropi'
