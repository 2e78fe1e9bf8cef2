; Memory access widths (spec §3.2): lb/lbu/lh/lhu pick the extension,
; sb/sh/st the width; memory operands are "off($base)".
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @load_s8(i8* %p) {
  %v = load i8, i8* %p, align 1
  %r = sext i8 %v to i32
  ret i32 %r
}
; CHECK-LABEL: load_s8:
; CHECK: lb {{\$[0-9a-z]+}}, 0($4)
; CHECK: .end load_s8

define i32 @load_u8(i8* %p) {
  %q = getelementptr i8, i8* %p, i32 3
  %v = load i8, i8* %q, align 1
  %r = zext i8 %v to i32
  ret i32 %r
}
; CHECK-LABEL: load_u8:
; CHECK: lbu {{\$[0-9a-z]+}}, 3($4)
; CHECK: .end load_u8

define i32 @load_s16(i16* %p) {
  %q = getelementptr i16, i16* %p, i32 -2
  %v = load i16, i16* %q, align 2
  %r = sext i16 %v to i32
  ret i32 %r
}
; CHECK-LABEL: load_s16:
; CHECK: lh {{\$[0-9a-z]+}}, -4($4)
; CHECK: .end load_s16

define i32 @load_u16(i16* %p) {
  %v = load i16, i16* %p, align 2
  %r = zext i16 %v to i32
  ret i32 %r
}
; CHECK-LABEL: load_u16:
; CHECK: lhu {{\$[0-9a-z]+}}, 0($4)
; CHECK: .end load_u16

define void @stores(i32* %p, i32 %v) {
  %b = bitcast i32* %p to i8*
  %h = bitcast i32* %p to i16*
  %b1 = getelementptr i8, i8* %b, i32 8
  %h1 = getelementptr i16, i16* %h, i32 2
  %w1 = getelementptr i32, i32* %p, i32 3
  %t8 = trunc i32 %v to i8
  %t16 = trunc i32 %v to i16
  store i8 %t8, i8* %b1, align 1
  store i16 %t16, i16* %h1, align 2
  store i32 %v, i32* %w1, align 4
  ret void
}
; CHECK-LABEL: stores:
; CHECK-DAG: sb $5, 8($4)
; CHECK-DAG: sh $5, 4($4)
; CHECK-DAG: st $5, 12($4)
; CHECK: .end stores

; Stores to the console port (spec §8.4): the address 0xFF000000 is built
; with lui and the byte is written with sb.
define void @put(i32 %c) {
  %t = trunc i32 %c to i8
  store volatile i8 %t, i8* inttoptr (i32 -16777216 to i8*), align 1
  ret void
}
; CHECK-LABEL: put:
; CHECK: lui [[R:\$[0-9a-z]+]], 65280
; CHECK: sb $4, 0([[R]])
; CHECK: .end put
