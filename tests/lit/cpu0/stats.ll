; -stats prints LLVM's statistics format on stderr (ARCHITECTURE.md); the
; delay-slot filler fills the slots of the branch, the call and the return
; (spec §5).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I -stats %s -o /dev/null 2>&1 | FileCheck %s

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

declare void @g()

define i32 @f(i32 %a) {
entry:
  %c = icmp eq i32 %a, 0
  br i1 %c, label %then, label %done
then:
  call void @g()
  br label %done
done:
  ret i32 %a
}

; CHECK: ===-{{-+}}===
; CHECK-NEXT: ... Statistics Collected ...
; CHECK-NEXT: ===-{{-+}}===
; CHECK: {{[0-9]+}} delay-slot-filler - Number of delay slots filled
