package passes

import "lltosimd/mir"

// LaneTest is a uniform test over the lanes of a vector compare: "any
// lane true" or "every lane true" (/work/shared/spec/ifconv.md §5: the
// tests a SIMD target's remaining branches make over a per-lane mask —
// BWDSP's `if any/all D CPk b L`, VC4's .anyz/.allz).
type LaneTest struct {
	// Mask is the vector G_ICMP or G_FCMP whose lanes are tested.
	Mask *mir.Instr
	// All is set for "every lane" (an and-reduction); otherwise the test
	// is "some lane" (an or-reduction).
	All bool
}

// MatchLaneTest recognises in r a reduction of every lane of a vector
// compare's mask: a tree of G_OR (any) or G_AND (all) whose leaves are
// the lanes, each `G_EXTRACT_VECTOR_ELT mask, j` (0 or 1), possibly
// widened by `G_SEXT_INREG …, 1` (0 or −1) or `G_AND …, 1` — what clang
// makes of `m.x | m.y | m.z | m.w` over a vector compare. r is then
// nonzero exactly when the test holds. Every lane must appear (repeats
// are harmless: or and and are idempotent), and the mask must be a
// compare's, whose lanes are 0 or 1 (docs/generic-mir.md, Vectors).
// defOf returns a virtual register's defining instruction (nil: unknown);
// nothing is changed.
func MatchLaneTest(f *mir.Func, defOf func(mir.Reg) *mir.Instr, r mir.Reg) (LaneTest, bool) {
	root := defOf(r)
	if root == nil || root.Op != mir.GOr && root.Op != mir.GAnd {
		return LaneTest{}, false
	}
	tree := root.Op
	mask := mir.NoReg
	lanes := map[int64]bool{}
	isOne := func(o mir.Operand) bool {
		if o.Kind == mir.KindImm {
			return o.Imm == 1
		}
		d := defOf(o.Reg)
		return o.Kind == mir.KindReg && d != nil && d.Op == mir.GConst && d.Ops[1].Kind == mir.KindImm && d.Ops[1].Imm == 1
	}
	var walk func(o mir.Operand, depth int) bool
	walk = func(o mir.Operand, depth int) bool {
		if o.Kind != mir.KindReg || !o.Reg.IsVirtual() || depth > 16 {
			return false
		}
		d := defOf(o.Reg)
		if d == nil || !d.Op.IsGeneric() || d.Pred() != nil {
			return false
		}
		switch {
		case d.Op == mir.GSExtInReg && d.Ops[2].Kind == mir.KindImm && d.Ops[2].Imm == 1,
			d.Op == mir.GAnd && isOne(d.Ops[2]):
			return walk(d.Ops[1], depth+1)
		case d.Op == mir.GAnd && isOne(d.Ops[1]):
			return walk(d.Ops[2], depth+1)
		case d.Op == tree:
			return walk(d.Ops[1], depth+1) && walk(d.Ops[2], depth+1)
		case d.Op == mir.GExtractVectorElt && d.Ops[2].Kind == mir.KindImm && d.Ops[1].Kind == mir.KindReg:
			if mask != mir.NoReg && d.Ops[1].Reg != mask {
				return false
			}
			mask = d.Ops[1].Reg
			lanes[d.Ops[2].Imm] = true
			return true
		}
		return false
	}
	if !walk(mir.R(r), 0) {
		return LaneTest{}, false
	}
	t, ok := f.VecOf(mask)
	cmp := defOf(mask)
	if !ok || t.Bits != 1 || cmp == nil || cmp.Op != mir.GICmp && cmp.Op != mir.GFCmp || cmp.Pred() != nil {
		return LaneTest{}, false
	}
	for j := range lanes {
		if j < 0 || j >= int64(t.Lanes) {
			return LaneTest{}, false // an undefined lane
		}
	}
	if len(lanes) != t.Lanes {
		return LaneTest{}, false
	}
	return LaneTest{Mask: cmp, All: tree == mir.GAnd}, true
}
