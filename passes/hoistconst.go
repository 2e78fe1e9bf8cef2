package passes

import "lltosimd/mir"

// HoistVectorConstants moves vector constants (G_BUILD_VECTOR whose lanes
// are all immediates) out of loops into the loop's preheader. The
// frontend materializes constants in the block that uses them, which is
// right for scalars (selection folds them into immediate forms) but not
// for vectors: no instruction takes a vector immediate, so a splat inside
// a loop body costs a bundle slot on every iteration. A constant has no
// operands and no side effects, so moving its SSA definition to a block
// that dominates the loop is always safe; the register allocator
// recomputes it where pressure is high (it is rematerializable).
var HoistVectorConstants = Register(&Pass{
	Name: "hoist-vector-constants",
	Desc: "Hoist constant vectors out of loops into their preheaders",
	Stats: map[string]string{
		"hoisted": "Number of constant vectors hoisted out of a loop",
	},
	Needs: mir.PropSSA, Forbids: mir.PropSelected,
	Run: runHoistVectorConstants,
})

func runHoistVectorConstants(c *Ctx, f *mir.Func) error {
	if len(f.Blocks) == 0 {
		return nil
	}
	li := mir.ComputeLoops(f, mir.ComputeDominators(f))
	// Inner loops first: a constant hoisted into an inner loop's
	// preheader, which lies in the outer loop, moves on to the outer one's.
	for i := len(li.Loops) - 1; i >= 0; i-- {
		l := li.Loops[i]
		pre := l.Preheader()
		if pre == nil {
			c.Debugf("hoist-vector-constants: @%s: loop at bb%d has no preheader", f.Name, l.Header.ID)
			continue
		}
		var moved []*mir.Instr
		for _, b := range l.Blocks {
			kept := b.Instrs[:0]
			for _, in := range b.Instrs {
				if isVectorConstant(in) {
					moved = append(moved, in)
					continue
				}
				kept = append(kept, in)
			}
			b.Instrs = kept
		}
		if len(moved) == 0 {
			continue
		}
		c.Debugf("hoist-vector-constants: @%s: %d constant vectors from the loop at bb%d to bb%d", f.Name, len(moved), l.Header.ID, pre.ID)
		c.Count("hoisted", int64(len(moved)))
		at := len(pre.Instrs)
		for at > 0 && f.Arch.Desc(pre.Instrs[at-1].Op).Flags&(mir.FlagBranch|mir.FlagTerminator) != 0 {
			at--
		}
		rest := append([]*mir.Instr(nil), pre.Instrs[at:]...)
		pre.Instrs = append(append(pre.Instrs[:at], moved...), rest...)
	}
	return nil
}

// isVectorConstant reports a G_BUILD_VECTOR whose lanes are all immediates.
func isVectorConstant(in *mir.Instr) bool {
	if in.Op != mir.GBuildVector || len(in.Ops) < 2 || !in.Ops[0].IsDef() {
		return false
	}
	for _, o := range in.Ops[1:] {
		if o.Kind != mir.KindImm {
			return false
		}
	}
	return true
}
