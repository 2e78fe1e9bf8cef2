// Command bwdsprun assembles a BWL assembly file (spec bwdsp.md Part 2) and
// runs it on the BWL simulator from bundle 0 until `halt`: what the program
// stores to the console port goes to stdout, and the exit status is
// x.R0 & 0xff at `halt` (2 with a message on an assembler or simulator
// error, including the §2.5 faults). With -crt0 the standard startup code
// (asm.Startup: set U8, call main, halt) comes first, so the file only
// defines main, which gets argc = 1 and argv = {first file, NULL}; with -rt the compiled C runtime is linked after the
// files (several .s files are assembled as one program, asm.AssembleFiles;
// with objects from lltosimd -filetype=obj among them, every file becomes
// an object and asm.Link links them).
//
// A .ll or .c file is compiled (clang-14 for mipsel against the runtime's
// headers, then lltosimd -march=bwdsp at -O) and run like lli: with the
// startup code and the C runtime (runtime/cpu0/*.c compiled for BWDSP and
// runtime/bwdsp/*.s, built on first use into the per-user cache that
// cpu0run also uses); the exit status is main's result (1 for compile
// errors, 2 for simulator faults); main gets argc/argv (argv[0] is prog as
// given, then args), as under cpu0run and lli.
//
// The program reads standard input through the console input port
// (bwdsp.InputAddr, docs/bwdsp.md).
//
//	bwdsprun [-max-bundles N] [-stats] [-trace] [-crt0] [-rt] file.s|file.o...
//	bwdsprun [-O0..3] [-max-bundles N] [-stats] prog.ll|prog.c [args...]
//	bwdsprun -d file.s     (print the encoded program, disassembled)
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"lltosimd/driver"
	bw "lltosimd/targets/bwdsp"
	"lltosimd/targets/bwdsp/asm"
	"lltosimd/targets/bwdsp/sim"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bwdsprun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	maxBundles := fs.Uint64("max-bundles", 100_000_000, "stop after this many bundles")
	stats := fs.Bool("stats", false, "print bundle, cycle, stall, instruction (slot fill) and SIMD instruction counts to stderr")
	trace := fs.Bool("trace", false, "print every executed bundle with its issue cycle to stderr")
	funcStats := fs.String("func-stats", "", "print to stderr, for each function whose name matches this regexp, its static code (bundles, slots, SIMD ops, resource bound) and what ran (bundles, cycles, resource bound of the executed bundles)")
	crt0 := fs.Bool("crt0", false, "put the startup code (U8 = stack top, call main, halt) before the file")
	dis := fs.Bool("d", false, "encode the program, decode it and print the disassembly instead of running it")
	opt := fs.String("O", "2", "optimisation level 0-3, s or z for a .c or .ll program (clang's, and lltosimd's: s and z are 2)")
	for _, l := range driver.OptLevels {
		fs.BoolFunc("O"+l, "same as -O="+l, func(string) error { *opt = l; return nil })
	}
	withRT := fs.Bool("rt", false, "link the C runtime (compiled for BWDSP, cached) after the .s files")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	compiled := fs.NArg() >= 1 && (strings.HasSuffix(fs.Arg(0), ".ll") || strings.HasSuffix(fs.Arg(0), ".c"))
	if fs.NArg() == 0 || (!compiled && fs.NArg() > 1 && !*crt0) {
		fmt.Fprintln(stderr, "usage: bwdsprun [flags] file.s|prog.ll|prog.c [args...] (several .s files need -crt0)")
		fs.PrintDefaults()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "bwdsprun: %v\n", err)
		return 2
	}
	file := fs.Arg(0)
	// main's arguments: the program and its arguments, or the first
	// assembly file alone (lli's argc is 1 too).
	argv := fs.Args()
	if !compiled {
		argv = argv[:1]
	}
	startup, err := asm.StartupArgs(argv)
	if err != nil {
		return fail(err)
	}
	var prog *bw.Program
	if compiled {
		files, err := compile(file, startup, *opt, stderr)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		if prog, err = asm.AssembleFiles(files); err != nil {
			return fail(err)
		}
	} else if hasObject(fs.Args()) {
		// Objects (lltosimd -filetype=obj) link with the assembly files,
		// each assembled to an object first.
		var srcs []asm.File
		if *crt0 {
			srcs = append(srcs, asm.File{Name: "<startup>", Src: startup})
		}
		for _, f := range fs.Args() {
			b, err := os.ReadFile(f)
			if err != nil {
				return fail(err)
			}
			srcs = append(srcs, asm.File{Name: f, Src: string(b)})
		}
		if *withRT {
			rt, err := runtimeFiles()
			if err != nil {
				return fail(err)
			}
			srcs = append(srcs, rt...)
		}
		var objs []*asm.Object
		for _, f := range srcs {
			var o *asm.Object
			var err error
			if asm.IsObject([]byte(f.Src)) {
				o, err = asm.ReadObject(f.Name, []byte(f.Src))
			} else {
				o, err = asm.AssembleObject(f.Name, f.Src)
			}
			if err != nil {
				fmt.Fprintln(stderr, err)
				return 2
			}
			objs = append(objs, o)
		}
		var err error
		if prog, err = asm.Link(objs); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	} else if *crt0 && (fs.NArg() > 1 || *withRT) {
		files := []asm.File{{Name: "<startup>", Src: startup}}
		for _, f := range fs.Args() {
			src, err := os.ReadFile(f)
			if err != nil {
				return fail(err)
			}
			files = append(files, asm.File{Name: f, Src: string(src)})
		}
		if *withRT {
			rt, err := runtimeFiles()
			if err != nil {
				return fail(err)
			}
			files = append(files, rt...)
		}
		var err error
		if prog, err = asm.AssembleFiles(files); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	} else {
		src, err := os.ReadFile(file)
		if err != nil {
			return fail(err)
		}
		if *crt0 {
			prog, err = asm.AssembleWithStartupArgs(file, string(src), argv)
		} else {
			prog, err = asm.Assemble(file, string(src))
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
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
	m.Input = stdin
	if *trace {
		m.Trace = stderr
	}
	var funcRE *regexp.Regexp
	if *funcStats != "" {
		if funcRE, err = regexp.Compile(*funcStats); err != nil {
			return fail(err)
		}
		m.Profile = make([]sim.BundleProfile, len(prog.Bundles))
	}
	err = m.Run(*maxBundles)
	if *stats {
		printStats(stderr, m)
	}
	if funcRE != nil {
		printFuncStats(stderr, prog, m.Profile, funcRE)
	}
	if err != nil {
		return fail(err)
	}
	return int(m.R[0][0] & 0xff)
}

// compile turns a .c or .ll program into the files of a runnable
// program: the startup code, the program, the runtime.
func compile(file, startup, opt string, stderr io.Writer) ([]asm.File, error) {
	clang := clangPath()
	rt, err := driver.EnsureRuntime(clang, "bwdsp", "")
	if err != nil {
		return nil, err
	}
	rtFiles, err := readFiles(rt.Files)
	if err != nil {
		return nil, err
	}
	var ir []byte
	if strings.HasSuffix(file, ".c") {
		inc := rt.IncludeDir()
		if inc == "" {
			return nil, errors.New("this build embeds no C headers (runtime/include)")
		}
		if ir, err = driver.ClangIR(clang, file, driver.Triple("bwdsp"), opt, []string{inc}, nil, stderr); err != nil {
			return nil, err
		}
	} else if ir, err = os.ReadFile(file); err != nil {
		return nil, err
	}
	res, err := driver.Compile(file, ir, driver.Options{March: "bwdsp", Opt: opt, Warnings: stderr})
	if err != nil {
		return nil, err
	}
	files := []asm.File{{Name: "<startup>", Src: startup}, {Name: file, Src: string(res.Out)}}
	return append(files, rtFiles...), nil
}

// hasObject reports whether one of the files is a BWL object file.
func hasObject(files []string) bool {
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil && asm.IsObject(b) {
			return true
		}
	}
	return false
}

func clangPath() string {
	if c := os.Getenv("CLANG"); c != "" {
		return c
	}
	return "clang-14"
}

// runtimeFiles returns the compiled C runtime's assembly files.
func runtimeFiles() ([]asm.File, error) {
	rt, err := driver.EnsureRuntime(clangPath(), "bwdsp", "")
	if err != nil {
		return nil, err
	}
	return readFiles(rt.Files)
}

func readFiles(names []string) ([]asm.File, error) {
	var files []asm.File
	for _, f := range names {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		files = append(files, asm.File{Name: f, Src: string(src)})
	}
	return files, nil
}

// printStats prints the run's counts: bundles, cycles, stalls, the
// instructions executed and how full the bundles were (instructions per
// bundle and as a share of the 16 slots of §2.4 rule 1), and the SIMD
// instructions among them.
func printStats(w io.Writer, m *sim.Machine) {
	fill, pct := 0.0, 0.0
	if m.Bundles > 0 {
		fill = float64(m.Insts) / float64(m.Bundles)
		pct = 100 * fill / bw.MaxBundle
	}
	fmt.Fprintf(w, "bundles: %d\ncycles: %d\nstalls: %d\ninstructions: %d\nslot fill: %.2f per bundle (%.1f%% of %d)\nsimd instructions: %d\nconditional branches: %d (%d taken)\n",
		m.Bundles, m.Cycles, m.Stalls, m.Insts, fill, pct, bw.MaxBundle, m.SIMD, m.Branches, m.BranchesTaken)
}

// printFuncStats prints one line per matching function: the static code
// (bundles, instructions = slots filled, SIMD instructions, resource
// bound: the bundles its busiest §2.4 resource needs) and the executed
// code (bundles run, cycles charged to them, SIMD instructions run, and
// the same bound over the executed instructions).
func printFuncStats(w io.Writer, prog *bw.Program, prof []sim.BundleProfile, re *regexp.Regexp) {
	for _, f := range prog.Funcs {
		if !re.MatchString(f.Name) {
			continue
		}
		var static, dyn bw.Resources
		var runs, cycles uint64
		for pc := f.Start; pc < f.End; pc++ {
			p := prof[pc]
			runs += p.Runs
			cycles += p.Cycles
			for i := range prog.Bundles[pc] {
				static.Add(&prog.Bundles[pc][i], 1)
				dyn.Add(&prog.Bundles[pc][i], p.Runs)
			}
		}
		sb, sres := static.Bound()
		db, dres := dyn.Bound()
		fmt.Fprintf(w, "func %s: static bundles %d slots %d simd %d bound %d (%s); ran bundles %d cycles %d slots %d simd %d bound %d (%s)\n",
			f.Name, f.End-f.Start, static.Insts, static.SIMD, sb, sres, runs, cycles, dyn.Insts, dyn.SIMD, db, dres)
	}
}
