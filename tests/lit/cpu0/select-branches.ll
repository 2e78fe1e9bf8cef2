; -enable-cpu0-select=false lowers select to a branch instead of movz/movn
; (spec §6 gives the movz/movn idiom, which stays the default).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II %s -o - | FileCheck %s --check-prefix=MOV
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II -enable-cpu0-select=false %s -o - | FileCheck %s --check-prefix=BR2
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I -enable-cpu0-select=false %s -o - | FileCheck %s --check-prefix=BR1

target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

define i32 @pick(i32 %a, i32 %b, i32 %x, i32 %y) {
  %c = icmp eq i32 %a, %b
  %r = select i1 %c, i32 %x, i32 %y
  ret i32 %r
}

; MOV-LABEL: pick:
; MOV: mov{{[zn]}}

; BR2-LABEL: pick:
; BR2-NOT: mov{{[zn]}}
; BR2: {{beq|bne}} $4, $5, $BB0_
; BR2-NOT: mov{{[zn]}}
; BR2: .end pick

; BR1-LABEL: pick:
; BR1-NOT: mov{{[zn]}}
; BR1: cmp $sw,
; BR1: {{jeq|jne}} $sw, $BB0_
; BR1-NOT: mov{{[zn]}}
; BR1: .end pick
