; Without -march, lltosimd takes the Cpu0 byte order from the IR's datalayout
; ('e': cpu0el, 'E': cpu0), so `clang -S -emit-llvm -o - | lltosimd` needs no
; flag and prints no byte-order warning; IR without a datalayout gets cpu0.
; An explicit -march that disagrees with the datalayout still warns.
; RUN: split-file %s %t
; RUN: %lltosimd -filetype=obj %t/le.ll -o %t/le.o 2>&1 | count 0
; RUN: llvm-readelf -h %t/le.o | FileCheck %s --check-prefix=LE
; RUN: %lltosimd -filetype=obj %t/be.ll -o %t/be.o 2>&1 | count 0
; RUN: llvm-readelf -h %t/be.o | FileCheck %s --check-prefix=BE
; RUN: %lltosimd -filetype=obj %t/none.ll -o %t/none.o 2>&1 | count 0
; RUN: llvm-readelf -h %t/none.o | FileCheck %s --check-prefix=BE
; RUN: %lltosimd -march=cpu0 %t/le.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
; RUN: %lltosimd --help 2>&1 | FileCheck %s --check-prefix=HELP

; LE: Data: 2's complement, little endian
; BE: Data: 2's complement, big endian
; WARN: le.ll: warning: the IR's datalayout is little-endian but -march=cpu0 is big-endian
; HELP: --march {{.*}}(default: the IR datalayout's byte order, cpu0el for 'e', cpu0 for 'E' or none)

;--- le.ll
target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
define i32 @f() {
  ret i32 1
}
;--- be.ll
target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
define i32 @f() {
  ret i32 1
}
;--- none.ll
define i32 @f() {
  ret i32 1
}
