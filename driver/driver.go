// Package driver compiles LLVM IR text to target code in process: the
// plain path of cmd/lltosimd (parse, translate, the target's pass
// pipeline, emission) without its debugging options, for tools such as
// cpu0run that compile as one step of a larger job.
package driver

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	_ "lltosimd/passes/regalloc" // registers the register allocator
	"lltosimd/targets"
	_ "lltosimd/targets/bwdsp/codegen" // registers bwdsp
	_ "lltosimd/targets/cpu0/target"   // registers cpu0 and cpu0el
	_ "lltosimd/targets/vc4/codegen"   // registers vc4
)

// OptLevels are the -O levels the commands accept: clang's, so that a
// program built with -Os or -Oz for size (as C test suites do) runs too.
var OptLevels = []string{"0", "1", "2", "3", "s", "z"}

// CodegenLevel is the backend's level for -O level: -Os and -Oz (clang's
// size levels; the backend has no size-specific choices) and "" are 2.
func CodegenLevel(level string) string {
	switch level {
	case "", "s", "z":
		return "2"
	}
	return level
}

// Options select the target and the code.
type Options struct {
	// March names the target; "" takes Cpu0 in the byte order of the IR's
	// datalayout: cpu0el for 'e', cpu0 for 'E' or no datalayout.
	March string
	MCPU  string // "" or "generic": the target's first CPU
	Opt   string // optimisation level "0".."3"; "" = "2"
	// FileType is the output kind; "" = targets.FileAsm.
	FileType targets.FileType
	// Warnings receives warnings (a byte-order mismatch, the frontend's);
	// nil drops them.
	Warnings io.Writer
	// PassOptions are target and pass options, as lltosimd's -NAME=VALUE
	// flags set them (relocation-model: pic, cpu0-use-small-section: true).
	PassOptions map[string]string
}

// Result is a successful compilation.
type Result struct {
	Out   []byte // the emitted code
	March string // the target used (Options.March or the datalayout's)
	MCPU  string // the CPU used
	// PtrSize is the bytes a pointer occupies in the program's memory
	// (the datalayout's; 8 for x86-64 IR), which data the program gets
	// from outside, such as argv, must follow.
	PtrSize int
}

// Compile compiles the LLVM IR text src (named name in messages). Errors
// in the input are *frontend.Error values with a file:line:col position.
// The parser reads src in place: src must not be modified afterwards.
func Compile(name string, src []byte, o Options) (*Result, error) {
	ir, err := frontend.Parse(name, src)
	if err != nil {
		return nil, err
	}
	irBig, known := frontend.IRBigEndian(ir.DataLayout)
	march := o.March
	if march == "" {
		march = "cpu0"
		if known && !irBig {
			march = "cpu0el"
		}
	}
	tgt, ok := targets.Lookup(march)
	if !ok {
		return nil, fmt.Errorf("unknown target '%s' (known: %s)", march, strings.Join(targets.Names(), ", "))
	}
	mcpu := o.MCPU
	if mcpu == "" || mcpu == "generic" {
		mcpu = tgt.CPUs()[0]
	}
	if !slices.Contains(tgt.CPUs(), mcpu) {
		return nil, fmt.Errorf("unknown CPU '%s' for -march=%s (known: %s)", mcpu, tgt.Name, strings.Join(tgt.CPUs(), ", "))
	}
	if known && irBig != tgt.BigEndian && o.Warnings != nil {
		fmt.Fprintf(o.Warnings, "%s: warning: the IR's datalayout is %s-endian but -march=%s is %s-endian; code that depends on byte order (bit-fields, combined loads) may differ from the source semantics\n",
			name, endian(irBig), tgt.Name, endian(tgt.BigEndian))
	}
	lay, err := frontend.ParseLayout(ir.DataLayout)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	cfg := passes.NewConfig()
	cfg.Options["mcpu"] = mcpu
	cfg.Options["O"] = CodegenLevel(o.Opt)
	for k, v := range o.PassOptions {
		cfg.Options[k] = v
	}
	if o.Warnings != nil {
		cfg.DebugOut = o.Warnings
	} else {
		cfg.DebugOut = io.Discard
	}
	fo := frontend.Options{Arch: tgt.Arch(), BigEndian: tgt.BigEndian, File: name, Src: src}
	if o.Warnings != nil {
		fo.Warn = func(e *frontend.Error) { fmt.Fprintln(o.Warnings, e) }
	}
	tr, err := frontend.Begin(ir, fo)
	if err != nil {
		return nil, err
	}
	plan, err := passes.NewPlan(tgt.Pipeline(), cfg, mir.PropSSA)
	if err != nil {
		return nil, err
	}
	if _, err := RunTranslation(tr, plan, passes.Dump{}, nil, EmitEach(tgt, tr.Module(), cfg)); err != nil {
		return nil, err
	}
	mod := tr.Module()
	ft := o.FileType
	if ft == "" {
		ft = targets.FileAsm
	}
	var out bytes.Buffer
	if err := tgt.Emit(&out, mod, ft, cfg); err != nil {
		if strings.HasPrefix(err.Error(), name+":") { // already positioned in the input
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &Result{Out: out.Bytes(), March: tgt.Name, MCPU: mcpu, PtrSize: int(lay.PtrSize)}, nil
}

// RunTranslation lowers the functions of tr and compiles them with plan
// (passes.Plan.RunWith), lowering the next functions while the passes
// compile the first ones when tr allows it (Pipelinable): the
// translation then overlaps the passes, which the processors run in
// parallel. check, if not nil, receives every function once lowered,
// before any pass runs on it (the MIR verifier's check of the frontend's
// output); done, if not nil, is called for every function compiled
// (EmitEach). It returns the dumps d asks for.
func RunTranslation(tr *frontend.Translation, plan *passes.Plan, d passes.Dump, check func(*mir.Func) error, done func(int)) ([]byte, error) {
	mod := tr.Module()
	prepare := tr.Func
	if check != nil {
		prepare = func(i int) error {
			if err := tr.Func(i); err != nil {
				return err
			}
			return check(mod.Funcs[i])
		}
	}
	if tr.Pipelinable() {
		return plan.RunWith(mod, d, prepare, done)
	}
	for i := range mod.Funcs {
		if err := tr.Func(i); err != nil {
			return nil, err
		}
	}
	if check != nil {
		for _, f := range mod.Funcs {
			if err := check(f); err != nil {
				return nil, err
			}
		}
	}
	return plan.RunWith(mod, d, nil, done)
}

// EmitEach returns the done function of RunTranslation that prints every
// function of mod as soon as it is compiled and frees its MIR
// (targets.FuncEmitter), or nil if tgt cannot print functions one by one.
// Nothing may read the functions' MIR after the passes then (such as
// -dot-cfg); the functions must be the frontend's (no function without
// blocks: the printer numbers functions by position).
func EmitEach(tgt *targets.Target, mod *mir.Module, cfg *passes.Config) func(int) {
	fe, ok := tgt.Machine.(targets.FuncEmitter)
	if !ok {
		return nil
	}
	return func(i int) {
		f := mod.Funcs[i]
		if code, err := fe.EmitFunc(f, i, cfg); err == nil {
			f.SetCode(code)
		} // else Emit prints f again and reports the error
	}
}

func endian(big bool) string {
	if big {
		return "big"
	}
	return "little"
}
