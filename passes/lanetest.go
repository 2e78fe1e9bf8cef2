package passes

import "lltosimd/mir"

// LaneTest is a uniform test over the lanes of a vector compare: "any
// lane true" or "every lane true" (/work/shared/spec/ifconv.md §5: the
// tests a SIMD target's remaining branches make over a per-lane mask —
// BWDSP's `if any/all D CPk b L`, VC4's .anyz/.allz).
type LaneTest struct {
	// The lane-wise compare: A Cond B (Float: A FPred B), A a vector
	// register, B one or an immediate for every lane.
	Float bool
	Cond  mir.Cond
	FPred mir.FPred
	A, B  mir.Operand
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
// compare's, whose lanes are 0 or 1 (docs/generic-mir.md, Vectors). A
// sign splat `G_ASHR v, 31` (or `G_LSHR v, 31`) in every lane — clang's
// form of the mask `v < 0` — tests v < 0 the same way.
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
	if !ok {
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
	lt := LaneTest{All: tree == mir.GAnd}
	d := defOf(mask)
	switch {
	case d == nil || d.Pred() != nil:
		return LaneTest{}, false
	case t.Bits == 1 && d.Op == mir.GICmp:
		lt.Cond, lt.A, lt.B = d.Ops[1].Cond, d.Ops[2], d.Ops[3]
	case t.Bits == 1 && d.Op == mir.GFCmp:
		lt.Float, lt.FPred, lt.A, lt.B = true, mir.FPred(d.Ops[1].Imm), d.Ops[2], d.Ops[3]
	case t.Bits == 32 && !t.Float && (d.Op == mir.GAShr || d.Op == mir.GLShr) && splatOf(defOf, d.Ops[2]) == 31:
		// 0 or −1 (0 or 1): the sign of each lane.
		lt.Cond, lt.A, lt.B = mir.CondSLT, d.Ops[1], mir.I(0)
	default:
		return LaneTest{}, false
	}
	if lt.A.Kind != mir.KindReg {
		return LaneTest{}, false
	}
	return lt, true
}

// splatOf returns the value of every lane of a constant vector (a
// G_BUILD_VECTOR of one constant), or -1.
func splatOf(defOf func(mir.Reg) *mir.Instr, o mir.Operand) int64 {
	d := defOf(o.Reg)
	if o.Kind != mir.KindReg || d == nil || d.Op != mir.GBuildVector {
		return -1
	}
	v := int64(-1)
	for i, u := range d.Uses() {
		c := int64(-1)
		switch {
		case u.Kind == mir.KindImm:
			c = u.Imm
		case u.Kind == mir.KindReg:
			if k := defOf(u.Reg); k != nil && k.Op == mir.GConst && k.Ops[1].Kind == mir.KindImm {
				c = k.Ops[1].Imm
			}
		}
		if c < 0 || i > 0 && c != v {
			return -1
		}
		v = c
	}
	return v
}
