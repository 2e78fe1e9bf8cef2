// Command lltosimd compiles LLVM IR (.ll) to code for SIMD/DSP targets that
// LLVM does not support (Cpu0, VC4, BWDSP). It takes llc's flags:
//
//	clang-14 -S -emit-llvm -O2 foo.c -o - | lltosimd -march=cpu0 -mcpu=cpu032II -o foo.s
//
// Every failure is reported as "file:line:col: message" with exit status 1,
// and the output file is written only when compilation succeeded.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// version is printed by --version.
const version = "lltosimd version 0.1.0\n  Targets: cpu0 cpu0el\n"
