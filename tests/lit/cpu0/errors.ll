; Bad input is reported as "file:line:col: message" with exit status 1 and
; never a panic (preamble); no assembly is written.
; RUN: not %lltosimd -march=cpu0 %s -o %t.s 2>&1 | FileCheck %s
; RUN: not test -s %t.s
; RUN: not %lltosimd -march=nosuchcpu %s -o - 2>&1 | FileCheck %s --check-prefix=MARCH
; RUN: %lltosimd --version | FileCheck %s --check-prefix=VERSION

; CHECK: errors.ll:[[@LINE+3]]:{{[0-9]+}}: {{.+}}
; CHECK-NOT: panic
define i32 @broken(i32 %a) {
  %r = add i32 %a, %nosuchvalue
  ret i32 %r
}

; MARCH: nosuchcpu
; MARCH-NOT: panic
; VERSION: lltosimd
; VERSION: cpu0
