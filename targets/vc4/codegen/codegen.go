// Package codegen is the VC4 (VideoCore IV QPU) code generator of
// lltosimd: it compiles an OpenCL-style kernel in generic MIR to QPU code
// where each of the 16 lanes runs one work-item (SPMD).
//
// The MIR stages are passes of the shared pipeline (Pipeline, run by
// passes.Plan from the driver and from vc4run, so -print-after-all,
// -stop-after, -run-pass and -verify-machineinstrs work on them):
//
//   - vc4-inline: calls to functions of the module are inlined;
//   - vector-legalize: IR vectors become their lanes (one work-item per
//     lane runs scalar code);
//   - vc4-promote-allocas: whole-word allocas to virtual registers;
//   - switch-lowering: compare trees (no jump tables: the execute mask
//     cannot follow an indirect branch);
//   - vc4-divergence: uniform/varying values; marks uniform conditional
//     branches (mir.FlagUniform on the condition);
//   - vc4-layout: the block order the execute mask needs (loops
//     contiguous, every non-back edge forward), with explicit branches;
//   - phi-elim: with PhiElimHooks.NoSplit, which adds no block: each phi
//     goes through a fresh register written at the end of every
//     predecessor (parallel-copy safe without splitting critical edges);
//   - vc4-isel: the ALU operations to QPU ops (isel.go);
//   - vc4-mask: layout (loops contiguous, forward edges) and lowering of
//     the kernels to the machine form of the MIR (mform.go; built by
//     the lowerer through mbuild.go) with Mesa's execute-mask scheme for divergent
//     control flow (spec vc4.md §8) and plain all-lane branches for
//     uniform ones; the facts the later stages need go to
//     mir.Func.TargetInfo;
//   - vc4-regalloc: liveness on the machine CFG and linear scan over
//     register files A and B, spilling to per-QPU VPM rows or scratch
//     memory and rematerializing constants and uniforms; then short values
//     inside one straight-line stretch move to accumulators r0–r2 where
//     the lowering's named uses leave them free (r3 holds the execute
//     mask, r4 receives TMU results), copies into them are coalesced and
//     the remaining read-port conflicts staged through a free one
//     (regalloc.go: decisions, spill.go: mechanics), reading and
//     rewriting the machine form (malloc.go); its result is the
//     allocated machine form.
//
// Compile (the target's Emit) then emits an allocated kernel (vc4-emit,
// the statistics group and -debug-only key of the emission): vc4asm text
// with hazard nops, assembled to 64-bit words.
package codegen

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets"
	"lltosimd/targets/vc4/asm"
)

// Options configure one kernel compilation.
type Options struct {
	// Lanes is the number of lanes of a wave that run a work-item (1..16;
	// 0 means 16). With fewer than 16 every block runs under the mask.
	// Only for a function Compile lowers itself: vc4-mask in Pipeline
	// takes the vc4-lanes pass option (vc4run sets both).
	Lanes int
	// Cfg receives statistics and -debug-only output (may be nil).
	Cfg *passes.Config
	// Globals places the module's globals (LayoutGlobals); nil when the
	// module has none.
	Globals *Globals
	// Source names the input file in errors at an instruction
	// ("file:line:col: …", from mir.Instr.Pos).
	Source string
}

// Program is a compiled kernel.
type Program struct {
	Name  string
	Asm   string   // vc4asm source
	Words []uint64 // machine code
	// ArgWords lists the number of 32-bit uniform words of each kernel
	// parameter, in order (after the NumFixedUniforms fixed words).
	ArgWords []int
	// ScratchBytes is the size of the per-wave scratch area whose address
	// is uniform UnifScratch (dummy words for inactive lanes' stores, then
	// 16 lanes of private memory).
	ScratchBytes int
	// DataAddr and LocalAddr say that the kernel reads, after its
	// arguments and in this order, the address of the module's data image
	// (Globals.Data) and of its work-group's __local area
	// (Globals.LocalBytes).
	DataAddr, LocalAddr bool
	// Barrier says that the kernel synchronizes its work-group's waves
	// through a counter word at Globals.LocalBytes in the __local area
	// (which must then have room for it, zeroed): all waves of a group
	// must run at once.
	Barrier bool
	// UniformStreamAddr says that the kernel reads one more uniform after
	// those: the address of its own uniform stream.
	UniformStreamAddr bool
	Stats             Stats
}

// The code generator's passes: vc4-mask and vc4-regalloc run on MIR in
// Pipeline (the machine form, mform.go); vc4-emit is the statistics group
// and -debug-only key of the emission (Compile), not a MIR pass.
var (
	passMask = passes.Register(&passes.Pass{Name: "vc4-mask", Run: maskPass, Desc: "VC4: execute-mask lowering of divergent control flow to the machine form",
		Required: true, ReadsModule: true, Clears: mir.PropSSA,
		Stats: map[string]string{"masked": "Number of masked instructions", "skip": "Number of skipped-region branches"}})
	passRA = passes.Register(&passes.Pass{Name: "vc4-regalloc", Run: allocPass, Desc: "VC4: register allocation over files A and B, with spilling", Required: true,
		Sets: mir.PropNoVRegs | mir.PropFrameLowered, // the allocated machine form (for the generic passes after it)
		Stats: map[string]string{"spilled": "Number of values spilled to VPM rows or scratch memory", "remat": "Number of values rematerialized instead of spilled",
			"reloads": "Number of reload sequences", "stores": "Number of spill store sequences",
			"acc":       "Number of values allocated to accumulators",
			"coalesced": "Number of copies deleted (source and destination in one register)",
			"staged":    "Number of read-port conflicts staged through an accumulator"}})
	passEmit = passes.Register(&passes.Pass{Name: "vc4-emit", Desc: "VC4: emission with hazard nops (inside the target's Emit)", Required: true,
		Stats: map[string]string{"pairs": "Number of add/mul pairs formed", "instrs": "Number of QPU instructions",
			"nops": "Number of nop instructions emitted"}})
)

// maskPass is vc4-mask: the kernels to compile (lowers) become the lowered
// machine form; other functions stay as they are.
func maskPass(c *passes.Ctx, f *mir.Func) error {
	if machineForm(f) != 0 || !lowers(c.Module, f) {
		return nil
	}
	lanes, err := lanesOption(c.Cfg)
	if err != nil {
		return err
	}
	var gl *Globals
	source := ""
	if c.Module != nil {
		if gl, err = LayoutGlobals(c.Module); err != nil {
			return err
		}
		source = c.Module.Source
	}
	return maskFunc(c, f, lanes, gl, source)
}

// allocPass is vc4-regalloc: the lowered machine form becomes the
// allocated one.
func allocPass(c *passes.Ctx, f *mir.Func) error {
	if machineForm(f) != formLowered {
		return nil
	}
	if err := allocFunc(c, f); err != nil {
		return err
	}
	f.Props |= mir.PropNoVRegs | mir.PropFrameLowered
	return nil
}

// lowers reports whether vc4-mask lowers f: a kernel to compile (Kernels)
// that no function of the module calls. A helper stays generic MIR, for
// vc4-inline to copy into its callers (the plan runs the functions in
// module order); compiled on its own (a module without kernel marks),
// Compile lowers it.
func lowers(m *mir.Module, f *mir.Func) bool {
	if m == nil {
		return true
	}
	if !slices.Contains(Kernels(m), f) {
		return false
	}
	for _, g := range m.Funcs {
		for _, b := range g.Blocks {
			for _, in := range b.Instrs {
				if u := in.Uses(); in.Op == mir.GCall && len(u) > 0 && u[0].Kind == mir.KindSym && u[0].Sym == f.Name {
					return false
				}
			}
		}
	}
	return true
}

// Pipeline is the VC4 pass order on MIR, before Compile.
var Pipeline = []string{
	"wideint-legalize", // integers wider than a word to word ops, before inlining copies them
	"vc4-inline",       // first: the callees' vectors and switches are legalized with the caller
	"vector-legalize",
	"switch-lowering",
	"if-convert",         // off by default (-enable-if-conversion): cheap divergent regions to selects (ifconv.go)
	"predicate-lowering", // guarded code speculated, merged with G_SELECT (conditional writes)
	"vc4-promote-allocas",
	"vc4-divergence", // reads the final CFG
	"vc4-layout",
	"phi-elim",          // NoSplit: one fresh register per phi, written at the end of every predecessor
	"vc4-isel",          // the ALU operations to QPU ops (isel.go); memory, calls and control flow stay generic
	"vc4-mask",          // kernels: execute-mask lowering to the machine form (mform.go)
	"vc4-regalloc",      // register files A and B, spilling
	"vc4-sched",         // add/mul packets and hazard nops (msched.go)
	"delay-slot-filler", // work from before a branch into its delay slots (mslots.go); Compile then emits
}

// Prepare runs Pipeline on every function of m (what the driver does
// before Emit), for launchers and tests that call Compile directly.
func Prepare(m *mir.Module, cfg *passes.Config) error {
	return runPasses(Pipeline, m, cfg)
}

// runPasses runs the passes names on every function of m.
func runPasses(names []string, m *mir.Module, cfg *passes.Config) error {
	if cfg == nil {
		cfg = passes.NewConfig()
	}
	plan, err := passes.NewPlan(names, cfg, mir.PropSSA)
	if err != nil {
		return err
	}
	_, err = plan.Run(m, passes.Dump{})
	return err
}

// Compile compiles one function of a module that went through Pipeline
// (see Prepare): a kernel that vc4-mask and vc4-regalloc left in the
// machine form is only emitted; a function they left alone (a helper
// another function calls, see lowers) is lowered and allocated here
// first. f is rewritten in place.
func Compile(f *mir.Func, opts Options) (p *Program, err error) {
	defer func() {
		// Unexpected MIR shapes must not crash the driver: report them.
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("function '%s': internal error in the vc4 code generator: %v", f.Name, r)
		}
	}()
	ctx := func(p *passes.Pass) *passes.Ctx { return &passes.Ctx{Cfg: opts.Cfg, Pass: p} }
	if machineForm(f) == 0 {
		lanes := opts.Lanes
		if lanes <= 0 || lanes > 16 {
			lanes = 16
		}
		if err := maskFunc(ctx(passMask), f, lanes, opts.Globals, opts.Source); err != nil {
			return nil, err
		}
	}
	if machineForm(f) == formLowered {
		if err := allocFunc(ctx(passRA), f); err != nil {
			return nil, err
		}
	}
	return emitFunc(f, opts.Cfg)
}

// The machine form's facts in mir.Func.TargetInfo (printed as
// target-info, so they survive -stop-after and -x mir).
const (
	infoForm        = "vc4.form"          // formLowered after vc4-mask, formAllocated after vc4-regalloc
	infoArgs        = "vc4.args"          // the kernel's parameters
	infoArg         = "vc4.arg."          // + i: the uniform words of parameter i
	infoScratchReg  = "vc4.scratch-reg"   // the virtual register holding the scratch address (lowered)
	infoScratch     = "vc4.scratch-bytes" // Program.ScratchBytes
	infoDataAddr    = "vc4.data-addr"     // Program.DataAddr (1)
	infoLocalAddr   = "vc4.local-addr"    // Program.LocalAddr (1)
	infoBarrier     = "vc4.barrier"       // Program.Barrier (1)
	infoUnifStream  = "vc4.uniform-stream"
	infoUniformBr   = "vc4.uniform-branches"
	infoDivergentBr = "vc4.divergent-branches"
	infoSkipBr      = "vc4.skip-branches"
	infoSpilled     = "vc4.spilled"
	infoRemat       = "vc4.remat"
	infoReloads     = "vc4.reloads"
	infoStores      = "vc4.spill-stores"
	infoVPMRows     = "vc4.vpm-spill-rows"
)

// Machine forms (infoForm).
const (
	formLowered   = 1
	formAllocated = 2
)

func machineForm(f *mir.Func) int64 { return f.TargetInfo[infoForm] }

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// setInfo records the facts of info in f (zero values omitted).
func setInfo(f *mir.Func, info map[string]int64) {
	if f.TargetInfo == nil {
		f.TargetInfo = map[string]int64{}
	}
	for k, v := range info {
		if v != 0 {
			f.TargetInfo[k] = v
		} else {
			delete(f.TargetInfo, k)
		}
	}
}

// replaceBody makes f's code that of g (the machine form built from it).
func replaceBody(f, g *mir.Func) {
	f.Blocks, f.VRegClass, f.Props = g.Blocks, g.VRegClass, g.Props
	maxID := 0
	for _, b := range f.Blocks {
		b.Func = f
		maxID = max(maxID, b.ID)
	}
	f.ReserveBlockID(maxID)
	// Private memory is per-lane scratch now, calls are inlined or
	// expanded: nothing of the generic frame remains.
	f.Frame, f.JumpTables, f.BlockSyms, f.VRegVec, f.VRegWide = nil, nil, nil, nil, nil
	f.FrameSize, f.MaxCallArgs, f.HasCalls = 0, 0, false
	for r := range f.VRegName {
		if r.VirtIndex() >= len(f.VRegClass) {
			delete(f.VRegName, r)
		}
	}
}

// maskFunc is vc4-mask on f: checks, lowering, and f rewritten into the
// lowered machine form with its facts.
func maskFunc(c *passes.Ctx, f *mir.Func, lanes int, gl *Globals, source string) error {
	var argWords []int
	if len(f.Blocks) > 0 && len(f.Blocks[0].Instrs) > 0 && f.Blocks[0].Instrs[0].Op == mir.GArgs {
		for _, o := range f.Blocks[0].Instrs[0].Uses() {
			argWords = append(argWords, mir.ArgDesc(o.Imm).Words())
		}
	}
	if f.HasVectors() {
		return fmt.Errorf("function '%s': vector values reach the vc4 code generator (run the vector-legalize pass first)", f.Name)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GPhi {
				return fmt.Errorf("function '%s': phis reach the vc4 code generator (run phi-elim first)", f.Name)
			}
			if in.Op == mir.GRet && len(in.Ops) != 0 {
				return fmt.Errorf("function '%s': a kernel must return void", f.Name)
			}
		}
	}
	l, mf, err := lowerMachine(f, lanes, Options{Globals: gl, Source: source})
	if err != nil {
		return err
	}
	if err := checkMachine(c, mf); err != nil {
		return err
	}
	replaceBody(f, mf)
	info := map[string]int64{infoForm: formLowered, infoArgs: int64(len(argWords)),
		infoScratchReg: int64(l.unif[UnifScratch]), infoScratch: int64(l.stats.ScratchBytes),
		infoDataAddr: b2i(l.dataBase >= 0), infoLocalAddr: b2i(l.localBase >= 0), infoBarrier: b2i(l.barrierTarget >= 0),
		infoUniformBr: int64(l.stats.UniformBranches), infoDivergentBr: int64(l.stats.DivergentBranches),
		infoSkipBr: int64(l.stats.SkipBranches)}
	for i, w := range argWords {
		info[fmt.Sprintf("%s%d", infoArg, i)] = int64(w)
	}
	setInfo(f, info)
	f.TargetInfo[infoArgs] = int64(len(argWords)) // kept when 0: the form says the kernel has none
	c.Count("skip", int64(l.stats.SkipBranches))
	return nil
}

// allocFunc is vc4-regalloc on f (lowered machine form): f is rewritten
// into the allocated machine form, the spill facts added.
func allocFunc(c *passes.Ctx, f *mir.Func) error {
	scratch := int(f.TargetInfo[infoScratchReg])
	sp, err := allocateMachine(f, scratch, int(f.TargetInfo[infoScratch]), c)
	if err != nil {
		return err
	}
	if err := checkMachine(c, f); err != nil {
		return err
	}
	delete(f.TargetInfo, infoScratchReg)
	setInfo(f, map[string]int64{infoForm: formAllocated,
		infoScratch:    f.TargetInfo[infoScratch] + int64(64*sp.nslots),
		infoUnifStream: b2i(sp.ubase >= 0), infoVPMRows: int64(sp.vpmRows),
		infoSpilled: int64(sp.stats.Spilled), infoRemat: int64(sp.stats.Rematerialized),
		infoReloads: int64(sp.stats.Reloads), infoStores: int64(sp.stats.Stores)})
	c.Count("spilled", int64(sp.stats.Spilled))
	c.Count("remat", int64(sp.stats.Rematerialized))
	c.Count("reloads", int64(sp.stats.Reloads))
	c.Count("stores", int64(sp.stats.Stores))
	return nil
}

// emitFunc is the emission of an allocated kernel (vc4-emit's statistics):
// vc4asm text, then the machine code.
func emitFunc(f *mir.Func, cfg *passes.Config) (*Program, error) {
	if machineForm(f) != formAllocated {
		return nil, fmt.Errorf("function '%s': not in the allocated machine form (run vc4-regalloc first)", f.Name)
	}
	fi := f.TargetInfo
	p := &Program{Name: f.Name, ScratchBytes: int(fi[infoScratch]), DataAddr: fi[infoDataAddr] != 0,
		LocalAddr: fi[infoLocalAddr] != 0, Barrier: fi[infoBarrier] != 0, UniformStreamAddr: fi[infoUnifStream] != 0}
	for i := 0; i < int(fi[infoArgs]); i++ {
		p.ArgWords = append(p.ArgWords, int(fi[fmt.Sprintf("%s%d", infoArg, i)]))
	}
	st := &p.Stats
	st.UniformBranches, st.DivergentBranches, st.SkipBranches = int(fi[infoUniformBr]), int(fi[infoDivergentBr]), int(fi[infoSkipBr])
	st.ScratchBytes, st.VPMSpillRows = p.ScratchBytes, int(fi[infoVPMRows])
	st.Spilled, st.Rematerialized, st.Reloads, st.SpillStores = int(fi[infoSpilled]), int(fi[infoRemat]), int(fi[infoReloads]), int(fi[infoStores])
	if f.TargetInfo[infoScheduled] == 0 && (cfg == nil || cfg.IsEnabled(passSched)) {
		// Not through the pipeline (Compile lowered f itself).
		if err := schedPass(&passes.Ctx{Cfg: cfg, Pass: passSched}, f); err != nil {
			return nil, err
		}
		if ds, ok := passes.Lookup("delay-slot-filler"); ok && (cfg == nil || cfg.IsEnabled(ds)) {
			c := &passes.Ctx{Cfg: cfg, Pass: ds}
			if cfg == nil {
				c.Cfg = passes.NewConfig()
			}
			if err := ds.Run(c, f); err != nil {
				return nil, err
			}
		}
	}
	lines, masked, err := emitMachine(f)
	if err != nil {
		return nil, err
	}
	formed := 0
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Packet {
				formed++
			}
		}
	}
	if f.TargetInfo[infoScheduled] == 0 {
		// vc4-sched disabled: the lowering's order, its delay slots
		// filled here.
		lines, _ = fillDelaySlots(hazardNops(lines))
	}
	lines = finishSlots(lines)
	st.MaskedInstrs = masked
	for _, q := range lines {
		switch {
		case q.label:
			continue
		case isNop(&q):
			st.Nops++
		case q.paired[0] != nil:
			st.Pairs++
		}
		st.Instructions++
	}
	p.Asm = render(lines, f.Name)
	prog, err := asm.Assemble(p.Asm)
	if err != nil {
		return nil, fmt.Errorf("function '%s': internal error: generated assembly does not assemble: %v", f.Name, err)
	}
	p.Words = prog.Words
	(&passes.Ctx{Cfg: cfg, Pass: passMask}).Count("masked", int64(masked))
	ce := &passes.Ctx{Cfg: cfg, Pass: passEmit}
	ce.Count("pairs", int64(formed))
	ce.Count("nops", int64(st.Nops))
	ce.Count("instrs", int64(st.Instructions))
	return p, nil
}

// lowerMachine lowers f (vc4-mask): the lowerer's state (uniforms, the
// scratch area, statistics) and its code in the machine form of the MIR
// (mform.go).
func lowerMachine(f *mir.Func, lanes int, opts Options) (*lowerer, *mir.Func, error) {
	g, err := buildFlow(f)
	if err != nil {
		return nil, nil, err
	}
	if err := g.checkLayout(); err != nil {
		return nil, nil, err
	}
	l, err := lower(g, lanes, opts.Globals, opts.Source)
	if err != nil {
		return nil, nil, err
	}
	mf, err := l.m.finish(l.nextV)
	if err != nil {
		return nil, nil, fmt.Errorf("function '%s': internal error: %v", f.Name, err)
	}
	return l, mf, nil
}

// allocateMachine allocates registers for the lowered machine form mf
// (vc4-regalloc) whose scratch address is in virtual register scratch and
// whose scratch area has scratchBytes: mf becomes the allocated machine
// form (physical registers, spill code included, no virtual register
// left). It returns the spiller (its statistics and slots).
func allocateMachine(mf *mir.Func, scratch, scratchBytes int, cr *passes.Ctx) (*spiller, error) {
	newV := func() int { return mf.NewVReg(0).VirtIndex() }
	sp := newSpiller(newV, scratch, int64(scratchBytes))
	if cr.Debugging() {
		sp.debug = func(format string, args ...any) { cr.Debugf("%s: "+format, append([]any{mf.Name}, args...)...) }
	}
	_, ast, err := allocate(mf, sp)
	if err != nil {
		return nil, fmt.Errorf("function '%s': %v", mf.Name, err)
	}
	cr.Count("acc", int64(ast.Acc))
	cr.Count("coalesced", int64(ast.Coalesced))
	cr.Count("staged", int64(ast.Staged))
	return sp, nil
}

// checkMachine prints the machine form for -debug-only=<pass> and verifies
// it under -verify-machineinstrs.
func checkMachine(c *passes.Ctx, f *mir.Func) error {
	if c.Debugging() {
		var sb strings.Builder
		if err := mir.Print(&sb, f); err == nil {
			c.Debugf("%s", sb.String())
		}
	}
	if c.Cfg != nil && c.Cfg.Verify {
		if errs := mir.Verify(f); len(errs) > 0 {
			return fmt.Errorf("function '%s': after %s: %v", f.Name, c.Pass.Name, errs[0])
		}
	}
	return nil
}

// machine is the VC4 targets.Machine: the MIR passes of Pipeline, then
// the code generator inside Emit.
type machine struct{}

func (machine) BranchInfo() passes.BranchInfo     { return vc4Branch{} }
func (machine) PhiElimHooks() passes.PhiElimHooks { return passes.PhiElimHooks{NoSplit: true} }
func (machine) Arch() *mir.Arch                   { return Arch }
func (machine) CPUs() []string                    { return []string{"vc4"} }
func (machine) Pipeline() []string                { return Pipeline }
func (machine) Emit(w io.Writer, m *mir.Module, ft targets.FileType, cfg *passes.Config) error {
	return emit(w, m, ft, cfg)
}

func init() {
	passes.RegisterMachine(Arch, machine{})
	targets.Register(&targets.Target{
		Name:    "vc4",
		Desc:    "VideoCore IV QPU (16-lane SIMD, one work-item per lane)",
		Machine: machine{},
	})
}

// Kernels returns the functions of m to compile as kernels: those marked
// mir.Func.Kernel (OpenCL kernels; their helpers are inlined into them by
// vc4-inline), or, in a module without any such mark (hand-written IR),
// every defined function.
func Kernels(m *mir.Module) []*mir.Func {
	var ks, all []*mir.Func
	for _, f := range m.Funcs {
		if len(f.Blocks) == 0 {
			continue
		}
		all = append(all, f)
		if f.Kernel {
			ks = append(ks, f)
		}
	}
	if len(ks) == 0 {
		return all
	}
	return ks
}

// emit compiles the kernels of the module (see Kernels).
func emit(w io.Writer, m *mir.Module, ft targets.FileType, cfg *passes.Config) error {
	lanes, err := lanesOption(cfg)
	if err != nil {
		return err
	}
	gl, err := LayoutGlobals(m)
	if err != nil {
		return err
	}
	for _, f := range Kernels(m) {
		p, err := Compile(f, Options{Lanes: lanes, Cfg: cfg, Globals: gl, Source: m.Source})
		if err != nil {
			return err
		}
		switch ft {
		case targets.FileAsm:
			_, err = io.WriteString(w, p.Asm)
		case targets.FileHex:
			var sb strings.Builder
			for _, wd := range p.Words {
				fmt.Fprintf(&sb, "0x%08X_%08X\n", uint32(wd>>32), uint32(wd))
			}
			_, err = io.WriteString(w, sb.String())
		case targets.FileObj:
			buf := make([]byte, 8*len(p.Words))
			for i, wd := range p.Words {
				for k := 0; k < 8; k++ {
					buf[8*i+k] = byte(wd >> (8 * k))
				}
			}
			_, err = w.Write(buf)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// finishLines schedules the emitted lines (pairs, hazard gaps), then fills
// branch delay slots; it returns the lines and the add/mul pairs formed.
func finishLines(out []qinst) ([]qinst, int) {
	out, n := schedule(out)
	out, _ = fillDelaySlots(hazardNops(out))
	return finishSlots(out), n
}

// finishSlots fills the delay slots a branch still has as nops from its
// target or fall-through, then drops the nops left without a purpose, on
// scheduled lines whose hazard nops are in place (hazardNops) and whose
// slots have the work from before the branch (fillDelaySlots, or
// delay-slot-filler on the machine form).
func finishSlots(out []qinst) []qinst {
	out, _ = fillFromTarget(out, false)
	out, _ = fillFromFallthrough(out)
	out, _ = fillFromTarget(out, true)
	out, _ = dropNops(out)
	return out
}
