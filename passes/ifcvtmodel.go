package passes

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"lltosimd/mir"
)

// IfConvInfo is a target's description for if-conversion
// (/work/shared/spec/ifconv.md §6.2: what may be guarded, what a branch
// and a predicate cost). Costs are in cycles of the target's cycle model.
type IfConvInfo struct {
	// Predicated says the target executes guarded instructions. Without
	// it (Cpu0) guarded code is speculated: predicate-lowering computes it
	// unconditionally and merges the values that meet with G_SELECT, so
	// only speculable instructions (SpeculationSafe) may be guarded. With
	// it (BWDSP) the guards stay: predicate-lowering only rebuilds SSA,
	// naming the value each guarded definition keeps, and instruction
	// selection carries guards to the target instructions.
	Predicated bool
	// GuardUnsafeOnly (with Predicated) guards only what cannot be
	// speculated (SpeculationSafe fails: memory, division, ...) and the
	// copies that merge values; the rest runs unguarded, as Hexagon's
	// early if-conversion does (spec §6.2), so that constants stay
	// shareable and guards do not serialise pure code.
	GuardUnsafeOnly bool
	// ScalarGuardsOnly says a guard is one scalar predicate that cannot
	// guard a vector instruction (BWDSP: a SIMD instruction reads the
	// guard of each of its lanes): regions whose guarded code or merged
	// values are vectors stay as branches.
	ScalarGuardsOnly bool
	// BranchCost is a conditional branch with its delay slot; JumpCost an
	// unconditional jump. Both are what if-conversion saves.
	BranchCost, JumpCost float64
	// CmppCost is the compare-to-predicate that replaces a removed
	// branch where the branch compared by itself (BWDSP's compare-and-
	// branch); 0 where the branch reads a compare computed anyway.
	CmppCost float64
	// PredCost is one predicate operation beyond the branch's own compare
	// (an and for a nested guard, an or for a wired-OR define).
	PredCost float64
	// SelectCost is one value merged where paths meet (a select, or a
	// copy and a guarded copy).
	SelectCost float64
	// ConstMergeCost (0: SelectCost) is a merge that reads a constant
	// from the region: on a predicated target the constant is one more
	// write of the merged register, which cannot share a bundle with the
	// guarded write of the other value (BWL's unique-writer rule), so it
	// costs a bundle where a merged value computed in the region folds
	// into its guarded definition.
	ConstMergeCost float64
	// MaxInstrs bounds the instructions a region guards or speculates.
	MaxInstrs int
	// NoSpeculate lists ops that must never execute on a path that did
	// not ask for them, beyond the generic rules of SpeculationSafe.
	NoSpeculate []mir.Opcode
	// WaveLanes (SIMD targets: the lanes of a wave share one instruction
	// stream) makes the branching code run a block when any of the
	// wave's lanes takes it: a lane reaching it with probability p, the
	// wave does with 1-(1-p)^WaveLanes (lanes independent). 0 or 1: a
	// scalar thread, the block runs with probability p.
	WaveLanes int
	// UniformBranches (SIMD targets, whose lanes run one instruction
	// stream) returns the blocks of f ending in a conditional branch that
	// every lane takes the same way. Such a branch skips its code for the
	// whole wave, so converting it only adds work: a region that would
	// remove one stays as branches. nil: every branch may diverge.
	UniformBranches func(f *mir.Func) map[*mir.Block]bool
}

// IfConvMachine is implemented by a Machine that describes its
// if-conversion; cpu is the -mcpu option. Without it if-convert runs the
// plain RK algorithm for an abstract predicated machine (every operation
// predicable, no cost model).
type IfConvMachine interface {
	IfConvInfo(cpu string) IfConvInfo
}

// testIfConvInfo replaces the Machine's description in tests.
var testIfConvInfo *IfConvInfo

// ifConvInfoFor returns the description if-convert uses for f, or nil:
// -pass-option=if-convert-model=none ignores the target's (the spec's
// worked examples are checked that way).
func ifConvInfoFor(c *Ctx, f *mir.Func) *IfConvInfo {
	if testIfConvInfo != nil {
		return testIfConvInfo
	}
	if c.Option("if-convert-model") == "none" {
		return nil
	}
	if m, ok := MachineFor(f.Arch).(IfConvMachine); ok {
		info := m.IfConvInfo(c.Option("mcpu"))
		return &info
	}
	return nil
}

// accessSize is the byte size of the generic scalar loads and stores.
var accessSize = map[mir.Opcode]int64{mir.GLoad32: 4, mir.GLoad16S: 2, mir.GLoad16U: 2, mir.GLoad8S: 1, mir.GLoad8U: 1,
	mir.GStore32: 4, mir.GStore16: 2, mir.GStore8: 1}

// SpeculationSafe reports whether in may execute on paths where the
// program did not execute it: it must have no effect but its defs and be
// unable to trap. Stores, calls, side effects and the ops of noSpec never
// are; a load only when it is not volatile and reads inside a stack
// object (a frame operand with a constant in-bounds offset), since any
// other address may fault.
func SpeculationSafe(f *mir.Func, in *mir.Instr, noSpec []mir.Opcode) bool {
	d := f.Arch.Desc(in.Op)
	if d.Flags&(mir.FlagCall|mir.FlagStore|mir.FlagSideEffect|mir.FlagTerminator|mir.FlagReturn|mir.FlagIndirect) != 0 ||
		slices.Contains(noSpec, in.Op) {
		return false
	}
	switch in.Op {
	case mir.GArgs, mir.GVAStart, mir.GReturnAddr, mir.GCmpp:
		return false
	}
	if d.Flags&mir.FlagLoad != 0 {
		if in.Mem != nil && in.Mem.Volatile {
			return false // the number of volatile accesses is kept
		}
		size, ok := accessSize[in.Op]
		if !ok || len(in.Ops) < 3 || in.Ops[1].Kind != mir.KindFrame || in.Ops[2].Kind != mir.KindImm {
			return false
		}
		obj := int(in.Ops[1].Imm)
		off := in.Ops[1].Off + in.Ops[2].Imm
		return obj >= 0 && obj < len(f.Frame) && off >= 0 && off+size <= f.Frame[obj].Size
	}
	return true
}

// ifcvtThreshold is -if-conversion-threshold: the extra cycles a region
// may cost after conversion and still be converted (default 0).
func ifcvtThreshold(c *Ctx) (float64, error) {
	s := c.Option("if-conversion-threshold")
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("-if-conversion-threshold: bad number %q", s)
	}
	return v, nil
}

// profitable applies the target's model to the region before anything
// changes: every guarded instruction must be allowed (speculable when the
// target has no predication), the region must be small enough, and the
// expected cycles of the straight-line code must not exceed those of the
// branching code by more than the threshold. Without a profile each
// two-way branch goes either way with probability 1/2.
func (r *icRegion) profitable(c *Ctx, info *IfConvInfo, nextOf func(*mir.Block) *mir.Block) bool {
	f := r.f
	threshold, _ := ifcvtThreshold(c) // checked by runIfConvert
	// Probabilities in a topological order of the region graph.
	pos := map[*mir.Block]int{}
	for i, b := range f.Blocks {
		pos[b] = i
	}
	order := r.topoOrder(pos)
	prob := map[*mir.Block]float64{r.entry: 1}
	for _, b := range order {
		p, t, fl := prob[b], r.taken[b], r.fall[b]
		for _, s := range []*mir.Block{t, fl} {
			if r.inside(s) {
				if t != nil && t != fl {
					prob[s] += p / 2
				} else {
					prob[s] += p
				}
			}
		}
	}
	// The blocks that run on every path stay unguarded; the others are
	// guarded: they must be allowed and few enough.
	n := map[*mir.Block]int{}
	total := 0
	for _, b := range order {
		guarded := prob[b] < 1-1e-9
		for _, in := range b.Instrs {
			if info.ScalarGuardsOnly && (guarded || in.Op == mir.GPhi && b != r.entry) && touchesVector(f, in) {
				c.Debugf("if-convert: region bb%d: bb%d: %s is a vector instruction, kept", r.entry.ID, b.ID, mir.FormatInstr(f, in))
				return false
			}
			if in.Op == mir.GPhi || f.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0 {
				continue
			}
			if !info.Predicated && guarded && !SpeculationSafe(f, in, info.NoSpeculate) {
				c.Debugf("if-convert: region bb%d: bb%d: %s cannot be speculated, kept", r.entry.ID, b.ID, mir.FormatInstr(f, in))
				return false
			}
			// Constants mostly become immediate operands: free.
			if in.Op == mir.GConst {
				continue
			}
			n[b]++
			if guarded {
				total++
			}
		}
	}
	if info.MaxInstrs > 0 && total > info.MaxInstrs {
		c.Debugf("if-convert: region bb%d: %d guarded instructions > %d, kept", r.entry.ID, total, info.MaxInstrs)
		return false
	}
	var branchy, converted float64
	end := func(s *mir.Block) bool { return s == r.end || r.inside(s) }
	if info.WaveLanes > 1 {
		for b, p := range prob {
			prob[b] = 1 - math.Pow(1-p, float64(info.WaveLanes))
		}
	}
	var uniform map[*mir.Block]bool
	if info.UniformBranches != nil {
		uniform = info.UniformBranches(f)
	}
	for _, b := range order {
		if t, fl := r.taken[b], r.fall[b]; uniform[b] && t != nil && t != fl && end(t) && end(fl) {
			c.Debugf("if-convert: region bb%d: bb%d's branch is uniform, kept", r.entry.ID, b.ID)
			return false
		}
	}
	for _, b := range order {
		p := prob[b]
		if b != r.entry {
			branchy += p * float64(n[b])
			converted += float64(n[b])
		}
		t, fl := r.taken[b], r.fall[b]
		if t != nil && t != fl {
			if end(t) && end(fl) {
				// A branch inside the region: removed. Its fall
				// through needs a jump unless it is laid out next.
				branchy += p * info.BranchCost
				if fl != nextOf(b) {
					branchy += p / 2 * info.JumpCost
				}
				converted += info.CmppCost
				if p < 1-1e-9 {
					converted += info.PredCost
				}
			} else if p < 1-1e-9 {
				// A side exit stays, on a predicate and-ed with
				// the block's guard.
				converted += info.PredCost
			}
		} else if fl != nextOf(b) && (r.loop == nil || fl != r.end) && end(fl) {
			branchy += p * info.JumpCost
		}
	}
	// The straight-line code takes the entry's place in the layout: it
	// needs a jump to the join unless the join is the next block there.
	if r.loop == nil {
		next := nextOf(r.entry)
		for next != nil && r.in[next] {
			next = nextOf(next)
		}
		if next != r.end {
			converted += info.JumpCost
		}
	}
	// Values merged where paths meet: the phis of the region's blocks
	// and, for an acyclic region, of its join (inputs from the region).
	merges := 0
	mergeCost := 0.0
	var consts map[mir.Reg]bool
	isConst := func(o mir.Operand) bool {
		if consts == nil {
			consts = map[mir.Reg]bool{}
			for _, b := range f.Blocks {
				for _, in := range b.Instrs {
					if in.Op == mir.GConst {
						consts[in.Ops[0].Reg] = true
					}
				}
			}
		}
		return o.Kind == mir.KindImm || o.Kind == mir.KindReg && consts[o.Reg]
	}
	// merge counts the phi's inputs from the region (k of them make
	// k-1 merges) and their cost.
	merge := func(in *mir.Instr) {
		k, konst := 0, false
		for i := 2; i < len(in.Ops); i += 2 {
			if r.in[in.Ops[i].Block] {
				k++
				konst = konst || isConst(in.Ops[i-1])
			}
		}
		c := info.SelectCost
		if konst && info.ConstMergeCost != 0 {
			c = info.ConstMergeCost
		}
		merges += max(k-1, 0)
		mergeCost += float64(max(k-1, 0)) * c
	}
	for b := range r.in {
		if b == r.entry && r.loop == nil {
			continue
		}
		for _, in := range b.Instrs {
			if in.Op != mir.GPhi {
				break
			}
			merge(in)
		}
	}
	if r.loop == nil {
		for _, in := range r.end.Instrs {
			if in.Op != mir.GPhi {
				break
			}
			if info.ScalarGuardsOnly && touchesVector(f, in) {
				c.Debugf("if-convert: region bb%d: join merges a vector, kept", r.entry.ID)
				return false
			}
			merge(in)
		}
	}
	converted += mergeCost
	ok := converted <= branchy+threshold
	verdict := "kept"
	if ok {
		verdict = "converted"
	}
	c.Debugf("if-convert: region bb%d: cost with branches %.2f, if-converted %.2f (%d instructions, %d merges), threshold %g: %s",
		r.entry.ID, branchy, converted, total, merges, threshold, verdict)
	return ok
}

// touchesVector reports whether in reads or writes a vector register.
func touchesVector(f *mir.Func, in *mir.Instr) bool {
	for _, o := range in.Ops {
		if o.Kind == mir.KindReg && o.Reg.IsVirtual() {
			if _, ok := f.VecOf(o.Reg); ok {
				return true
			}
		}
	}
	return false
}
