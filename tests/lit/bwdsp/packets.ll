; The BWDSP pipeline ends with the shared packetizer: independent
; instructions share a bundle (`||`), and a control instruction (call, ret,
; branch) is the last of its bundle (spec bwdsp.md §2.4 rule 6). The output
; must assemble: bwdsprun -d encodes, decodes and checks every bundle.
; RUN: %lltosimd -march=bwdsp %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %bwdsprun -d %t.s > /dev/null

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @take4(i32 %a, i32 %b, i32 %c, i32 %d) {
  %x = add i32 %a, %b
  %y = mul i32 %c, %d
  %z = sub i32 %x, %y
  ret i32 %z
}

define i32 @pass4(i32 %a) {
  %r = call i32 @take4(i32 1, i32 2, i32 3, i32 %a)
  %s = add i32 %r, 7
  ret i32 %s
}
; CHECK-LABEL: pass4:
; CHECK: {{ \|\| }}
; CHECK-NOT: call take4 ||
; CHECK: call take4{{$}}
; CHECK-NOT: ret ||
; CHECK: ret{{$}}
