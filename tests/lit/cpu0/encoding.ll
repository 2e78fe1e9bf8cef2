; Binary output. Instruction encodings from spec §3.3 (addiu $2,$zero,5 =
; 09 20 00 05; ret $lr = 3c e0 00 00; nop = 00 00 00 00), written in the
; target's byte order (§3.1, §4). -filetype=obj is ELF32 with EM_CPU0 = 999
; (0x3e7), REL, MSB for cpu0 and LSB for cpu0el (§4).
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032II -filetype=hex %s -o - | FileCheck %s --check-prefix=HEXEB
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032II -filetype=hex %s -o - | FileCheck %s --check-prefix=HEXEL
; RUN: %lltosimd -march=cpu0 -mcpu=cpu032I -filetype=obj %s -o %t.eb.o
; RUN: llvm-readelf -h -S %t.eb.o | FileCheck %s --check-prefixes=ELF,ELFEB
; RUN: %lltosimd -march=cpu0el -mcpu=cpu032I -filetype=obj %s -o %t.el.o
; RUN: llvm-readelf -h -S %t.el.o | FileCheck %s --check-prefixes=ELF,ELFEL

target datalayout = "e-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64"
target triple = "mipsel-unknown-linux-gnu"

define i32 @five() {
  ret i32 5
}

; HEXEB-DAG: 09 20 00 05
; HEXEB-DAG: 3c e0 00 00
; HEXEL-DAG: 05 00 20 09
; HEXEL-DAG: 00 00 e0 3c

; ELF: Class: ELF32
; ELFEB: Data: 2's complement, big endian
; ELFEL: Data: 2's complement, little endian
; ELF: Type: REL (Relocatable file)
; LLVM 14's llvm-readelf prints an e_machine it has no name for as bare hex
; ("Machine: 3e7"), so the 0x is optional.
; ELF: Machine: {{(0x)?}}3e7
; ELF: .text
