package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	flag "github.com/spf13/pflag"

	"lltosimd/driver"
	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/passes/regalloc" // registers the register allocator
	"lltosimd/targets"
	_ "lltosimd/targets/bwdsp/codegen" // registers bwdsp
	"lltosimd/targets/cpu0/binout"
	_ "lltosimd/targets/cpu0/target" // registers cpu0 and cpu0el
	_ "lltosimd/targets/vc4/codegen" // registers vc4
)

// options are the parsed command-line flags of one invocation.
type options struct {
	march, mcpu, opt, out, fileType, lang string
	marchSet                              bool // -march was given (else the IR's byte order picks cpu0/cpu0el)
	showVersion, stats, printAfterAll     bool
	verify, listPasses, dotCFG            bool
	disassemble                           bool
	debugOnly, printBefore, printAfter    []string
	stopAfter, runPass                    string
	startAfter                            string
	stopBefore, startBefore               string
	passOptions                           []string
	enable                                map[string]*string
	input                                 string
	cpuProfile, memProfile                string
}

// newFlagSet declares the llc-style flags, including -enable-NAME for every
// registered pass that can be switched off.
func newFlagSet(o *options, errOut io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("lltosimd", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.SortFlags = false
	fs.StringVar(&o.march, "march", "", "target architecture: "+strings.Join(targets.Names(), ", ")+
		" (default: the IR datalayout's byte order, cpu0el for 'e', cpu0 for 'E' or none)")
	fs.StringVar(&o.mcpu, "mcpu", "", "target CPU (cpu0: cpu032I, cpu032II)")
	fs.StringVarP(&o.opt, "O", "O", "2", "optimization level 0-3, or s and z (as 2: clang's size levels) (accepted for llc compatibility; the IR optimizer is clang's)")
	fs.StringVarP(&o.out, "o", "o", "-", "output file ('-' for stdout)")
	fs.StringVar(&o.fileType, "filetype", "asm", "output kind: asm, obj, hex")
	fs.BoolVar(&o.disassemble, "disassemble", false, "print a Cpu0 object (.o) or hex image as address, bytes and instruction (-march=cpu0el: little-endian hex)")
	fs.StringVarP(&o.lang, "x", "x", "ir", "input language: ir (LLVM IR text) or mir (MIR text, for -run-pass)")
	fs.BoolVar(&o.showVersion, "version", false, "print the version and exit")
	fs.BoolVar(&o.stats, "stats", false, "print statistics (LLVM format) to stderr")
	fs.StringSliceVar(&o.debugOnly, "debug-only", nil, "print debug output of the named passes (comma separated)")
	fs.BoolVar(&o.printAfterAll, "print-after-all", false, "print MIR after every pass")
	fs.StringSliceVar(&o.printBefore, "print-before", nil, "print MIR before the named passes")
	fs.StringSliceVar(&o.printAfter, "print-after", nil, "print MIR after the named passes")
	fs.StringVar(&o.stopAfter, "stop-after", "", "stop after the named pass and print MIR")
	fs.StringVar(&o.stopBefore, "stop-before", "", "stop before the named pass and print MIR")
	fs.StringVar(&o.startBefore, "start-before", "", "with -x mir: run the pipeline from the named pass (for MIR printed by -stop-before)")
	fs.StringVar(&o.startAfter, "start-after", "", "with -x mir: run the pipeline from the pass after the named one (for MIR printed by -stop-after)")
	fs.StringVar(&o.runPass, "run-pass", "", "run only the named passes (comma separated) on MIR input (-x mir) and print MIR")
	fs.BoolVar(&o.verify, "verify-machineinstrs", false, "run the MIR verifier after every pass")
	fs.BoolVar(&o.listPasses, "list-passes", false, "list the registered passes and exit")
	fs.BoolVar(&o.dotCFG, "dot-cfg", false, "write one Graphviz file per function (cfg.<function>.dot)")
	fs.StringArrayVar(&o.passOptions, "pass-option", nil, "set a pass option NAME=VALUE")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a Go CPU profile to this file")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a Go heap profile to this file at exit")
	fs.Lookup("cpuprofile").Hidden = true
	fs.Lookup("memprofile").Hidden = true
	o.enable = map[string]*string{}
	for _, p := range passes.All() {
		if p.Required {
			continue
		}
		v := new(string)
		fs.StringVar(v, "enable-"+p.Name, "", "enable or disable pass "+p.Name+" ("+p.Desc+")")
		fs.Lookup("enable-" + p.Name).NoOptDefVal = "true"
		o.enable[p.Name] = v
	}
	for alias, pass := range enableAliases {
		if _, ok := o.enable[pass]; ok {
			v := new(string)
			fs.StringVar(v, alias, "", "same as -enable-"+pass)
			fs.Lookup(alias).NoOptDefVal = "true"
			fs.Lookup(alias).Hidden = true
			o.enable[pass+"\x00"+alias] = v
		}
	}
	for name, opt := range passOptionFlags {
		v := new(string)
		fs.StringVar(v, name, "", opt)
		fs.Lookup(name).NoOptDefVal = "true"
		o.enable["\x01"+name] = v
	}
	for name, opt := range passValueFlags {
		if name == "regalloc" {
			opt = fmt.Sprintf(opt, regallocDefaults())
		}
		v := new(string)
		fs.StringVar(v, name, "", opt)
		o.enable["\x02"+name] = v
	}
	return fs
}

// regallocDefaults lists each target's default register allocator
// (regalloc.DefaultFor), "cpu0 linear, ..." for -help; targets whose
// pipeline has no regalloc pass (VC4) ignore the option.
func regallocDefaults() string {
	var l []string
	for _, n := range targets.Names() {
		t, _ := targets.Lookup(n)
		if slices.Contains(t.Pipeline(), regalloc.Pass.Name) {
			l = append(l, n+" "+regalloc.DefaultFor(t.Arch()))
		}
	}
	return strings.Join(l, ", ")
}

// enableAliases maps llc/lbd spellings to our pass enable flags.
var enableAliases = map[string]string{
	"enable-cpu0-del-useless-jmp": "del-jmp",
	"enable-if-conversion":        "if-convert",
}

// passOptionFlags are per-pass options exposed as flags (stored in Config.Options).
var passOptionFlags = map[string]string{
	"delay-slot-filler-useful": "fill delay slots with useful instructions (default true)",
	"force-cpu0-long-branch":   "expand every beq/bne as a long branch",
	"enable-cpu0-select":       "lower selects to movz/movn (default true; false: to branches)",
	"cpu0-use-small-section":   "Cpu0: small data (up to 8 bytes) in .sdata/.sbss, addressed off $gp with %gp_rel",
	"dot-interference":         "write each function's interference graph (interference.<function>.dot; -regalloc=tuple or gra-lra)",
}

// passValueFlags are per-pass options with a value, exposed as flags
// (stored as given in Config.Options; the pass checks the value).
var passValueFlags = map[string]string{
	"if-conversion-threshold": "extra cycles an if-converted region may cost over its branches (default 0)",
	"relocation-model":        "Cpu0: static (default) or pic (GOT off $gp, calls through $t9: spec cpu0.md §2, §6)",
	"bwdsp-split-simd-stores": "split loops with more than N SIMD stores into loops of at most N (OCC loop splitting; default 0: off)",
	"regalloc": "register allocator: " + strings.Join(regalloc.Names, ", ") +
		" (default: the target's, %s; gra is tuple; docs/regalloc.md; same as -pass-option=regalloc=NAME)",
}

// passValueOptions renames the options of passValueFlags whose pass
// option has another (target-neutral) name.
var passValueOptions = map[string]string{
	"bwdsp-split-simd-stores": passes.SplitSIMDStoresOption,
}

// normalizeArgs turns llc's single-dash long flags (-march=cpu0, -O2,
// -debug-only=x) into pflag's double-dash form.
func normalizeArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		switch {
		case a == "--":
			return append(out, args[i:]...)
		case a == "-" || !strings.HasPrefix(a, "-") || strings.HasPrefix(a, "--"):
			out = append(out, a)
		case len(a) == 3 && a[1] == 'O' && strings.ContainsRune("0123sz", rune(a[2])):
			out = append(out, "--O="+a[2:])
		case a == "-o" || a == "-x" || a == "-h" || a == "-O":
			out = append(out, a)
		case strings.HasPrefix(a, "-o") || strings.HasPrefix(a, "-x"):
			out = append(out, a) // pflag shorthand with an attached value: -ofile.s
		default:
			out = append(out, "-"+a)
		}
	}
	return out
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	var o options
	fs := newFlagSet(&o, stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "OVERVIEW: lltosimd: LLVM IR to Cpu0 / VC4 / BWDSP code\n\nUSAGE: lltosimd [options] [file.ll|-]\n\nOPTIONS:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(normalizeArgs(args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "lltosimd: %v\n", err)
		return 1
	}
	if o.marchSet = o.march != ""; !o.marchSet {
		o.march = "cpu0"
	}
	if o.showVersion {
		fmt.Fprint(stdout, version)
		return 0
	}
	if o.listPasses {
		for _, p := range passes.All() {
			fmt.Fprintf(stdout, "%-24s %s\n", p.Name, p.Desc)
		}
		return 0
	}
	switch fs.NArg() {
	case 0:
		o.input = "-"
	case 1:
		o.input = fs.Arg(0)
	default:
		fmt.Fprintf(stderr, "lltosimd: too many input files: %s\n", strings.Join(fs.Args(), " "))
		return 1
	}
	if o.disassemble {
		if err := disassemble(&o, stdin, stdout); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		return 0
	}
	stop, err := startProfiles(&o)
	if err != nil {
		fmt.Fprintf(stderr, "lltosimd: %v\n", err)
		return 1
	}
	defer stop()
	if err := compile(&o, stdin, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// compile runs one compilation. The result is written only if everything
// succeeded, so a failed run never leaves a half-written output file.
func compile(o *options, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	tgt, ok := targets.Lookup(o.march)
	if !ok {
		return fmt.Errorf("lltosimd: unknown target '%s' (known: %s)", o.march, strings.Join(targets.Names(), ", "))
	}
	cfg, err := makeConfig(o, tgt, stderr)
	if err != nil {
		return err
	}
	ft := targets.FileType(o.fileType)
	if ft != targets.FileAsm && ft != targets.FileObj && ft != targets.FileHex {
		return fmt.Errorf("lltosimd: unknown -filetype '%s' (asm, obj, hex)", o.fileType)
	}
	name, src, err := readInput(o.input, stdin)
	if err != nil {
		return err
	}
	setMemoryLimit(len(src))

	var mod *mir.Module
	var tr *frontend.Translation // IR input: lowered while the passes run
	pipeline := tgt.Pipeline()
	switch o.lang {
	case "ir", "":
		if o.runPass != "" {
			return errors.New("lltosimd: -run-pass needs MIR input (-x mir)")
		}
		if o.startAfter != "" {
			return errors.New("lltosimd: -start-after needs MIR input (-x mir)")
		}
		if o.startBefore != "" {
			return errors.New("lltosimd: -start-before needs MIR input (-x mir)")
		}
		ir, perr := frontend.Parse(name, src)
		if perr != nil {
			return perr
		}
		if irBig, ok := frontend.IRBigEndian(ir.DataLayout); ok && !o.marchSet && !irBig {
			// Without -march, Cpu0 code takes the IR's byte order, so
			// `clang -S -emit-llvm -o - | lltosimd` needs no flag.
			tgt, _ = targets.Lookup("cpu0el")
			if cfg, err = makeConfig(o, tgt, stderr); err != nil {
				return err
			}
			pipeline = tgt.Pipeline()
		} else if ok && irBig != tgt.BigEndian {
			fmt.Fprintf(stderr, "%s: warning: the IR's datalayout is %s-endian but -march=%s is %s-endian; code that depends on byte order (bit-fields, combined loads) may differ from the source semantics\n",
				name, endianName(irBig), tgt.Name, endianName(tgt.BigEndian))
		}
		warn := func(e *frontend.Error) { fmt.Fprintln(stderr, e) }
		tr, err = frontend.Begin(ir, frontend.Options{Arch: tgt.Arch(), BigEndian: tgt.BigEndian, File: name, Src: src, Warn: warn})
		if err != nil {
			return err
		}
		mod = tr.Module()
	case "mir":
		mod, err = mir.Parse(string(src), archLookup)
		if err != nil {
			return fmt.Errorf("%s:%w", name, err)
		}
		mod.Source = name
		mod.BigEndian = tgt.BigEndian
		starts := 0
		for _, s := range []string{o.runPass, o.startAfter, o.startBefore} {
			if s != "" {
				starts++
			}
		}
		switch {
		case starts > 1:
			return errors.New("lltosimd: -run-pass, -start-after and -start-before exclude each other")
		case o.runPass != "":
			pipeline = strings.Split(o.runPass, ",")
		case o.startAfter != "" || o.startBefore != "":
			opt, at, skip := "-start-after", o.startAfter, 1
			if o.startBefore != "" {
				opt, at, skip = "-start-before", o.startBefore, 0
			}
			i := slices.Index(pipeline, at)
			if i < 0 {
				return fmt.Errorf("lltosimd: %s: '%s' is not a pass of the %s pipeline (see -list-passes)", opt, at, tgt.Name)
			}
			pipeline = pipeline[i+skip:]
		}
	default:
		return fmt.Errorf("lltosimd: unknown input language '-x %s' (ir, mir)", o.lang)
	}

	// An error in the input goes before one in the options, as when the
	// whole module was lowered first.
	optionError := func(err error) error {
		if tr != nil {
			for i := range mod.Funcs {
				if terr := tr.Func(i); terr != nil {
					return terr
				}
			}
		}
		return err
	}
	start := mir.PropSSA // the frontend's output
	if len(mod.Funcs) > 0 && o.lang == "mir" {
		start = mod.Funcs[0].Props
		for _, f := range mod.Funcs { // the first the pipeline takes to the end (passes.FuncSelector)
			if passes.Compiled(mod, f) {
				start = f.Props
				break
			}
		}
	}
	plan, err := passes.NewPlan(pipeline, cfg, start)
	if err != nil {
		return optionError(fmt.Errorf("lltosimd: %w", err))
	}
	if o.stopAfter != "" && o.stopBefore != "" {
		return optionError(errors.New("lltosimd: -stop-after and -stop-before exclude each other"))
	}
	for _, n := range append(append([]string{o.stopAfter, o.stopBefore}, o.printBefore...), o.printAfter...) {
		if _, ok := passes.Lookup(n); n != "" && !ok {
			return optionError(fmt.Errorf("lltosimd: unknown pass '%s' (see -list-passes)", n))
		}
	}
	dump := passes.Dump{Before: set(o.printBefore), After: set(o.printAfter), AfterAll: o.printAfterAll,
		StopAfter: o.stopAfter, StopBefore: o.stopBefore, AtEnd: o.runPass != ""}
	var check func(*mir.Func) error
	if cfg.Verify {
		// The frontend's output (or the MIR text) must already be valid,
		// so that a broken input is not blamed on the first pass.
		check = func(f *mir.Func) error {
			if verrs := mir.Verify(f); len(verrs) > 0 {
				return fmt.Errorf("%s: MIR verifier failed on the input in function @%s: %v", mod.Source, f.Name, errors.Join(verrs...))
			}
			return nil
		}
	}
	var dumpText []byte
	if tr != nil {
		var done func(int)
		if !o.dotCFG && !dump.Any() { // the MIR is printed or drawn after the passes
			done = driver.EmitEach(tgt, mod, cfg)
		}
		dumpText, err = driver.RunTranslation(tr, plan, dump, check, done)
	} else {
		for _, f := range mod.Funcs {
			if check != nil {
				if err := check(f); err != nil {
					return err
				}
			}
		}
		dumpText, err = plan.Run(mod, dump)
	}
	if err != nil {
		return err
	}
	if len(dumpText) > 0 {
		if o.stopAfter != "" || o.stopBefore != "" || o.runPass != "" {
			// Like llc -stop-after: the MIR is the output.
			if o.dotCFG {
				if err := writeDots(mod); err != nil {
					return err
				}
			}
			if o.stats {
				cfg.Stats.Print(stderr)
			}
			return writeOutput(o.out, dumpText, stdout)
		}
		if _, err := stderr.Write(dumpText); err != nil {
			return err
		}
	}
	if o.dotCFG {
		if err := writeDots(mod); err != nil {
			return err
		}
	}
	var out bytes.Buffer
	if err := tgt.Emit(&out, mod, ft, cfg); err != nil {
		if strings.HasPrefix(err.Error(), name+":") { // already positioned in the input
			return err
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	if o.stats {
		cfg.Stats.Print(stderr)
	}
	return writeOutput(o.out, out.Bytes(), stdout)
}

// disassemble prints the Cpu0 object or hex image named by o.input.
func disassemble(o *options, stdin io.Reader, stdout io.Writer) error {
	if o.march != "cpu0" && o.march != "cpu0el" {
		return fmt.Errorf("lltosimd: -disassemble supports Cpu0 (-march=cpu0 or cpu0el), not '%s'", o.march)
	}
	name, data, err := readInput(o.input, stdin)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := binout.Disassemble(&out, name, data, o.march == "cpu0el"); err != nil {
		return err
	}
	return writeOutput(o.out, out.Bytes(), stdout)
}

func archLookup(name string) (*mir.Arch, error) {
	if name == "generic" {
		return mir.GenericArch, nil
	}
	if t, ok := targets.Lookup(name); ok {
		return t.Arch(), nil
	}
	return nil, fmt.Errorf("unknown arch %q", name)
}

func makeConfig(o *options, tgt *targets.Target, stderr io.Writer) (*passes.Config, error) {
	cfg := passes.NewConfig()
	cfg.DebugOut = stderr
	cfg.Verify = o.verify
	mcpu := o.mcpu
	if mcpu == "" || mcpu == "generic" {
		mcpu = tgt.CPUs()[0]
	}
	known := false
	for _, c := range tgt.CPUs() {
		if c == mcpu {
			known = true
		}
	}
	if !known {
		return nil, fmt.Errorf("lltosimd: unknown CPU '%s' for -march=%s (known: %s)", o.mcpu, tgt.Name, strings.Join(tgt.CPUs(), ", "))
	}
	cfg.Options["mcpu"] = mcpu
	cfg.Options["O"] = driver.CodegenLevel(o.opt)
	for _, d := range o.debugOnly {
		cfg.DebugOnly[d] = true
	}
	for key, v := range o.enable {
		if *v == "" {
			continue
		}
		if strings.HasPrefix(key, "\x02") {
			name := key[1:]
			if o, ok := passValueOptions[name]; ok {
				name = o
			}
			cfg.Options[name] = *v
			continue
		}
		b, err := strconv.ParseBool(*v)
		if err != nil {
			return nil, fmt.Errorf("lltosimd: invalid boolean value '%s'", *v)
		}
		switch {
		case strings.HasPrefix(key, "\x01"):
			cfg.Options[key[1:]] = strconv.FormatBool(b)
		default:
			pass, _, _ := strings.Cut(key, "\x00")
			cfg.Enabled[pass] = b
		}
	}
	for _, kv := range o.passOptions {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("lltosimd: -pass-option wants NAME=VALUE, got '%s'", kv)
		}
		cfg.Options[k] = v
	}
	switch rm := cfg.Options["relocation-model"]; rm {
	case "", "static", "pic":
	default:
		return nil, fmt.Errorf("lltosimd: unknown relocation model '%s' (static or pic)", rm)
	}
	if ra := cfg.Options["regalloc"]; ra != "" && !slices.Contains(regalloc.Names, ra) {
		return nil, fmt.Errorf("lltosimd: unknown register allocator '%s' (known: %s)", ra, strings.Join(regalloc.Names, ", "))
	}
	return cfg, nil
}

func readInput(path string, stdin io.Reader) (string, []byte, error) {
	if path == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return "<stdin>", nil, fmt.Errorf("<stdin>: %v", err)
		}
		return "<stdin>", b, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return path, nil, fmt.Errorf("lltosimd: %v", err)
	}
	return path, b, nil
}

// set turns a flag's list of pass names into a set.
func set(names []string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

func writeDots(mod *mir.Module) error {
	names := make([]string, 0, len(mod.Funcs))
	for _, f := range mod.Funcs {
		var b bytes.Buffer
		mir.Dot(&b, f)
		file := "cfg." + f.Name + ".dot"
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("lltosimd: %v", err)
		}
		names = append(names, file)
	}
	sort.Strings(names)
	return nil
}

// writeOutput writes data to path atomically (temp file + rename), or to
// stdout for "-". An existing path that is not a regular file (/dev/null, a
// FIFO, a terminal) is written in place: renaming over it would replace the
// device with a plain file.
func writeOutput(path string, data []byte, stdout io.Writer) error {
	if path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("lltosimd: cannot write %s: is a directory", path)
		}
		if !fi.Mode().IsRegular() {
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return fmt.Errorf("lltosimd: cannot write %s: %v", path, unwrapPath(err))
			}
			_, werr := f.Write(data)
			if cerr := f.Close(); werr == nil {
				werr = cerr
			}
			if werr != nil {
				return fmt.Errorf("lltosimd: cannot write %s: %v", path, unwrapPath(werr))
			}
			return nil
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".lltosimd-*")
	if err != nil {
		return fmt.Errorf("lltosimd: cannot write %s: %v", path, unwrapPath(err))
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("lltosimd: cannot write %s: %v", path, unwrapPath(err))
	}
	// CreateTemp makes the file 0600; an output file is world-readable like llc's.
	if err := tmp.Chmod(0o644); err != nil {
		return fail(err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fail(err)
	}
	return nil
}

// unwrapPath drops the *os.PathError wrapper, whose path is our temp file's
// name rather than the one the user gave.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

func endianName(big bool) string {
	if big {
		return "big"
	}
	return "little"
}
