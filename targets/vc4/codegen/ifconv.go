package codegen

import (
	"lltosimd/mir"
	"lltosimd/passes"
)

// IfConvInfo describes if-conversion on VC4 (issue 13: seed 001's GPU
// if-conversion instead of seed 000's execute mask, spec vc4.md §8). The
// QPU has conditional writes but no predicate registers beyond the flags,
// so guarded code is speculated and merged with G_SELECT
// (predicate-lowering), which vc4-isel selects to a flag-setting move and
// a conditional write (`mov.setf`, `mov.ifnz`). Only divergent branches
// are converted (UniformBranches: a uniform branch skips its code for the
// whole wave). Costs are cycles of the timing model: a divergent branch
// costs its execute-mask bookkeeping (`or.setf`/`mov.ifz r3` for the
// waiting lanes, the `mov.setf`/`brr.allnz` skip with its 3 delay slots,
// the activation at the other side) — about 8; an unconditional edge out
// of a masked block (`mov.ifz r3, T`, `sub.setf`/`brr.allz` and slots)
// about 4; a merged value is a select (flag test, move, conditional move),
// 3. A wave runs a block when any of its 16 lanes does (WaveLanes), so
// the branching code mostly runs both sides of a divergent branch. Not
// speculated: TMU/VDW memory (every load and store: an inactive lane's
// address may be outside its buffer, and memory costs far more than the
// mask), the division expansions and the SFU (fdiv, frem); calls (the
// math library, atomics, barriers) are never guarded by if-convert.
// MaxInstrs bounds the speculated code (register pressure; the lanes that
// skip a large side all at once lose most). The costs were fitted with
// scripts/bench-ifconv.py -march vc4 (make bench-ifconv), which is also
// why the pass is on by default for VC4 (DefaultOn).
func (machine) IfConvInfo(string) passes.IfConvInfo {
	return passes.IfConvInfo{
		BranchCost: 8, JumpCost: 4, PredCost: 1, SelectCost: 3, MaxInstrs: 40, WaveLanes: 16,
		NoSpeculate: []mir.Opcode{
			mir.GLoad32, mir.GLoad16S, mir.GLoad16U, mir.GLoad8S, mir.GLoad8U,
			mir.GSDiv, mir.GUDiv, mir.GSRem, mir.GURem, mir.GFDiv, mir.GFRem,
		},
		UniformBranches: uniformBranches,
	}
}

// DefaultOn turns if-conversion on by default when optimizing: on the
// corpus it saves cycles in total and slows no kernel by more than 5%
// (docs/vc4.md, "If-conversion").
func (machine) DefaultOn() []string { return []string{"if-convert"} }

// uniformBranches returns the blocks of f whose conditional branch
// vc4-divergence would mark uniform, on f's current CFG.
func uniformBranches(f *mir.Func) map[*mir.Block]bool {
	_, divergent, _ := analyzeDivergence(f, mir.ComputePostDominators(f))
	u := map[*mir.Block]bool{}
	for _, b := range f.Blocks {
		if condBranch(b) != nil && !divergent[b] {
			u[b] = true
		}
	}
	return u
}
