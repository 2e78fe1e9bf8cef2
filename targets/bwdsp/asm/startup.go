package asm

import (
	"fmt"

	bw "lltosimd/targets/bwdsp"
)

// Startup is the standard startup code (spec §2.10, docs/bwdsp.md): it
// sets the stack pointer U8 to bw.StackTop, calls main and halts with
// main's result in x.R0 (§2.7). AssembleWithStartup puts it before a
// program, which then starts at bundle 0 as usual.
var Startup = fmt.Sprintf(`// startup
	U8 = #%#x
	call main
	halt
`, bw.StackTop)

// AssembleWithStartup assembles Startup followed by the program; line
// numbers in errors and in the program refer to the program's file (the
// startup code's bundles have line 0).
func AssembleWithStartup(file, src string) (*bw.Program, error) {
	n := 0
	for _, c := range Startup {
		if c == '\n' {
			n++
		}
	}
	p, err := Assemble(file, Startup+src)
	if err != nil {
		if l, ok := err.(ErrorList); ok {
			for _, e := range l {
				e.Line -= n
			}
		}
		return nil, err
	}
	for i := range p.Lines {
		if p.Lines[i] > n {
			p.Lines[i] -= n
		} else {
			p.Lines[i] = 0
		}
	}
	return p, nil
}
