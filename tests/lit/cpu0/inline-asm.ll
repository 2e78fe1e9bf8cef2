; Inline assembly (the lbd Cpu0 backend's and llc's conventions): the text
; is printed between "#APP" and "#NO_APP", one statement per line ("\n" and
; ";" separate statements), with $N / ${N} replaced by operand N: a
; register as "$name", an immediate as a decimal number, a memory operand
; as "off($base)"; "$$" is a dollar sign. Outputs come first in operand
; numbering; "=&r" outputs and clobbered registers never share a register
; with an input. Empty templates print nothing between the markers.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II %s -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I %s -o - | FileCheck %s
; The INLINEASM instruction survives a MIR round trip at every stage.
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -stop-after=cpu0-isel %s -o %t.isel.mir
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -x mir -start-after=cpu0-isel %t.isel.mir -o - | FileCheck %s
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -stop-after=regalloc %s -o %t.ra.mir
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -x mir -start-after=regalloc %t.ra.mir -o - | FileCheck %s
; The text is assembled with the rest (an object file is produced).
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -filetype=obj %s -o %t.o

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

@g = global i32 0

; CHECK-LABEL: add3:
; CHECK: #APP
; CHECK-NEXT: addu {{\$[0-9a-z]+}}, $4, $5
; CHECK-NEXT: #NO_APP
define i32 @add3(i32 %a, i32 %b) {
  %r = call i32 asm "addu $0, $1, $2", "=r,r,r,~{$1}"(i32 %a, i32 %b)
  ret i32 %r
}

; "+r" is an output tied to input 0: an empty template is a plain copy.
; CHECK-LABEL: launder:
; CHECK: #APP
; CHECK-NEXT: #NO_APP
; CHECK-NOT: #APP
; CHECK: ret $lr
define i32 @launder(i32 %a) {
  %r = call i32 asm "", "=r,0,~{$1}"(i32 %a)
  ret i32 %r
}

; A tied operand with text: the output is the input's register.
; CHECK-LABEL: tied_text:
; CHECK: #APP
; CHECK-NEXT: addiu [[R:\$[0-9a-z]+]], [[R]], 7
; CHECK-NEXT: #NO_APP
define i32 @tied_text(i32 %a) {
  %r = call i32 asm "addiu $0, $1, $2", "=r,0,n,~{$1}"(i32 %a, i32 7)
  ret i32 %r
}

; "=&r": the output is written before the inputs are read, so it is none of
; the input registers ($4, $5) although the inputs die here.
; CHECK-LABEL: early:
; CHECK: #APP
; CHECK-NEXT: addu {{\$(2|3|t9|7|8|9|10)}}, $4, $5
; CHECK-NEXT: addu {{\$(2|3|t9|7|8|9|10)}}, {{\$(2|3|t9|7|8|9|10)}}, $5
; CHECK-NEXT: #NO_APP
define i32 @early(i32 %a, i32 %b) {
  %r = call i32 asm "addu $0, $1, $2\0A\09addu $0, $0, $2", "=&r,r,r,~{$1}"(i32 %a, i32 %b)
  %s = call i32 @use(i32 %r)
  ret i32 %s
}
declare i32 @use(i32)

; A clobbered register holds no operand: $2 is neither input nor output,
; so the result is moved into $2 after the asm.
; CHECK-LABEL: clobber:
; CHECK: #APP
; CHECK-NEXT: addiu $2, $zero, 1
; CHECK-NEXT: addu [[O:\$(3|4|5|t9|7|8|9|10)]], {{\$(3|4|5|t9|7|8|9|10)}}, $2
; CHECK-NEXT: #NO_APP
; CHECK: move $2, [[O]]
define i32 @clobber(i32 %a) {
  %r = call i32 asm "addiu $$2, $$zero, 1; addu $0, $1, $$2", "=r,r,~{$2},~{$1}"(i32 %a)
  ret i32 %r
}

; Clobbering a callee-saved register or $lr makes the prologue save it.
; CHECK-LABEL: saved:
; CHECK-DAG: st $lr, {{[0-9]+}}($sp)
; CHECK-DAG: st $9, {{[0-9]+}}($sp)
; CHECK: #APP
; CHECK-NEXT: addiu $9, $zero, 3
; CHECK-NEXT: #NO_APP
; CHECK-DAG: ld $lr, {{[0-9]+}}($sp)
; CHECK-DAG: ld $9, {{[0-9]+}}($sp)
define void @saved() {
  call void asm sideeffect "addiu $$9, $$zero, 3", "~{$9},~{$lr},~{$1}"()
  ret void
}

; Immediates: "i" and "n" constants (sign-extended), "i" addresses.
; CHECK-LABEL: imms:
; CHECK: #APP
; CHECK-NEXT: addiu {{\$[0-9a-z]+}}, $zero, -5
; CHECK-NEXT: ori {{\$[0-9a-z]+}}, {{\$[0-9a-z]+}}, %lo(g+4)
; CHECK-NEXT: #NO_APP
define i32 @imms() {
  %r = call i32 asm "addiu $0, $$zero, $1; ori $0, $0, %lo($2)", "=r,n,i,~{$1}"(i8 -5, i32* getelementptr (i32, i32* @g, i32 1))
  ret i32 %r
}

; Memory operands "*m": off($base), with constant offsets folded and
; stack objects addressed from $sp.
; CHECK-LABEL: mem:
; CHECK: #APP
; CHECK-NEXT: ld [[V:\$[0-9a-z]+]], 12($4)
; CHECK-NEXT: st [[V]], {{[0-9]+}}($sp)
; CHECK-NEXT: #NO_APP
; CHECK: ld $2, {{[0-9]+}}($sp)
define i32 @mem(i32* %p) {
  %x = alloca i32
  store i32 0, i32* %x
  %q = getelementptr i32, i32* %p, i32 3
  %v = call i32 asm sideeffect "ld $0, $1\0Ast $0, $2", "=&r,*m,=*m,~{$1}"(i32* elementtype(i32) %q, i32* elementtype(i32) %x)
  %r = load i32, i32* %x
  ret i32 %r
}

; "memory" keeps loads and stores on their side of the asm; the asm stays
; although it has no outputs.
; CHECK-LABEL: barrier:
; CHECK: st {{\$[0-9a-z]+}}, 0([[G:\$[0-9a-z]+]])
; CHECK: #APP
; CHECK-NEXT: #NO_APP
; CHECK: ld {{\$[0-9a-z]+}}, 0(
; CHECK: ret $lr
define i32 @barrier(i32 %a) {
  store i32 %a, i32* @g
  call void asm sideeffect "", "~{memory},~{$1}"()
  %v = load i32, i32* @g
  ret i32 %v
}

; Volatile asm whose output is unused is not deleted; ${N} works like $N,
; ${:uid} is unique per asm statement.
; CHECK-LABEL: unused:
; CHECK: #APP
; CHECK-NEXT: addiu {{\$[0-9a-z]+}}, $zero, 1
; CHECK-NEXT: L[[U:[0-9_]+]]:
; CHECK-NEXT: #NO_APP
; CHECK: #APP
; CHECK-NOT: L[[U]]:
; CHECK: #NO_APP
define void @unused() {
  %r = call i32 asm sideeffect "addiu ${0}, $$zero, 1\0AL${:uid}:", "=r,~{$1}"()
  %s = call i32 asm sideeffect "addiu ${0}, $$zero, 1\0AL${:uid}:", "=r,~{$1}"()
  ret void
}

; Two outputs (a struct result) and an i64 "+r" barrier.
; CHECK-LABEL: two:
; CHECK: #APP
; CHECK-NEXT: subu {{\$[0-9a-z]+}}, $4, $5
; CHECK-NEXT: addu {{\$[0-9a-z]+}}, $4, $5
; CHECK-NEXT: #NO_APP
define i32 @two(i32 %a, i32 %b) {
  %r = call { i32, i32 } asm "subu $0, $2, $3; addu $1, $2, $3", "=&r,=&r,r,r,~{$1}"(i32 %a, i32 %b)
  %x = extractvalue { i32, i32 } %r, 0
  %y = extractvalue { i32, i32 } %r, 1
  %s = mul i32 %x, %y
  ret i32 %s
}
; CHECK-LABEL: wide:
; CHECK: #APP
; CHECK-NEXT: #NO_APP
define i64 @wide(i64 %a) {
  %r = call i64 asm "", "=r,0,~{$1}"(i64 %a)
  ret i64 %r
}

; Operands in specific registers (local register variables): the inputs are
; copied into them before the asm, the outputs out of them after it.
; CHECK-LABEL: fixed:
; CHECK-DAG: move $3, $4
; CHECK-DAG: move $7, $5
; CHECK: #APP
; CHECK-NEXT: addu $3, $3, $7
; CHECK-NEXT: #NO_APP
; CHECK-NEXT: move $2, $3
define i32 @fixed(i32 %a, i32 %b) {
  %r = call i32 asm "addu $0, $0, $1", "={$3},{$7},{$3},~{$1}"(i32 %b, i32 %a)
  ret i32 %r
}
