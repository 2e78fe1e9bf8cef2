// Package codegen is the VC4 (VideoCore IV QPU) code generator of
// lltosimd: it compiles an OpenCL-style kernel in generic MIR to QPU code
// where each of the 16 lanes runs one work-item (SPMD).
//
// Pipeline (each step a pass name for -debug-only and statistics):
//
//   - vc4-prepare: work-item builtins, promotion of whole-word allocas to
//     registers, explicit terminators with a virtual exit block, phi
//     elimination through one variable per phi;
//   - vc4-divergence: uniform/varying values, divergent branches and the
//     blocks that run under the execute mask;
//   - vc4-mask: layout (loops contiguous, forward edges) and lowering to
//     LIR with Mesa's execute-mask scheme for divergent control flow
//     (spec vc4.md §8) and plain all-lane branches for uniform ones;
//   - vc4-regalloc: liveness on the machine CFG and linear scan over
//     register files A and B (accumulators r0–r2 stage operands, r3 holds
//     the execute mask, r4 receives TMU results), spilling to per-QPU VPM
//     rows or scratch memory and rematerializing constants and uniforms
//     (regalloc.go: decisions, spill.go: mechanics);
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
	// Module, if set, supplies the helper functions that calls are inlined from.
	Module *mir.Module
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
	// UniformStreamAddr says that the kernel reads one more uniform after
	// its arguments: the address of its own uniform stream.
	UniformStreamAddr bool
	Stats             Stats
}

// Passes (registered for -debug-only keys, -list-passes and statistics).
var (
	passPrepare = passes.Register(&passes.Pass{Name: "vc4-prepare", Run: embedded, Desc: "VC4: work-item builtins, alloca promotion, phi elimination", Required: true})
	passDiv     = passes.Register(&passes.Pass{Name: "vc4-divergence", Run: embedded, Desc: "VC4: uniform/varying analysis and masked regions", Required: true,
		Stats: map[string]string{"uniform": "Number of uniform branches", "divergent": "Number of divergent branches"}})
	passMask = passes.Register(&passes.Pass{Name: "vc4-mask", Run: embedded, Desc: "VC4: execute-mask lowering of divergent control flow", Required: true,
		Stats: map[string]string{"masked": "Number of masked instructions", "skip": "Number of skipped-region branches"}})
	passRA = passes.Register(&passes.Pass{Name: "vc4-regalloc", Run: embedded, Desc: "VC4: register allocation over files A and B, with spilling", Required: true,
		Stats: map[string]string{"spilled": "Number of values spilled to VPM rows or scratch memory", "remat": "Number of values rematerialized instead of spilled",
			"reloads": "Number of reload sequences", "stores": "Number of spill store sequences"}})
	passEmit = passes.Register(&passes.Pass{Name: "vc4-emit", Run: embedded, Desc: "VC4: emission with hazard nops", Required: true,
		Stats: map[string]string{"pairs": "Number of add/mul pairs formed", "instrs": "Number of QPU instructions"}})
)

// embedded is the Run of the VC4 passes: they run inside Compile (the
// target's Emit), on the code generator's own representation, not as
// MIR-to-MIR passes.
func embedded(c *passes.Ctx, f *mir.Func) error {
	return fmt.Errorf("pass %s runs inside the vc4 code generator (use -march=vc4)", c.Pass.Name)
}

// noVectors is the VC4's vector legality: none (see Compile).
func noVectors(mir.Opcode, mir.VecType) bool { return false }

func moduleFuncs(m *mir.Module) []*mir.Func {
	if m == nil {
		return nil
	}
	return m.Funcs
}

// Compile compiles one function of a translated module.
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
	// The code generator runs one work-item per lane on scalar MIR: IR
	// vectors become their lanes, in the callees too (inlineCalls copies
	// their instructions, not their vector shapes).
	for _, g := range append([]*mir.Func{f}, moduleFuncs(opts.Module)...) {
		if g.HasVectors() {
			if err := passes.LegalizeVectors(ctx(passes.VectorLegalizePass), g, noVectors); err != nil {
				return nil, err
			}
		}
	}
	if err := inlineCalls(opts.Module, f); err != nil {
		return nil, err
	}
	promoteAllocas(f)
	// The QPU has no indirect branch the execute mask could follow: no
	// jump tables, compare trees only.
	if err := passes.LowerSwitches(ctx(passes.SwitchLoweringPass), f, passes.SwitchInfo{}); err != nil {
		return nil, err
	}
	g, err := buildGraph(f)
	if err != nil {
		return nil, err
	}
	if err := eliminatePhis(g); err != nil {
		return nil, err
	}
	cd := ctx(passDiv)
	var dbg func(string, ...any)
	if cd.Debugging() {
		dbg = func(format string, args ...any) { cd.Debugf("%s: "+format, append([]any{f.Name}, args...)...) }
	}
	div := analyzeDivergence(g, lanes < 16, dbg)
	if err := g.checkLayout(); err != nil {
		return nil, err
	}
	l, err := lower(g, div, lanes)
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
	code, regs, err := allocate(l.out, sp)
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
	if cr.Debugging() {
		for r, n := range regs {
			cr.Debugf("%s: %%%d -> %s", f.Name, r, n)
		}
	}
	var lines []qinst
	lines, l.stats.Pairs, l.stats.MaskedInstrs = emitLIR(l.out, regs)
	for _, q := range lines {
		if !q.label {
			l.stats.Instructions++
		}
	}
	p.Asm = render(lines, f.Name)
	prog, err := asm.Assemble(p.Asm)
	if err != nil {
		return nil, fmt.Errorf("function '%s': internal error: generated assembly does not assemble: %v", f.Name, err)
	}
	p.Words = prog.Words
	p.ScratchBytes = l.stats.ScratchBytes
	p.UniformStreamAddr = sp.ubase >= 0
	p.Stats = l.stats
	p.Stats.UniformBranches = div.uniformBr
	p.Stats.DivergentBranches = len(div.divergent)
	cd.Count("uniform", int64(p.Stats.UniformBranches))
	cd.Count("divergent", int64(p.Stats.DivergentBranches))
	cm.Count("masked", int64(p.Stats.MaskedInstrs))
	cm.Count("skip", int64(p.Stats.SkipBranches))
	ce := ctx(passEmit)
	ce.Count("pairs", int64(p.Stats.Pairs))
	ce.Count("instrs", int64(p.Stats.Instructions))
	return p, nil
}

// Arch is the VC4 description the frontend and MIR printer use: generic
// ops only (code generation leaves MIR at the generic level).
var Arch = &mir.Arch{Name: "vc4", Classes: []mir.RegClassDesc{{Name: "gpr", Size: 4}}}

// machine is the VC4 targets.Machine. Its code generator runs inside
// Emit, so it has no MIR pipeline and no hooks for the generic passes.
type machine struct{}

func (machine) BranchInfo() passes.BranchInfo     { return nil }
func (machine) PhiElimHooks() passes.PhiElimHooks { return passes.PhiElimHooks{} }
func (machine) Arch() *mir.Arch                   { return Arch }
func (machine) CPUs() []string                    { return []string{"vc4"} }
func (machine) Pipeline() []string                { return nil }
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

// emit compiles every function of the module as a kernel.
func emit(w io.Writer, m *mir.Module, ft targets.FileType, cfg *passes.Config) error {
	lanes := 16
	if v := cfg.Options["vc4-lanes"]; v != "" {
		if _, err := fmt.Sscan(v, &lanes); err != nil {
			return fmt.Errorf("bad vc4-lanes option %q", v)
		}
	}
	for _, f := range m.Funcs {
		p, err := Compile(f, Options{Lanes: lanes, Cfg: cfg, Module: m})
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
// path may read before writing them cleared first, operands staged, add
// and mul operations paired, hazard nops inserted, branch delay slots filled. It returns the lines,
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
	out, n := pairs(e.out)
	out, _ = fillDelaySlots(hazardNops(out))
	return out, n, e.masked
}
