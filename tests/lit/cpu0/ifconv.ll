; If-conversion on Cpu0 (issue 13): Cpu0 has no predicated instructions,
; so -enable-if-conversion speculates the small hammocks its model finds
; profitable and merges the values with movz/movn (spec §2: both CPUs have
; them); the branch disappears. Stores and divisions are never speculated
; (a store must not happen on the other path; a zero divisor stops the
; simulator), so those hammocks keep their branch. Without the flag the
; output keeps every branch.
; The IR is clang -O0 -Xclang -disable-O0-optnone | opt -mem2reg of:
;   int absdiff(int a, int b) { int r; if (a > b) r = a - b; else r = b - a; return r * 2; }
;   int maxdiv(int a, int b) { int r = a; if (b != 0) r = a / b; return r; }
;   void setmax(int *p, int a, int b) { if (a > b) *p = a; }
;   int big(int a, int b) { int r; if (a > b) r = ((a - b) * 3) ^ (a + 7); else r = ((b - a) << 2) | (b ^ 9); return r; }
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -enable-if-conversion %s -o - | FileCheck %s --check-prefixes=CHECK,C32II
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -enable-if-conversion %s -o - | FileCheck %s --check-prefixes=CHECK,C32I
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefix=OFF
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -enable-if-conversion -if-conversion-threshold=10 %s -o - | FileCheck %s --check-prefix=FORCE
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -enable-if-conversion -stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: not %lltosimd -march=cpu0el -enable-if-conversion -if-conversion-threshold=x %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

; Both sides computed, the result picked by movz/movn on the compare.
; CHECK-LABEL: absdiff:
; CHECK-NOT: {{^[[:space:]]+(beq|bne|jmp|jeq|jne|jlt|jgt|jle|jge)[[:space:]]}}
; CHECK-DAG: subu {{\$[0-9a-z]+}}, $4, $5
; CHECK-DAG: subu {{\$[0-9a-z]+}}, $5, $4
; C32II-DAG: slt [[C:\$[0-9a-z]+]], {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}
; C32I-DAG: cmp $sw, {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}
; CHECK: {{movz|movn}} {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}
; CHECK-NOT: {{^[[:space:]]+(beq|bne|jmp|jeq|jne|jlt|jgt|jle|jge)[[:space:]]}}
; CHECK: .end absdiff
; OFF-LABEL: absdiff:
; OFF: {{beq|bne}}
; OFF-NOT: {{movz|movn}}
; OFF: .end absdiff
define i32 @absdiff(i32 %0, i32 %1) {
  %3 = icmp sgt i32 %0, %1
  br i1 %3, label %4, label %6
4:
  %5 = sub nsw i32 %0, %1
  br label %8
6:
  %7 = sub nsw i32 %1, %0
  br label %8
8:
  %.0 = phi i32 [ %5, %4 ], [ %7, %6 ]
  %9 = mul nsw i32 %.0, 2
  ret i32 %9
}

; The division stays behind its branch.
; CHECK-LABEL: maxdiv:
; C32II: beq $5, $zero,
; C32I: jeq $sw,
; CHECK: div $4, $5
; CHECK-NOT: {{movz|movn}}
; CHECK: .end maxdiv
; FORCE-LABEL: maxdiv:
; FORCE: beq $5, $zero,
; FORCE: div
define i32 @maxdiv(i32 %0, i32 %1) {
  %3 = icmp ne i32 %1, 0
  br i1 %3, label %4, label %6
4:
  %5 = sdiv i32 %0, %1
  br label %6
6:
  %.0 = phi i32 [ %5, %4 ], [ %0, %2 ]
  ret i32 %.0
}

; So does the store.
; CHECK-LABEL: setmax:
; CHECK: {{beq|jle}}
; CHECK: st $5, 0($4)
; CHECK: .end setmax
; FORCE-LABEL: setmax:
; FORCE: beq
; FORCE: st $5, 0($4)
define void @setmax(i32* %0, i32 %1, i32 %2) {
  %4 = icmp sgt i32 %1, %2
  br i1 %4, label %5, label %6
5:
  store i32 %1, i32* %0, align 4
  br label %6
6:
  ret void
}

; Three operations on each side cost more than the branch saves: kept,
; unless the threshold allows more.
; CHECK-LABEL: big:
; CHECK: {{beq|bne|jle|jgt}}
; CHECK: .end big
; FORCE-LABEL: big:
; FORCE-NOT: {{^[[:space:]]+(beq|bne|jmp)[[:space:]]}}
; FORCE: {{movz|movn}}
; FORCE: .end big
define i32 @big(i32 %0, i32 %1) {
  %3 = icmp sgt i32 %0, %1
  br i1 %3, label %4, label %9
4:
  %5 = sub nsw i32 %0, %1
  %6 = mul nsw i32 %5, 3
  %7 = add nsw i32 %0, 7
  %8 = xor i32 %6, %7
  br label %14
9:
  %10 = sub nsw i32 %1, %0
  %11 = shl i32 %10, 2
  %12 = xor i32 %1, 9
  %13 = or i32 %11, %12
  br label %14
14:
  %.0 = phi i32 [ %8, %4 ], [ %13, %9 ]
  ret i32 %.0
}

; STATS: 1 if-convert {{.*}} Number of regions if-converted
; STATS: 3 if-convert {{.*}} Number of regions the target's model keeps as branches
; STATS: 1 predicate-lowering {{.*}} Number of selects inserted for guarded definitions

; BAD: -if-conversion-threshold: bad number "x"
