// Command bwdsprun assembles a BWL assembly file (spec bwdsp.md Part 2) and
// runs it on the BWL simulator from bundle 0 until `halt`: what the program
// stores to the console port goes to stdout, and the exit status is
// x.R0 & 0xff at `halt` (2 with a message on an assembler or simulator
// error, including the §2.5 faults). With -crt0 the standard startup code
// (asm.Startup: set U8, call main, halt) comes first, so the file only
// defines main.
//
//	bwdsprun [-max-bundles N] [-stats] [-trace] [-crt0] file.s
//	bwdsprun -d file.s     (print the encoded program, disassembled)
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"lltosimd/targets/bwdsp/asm"
	"lltosimd/targets/bwdsp/sim"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bwdsprun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	maxBundles := fs.Uint64("max-bundles", 100_000_000, "stop after this many bundles")
	stats := fs.Bool("stats", false, "print bundle, cycle and stall counts to stderr")
	trace := fs.Bool("trace", false, "print every executed bundle with its issue cycle to stderr")
	crt0 := fs.Bool("crt0", false, "put the startup code (U8 = stack top, call main, halt) before the file")
	dis := fs.Bool("d", false, "encode the program, decode it and print the disassembly instead of running it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: bwdsprun [flags] file.s")
		fs.PrintDefaults()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "bwdsprun: %v\n", err)
		return 2
	}
	file := fs.Arg(0)
	src, err := os.ReadFile(file)
	if err != nil {
		return fail(err)
	}
	assemble := asm.Assemble
	if *crt0 {
		assemble = asm.AssembleWithStartup
	}
	prog, err := assemble(file, string(src))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *dis {
		bundles, err := asm.Decode(asm.Encode(prog.Bundles))
		if err != nil {
			return fail(err)
		}
		prog.Bundles = bundles
		fmt.Fprint(stdout, asm.Disassemble(prog))
		return 0
	}
	m, err := sim.New(prog, stdout)
	if err != nil {
		return fail(err)
	}
	if *trace {
		m.Trace = stderr
	}
	err = m.Run(*maxBundles)
	if *stats {
		fmt.Fprintf(stderr, "bundles: %d\ncycles: %d\nstalls: %d\n", m.Bundles, m.Cycles, m.Stalls)
	}
	if err != nil {
		return fail(err)
	}
	return int(m.R[0][0] & 0xff)
}
