; Global variables get LLVM's preferred alignment (DataLayout::getPreferredAlign,
; LLVM 14), because code optimized for this datalayout relies on it: a global
; without `align` gets its type's preferred alignment ("i8:8:32" and
; "i16:16:32" prefer 4 bytes, aggregates prefer 8 ("a:0:64" is the default),
; i64/double 8), raised to 16 when it is larger than 16 bytes; an explicit
; `align` below the preferred one is kept, but not below the ABI alignment.
; The same CHECK lines hold for llc -march=mipsel (".p2align N").
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s
; RUN: llc -march=mipsel %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@c1 = global i8 1
@s1 = global i16 1
@l1 = global i64 1
@a3 = global [3 x i8] c"abc"
@a16 = global [16 x i8] zeroinitializer
@a17 = global [17 x i8] zeroinitializer
@r76 = constant [76 x i8] zeroinitializer
@d76 = global [76 x i8] c"x\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00"
@st = global {i8, i8, i8} zeroinitializer
@stp = global <{i8, i32}> zeroinitializer
@ex = global [76 x i8] zeroinitializer, align 2
@exi = global i32 0, align 1
@ex64 = global i8 0, align 64
@d = global double 1.0
@v = global <4 x i32> zeroinitializer
@p = global i8* null

; CHECK: .{{(p2)?}}align 2
; CHECK-NEXT: c1:
; CHECK: .{{(p2)?}}align 2
; CHECK-NEXT: s1:
; CHECK: .{{(p2)?}}align 3
; CHECK-NEXT: l1:
; CHECK: .{{(p2)?}}align 2
; CHECK-NEXT: a3:
; CHECK: .{{(p2)?}}align 2
; CHECK-NEXT: a16:
; CHECK: .{{(p2)?}}align 4
; CHECK-NEXT: a17:
; CHECK: .{{(p2)?}}align 4
; CHECK-NEXT: r76:
; CHECK: .{{(p2)?}}align 4
; CHECK-NEXT: d76:
; CHECK: .{{(p2)?}}align 3
; CHECK-NEXT: st:
; CHECK: .{{(p2)?}}align 3
; CHECK-NEXT: stp:
; CHECK: .{{(p2)?}}align 1
; CHECK-NEXT: ex:
; CHECK: .{{(p2)?}}align 2
; CHECK-NEXT: exi:
; CHECK: .{{(p2)?}}align 6
; CHECK-NEXT: ex64:
; CHECK: .{{(p2)?}}align 3
; CHECK-NEXT: d:
; CHECK: .{{(p2)?}}align 4
; CHECK-NEXT: v:
; CHECK: .{{(p2)?}}align 2
; CHECK-NEXT: p:
