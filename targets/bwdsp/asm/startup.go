package asm

import (
	"fmt"
	"strings"

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

// StartupArgs is Startup for a program that receives command-line
// arguments, as cpu0run gives them: main(argc, argv) gets argc = len(args)
// in x.R0 and in x.R1 argv, a NULL-terminated array of the NUL-terminated
// strings args (args[0] is by convention the program's name), both in the
// startup code's .data. With no args it is Startup (argc = 0, argv =
// NULL). The text ends in .text, so a program may follow it in one file.
func StartupArgs(args []string) (string, error) {
	if len(args) == 0 {
		return Startup, nil
	}
	var data strings.Builder
	data.WriteString("\t.data\n\t.align 4\n__bwdsp_argv:\n")
	for i := range args {
		fmt.Fprintf(&data, "\t.word __bwdsp_arg%d\n", i)
	}
	data.WriteString("\t.word 0\n")
	for i, a := range args {
		if strings.IndexByte(a, 0) >= 0 {
			return "", fmt.Errorf("startup: argument %d contains a NUL byte", i)
		}
		fmt.Fprintf(&data, "__bwdsp_arg%d:\n\t.byte ", i)
		for _, c := range []byte(a) {
			fmt.Fprintf(&data, "%d, ", c)
		}
		data.WriteString("0\n")
	}
	return fmt.Sprintf(`// startup
	U8 = #%#x
	xR0 = #%d
	xR1 = #__bwdsp_argv
	call main
	halt
%s	.text
`, bw.StackTop, len(args), data.String()), nil
}

// AssembleWithStartup assembles Startup followed by the program; line
// numbers in errors and in the program refer to the program's file (the
// startup code's bundles have line 0).
func AssembleWithStartup(file, src string) (*bw.Program, error) {
	return AssembleWithStartupArgs(file, src, nil)
}

// AssembleWithStartupArgs is AssembleWithStartup with StartupArgs(args).
func AssembleWithStartupArgs(file, src string, args []string) (*bw.Program, error) {
	startup, err := StartupArgs(args)
	if err != nil {
		return nil, err
	}
	n := strings.Count(startup, "\n")
	p, err := Assemble(file, startup+src)
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
