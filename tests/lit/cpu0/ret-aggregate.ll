; A first-class return value of more than the two result words ($2/$3,
; spec §2) comes back through a hidden result pointer (docs/generic-mir.md):
; the caller passes the address of a frame object in $a0 ahead of the real
; arguments, the callee stores the value there and, like an sret function
; (spec §2), returns the pointer in $2. The rule depends on the type alone,
; so direct, indirect and separately compiled calls agree. x86-64 IR returns
; _Complex double as { double, double }.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; $a0 holds the result pointer, so $a1 is skipped and %re is at 8($sp),
; %im at 16($sp); the four words go to 0..12 of the result object.
define { double, double } @cplx(double %re, double %im) {
  %a = insertvalue { double, double } undef, double %re, 0
  %b = insertvalue { double, double } %a, double %im, 1
  ret { double, double } %b
}
; CHECK-LABEL: cplx:
; CHECK: move $2, $4
; CHECK-DAG: ld [[RE0:\$[0-9a-z]+]], 8($sp)
; CHECK-DAG: ld [[IM1:\$[0-9a-z]+]], 20($sp)
; CHECK-DAG: st [[RE0]], 0($2)
; CHECK-DAG: st [[IM1]], 12($2)
; CHECK: ret $lr

; The caller: %x in the aligned stack pair, 2.0 (high word 0x4000_0000)
; after it, the result object's address in $a0; the imaginary part is
; reloaded from offsets 8 and 12 of the object.
define double @use_cplx(double %x) {
  %r = call { double, double } @cplx(double %x, double 2.0)
  %i = extractvalue { double, double } %r, 1
  ret double %i
}
; CHECK-LABEL: use_cplx:
; CHECK-DAG: st $4, 8($sp)
; CHECK-DAG: st $5, 12($sp)
; CHECK-DAG: lui [[TWO:\$[0-9a-z]+]], 16384
; CHECK-DAG: st [[TWO]], 20($sp)
; CHECK-DAG: addiu [[OBJ:\$[0-9a-z]+]], $sp, [[#OFF:]]
; CHECK: move $4, [[OBJ]]
; CHECK-NEXT: jsub cplx
; CHECK: ld $2, [[#OFF+8]]($sp)
; CHECK-NEXT: ld $3, [[#OFF+12]]($sp)
; CHECK: ret $lr

; An indirect call of a function returning [4 x i32] does the same.
define i32 @use_indirect([4 x i32] (i32)* %f) {
  %r = call [4 x i32] %f(i32 5)
  %e = extractvalue [4 x i32] %r, 3
  ret i32 %e
}
; CHECK-LABEL: use_indirect:
; CHECK-DAG: addiu $4, $sp, [[#OFF:]]
; CHECK-DAG: addiu $5, $zero, 5
; CHECK: jalr
; CHECK: ld $2, [[#OFF+12]]($sp)
; CHECK: ret $lr

; <4 x i32> is four words too (the argument, 8-byte aligned like any
; vector of 8 bytes or more, skips $a1).
define <4 x i32> @vec(<4 x i32> %v) {
  ret <4 x i32> %v
}
; CHECK-LABEL: vec:
; CHECK: move $2, $4
; CHECK-DAG: ld [[V0:\$[0-9a-z]+]], 8($sp)
; CHECK-DAG: ld [[V3:\$[0-9a-z]+]], 20($sp)
; CHECK-DAG: st [[V0]], 0($2)
; CHECK-DAG: st [[V3]], 12($2)
; CHECK: ret $lr
