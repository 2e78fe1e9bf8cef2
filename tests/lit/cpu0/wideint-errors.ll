; Integers are lowered up to 1024 bits; conversions between wide integers
; and floating point have no lowering yet.
; RUN: rm -rf %t && split-file %s %t
; RUN: not %lltosimd -march=cpu0el %t/huge.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
; RUN: not %lltosimd -march=cpu0el %t/fp.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=FP

; HUGE: huge.ll:1:1: unsupported: integer type 'i2000' (at most i1024) in function @f
; FP: fp.ll:2:3: unsupported: conversion of i128 to floating point in function @f

;--- huge.ll
define i2000 @f(i2000 %a) {
  %r = add i2000 %a, 1
  ret i2000 %r
}
;--- fp.ll
define double @f(i128 %a) {
  %r = sitofp i128 %a to double
  ret double %r
}
