package passes

import "lltosimd/mir"

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
	return nil
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
