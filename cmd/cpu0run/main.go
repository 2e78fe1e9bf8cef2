// Command cpu0run compiles an LLVM IR (.ll) or C (.c) program (or takes
// lltosimd's assembly, .s) and runs it on the Cpu0 simulator with the
// runtime, in one step, like lli:
//
//	cpu0run [-march=cpu0|cpu0el] [-mcpu=cpu032I|cpu032II] [-O N] [-I dir]... [-stats] [-max-steps N] [-no-host-files] prog.ll|prog.c|prog.s [args...]
//
// The program gets argc/argv (argv[0] is prog as given) and reads standard
// input through the console input port and the host's files through the
// host-call port (-no-host-files refuses them); its output goes to stdout and
// cpu0run's exit status is main's return value & 0xff. A compile or link
// error exits with status 1 (file:line:col where there is a position), a
// simulator fault with status 2. -stats prints the instruction and cycle
// counts to stderr. Without -march the byte order comes from the IR's
// datalayout ('E' → cpu0, 'e' → cpu0el); a C file is compiled by clang-14
// (or $CLANG) for mipsel (-march=cpu0: mips) against the runtime's headers.
//
// The runtime (runtime/cpu0) is embedded and compiled on first use into a
// per-user cache ($LLTOSIMD_CACHE_DIR, else os.UserCacheDir()/lltosimd);
// docs/cpu0-run.md describes the cache, argv and the input port.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"lltosimd/driver"
	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/sim"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// includeFlags collects repeated -I options.
type includeFlags []string

func (f *includeFlags) String() string     { return strings.Join(*f, ",") }
func (f *includeFlags) Set(v string) error { *f = append(*f, v); return nil }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cpu0run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	march := fs.String("march", "", "cpu0 (big-endian) or cpu0el; default: the IR datalayout's byte order, cpu0el for C")
	mcpu := fs.String("mcpu", "cpu032II", "CPU variant: cpu032I or cpu032II")
	opt := fs.String("O", "2", "optimisation level 0-3, s or z (clang's for C, and lltosimd's: s and z are 2)")
	for _, l := range driver.OptLevels {
		fs.BoolFunc("O"+l, "same as -O="+l, func(string) error { *opt = l; return nil })
	}
	noHost := fs.Bool("no-host-files", false, "sandbox: the program cannot open, remove or rename host files (fopen fails with EACCES)")
	stats := fs.Bool("stats", false, "print instruction and cycle counts to stderr")
	maxSteps := fs.Uint64("max-steps", 100_000_000, "stop after this many instructions")
	reloc := fs.String("relocation-model", "static", "static or pic (the runtime is compiled the same way)")
	small := fs.Bool("cpu0-use-small-section", false, "small data of the program in .sdata/.sbss, addressed off $gp")
	var includes includeFlags
	fs.Var(&includes, "I", "add a directory to the C header search path (before the runtime's headers)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cpu0run [flags] prog.ll|prog.c|prog.s [args...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 1
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 1
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "cpu0run: %v\n", err)
		return 1
	}
	if !slices.Contains(driver.OptLevels, *opt) {
		return fail(fmt.Errorf("bad -O %q (0-3, s or z)", *opt))
	}
	level, ok := map[string]cpu0.Level{"cpu032I": cpu0.Cpu032I, "cpu032II": cpu0.Cpu032II}[*mcpu]
	if !ok {
		return fail(fmt.Errorf("unknown -mcpu %q (cpu032I or cpu032II)", *mcpu))
	}
	if *march != "" && *march != "cpu0" && *march != "cpu0el" {
		return fail(fmt.Errorf("unknown -march %q (cpu0 or cpu0el)", *march))
	}
	if *reloc != "static" && *reloc != "pic" {
		return fail(fmt.Errorf("unknown -relocation-model %q (static or pic)", *reloc))
	}
	passOpts := map[string]string{"relocation-model": *reloc, "cpu0-use-small-section": fmt.Sprint(*small)}
	prog := fs.Arg(0)
	clang := os.Getenv("CLANG")
	if clang == "" {
		clang = "clang-14"
	}

	var ir []byte
	var rt *driver.Runtime
	var err error
	if strings.HasSuffix(prog, ".c") {
		if *march == "" {
			*march = "cpu0el"
		}
		if rt, err = driver.EnsureRuntimeFor(clang, *march, *mcpu, *reloc); err != nil {
			return fail(err)
		}
		inc := append([]string(nil), includes...)
		if d := rt.IncludeDir(); d != "" {
			inc = append(inc, d)
		} else if len(inc) == 0 {
			return fail(errors.New("this build embeds no C headers (runtime/include); pass -I with the headers' directory"))
		}
		if ir, err = driver.ClangIR(clang, prog, driver.Triple(*march), *opt, inc, nil, stderr); err != nil {
			var ce *driver.ClangError
			if errors.As(err, &ce) {
				fmt.Fprintln(stderr, ce.Error()) // clang's own file:line:col diagnostics
				return 1
			}
			return fail(err)
		}
	} else if ir, err = os.ReadFile(prog); err != nil {
		return fail(err)
	}
	var res *driver.Result
	if strings.HasSuffix(prog, ".s") {
		// Assembly lltosimd printed (for a program compiled once and run
		// many times): linked as is, in -march's byte order (default
		// cpu0el), with 4-byte argv slots (32-bit IR's pointers).
		if *march == "" {
			*march = "cpu0el"
		}
		res = &driver.Result{Out: ir, March: *march, MCPU: *mcpu, PtrSize: 4}
	} else if res, err = driver.Compile(prog, ir, driver.Options{March: *march, MCPU: *mcpu, Opt: *opt, Warnings: stderr, PassOptions: passOpts}); err != nil {
		fmt.Fprintln(stderr, err) // file:line:col: message
		return 1
	}
	if rt == nil {
		if rt, err = driver.EnsureRuntimeFor(clang, res.March, *mcpu, *reloc); err != nil {
			return fail(err)
		}
	}
	le := res.March == "cpu0el"
	img, err := link(prog, res.Out, rt.Files, append([]string{prog}, fs.Args()[1:]...), res.PtrSize, asm.Options{Level: level, LittleEndian: le})
	if err != nil {
		return fail(err)
	}
	m := sim.New(sim.Config{Level: level, LittleEndian: le, MaxSteps: *maxSteps})
	if err := m.Load(0, img.Mem); err != nil {
		return fail(err)
	}
	m.Input = stdin
	if !*noHost {
		m.Host = sim.NewHostFiles(stdin, stdout, stderr)
		defer m.Host.Close()
	}
	r, err := m.Run()
	stdout.Write(m.Output)
	if *stats {
		r.WriteStats(stderr)
	}
	if err != nil {
		if se, ok := err.(*sim.Error); ok {
			err = fmt.Errorf("%v (in %s)", err, img.Where(se.PC))
		}
		fmt.Fprintf(stderr, "cpu0run: %v\n", err)
		return 2
	}
	return int(r.Ret & 0xff)
}

// link assembles the startup code with argv, the program and the runtime
// and links them. argv's slots are ptrSize bytes, the program's pointers'.
func link(prog string, progAsm []byte, rtFiles, argv []string, ptrSize int, opt asm.Options) (*asm.Image, error) {
	progObj := filepath.Base(prog) + ".s"
	p, err := asm.Assemble(progObj, progAsm, opt)
	if err != nil {
		return nil, err
	}
	objs := []*asm.Object{nil, p} // the startup code goes first
	for _, f := range rtFiles {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		o, err := asm.Assemble(f, src, opt)
		if err != nil {
			return nil, err
		}
		objs = append(objs, o)
	}
	opt.GP = asm.UsesGP(objs[1:])
	crt, err := asm.StartupArgs(opt, argv, ptrSize)
	if err != nil {
		return nil, err
	}
	objs[0] = crt
	img, err := asm.Link(objs, asm.LinkOptions{Entry: "main"})
	if err != nil {
		return nil, progErrors(err, progObj, prog)
	}
	return img, nil
}

// progErrors names the program's file instead of the assembly compiled from
// it, which the user never sees, in link errors (an undefined function is
// reported once per call otherwise).
func progErrors(err error, progObj, prog string) error {
	all := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		all = j.Unwrap()
	}
	var out []error
	seen := map[string]bool{}
	for _, e := range all {
		var ae *asm.Error
		if errors.As(e, &ae) && ae.File == progObj {
			e = &asm.Error{File: prog, Msg: ae.Msg}
		}
		if !seen[e.Error()] {
			seen[e.Error()] = true
			out = append(out, e)
		}
	}
	return errors.Join(out...)
}
