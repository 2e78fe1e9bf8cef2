; -filetype=obj: sections, symbols and relocations (spec §4), read back by
; llvm-readelf and by lltosimd -disassemble. A call to an undefined
; function leaves R_CPU0_PC24 (13); a global's address %hi/%lo leaves
; R_CPU0_HI16 (5) / R_CPU0_LO16 (6); a pointer in data leaves R_CPU0_32 (2).
; LLVM 14 has no names for Cpu0 relocations, so the type is checked in the
; low byte of r_info.
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II -filetype=obj %s -o %t.o
; RUN: llvm-readelf -S -r -s %t.o | FileCheck %s --check-prefix=ELF
; RUN: %lltosimd -march=cpu0 -disassemble %t.o | FileCheck %s --check-prefix=DIS
; RUN: not %lltosimd -march=cpu0 -filetype=hex %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=HEX

target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

@counter = global i32 7, align 4
@ptr = global i32* @counter, align 4

declare i32 @ext(i32)

define i32 @f(i32 %x) {
  %v = load i32, i32* @counter
  %r = call i32 @ext(i32 %v)
  %s = add i32 %r, %x
  ret i32 %s
}

; ELF-DAG: .text PROGBITS
; ELF-DAG: .data PROGBITS
; ELF-DAG: .bss NOBITS
; ELF-DAG: .rel.text REL
; ELF-DAG: .rel.data REL
; ELF-DAG: .symtab SYMTAB
; ELF: Relocation section '.rel.text'
; ELF-DAG: {{[0-9a-f]+}}05 {{.*}} counter
; ELF-DAG: {{[0-9a-f]+}}06 {{.*}} counter
; ELF-DAG: {{[0-9a-f]+}}0d {{.*}} ext
; ELF: Relocation section '.rel.data'
; ELF-NEXT: Offset
; ELF-NEXT: 00000004 {{[0-9a-f]+}}02 {{.*}} counter
; ELF-DAG: FUNC GLOBAL DEFAULT 1 f
; ELF-DAG: OBJECT GLOBAL DEFAULT 3 counter
; ELF-DAG: OBJECT GLOBAL DEFAULT 3 ptr
; ELF-DAG: NOTYPE GLOBAL DEFAULT UND ext

; DIS: Disassembly of section .text:
; DIS: f:
; DIS: 0f {{[0-9a-f]}}0 00 00 lui {{.*}}# R_CPU0_HI16 counter
; DIS: 0d {{.*}}# R_CPU0_LO16 counter
; DIS: 3b 00 00 00 jsub 0 # R_CPU0_PC24 ext
; DIS: 3c e0 00 00 ret $lr
; DIS: Disassembly of section .data:
; DIS: counter:
; DIS-NEXT: 0: 00 00 00 07 .4byte 0x00000007
; DIS: ptr:
; DIS-NEXT: 4: 00 00 00 00 .4byte 0x00000000 # R_CPU0_32 counter

; HEX: undefined symbol(s) ext
