package codegen

import (
	"lltosimd/mir"
	"lltosimd/passes"
)

// IfConvInfo describes if-conversion on VC4 (issue 13; seed 001's GPU
// if-conversion instead of seed 000's execute mask, spec vc4.md §8).
func (machine) IfConvInfo(string) passes.IfConvInfo {
	return passes.IfConvInfo{
		BranchCost: 8, JumpCost: 4, PredCost: 1, SelectCost: 3, MaxInstrs: 16,
		NoSpeculate: []mir.Opcode{
			mir.GLoad32, mir.GLoad16S, mir.GLoad16U, mir.GLoad8S, mir.GLoad8U,
			mir.GSDiv, mir.GUDiv, mir.GSRem, mir.GURem, mir.GFDiv, mir.GFRem,
		},
		UniformBranches: uniformBranches,
	}
}

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
