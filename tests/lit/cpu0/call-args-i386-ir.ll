; IR from another triple is still called with the O32 convention (spec §2):
; "An i64 argument must start in $a0 (if only $a1 is free, $a1 is skipped)",
; f64 likewise takes an aligned pair, so on the stack an i64 or double
; starts at an 8-byte aligned offset (stack alignment is 8). i386's
; datalayout aligns i64 and double to 4 only (i64:32 by default, f64:32:64);
; that alignment governs struct layout in memory, never argument placement.
; Little-endian: the low word comes first in memory.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-f64:32:64-f80:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

%struct.D = type { i32, double }

declare i32 @printf(i8*, ...)

; The i64 (0x0123456789ABCDEF) skips $a1: low word at 8($sp), high at 12($sp).
define void @pass_i64(i8* %fmt) {
  %r = call i32 (i8*, ...) @printf(i8* %fmt, i64 81985529216486895)
  ret void
}
; CHECK-LABEL: pass_i64:
; CHECK-NOT: $5
; CHECK-DAG: lui [[LO:\$[0-9a-z]+]], 35243
; CHECK-DAG: lui [[HI:\$[0-9a-z]+]], 291
; CHECK-DAG: st [[LO]], 8($sp)
; CHECK-DAG: st [[HI]], 12($sp)
; CHECK-NOT: $5
; CHECK: jsub printf

; fmt, 7 ($a1), 9 (8($sp)), then the double at 16($sp): 12($sp) is padding.
; 1.0 is 0x3FF00000_00000000: high word 16368 << 16 at 20($sp).
define void @pass_double(i8* %fmt) {
  %r = call i32 (i8*, ...) @printf(i8* %fmt, i32 7, i32 9, double 1.0)
  ret void
}
; CHECK-LABEL: pass_double:
; CHECK-DAG: addiu $5, $zero, 7
; CHECK-DAG: addiu [[NINE:\$[0-9a-z]+]], $zero, 9
; CHECK-DAG: st [[NINE]], 8($sp)
; CHECK-DAG: lui [[DHI:\$[0-9a-z]+]], 16368
; CHECK-DAG: st {{\$[0-9a-z]+}}, 16($sp)
; CHECK-DAG: st [[DHI]], 20($sp)
; CHECK-NOT: 12($sp)
; CHECK: jsub printf

; The callee finds the i64 at 8($sp) and 12($sp), not in $a1, and returns
; it in $2 (low) and $3 (high).
define i64 @take_i64(i32 %a, i64 %b) {
  ret i64 %b
}
; CHECK-LABEL: take_i64:
; CHECK-DAG: ld $2, 8($sp)
; CHECK-DAG: ld $3, 12($sp)
; CHECK: ret $lr

; Three words (a: $a0, b: $a1, c: 8($sp)), then the double at 16($sp).
define double @take_double(i32 %a, i32 %b, i32 %c, double %d) {
  ret double %d
}
; CHECK-LABEL: take_double:
; CHECK-DAG: ld $2, 16($sp)
; CHECK-DAG: ld $3, 20($sp)
; CHECK: ret $lr

; A by-value struct holding a double is 8-byte aligned like the double:
; after %a it starts at 8($sp), so its first field is read from there.
define i32 @take_byval(i32 %a, %struct.D* byval(%struct.D) align 4 %p) {
  %f = getelementptr inbounds %struct.D, %struct.D* %p, i32 0, i32 0
  %v = load i32, i32* %f, align 4
  ret i32 %v
}
; CHECK-LABEL: take_byval:
; CHECK: ld $2, 8($sp)
; CHECK: ret $lr
