; Loads and stores of integers wider than 64 bits write their store size
; (i72: 9 bytes) in the module's byte order as naturally aligned pieces:
; little-endian puts the low word at the lowest address and the top byte
; at offset 8; big-endian puts bits 71..40 at offset 0 and the low byte at
; offset 8. Underaligned accesses split into bytes. Initializers are laid
; out the same way: 0x123456789123456812 is 12 34 56 ... 68 12 in
; big-endian order and 12 68 45 ... 34 12 in little-endian order, padded to
; the alloc size of 16.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s --check-prefixes=CHECK,EL
; RUN: sed -e 's/^target datalayout = "e/target datalayout = "E/' -e 's/mipsel-/mips-/' %s | %lltosimd -march=cpu0 -mcpu=cpu032II - -o - | FileCheck %s --check-prefixes=CHECK,EB

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@g = global i72 335812727629498640402, align 8

; The i72 argument's low word is the first on little-endian targets.
define void @st72(i72* %p, i72 %a) {
  store i72 %a, i72* %p, align 8
  ret void
}
; CHECK-LABEL: st72:
; EL: ld [[W0:\$[0-9a-z]+]], 8($sp)
; EL: ld [[W1:\$[0-9a-z]+]], 12($sp)
; EL: ld [[W2:\$[0-9a-z]+]], 16($sp)
; EL-DAG: st [[W0]], 0($4)
; EL-DAG: st [[W1]], 4($4)
; EL-DAG: sb [[W2]], 8($4)
; EB-DAG: st {{.*}}, 0($4)
; EB-DAG: st {{.*}}, 4($4)
; EB-DAG: sb {{.*}}, 8($4)
; CHECK-NOT: {{st|sb|sh}} {{.*}}($4)
; CHECK: .end st72

define i72 @ld72u(i72* %p) {
  %v = load i72, i72* %p, align 1
  %w = lshr i72 %v, 64
  ret i72 %w
}
; CHECK-LABEL: ld72u:
; CHECK-COUNT-9: lbu
; CHECK-NOT: lbu
; CHECK: .end ld72u

; CHECK-LABEL: g:
; EL: .ascii "\022hE#\221xV4\022"
; EB: .ascii "\0224Vx\221#Eh\022"
; CHECK: .space 7
