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
//     predecessor (parallel-copy safe without splitting critical edges).
//
// Compile (the target's Emit) then runs the code generator proper, whose
// steps are registered as passes for -debug-only and statistics only:
//
//   - vc4-mask: layout (loops contiguous, forward edges) and lowering to
//     LIR with Mesa's execute-mask scheme for divergent control flow
//     (spec vc4.md §8) and plain all-lane branches for uniform ones;
//   - vc4-regalloc: liveness on the machine CFG and linear scan over
//     register files A and B, spilling to per-QPU VPM rows or scratch
//     memory and rematerializing constants and uniforms; then short values
//     inside one straight-line stretch move to accumulators r0–r2 where
//     the lowering's named uses leave them free (r3 holds the execute
//     mask, r4 receives TMU results), copies into them are
//     coalesced and the remaining read-port conflicts staged through a
//     free one (regalloc.go: decisions, spill.go: mechanics);
//   - vc4-emit: vc4asm text with hazard nops, assembled to 64-bit words.
package codegen

import (
	"fmt"
	"io"
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

// Passes (registered for -debug-only keys, -list-passes and statistics).
var (
	passMask = passes.Register(&passes.Pass{Name: "vc4-mask", Run: embedded, Desc: "VC4: execute-mask lowering of divergent control flow", Required: true,
		Stats: map[string]string{"masked": "Number of masked instructions", "skip": "Number of skipped-region branches"}})
	passRA = passes.Register(&passes.Pass{Name: "vc4-regalloc", Run: embedded, Desc: "VC4: register allocation over files A and B, with spilling", Required: true,
		Stats: map[string]string{"spilled": "Number of values spilled to VPM rows or scratch memory", "remat": "Number of values rematerialized instead of spilled",
			"reloads": "Number of reload sequences", "stores": "Number of spill store sequences",
			"acc":       "Number of values allocated to accumulators",
			"coalesced": "Number of copies deleted (source and destination in one register)",
			"staged":    "Number of read-port conflicts staged through an accumulator"}})
	passEmit = passes.Register(&passes.Pass{Name: "vc4-emit", Run: embedded, Desc: "VC4: emission with hazard nops", Required: true,
		Stats: map[string]string{"pairs": "Number of add/mul pairs formed", "instrs": "Number of QPU instructions",
			"nops": "Number of nop instructions emitted"}})
)

// embedded is the Run of the VC4 code generator's steps: they run inside
// Compile (the target's Emit), on the code generator's own
// representation, not as MIR-to-MIR passes.
func embedded(c *passes.Ctx, f *mir.Func) error {
	return fmt.Errorf("pass %s runs inside the vc4 code generator (use -march=vc4)", c.Pass.Name)
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
	"phi-elim", // NoSplit: one fresh register per phi, written at the end of every predecessor
	"vc4-isel", // the ALU operations to QPU ops (isel.go); memory, calls and control flow stay generic
}

// Prepare runs Pipeline on every function of m (what the driver does
// before Emit), for launchers and tests that call Compile directly.
func Prepare(m *mir.Module, cfg *passes.Config) error {
	if cfg == nil {
		cfg = passes.NewConfig()
	}
	plan, err := passes.NewPlan(Pipeline, cfg, mir.PropSSA)
	if err != nil {
		return err
	}
	_, err = plan.Run(m, passes.Dump{})
	return err
}

// Compile compiles one function of a module that went through Pipeline
// (see Prepare).
func Compile(f *mir.Func, opts Options) (p *Program, err error) {
	defer func() {
		// Unexpected MIR shapes must not crash the driver: report them.
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("function '%s': internal error in the vc4 code generator: %v", f.Name, r)
		}
	}()
	lanes := opts.Lanes
	if lanes <= 0 || lanes > 16 {
		lanes = 16
	}
	ctx := func(p *passes.Pass) *passes.Ctx { return &passes.Ctx{Cfg: opts.Cfg, Pass: p} }
	p = &Program{Name: f.Name}
	if len(f.Blocks) > 0 && len(f.Blocks[0].Instrs) > 0 && f.Blocks[0].Instrs[0].Op == mir.GArgs {
		for _, o := range f.Blocks[0].Instrs[0].Uses() {
			p.ArgWords = append(p.ArgWords, mir.ArgDesc(o.Imm).Words())
		}
	}
	if f.HasVectors() {
		return nil, fmt.Errorf("function '%s': vector values reach the vc4 code generator (run the vector-legalize pass first)", f.Name)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GPhi {
				return nil, fmt.Errorf("function '%s': phis reach the vc4 code generator (run phi-elim first)", f.Name)
			}
			if in.Op == mir.GRet && len(in.Ops) != 0 {
				return nil, fmt.Errorf("function '%s': a kernel must return void", f.Name)
			}
		}
	}
	g, err := buildGraph(f)
	if err != nil {
		return nil, err
	}
	if err := g.checkLayout(); err != nil {
		return nil, err
	}
	l, err := lower(g, lanes, opts.Globals, opts.Source)
	if err != nil {
		return nil, err
	}
	cm := ctx(passMask)
	if cm.Debugging() {
		for _, in := range l.out {
			cm.Debugf("%s: %s", f.Name, in)
		}
	}
	cr := ctx(passRA)
	sp := newSpiller(l.newV, l.unif[UnifScratch], int64(l.stats.ScratchBytes))
	if cr.Debugging() {
		sp.debug = func(format string, args ...any) { cr.Debugf("%s: "+format, append([]any{f.Name}, args...)...) }
	}
	code, regs, ast, err := allocate(l.out, sp)
	if err != nil {
		return nil, fmt.Errorf("function '%s': %v", f.Name, err)
	}
	l.out = code
	l.stats.ScratchBytes += 64 * sp.nslots
	l.stats.VPMSpillRows = sp.vpmRows
	l.stats.Spilled, l.stats.Reloads, l.stats.SpillStores = sp.stats.Spilled, sp.stats.Reloads, sp.stats.Stores
	l.stats.Rematerialized = sp.stats.Rematerialized
	cr.Count("spilled", int64(sp.stats.Spilled))
	cr.Count("remat", int64(sp.stats.Rematerialized))
	cr.Count("reloads", int64(sp.stats.Reloads))
	cr.Count("stores", int64(sp.stats.Stores))
	cr.Count("acc", int64(ast.Acc))
	cr.Count("coalesced", int64(ast.Coalesced))
	cr.Count("staged", int64(ast.Staged))
	if cr.Debugging() {
		for r, n := range regs {
			cr.Debugf("%s: %%%d -> %s", f.Name, r, n)
		}
	}
	var lines []qinst
	var formed int
	lines, formed, l.stats.MaskedInstrs = emitLIR(l.out, regs)
	for _, q := range lines {
		switch {
		case q.label:
			continue
		case isNop(&q):
			l.stats.Nops++
		case q.paired[0] != nil:
			l.stats.Pairs++
		}
		l.stats.Instructions++
	}
	p.Asm = render(lines, f.Name)
	prog, err := asm.Assemble(p.Asm)
	if err != nil {
		return nil, fmt.Errorf("function '%s': internal error: generated assembly does not assemble: %v", f.Name, err)
	}
	p.Words = prog.Words
	p.ScratchBytes = l.stats.ScratchBytes
	p.UniformStreamAddr = sp.ubase >= 0
	p.DataAddr, p.LocalAddr = l.dataBase >= 0, l.localBase >= 0
	p.Barrier = l.barrierTarget >= 0
	p.Stats = l.stats
	cm.Count("masked", int64(p.Stats.MaskedInstrs))
	cm.Count("skip", int64(p.Stats.SkipBranches))
	ce := ctx(passEmit)
	ce.Count("pairs", int64(formed))
	ce.Count("nops", int64(p.Stats.Nops))
	ce.Count("instrs", int64(p.Stats.Instructions))
	return p, nil
}

// machine is the VC4 targets.Machine: the MIR passes of Pipeline, then
// the code generator inside Emit.
type machine struct{}

func (machine) BranchInfo() passes.BranchInfo     { return nil }
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

// emitLIR turns allocated LIR into instruction lines: registers that some
// path may read before writing them cleared first, operands staged, every
// straight-line stretch list-scheduled (add and mul operations paired, hazard
// gaps as nops: schedule), branch delay slots filled. It returns the lines,
// the pairs formed and the masked instructions.
func emitLIR(code []*lins, regs map[int]string) ([]qinst, int, int) {
	e := &emitter{reg: regs}
	for _, r := range uninitialized(code, regs) {
		e.put(qinst{text: "mov " + r + ", 0", writes: []string{r},
			alu: &aluPart{op: "mov", dst: r, args: "0", srcs: []string{"0"}, bPort: "#0"}})
	}
	for _, in := range code {
		e.instr(in)
	}
	out, n := finishLines(e.out)
	return out, n, e.masked
}

// finishLines schedules the emitted lines (pairs, hazard gaps), then fills
// branch delay slots; it returns the lines and the add/mul pairs formed.
func finishLines(out []qinst) ([]qinst, int) {
	out, n := schedule(out)
	out, _ = fillDelaySlots(hazardNops(out))
	out, _ = fillFromTarget(out, false)
	out, _ = fillFromFallthrough(out)
	out, _ = fillFromTarget(out, true)
	out, _ = dropNops(out)
	return out, n
}
