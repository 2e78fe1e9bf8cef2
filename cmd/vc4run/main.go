// Command vc4run compiles an OpenCL-style kernel (LLVM IR) with lltosimd's
// VC4 pipeline and runs it on the simulated QPUs (targets/vc4/sim).
//
//	vc4run [-O0|-O2] [-qpus N] [-global G] [-local L] [-kernel NAME] [-stats] [-arg SPEC]... kernel.ll
//
// G work-items run in work-groups of L (L ≤ 16 or a multiple of 16). A
// wave is 16 lanes of one QPU: a group of L ≤ 16 is one wave with L active
// lanes; a group of L = 16k is k waves. Waves run N at a time, one per QPU.
//
// Each kernel parameter takes one -arg, in order:
//
//	int:COUNT:INIT, float:COUNT:INIT   a buffer of COUNT 32-bit elements
//	i32:VALUE, f32:VALUE               a scalar
//
// INIT is zero; seq (0, 1, 2, …); seq:A:B (A + i·B); rand:SEED (x = SEED,
// then per element x = (x·1103515245 + 12345) mod 2^31 and the element is
// x>>8 as an int, or (x>>8)/65536.0 as a float); or list:v1,v2,… (missing
// elements are zero). After the run every buffer is printed as
// "arg<i>: 0x…" (32-bit words in hex), one line per buffer in parameter
// order. -stats prints counters to stderr (the timing model's cycles, the
// branches executed, ...). -enable-if-conversion overrides the pipeline's
// default (on: cheap divergent regions become conditional writes). Exit status: 0 on success, 1 on
// any error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets/vc4/codegen"
	"lltosimd/targets/vc4/sim"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// arg is one parsed -arg.
type arg struct {
	buffer bool
	words  []uint32
	addr   uint32
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("vc4run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	for _, o := range []string{"O0", "O1", "O2", "O3"} {
		fs.Bool(o, false, "accepted and ignored")
	}
	qpus := fs.Int("qpus", 1, "number of QPUs running waves concurrently")
	global := fs.Int("global", 16, "global work size")
	local := fs.Int("local", 16, "work-group size (≤ 16 or a multiple of 16)")
	kernel := fs.String("kernel", "", "kernel function name (default: the only kernel)")
	stats := fs.Bool("stats", false, "print statistics to stderr")
	ifcvt := fs.Bool("enable-if-conversion", false, "if-convert cheap divergent regions (default: the VC4 pipeline's)")
	cacheModel := fs.String("cache-model", "incoherent", "TMU/uniform caches: incoherent (the real chip: VDW DMA writes do not update them) or coherent (caches cost time only)")
	var argSpecs listFlag
	fs.Var(&argSpecs, "arg", "kernel argument (repeat per parameter)")
	if err := fs.Parse(args); err != nil {
		return 1
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "vc4run: expected one kernel.ll file")
		return 1
	}
	model, err := sim.ParseCacheModel(*cacheModel)
	if err != nil {
		fmt.Fprintf(stderr, "vc4run: -cache-model: %v\n", err)
		return 1
	}
	cfg := passes.NewConfig()
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "enable-if-conversion" {
			cfg.Enabled["if-convert"] = *ifcvt
		}
	})
	if err := execute(fs.Arg(0), *kernel, *qpus, *global, *local, model, argSpecs, *stats, cfg, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "vc4run: %v\n", err)
		return 1
	}
	return 0
}

// pickKernel returns the kernel's name: the one given, else the only
// OpenCL kernel (mir.Func.Kernel), else the only defined exported function.
func pickKernel(m *mir.Module, want string) (string, error) {
	var kernels, exported []string
	for _, f := range m.Funcs {
		if len(f.Blocks) == 0 {
			continue
		}
		if f.Kernel {
			kernels = append(kernels, f.Name)
		}
		if f.Exported {
			exported = append(exported, f.Name)
		}
	}
	if want != "" {
		for _, f := range m.Funcs {
			if f.Name == want && len(f.Blocks) > 0 {
				return want, nil
			}
		}
		return "", fmt.Errorf("no kernel function '%s'", want)
	}
	if len(kernels) == 1 {
		return kernels[0], nil
	}
	if len(kernels) == 0 && len(exported) == 1 {
		return exported[0], nil
	}
	return "", fmt.Errorf("cannot choose the kernel (kernels: %v); use -kernel NAME", append(kernels, exported...))
}

func execute(path, kernel string, qpus, global, local int, model sim.CacheModel, specs []string, showStats bool, cfg *passes.Config, stdout, stderr io.Writer) error {
	if qpus < 1 || qpus > 16 {
		return fmt.Errorf("-qpus must be 1..16")
	}
	if local < 1 || (local > 16 && local%16 != 0) {
		return fmt.Errorf("-local %d: must be ≤ 16 or a multiple of 16", local)
	}
	if global < 1 || global%local != 0 {
		return fmt.Errorf("-global %d is not a positive multiple of -local %d", global, local)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	irm, err := frontend.Parse(path, src)
	if err != nil {
		return err
	}
	mm, err := frontend.Translate(irm, frontend.Options{Arch: codegen.Arch, File: path, Src: src})
	if err != nil {
		return err
	}
	name, err := pickKernel(mm, kernel)
	if err != nil {
		return err
	}
	globals, err := codegen.LayoutGlobals(mm)
	if err != nil {
		return err
	}
	lanes := local
	if lanes > 16 {
		lanes = 16
	}
	cfg.Options["vc4-lanes"] = fmt.Sprint(lanes)
	// The same MIR pipeline as lltosimd -march=vc4, then the code generator.
	if err := codegen.Prepare(mm, cfg); err != nil {
		return err
	}
	var f *mir.Func
	for _, x := range mm.Funcs {
		if x.Name == name {
			f = x
		}
	}
	if f == nil {
		return fmt.Errorf("kernel '%s' not found after translation", name)
	}
	prog, err := codegen.Compile(f, codegen.Options{Lanes: lanes, Cfg: cfg, Globals: globals, Source: path})
	if err != nil {
		return err
	}
	if len(specs) != len(prog.ArgWords) {
		return fmt.Errorf("kernel '%s' has %d parameters but %d -arg were given", name, len(prog.ArgWords), len(specs))
	}
	perGroup := (local + 15) / 16
	groups := global / local
	waves := groups * perGroup
	// Memory: buffers, globals, uniform streams, then scratch per wave.
	addr := uint32(0x1000)
	align := func(a uint32) uint32 { return (a + 63) &^ 63 }
	var argv []*arg
	for i, s := range specs {
		a, err := parseArg(s)
		if err != nil {
			return fmt.Errorf("-arg %d (%q): %v", i, s, err)
		}
		if a.buffer {
			if prog.ArgWords[i] != 1 {
				return fmt.Errorf("-arg %d: parameter %d is not a pointer", i, i)
			}
			a.addr = addr
			// At least 64 unallocated bytes after each buffer: an
			// access just past its end is reported (sim.Config.Regions).
			addr = align(addr + 4*uint32(len(a.words)) + 64)
		} else if prog.ArgWords[i] != 1 {
			return fmt.Errorf("-arg %d: parameter %d takes %d words", i, i, prog.ArgWords[i])
		}
		argv = append(argv, a)
	}
	// The module's data image (__constant tables and other globals), one
	// copy, and one zeroed __local area per work-group.
	dataBase := addr
	if prog.DataAddr {
		addr = align(addr + uint32(len(globals.Data)))
	}
	localBytes := uint32(globals.LocalBytes)
	if prog.Barrier {
		localBytes += 4 // the barrier counter
		if perGroup > qpus {
			return fmt.Errorf("kernel '%s' uses barrier: a work-group of %d waves needs -qpus %d or more (its waves must run at once)", name, perGroup, perGroup)
		}
	}
	localBase, localSize := addr, align(localBytes)
	if prog.LocalAddr {
		addr += localSize * uint32(groups)
	}
	// Fixed words, the arguments, the data and __local addresses if the
	// kernel reads them, then, if it asks for it, the stream's own address
	// (it rematerializes uniforms instead of spilling them).
	unifWords := codegen.NumFixedUniforms + len(argv)
	for _, b := range []bool{prog.DataAddr, prog.LocalAddr, prog.UniformStreamAddr} {
		if b {
			unifWords++
		}
	}
	unifBase := addr
	addr = align(addr + uint32(4*unifWords*waves))
	// Every wave has its own scratch area: waves are dispatched to
	// whichever QPU is free, as the V3D user-program queue does.
	scratchBase := addr
	scratch := align(uint32(prog.ScratchBytes))
	addr += scratch * uint32(waves)
	// The memory the launch may touch; everything else is out of bounds.
	var regions []sim.Region
	for i, a := range argv {
		if a.buffer {
			regions = append(regions, sim.Region{Start: a.addr, End: a.addr + 4*uint32(len(a.words)), Name: fmt.Sprintf("buffer arg%d", i)})
		}
	}
	if prog.DataAddr {
		regions = append(regions, sim.Region{Start: dataBase, End: dataBase + uint32(len(globals.Data)), Name: "the module's __constant data"})
	}
	if prog.LocalAddr {
		regions = append(regions, sim.Region{Start: localBase, End: localBase + localSize*uint32(groups), Name: "__local memory"})
	}
	regions = append(regions,
		sim.Region{Start: unifBase, End: unifBase + uint32(4*unifWords*waves), Name: "the uniform streams"},
		sim.Region{Start: scratchBase, End: scratchBase + scratch*uint32(waves), Name: "the waves' scratch (private) memory"})
	m := sim.New(sim.Config{MemSize: int(align(addr)) + 4096, CacheModel: model, Regions: regions})
	if err := m.Load(prog.Words); err != nil {
		return fmt.Errorf("simulation: %v", err)
	}
	for _, a := range argv {
		if a.buffer {
			for i, w := range a.words {
				if err := m.Write32(a.addr+4*uint32(i), w); err != nil {
					return err
				}
			}
		}
	}
	if prog.DataAddr {
		copy(m.Mem[dataBase:], globals.Data)
		for _, off := range globals.Relocs {
			w, _ := m.Read32(dataBase + uint32(off))
			if err := m.Write32(dataBase+uint32(off), w+dataBase); err != nil {
				return err
			}
		}
	}
	// The host writes every uniform stream before the launch (the caches
	// start empty and never see later host writes).
	for wave := 0; wave < waves; wave++ {
		g, w := wave/perGroup, wave%perGroup
		lbase := uint32(16 * w)
		fixed := [codegen.NumFixedUniforms]uint32{
			codegen.UnifGlobalBase: uint32(g*local) + lbase,
			codegen.UnifLocalBase:  lbase,
			codegen.UnifGroupID:    uint32(g),
			codegen.UnifGlobalSize: uint32(global),
			codegen.UnifLocalSize:  uint32(local),
			codegen.UnifNumGroups:  uint32(groups),
			codegen.UnifScratch:    scratchBase + uint32(wave)*scratch,
		}
		ua := unifBase + uint32(4*unifWords*wave)
		words := fixed[:]
		for _, a := range argv {
			if a.buffer {
				words = append(words, a.addr)
			} else {
				words = append(words, a.words[0])
			}
		}
		if prog.DataAddr {
			words = append(words, dataBase)
		}
		if prog.LocalAddr {
			words = append(words, localBase+uint32(g)*localSize)
		}
		if prog.UniformStreamAddr {
			words = append(words, ua)
		}
		for i, w := range words {
			if err := m.Write32(ua+4*uint32(i), w); err != nil {
				return err
			}
		}
		if wave < qpus {
			m.AddQPU(ua)
		} else {
			m.Enqueue(ua)
		}
	}
	total, err := m.Run()
	var se *sim.Error
	if errors.As(err, &se) && se.Access != nil && se.UnifStart >= unifBase {
		// Name the kernel and the work-items: the wave from its uniform
		// stream, the work-item from the lane (DMAs carry no lane).
		wave := int(se.UnifStart-unifBase) / (4 * unifWords)
		first := wave/perGroup*local + 16*(wave%perGroup)
		who := fmt.Sprintf("work-item %d", first+se.Access.Lane)
		if se.Access.Lane < 0 {
			who = fmt.Sprintf("the wave of work-items %d-%d", first, first+lanes-1)
		}
		return fmt.Errorf("kernel '%s', %s: %v (qpu %d, pc %d)", name, who, se.Access, se.QPU, se.PC)
	}
	if err != nil {
		return fmt.Errorf("simulation: %v", err)
	}
	for i, a := range argv {
		if !a.buffer {
			continue
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "arg%d:", i)
		for k := range a.words {
			v, err := m.Read32(a.addr + 4*uint32(k))
			if err != nil {
				return err
			}
			fmt.Fprintf(&sb, " 0x%08x", v)
		}
		fmt.Fprintln(stdout, sb.String())
	}
	if showStats {
		s := prog.Stats
		fmt.Fprintf(stderr, "cycles: %d\ninstructions: %d\nutilisation: %.3f\n", total.Cycles, total.Instructions, total.Utilisation())
		sim.PrintStalls(stderr, &total)
		fmt.Fprintf(stderr, "branches executed: %d\nbranches taken: %d\n", total.Branches, total.BranchesTaken)
		fmt.Fprintf(stderr, "code size: %d\nnop instructions: %d\npaired instructions: %d\nuniform branches: %d\ndivergent branches: %d\nmasked instructions: %d\nskip branches: %d\n",
			len(prog.Words), s.Nops, s.Pairs, s.UniformBranches, s.DivergentBranches, s.MaskedInstrs, s.SkipBranches)
		fmt.Fprintf(stderr, "spilled values: %d\nrematerialized values: %d\nspill reloads: %d\nspill stores: %d\nvpm spill rows: %d\n",
			s.Spilled, s.Rematerialized, s.Reloads, s.SpillStores, s.VPMSpillRows)
	}
	return nil
}

// parseArg parses one -arg specification.
func parseArg(s string) (*arg, error) {
	kind, rest, _ := strings.Cut(s, ":")
	switch kind {
	case "i32":
		v, err := strconv.ParseInt(rest, 0, 64)
		if err != nil || v < math.MinInt32 || v > math.MaxUint32 {
			return nil, fmt.Errorf("bad i32 value %q", rest)
		}
		return &arg{words: []uint32{uint32(v)}}, nil
	case "f32":
		v, err := strconv.ParseFloat(rest, 32)
		if err != nil {
			return nil, fmt.Errorf("bad f32 value %q", rest)
		}
		return &arg{words: []uint32{math.Float32bits(float32(v))}}, nil
	case "int", "float":
	default:
		return nil, fmt.Errorf("unknown argument kind %q (int, float, i32, f32)", kind)
	}
	cnt, init, _ := strings.Cut(rest, ":")
	n, err := strconv.Atoi(cnt)
	if err != nil || n < 0 || n > 1<<20 {
		return nil, fmt.Errorf("bad element count %q", cnt)
	}
	fl := kind == "float"
	a := &arg{buffer: true, words: make([]uint32, n)}
	num := func(v float64) uint32 {
		if fl {
			return math.Float32bits(float32(v))
		}
		return uint32(int64(v))
	}
	how, params, _ := strings.Cut(init, ":")
	switch how {
	case "", "zero":
	case "seq":
		start, step := 0.0, 1.0
		if params != "" {
			ps := strings.Split(params, ":")
			if len(ps) != 2 {
				return nil, fmt.Errorf("seq takes seq or seq:A:B")
			}
			if start, err = strconv.ParseFloat(ps[0], 64); err != nil {
				return nil, fmt.Errorf("bad seq start %q", ps[0])
			}
			if step, err = strconv.ParseFloat(ps[1], 64); err != nil {
				return nil, fmt.Errorf("bad seq step %q", ps[1])
			}
		}
		for i := range a.words {
			if fl {
				a.words[i] = math.Float32bits(float32(start + float64(i)*step))
			} else {
				a.words[i] = uint32(int64(start) + int64(i)*int64(step))
			}
		}
	case "rand":
		seed, err := strconv.ParseUint(params, 0, 64)
		if err != nil {
			return nil, fmt.Errorf("bad rand seed %q", params)
		}
		x := seed % (1 << 31)
		for i := range a.words {
			x = (x*1103515245 + 12345) % (1 << 31)
			if fl {
				a.words[i] = math.Float32bits(float32(float64(x>>8) / 65536.0))
			} else {
				a.words[i] = uint32(x >> 8)
			}
		}
	case "list":
		for i, p := range strings.Split(params, ",") {
			if i >= n {
				return nil, fmt.Errorf("list has more than %d values", n)
			}
			p = strings.TrimSpace(p)
			if fl {
				v, err := strconv.ParseFloat(p, 32)
				if err != nil {
					return nil, fmt.Errorf("bad float %q", p)
				}
				a.words[i] = num(v)
			} else {
				v, err := strconv.ParseInt(p, 0, 64)
				if err != nil {
					return nil, fmt.Errorf("bad int %q", p)
				}
				a.words[i] = uint32(v)
			}
		}
	default:
		return nil, fmt.Errorf("unknown INIT %q (zero, seq, seq:A:B, rand:SEED, list:…)", how)
	}
	return a, nil
}
