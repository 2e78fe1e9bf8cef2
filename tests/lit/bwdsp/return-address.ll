; __builtin_return_address(0) is RA as it was at entry (spec bwdsp.md §2.7:
; `call` writes RA). A read after a call must not read RA again: the CALL
; says it defines RA, so the allocator keeps the entry copy instead of
; recomputing it after the call.
; RUN: %lltosimd -march=bwdsp -O2 -enable-packetize=false %s -o - | FileCheck %s

declare void @g()
declare i8* @llvm.returnaddress(i32)

; CHECK-LABEL: ra_after_call:
; CHECK: xR{{[0-9]+}} = RA
; CHECK: call g
; CHECK-NOT: = RA{{$}}
; CHECK: ret
define i8* @ra_after_call() {
  call void @g()
  %ra = call i8* @llvm.returnaddress(i32 0)
  ret i8* %ra
}

; CHECK-LABEL: ra_around_call:
; CHECK: xR{{[0-9]+}} = RA
; CHECK: call g
; CHECK-NOT: = RA{{$}}
; CHECK: ret
define i32 @ra_around_call() {
  %a = call i8* @llvm.returnaddress(i32 0)
  call void @g()
  %b = call i8* @llvm.returnaddress(i32 0)
  %eq = icmp eq i8* %a, %b
  %r = zext i1 %eq to i32
  ret i32 %r
}
