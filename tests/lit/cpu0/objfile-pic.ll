; -filetype=obj for PIC and small data: the relocation numbers of spec §4
; (R_CPU0_GOT16 9, R_CPU0_CALL16 11, R_CPU0_GOT_HI16 22, R_CPU0_GOT_LO16 23,
; R_CPU0_GPREL16 7; .cpload's lui/ori pair refers to _gp_disp with HI16 5 /
; LO16 6), `jalr $t9` encoded as 39 e6 00 00 (spec §3.2), small data in
; .sdata. LLVM 14 has no names for Cpu0 relocations: the type is the low
; byte of r_info.
; RUN: %lltosimd -march=cpu0 -relocation-model=pic -cpu0-use-small-section -filetype=obj %s -o %t.o
; RUN: llvm-readelf -S -r %t.o | FileCheck %s --check-prefix=ELF
; RUN: %lltosimd -march=cpu0 -disassemble %t.o | FileCheck %s --check-prefix=DIS
; RUN: %lltosimd -march=cpu0 -cpu0-use-small-section -filetype=obj %s -o %t.s.o
; RUN: llvm-readelf -r %t.s.o | FileCheck %s --check-prefix=GPREL

target datalayout = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mips-unknown-linux-gnu"

@counter = global i32 7, align 4
@tab = internal global [2 x i32] [i32 1, i32 2], align 4
@big = global [4 x i32] zeroinitializer, align 4

declare i32 @ext(i32)

define i32 @f(i32 %x) {
  %v = load i32, i32* @counter
  %r = call i32 @ext(i32 %v)
  %p = getelementptr [2 x i32], [2 x i32]* @tab, i32 0, i32 %x
  %t = load i32, i32* %p
  %b = load i32, i32* getelementptr ([4 x i32], [4 x i32]* @big, i32 0, i32 1)
  %s = add i32 %r, %t
  %u = add i32 %s, %b
  ret i32 %u
}

; ELF-DAG: .sdata PROGBITS
; ELF-DAG: .bss NOBITS
; ELF: Relocation section '.rel.text'
; ELF-DAG: 00000000 {{[0-9a-f]+}}05 {{.*}} _gp_disp
; ELF-DAG: 00000004 {{[0-9a-f]+}}06 {{.*}} _gp_disp
; ELF-DAG: {{[0-9a-f]+}}09 {{.*}} counter
; ELF-DAG: {{[0-9a-f]+}}0b {{.*}} ext
; ELF-DAG: {{[0-9a-f]+}}09 {{.*}} tab
; ELF-DAG: {{[0-9a-f]+}}06 {{.*}} tab
; ELF-DAG: {{[0-9a-f]+}}16 {{.*}} big
; ELF-DAG: {{[0-9a-f]+}}17 {{.*}} big

; DIS: f:
; DIS-NEXT: 0: 0f b0 00 00 lui $gp, 0 # R_CPU0_HI16 _gp_disp
; DIS-NEXT: 4: 0d bb 00 00 ori $gp, $gp, 0 # R_CPU0_LO16 _gp_disp
; DIS-NEXT: 8: 11 bb 60 00 addu $gp, $gp, $t9
; DIS: st $gp, [[S:[0-9]+]]($sp)
; DIS: ld $t9, 0($gp) # R_CPU0_CALL16 ext
; DIS-NEXT: 39 e6 00 00 jalr $t9
; DIS-NEXT: nop
; DIS-NEXT: ld $gp, [[S]]($sp)
; DIS: # R_CPU0_GOT_HI16 big
; DIS: # R_CPU0_GOT_LO16 big
; DIS: Disassembly of section .sdata:

; GPREL: Relocation section '.rel.text'
; GPREL-DAG: {{[0-9a-f]+}}07 {{.*}} counter
; GPREL-DAG: {{[0-9a-f]+}}07 {{.*}} tab
; GPREL-DAG: {{[0-9a-f]+}}05 {{.*}} big
