package passes

import (
	"math"

	"lltosimd/mir"
)

// GenericCombine folds the algebraic identities of generic SSA MIR before
// instruction selection: x+0, x-0, x|0, x^0, x<<0 (and the other shifts),
// x*1 and x&-1 are x; x&0 and x*0 are 0. The frontend splits wide
// integers into words, and the words of a small constant are mostly 0:
// a 64-bit "n & 1" or "3*n" leaves "hi & 0" and "hi * 0" behind, which
// would otherwise be selected as real instructions.
var GenericCombine = Register(&Pass{
	Name: "generic-combine",
	Desc: "Fold algebraic identities (x+0, x*1, x&0 ...) of generic ops",
	Stats: map[string]string{
		"folded": "Number of generic ops folded away or into constants",
		"fneg":   "Number of negated factors folded into an add or subtract (p + a*(-x) to p - a*x)",
	},
	Needs: mir.PropSSA, Forbids: mir.PropSelected,
	Run: runGenericCombine,
})

// identity says which constant operand makes an op return its other
// operand (ident), whether 0 makes it return 0, and whether the constant
// may stand on either side.
var identity = map[mir.Opcode]struct {
	ident    int64
	hasZero  bool // the constant 0 makes the result 0
	commutes bool
}{
	mir.GAdd:  {ident: 0, commutes: true},
	mir.GSub:  {ident: 0},
	mir.GOr:   {ident: 0, commutes: true},
	mir.GXor:  {ident: 0, commutes: true},
	mir.GShl:  {ident: 0},
	mir.GLShr: {ident: 0},
	mir.GAShr: {ident: 0},
	mir.GMul:  {ident: 1, hasZero: true, commutes: true},
	mir.GAnd:  {ident: -1, hasZero: true, commutes: true},
}

func runGenericCombine(c *Ctx, f *mir.Func) error {
	consts := map[mir.Reg]int64{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GConst && len(in.Ops) == 2 && in.Ops[0].IsDef() && in.Ops[1].Kind == mir.KindImm {
				consts[in.Ops[0].Reg] = in.Ops[1].Imm
			}
		}
	}
	// constOf reads an operand as a 32-bit constant.
	constOf := func(o mir.Operand) (int64, bool) {
		switch {
		case o.Kind == mir.KindImm:
			return int64(int32(o.Imm)), true
		case o.Kind == mir.KindReg && o.Flags&(mir.FlagDef|mir.FlagUndef) == 0:
			if v, ok := consts[o.Reg]; ok {
				return int64(int32(v)), true
			}
		}
		return 0, false
	}
	rename := map[mir.Reg]mir.Reg{}
	folded := int64(0)
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks {
			kept := b.Instrs[:0]
			for _, in := range b.Instrs {
				renameRegs(in, rename)
				id, ok := identity[in.Op]
				if !ok || len(in.Ops) != 3 || !in.Ops[0].IsDef() || !in.Ops[0].Reg.IsVirtual() {
					kept = append(kept, in)
					continue
				}
				d := in.Ops[0].Reg
				x, k := in.Ops[1], in.Ops[2]
				kv, isK := constOf(k)
				if !isK && id.commutes {
					x, k = k, x
					kv, isK = constOf(k)
				}
				switch {
				case isK && kv == id.ident && x.Kind == mir.KindReg && x.Reg.IsVirtual() && x.Flags&mir.FlagUndef == 0 &&
					f.ClassOf(x.Reg) == f.ClassOf(d):
					rename[d] = x.Reg
				case isK && id.hasZero && kv == 0:
					in.Op, in.Ops = mir.GConst, []mir.Operand{in.Ops[0], mir.I(0)}
					consts[d] = 0
					kept = append(kept, in)
				default:
					kept = append(kept, in)
					continue
				}
				folded++
				changed = true
			}
			clear(b.Instrs[len(kept):])
			b.Instrs = kept
		}
	}
	if folded > 0 {
		c.Count("folded", folded)
	}
	c.Count("fneg", foldNegatedFactors(f))
	return nil
}

// foldNegatedFactors rewrites p + a*(-x) and a*(-x) + p into p - a*x, and
// p - a*(-x) into p + a*x, when the product is read only there: the
// frontend's fneg is a G_XOR of the sign bit (a scalar constant or a splat
// of -2^31, between COPYs reinterpreting the lanes), an ALU operation that
// the subtraction makes unnecessary. IEEE arithmetic makes both exact:
// a*(-x) = -(a*x) (rounding is symmetric) and p + (-q) is p - q. It
// returns the number of rewrites.
func foldNegatedFactors(f *mir.Func) int64 {
	defs := map[mir.Reg]*mir.Instr{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Defs() {
				if d.Reg.IsVirtual() {
					defs[d.Reg] = in
				}
			}
		}
	}
	uses := useCounts(f)
	sameShape := func(a, b mir.Reg) bool {
		ta, va := f.VecOf(a)
		tb, vb := f.VecOf(b)
		return va == vb && ta == tb && f.ClassOf(a) == f.ClassOf(b)
	}
	// through skips the COPYs that define r.
	through := func(r mir.Reg) mir.Reg {
		for d := defs[r]; d != nil && d.Op == mir.GCopy && d.Pred() == nil && d.Ops[1].Kind == mir.KindReg && d.Ops[1].Reg.IsVirtual(); d = defs[r] {
			r = d.Ops[1].Reg
		}
		return r
	}
	sign := func(o mir.Operand) bool {
		isSign := func(o mir.Operand) bool {
			if o.Kind == mir.KindImm {
				return int32(o.Imm) == math.MinInt32
			}
			d := defs[o.Reg]
			return o.Kind == mir.KindReg && d != nil && d.Op == mir.GConst && d.Ops[1].Kind == mir.KindImm && int32(d.Ops[1].Imm) == math.MinInt32
		}
		if o.Kind == mir.KindReg {
			if d := defs[o.Reg]; d != nil && d.Op == mir.GBuildVector {
				for _, l := range d.Uses() {
					if !isSign(l) {
						return false
					}
				}
				return true
			}
		}
		return isSign(o)
	}
	// negated returns x when n is x with its sign flipped.
	negated := func(n mir.Reg) (mir.Reg, bool) {
		d := defs[through(n)]
		if d == nil || d.Op != mir.GXor || d.Pred() != nil || len(d.Ops) != 3 {
			return 0, false
		}
		for _, k := range [][2]int{{1, 2}, {2, 1}} {
			x, m := d.Ops[k[0]], d.Ops[k[1]]
			if x.Kind == mir.KindReg && x.Reg.IsVirtual() && sign(m) {
				if r := through(x.Reg); sameShape(r, n) {
					return r, true
				}
				if sameShape(x.Reg, n) {
					return x.Reg, true
				}
			}
		}
		return 0, false
	}
	var n int64
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != mir.GFAdd && in.Op != mir.GFSub || in.Pred() != nil || len(in.Ops) != 3 {
				continue
			}
			for i := 1; i <= 2; i++ {
				if in.Op == mir.GFSub && i == 1 {
					continue // (a*(-x)) - p has no subtraction form
				}
				m := in.Ops[i]
				if m.Kind != mir.KindReg || !m.Reg.IsVirtual() || uses[m.Reg] != 1 {
					continue
				}
				mul := defs[m.Reg]
				if mul == nil || mul.Op != mir.GFMul || mul.Pred() != nil || len(mul.Ops) != 3 {
					continue
				}
				j := 0
				var x mir.Reg
				for k := 1; k <= 2 && j == 0; k++ {
					if o := mul.Ops[k]; o.Kind == mir.KindReg && o.Reg.IsVirtual() {
						if r, ok := negated(o.Reg); ok {
							j, x = k, r
						}
					}
				}
				if j == 0 {
					continue
				}
				mul.Ops[j].Reg = x
				if in.Op == mir.GFAdd {
					in.Op = mir.GFSub
					if i == 1 {
						in.Ops[1], in.Ops[2] = in.Ops[2], in.Ops[1]
					}
				} else {
					in.Op = mir.GFAdd
				}
				n++
				break
			}
		}
	}
	return n
}

// renameRegs rewrites the register reads of in through rename.
func renameRegs(in *mir.Instr, rename map[mir.Reg]mir.Reg) {
	if len(rename) == 0 {
		return
	}
	for _, m := range in.Flatten() {
		for i := range m.Ops {
			o := &m.Ops[i]
			if !o.IsUse() {
				continue
			}
			for {
				r, ok := rename[o.Reg]
				if !ok {
					break
				}
				o.Reg = r
			}
		}
	}
}
