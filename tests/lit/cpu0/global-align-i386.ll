; Preferred global alignment with i386's datalayout, whose "f64:32:64" makes
; a double 4-aligned in structs and arguments but 8-aligned as a global; an
; explicit `align 2` is raised to the ABI alignment (4). llc agrees.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - 2>/dev/null | FileCheck %s
; RUN: llc %s -o - | FileCheck %s

target datalayout = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-f64:32:64-f80:32-n8:16:32-S128"
target triple = "i386-pc-linux-gnu"
@d = global double 1.0
@l = global i64 1
@c = global i8 1
@a17 = global [17 x i8] zeroinitializer
@st = global {i8, double} zeroinitializer
@v = global <4 x i32> zeroinitializer
@ex = global double 0.0, align 2

; CHECK: .{{(p2)?}}align 3
; CHECK-NEXT: d:
; CHECK: .{{(p2)?}}align 3
; CHECK-NEXT: l:
; CHECK-NOT: .{{(p2)?}}align {{[1-9]}}
; CHECK: c:
; CHECK: .{{(p2)?}}align 4
; CHECK-NEXT: a17:
; CHECK: .{{(p2)?}}align 3
; CHECK-NEXT: st:
; CHECK: .{{(p2)?}}align 4
; CHECK-NEXT: v:
; CHECK: .{{(p2)?}}align 2
; CHECK-NEXT: ex:
