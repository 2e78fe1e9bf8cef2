; Inline assembly that cannot be compiled is refused at the call's
; position, naming the constraint, clobber or template piece; text that
; does not assemble is reported at the asm statement's position when the
; module is assembled (-filetype=obj).
; RUN: rm -rf %t && split-file %s %t
; RUN: not %lltosimd -march=cpu0el %t/reg.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=REG
; RUN: not %lltosimd -march=cpu0el %t/sp.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=SP
; RUN: not %lltosimd -march=cpu0el %t/unknown.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not %lltosimd -march=cpu0el %t/range.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANGE
; RUN: not %lltosimd -march=cpu0el %t/modifier.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=MOD
; RUN: not %lltosimd -march=cpu0el %t/notconst.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=NCONST
; RUN: not %lltosimd -march=cpu0el %t/wide.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WIDE
; RUN: not %lltosimd -march=cpu0el %t/dollar.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=DOLLAR
; RUN: not %lltosimd -march=cpu0el %t/regclobber.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=REGCLOB
; RUN: not %lltosimd -march=cpu0el %t/module.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODULE
; RUN: not %lltosimd -march=cpu0el %t/goto.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=GOTO
; RUN: not %lltosimd -march=cpu0el -filetype=obj %t/mnemonic.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=MNEM

; REG: reg.ll:2:3: unsupported: inline asm constraint '={$sp}' (not an allocatable register)
; SP: sp.ll:2:3: unsupported: inline asm clobber '~{$sp}' of a reserved register
; UNKNOWN: unknown.ll:2:3: unsupported: inline asm clobber '~{xmm0}' (unknown register)
; RANGE: range.ll:2:3: inline asm template names operand $2, but there are 2 operands
; MOD: modifier.ll:2:3: unsupported: inline asm operand modifier '${0:z}'
; NCONST: notconst.ll:2:3: unsupported: inline asm constraint 'n' for this operand
; WIDE: wide.ll:2:3: unsupported: inline asm operand $0 of 2 words named in the template
; DOLLAR: dollar.ll:2:3: unsupported: bad '$z' in the inline asm template (a literal dollar is '$$')
; REGCLOB: regclobber.ll:2:3: inline asm clobbers '$2', which holds one of its operands
; MODULE: module.ll:2:1: unsupported: module-level inline assembly ('module asm')
; GOTO: goto.ll:2:3: unsupported: asm goto ('callbr')
; MNEM: {{^[^ ]*}}mnemonic.ll:2:3: inline assembly: unknown instruction "frobnicate"
; MNEM-NOT: internal error

;--- reg.ll
define i32 @f(i32 %a) {
  %r = call i32 asm "move $0, $1", "={$sp},r"(i32 %a)
  ret i32 %r
}
;--- sp.ll
define void @f() {
  call void asm sideeffect "", "~{$sp}"()
  ret void
}
;--- unknown.ll
define void @f() {
  call void asm sideeffect "", "~{xmm0}"()
  ret void
}
;--- range.ll
define i32 @f(i32 %a) {
  %r = call i32 asm "addu $0, $1, $2", "=r,r"(i32 %a)
  ret i32 %r
}
;--- modifier.ll
define i32 @f(i32 %a) {
  %r = call i32 asm "addu ${0:z}, $1, $1", "=r,r"(i32 %a)
  ret i32 %r
}
;--- notconst.ll
define i32 @f(i32 %a) {
  %r = call i32 asm "addiu $0, $$zero, $1", "=r,n"(i32 %a)
  ret i32 %r
}
;--- wide.ll
define i64 @f(i64 %a) {
  %r = call i64 asm "move $0, $1", "=r,r"(i64 %a)
  ret i64 %r
}
;--- dollar.ll
define i32 @f(i32 %a) {
  %r = call i32 asm "addu $0, $zero, $1", "=r,r"(i32 %a)
  ret i32 %r
}
;--- regclobber.ll
define i32 @f(i32 %a) {
  %r = call i32 asm "move $0, $1", "={$2},r,~{$2}"(i32 %a)
  ret i32 %r
}
;--- module.ll
target triple = "mipsel-unknown-linux-gnu"
module asm "nop"
define void @f() {
  ret void
}
;--- goto.ll
define i32 @f(i32 %x) {
  callbr void asm sideeffect "beq $0, $$zero, ${1:l}", "r,i"(i32 %x, i8* blockaddress(@f, %out)) to label %fall [label %out]
fall:
  ret i32 1
out:
  ret i32 0
}
;--- mnemonic.ll
define i32 @f(i32 %a) {
  %r = call i32 asm "addu $0, $1, $1\0Afrobnicate $0", "=r,r"(i32 %a)
  ret i32 %r
}
