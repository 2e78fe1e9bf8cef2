; The BWL assembler reads names case-insensitively and takes words like
; `u8` or `xR5` for registers (spec bwdsp.md §2.2), while IR names are
; case-sensitive: names other than lowercase letters, digits, '_' and '.'
; that are no register are spelled "$_" + the name with '$' before each
; uppercase letter (codegen.asmName), in definitions, references, block
; labels and jump tables alike. @Foo and @foo used to be one label twice,
; and a global @u8 an undefined symbol.
; RUN: %lltosimd -march=bwdsp -O2 %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@Foo = global i32 1
@foo = global i32 2
@u8 = global i32 3
@xR5 = global i32 4

; CHECK-LABEL: {{^}}sum:
; CHECK-DAG: #$_$foo
; CHECK-DAG: #foo
; CHECK-DAG: #$_u8
; CHECK-DAG: #$_x$r5
define i32 @sum() {
  %a = load i32, i32* @Foo
  %b = load i32, i32* @foo
  %c = load i32, i32* @u8
  %d = load i32, i32* @xR5
  %s = add i32 %a, %b
  %t = add i32 %c, %d
  %r = add i32 %s, %t
  ret i32 %r
}

; CHECK-LABEL: {{^}}$_$sel:
; CHECK: .L$_$sel.bb0:
; CHECK: #$_.ljt$sel.0
; CHECK: {{^}}$_.ljt$sel.0:
; CHECK-NEXT: .word .L$_$sel.bb
define i32 @Sel(i32 %k) {
  switch i32 %k, label %d [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %c
    i32 3, label %e
  ]
a:
  ret i32 10
b:
  ret i32 20
c:
  ret i32 30
e:
  ret i32 40
d:
  ret i32 0
}

; CHECK-LABEL: {{^}}sel:
; CHECK: call $_$sel
define i32 @sel(i32 %k) {
  %r = call i32 @Sel(i32 %k)
  ret i32 %r
}

; CHECK: .data
; CHECK: {{^}}$_$foo:
; CHECK: {{^}}foo:
; CHECK: {{^}}$_u8:
; CHECK: {{^}}$_x$r5:
