; clang returns _Complex double as { double, double } (the runtime's
; __muldc3/__divdc3 too): four words, more than $2/$3 hold, so the value
; goes through a hidden result pointer in $a0 (docs/generic-mir.md), in
; callers and callees alike; the double arguments then start at the next
; 8-aligned slot. { float, float } (two words) comes back in $2/$3.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,EL
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - 2>/dev/null | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare { double, double } @__muldc3(double, double, double, double)
declare { float, float } @__mulsc3(float, float, float, float)
define double @callc(double %a, double %b) {
  %r = call { double, double } @__muldc3(double %a, double %b, double %b, double %a)
  %i = extractvalue { double, double } %r, 1
  ret double %i
}
; CHECK-LABEL: callc:
; CHECK: addiu [[P:\$[0-9a-z]+]], $sp, [[OFF:[0-9]+]]
; CHECK: st $4, 8($sp)
; CHECK: st $5, 12($sp)
; CHECK: move $4, [[P]]
; CHECK: jsub __muldc3
; CHECK-DAG: ld $2, {{[0-9]+}}($sp)
; CHECK-DAG: ld $3, {{[0-9]+}}($sp)
; CHECK: .end callc

define float @callf(float %a, float %b) {
  %r = call { float, float } @__mulsc3(float %a, float %b, float %b, float %a)
  %i = extractvalue { float, float } %r, 1
  ret float %i
}
; CHECK-LABEL: callf:
; CHECK: jsub __mulsc3
; Little-endian: the second field (word 1) is in $3.
; EL: move $2, $3
; CHECK: .end callf

define { double, double } @mk(double %a, double %b) {
  %1 = insertvalue { double, double } poison, double %a, 0
  %2 = insertvalue { double, double } %1, double %b, 1
  ret { double, double } %2
}
; CHECK-LABEL: mk:
; CHECK: move $2, $4
; CHECK-DAG: st {{\$[0-9a-z]+}}, 0($2)
; CHECK-DAG: st {{\$[0-9a-z]+}}, 4($2)
; CHECK-DAG: st {{\$[0-9a-z]+}}, 8($2)
; CHECK-DAG: st {{\$[0-9a-z]+}}, 12($2)
; CHECK: ret $lr
; CHECK: .end mk
