; Exceptions, inline assembly constraints other than r m i n g X and digits,
; non-pointer va_lists and exotic float types stay unsupported, with positions.
; RUN: rm -rf %t && split-file %s %t
; RUN: not %lltosimd -march=cpu0el %t/invoke.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=EH
; RUN: not %lltosimd -march=cpu0el %t/asm.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASM
; RUN: not %lltosimd -march=cpu0el %t/fp80.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=FP80
; RUN: not %lltosimd -march=cpu0el %t/bafunc.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=TLS

; EH: invoke.ll:3:3: unsupported: exception handling ('invoke')
; ASM: asm.ll:2:3: unsupported: inline asm constraint 'f'
; FP80: fp80.ll:1:1: unsupported: floating-point type 'x86_fp80'
; TLS: bafunc.ll:1:1: unsupported: thread-local variable

;--- invoke.ll
declare void @g()
define void @f() personality i8* null {
  invoke void @g() to label %ok unwind label %bad
ok:
  ret void
bad:
  %lp = landingpad { i8*, i32 } cleanup
  ret void
}
;--- asm.ll
define void @f() {
  call void asm sideeffect "nop", "f"(float 1.0)
  ret void
}
;--- fp80.ll
define x86_fp80 @f(x86_fp80 %a) {
  ret x86_fp80 %a
}
;--- bafunc.ll
@x = thread_local global i32 0
