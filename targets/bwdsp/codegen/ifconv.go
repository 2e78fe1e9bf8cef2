package codegen

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// IfConvInfo describes if-conversion on BWL (spec bwdsp.md §2.5, §2.6;
// ifconv.md §5): every lane instruction takes a guard `(CPk)`, so guarded
// code is not speculated — loads, stores and divisions may be guarded,
// a false guard suppresses their access or fault. Costs are cycles of the
// §2.6 model: a compare-and-branch is a control instruction that usually
// shares a bundle but is taken half the time (+2), a `b` is always taken
// (+2, and its bundle); a predicate define beyond the compare (a nested
// guard, a wired OR) is one ALU operation of macro x; a value merged
// where paths meet is a copy and a guarded copy, mostly folded into the
// guarded definition of the merged value; a constant merged is a write
// of its own that the guarded write must follow (rule 7), a bundle.
// Guarded code is serial on
// macro x's units, so every guarded instruction costs its bundle on every
// path; what can be speculated runs unguarded (GuardUnsafeOnly). The
// costs are fitted to make bench-ifconv -march bwdsp not lose anywhere. Only scalar code is guarded: a SIMD instruction
// would read the guard of each of its lanes.
func (Machine) IfConvInfo(string) passes.IfConvInfo {
	return passes.IfConvInfo{
		Predicated: true, GuardUnsafeOnly: true, ScalarGuardsOnly: true,
		BranchCost: 1, JumpCost: 2.5, CmppCost: 1, PredCost: 1, SelectCost: 0.5, ConstMergeCost: 1, MaxInstrs: 12,
	}
}

// bwActs maps the HPL-PD actions of G_CMPP to BWL's compare actions.
var bwActs = map[mir.CmppAction]bw.Action{
	mir.ActUN: bw.ActUN, mir.ActUC: bw.ActUC, mir.ActCN: bw.ActCN, mir.ActCC: bw.ActCC,
	mir.ActON: bw.ActON, mir.ActOC: bw.ActOC, mir.ActAN: bw.ActAN, mir.ActAC: bw.ActAC,
}

// selectPredicates prepares predicated generic MIR (if-convert, then
// predicate-lowering, which keeps the guards for BWL) for selection: the
// registers G_CMPP defines and guards read become x.CP predicates, each
// G_CMPP becomes BWL compares (spec §2.5: `xCPd, CPe = CPg && Rs < Rt` for
// a UN,UC pair, `CPd = CPg && cond` for UN or UC under a guard, and the
// guarded `(CPg) CPd |= cond` forms for the others, which keep their old
// value: mir.Instr.GuardedOld), and a branch on a predicate becomes
// `if xCPk b L`.
func selectPredicates(f *mir.Func) error {
	preds := map[mir.Reg]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GCmpp {
				for _, d := range in.Defs() {
					preds[d.Reg] = true
				}
			}
			for _, o := range in.Ops {
				if o.Kind == mir.KindPred {
					preds[o.Reg] = true
				}
			}
		}
	}
	if len(preds) == 0 {
		return nil
	}
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if in.Op != mir.GPhi && in.Op != mir.GCopy && in.Op != mir.GImplicitDef {
					continue
				}
				// A copy or phi of predicates is one of predicates.
				for _, o := range in.Ops {
					if o.Kind == mir.KindReg && o.Reg.IsVirtual() && preds[o.Reg] != preds[in.Ops[0].Reg] {
						preds[o.Reg], preds[in.Ops[0].Reg], changed = true, true, true
					}
				}
			}
		}
	}
	konst := map[mir.Reg]int64{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GConst && in.Ops[1].Kind == mir.KindImm && !in.Ops[0].Reg.IsPhys() {
				konst[in.Ops[0].Reg] = in.Ops[1].Imm
			}
		}
	}
	for r := range preds {
		if _, vec := f.VecOf(r); vec || !r.IsVirtual() {
			return fmt.Errorf("%s: predicate %s is not a scalar virtual register", f.Name, f.Arch.RegName(r))
		}
		f.VRegClass[r.VirtIndex()] = bw.ClassPred
	}
	for _, b := range f.Blocks {
		var out []*mir.Instr
		for _, in := range b.Instrs {
			switch {
			case in.Op == mir.GCmpp:
				ins, err := lowerCmpp(f, in, konst)
				if err != nil {
					return fmt.Errorf("%s: bb%d: %s: %w", f.Name, b.ID, mir.FormatInstr(f, in), err)
				}
				out = append(out, ins...)
			case in.Op == mir.GBrCond && preds[in.Ops[0].Reg]:
				out = append(out, newInstr("BPRED", in.Ops[0], in.Ops[1]))
			default:
				for _, o := range in.Uses() {
					if o.Kind == mir.KindReg && preds[o.Reg] && in.Op != mir.GPhi && in.Op != mir.GCopy {
						return fmt.Errorf("%s: bb%d: %s reads a predicate as a value", f.Name, b.ID, mir.FormatInstr(f, in))
					}
				}
				out = append(out, in)
			}
		}
		b.Instrs = out
	}
	return nil
}

// lowerCmpp returns the BWL compares of one G_CMPP.
// Constant operands (konst: the SSA registers G_CONST defines) become
// immediates.
func lowerCmpp(f *mir.Func, in *mir.Instr, konst map[mir.Reg]int64) ([]*mir.Instr, error) {
	nd := in.NumDefs()
	acts, err := mir.ParseCmppActions(in.Ops[nd].Sym)
	if err != nil {
		return nil, err
	}
	cond, a, b := in.Ops[nd+1].Cond, in.Ops[nd+2], in.Ops[nd+3]
	for _, o := range []*mir.Operand{&a, &b} {
		if k, ok := konst[o.Reg]; ok && o.Kind == mir.KindReg {
			*o = mir.I(k)
		}
	}
	var out []*mir.Instr
	var guard *mir.Operand
	if p := in.Pred(); p != nil {
		g := *p
		guard = &g
	}
	olds := map[int]mir.Operand{}
	for k, i := range in.GuardedOld() {
		olds[k] = in.Ops[i]
	}
	// Two constants (the initialisations of spec §2.6): the result is
	// known; an unguarded UN/UC writes a constant.
	if a.Kind == mir.KindImm && b.Kind == mir.KindImm && guard == nil {
		r := cond.Eval(uint32(a.Imm), uint32(b.Imm))
		for i, act := range acts {
			if !act.IsUnconditional() {
				return nil, fmt.Errorf("unguarded %s define of constants", act)
			}
			v := int64(0)
			if r != act.Complemented() {
				v = 1
			}
			out = append(out, newInstr("PSET", mir.D(in.Ops[i].Reg), mir.I(v)))
		}
		return out, nil
	}
	if a.Kind == mir.KindImm {
		a, b, cond = b, a, cond.Swapped()
	}
	if a.Kind == mir.KindImm {
		t := f.NewVReg(bw.ClassGPR)
		out = append(out, mir.NewInstr(mir.GConst, mir.D(t), a))
		a = mir.R(t)
	}
	r := rels[cond]
	name := map[bool]string{false: "CMP", true: "CMPU"}[r.unsigned]
	if b.Kind == mir.KindImm {
		if isSimm16(b.Imm) {
			name = map[bool]string{false: "CMPI", true: "CMPIU"}[r.unsigned]
			b = mir.I(s32(b.Imm))
		} else {
			t := f.NewVReg(bw.ClassGPR)
			out = append(out, mir.NewInstr(mir.GConst, mir.D(t), mir.I(s32(b.Imm))))
			b = mir.R(t)
		}
	}
	// The `CPg &&` operand of the UN/UC forms: a plain predicate (a
	// negated guard is complemented first).
	pg := func() []mir.Operand {
		if guard == nil {
			return nil
		}
		g := guard.Reg
		if guard.Neg {
			g = f.NewVReg(bw.ClassPred)
			out = append(out, newInstr("PNOT", mir.D(g), mir.R(guard.Reg)))
		}
		return []mir.Operand{mir.R(g)}
	}
	cmp := func(dsts []mir.Reg, act bw.Action, extra []mir.Operand, tail []mir.Operand) {
		ops := []mir.Operand{}
		for _, d := range dsts {
			ops = append(ops, mir.Operand{Kind: mir.KindReg, Reg: d, Flags: mir.FlagDef})
		}
		ops = append(ops, mir.I(bw.CmpCode(r.rel, act)))
		ops = append(append(append(ops, extra...), a, b), tail...)
		out = append(out, mir.NewInstr(op(name), ops...))
	}
	// A UN,UC (or UC,UN) pair is one two-destination compare.
	if len(acts) == 2 && acts[0].IsUnconditional() && acts[1].IsUnconditional() && acts[0] != acts[1] {
		d, e := in.Ops[0].Reg, in.Ops[1].Reg
		if acts[0] == mir.ActUC {
			d, e = e, d
		}
		cmp([]mir.Reg{d, e}, bw.ActUNUC, pg(), nil)
		return out, nil
	}
	for i, act := range acts {
		d := in.Ops[i].Reg
		switch {
		case act.IsUnconditional() && guard == nil:
			// g = 1: UN is CN, UC is CC.
			ba := bw.ActCN
			if act == mir.ActUC {
				ba = bw.ActCC
			}
			cmp([]mir.Reg{d}, ba, nil, nil)
		case act.IsUnconditional():
			cmp([]mir.Reg{d}, bwActs[act], pg(), nil)
		default:
			var tail []mir.Operand
			if guard != nil {
				tail = append(tail, *guard)
				if o, ok := olds[i]; ok {
					tail = append(tail, o)
				}
			} else if _, ok := olds[i]; ok {
				return nil, fmt.Errorf("unguarded %s define keeps a value", act)
			}
			cmp([]mir.Reg{d}, bwActs[act], nil, tail)
		}
	}
	return out, nil
}
