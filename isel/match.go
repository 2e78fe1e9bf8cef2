package isel

import (
	"fmt"

	"lltosimd/mir"
)

type matchState struct {
	caps   []mir.Operand
	folded []*mir.Instr
	consts int // constants folded into immediates
}

func (st *matchState) mark() (int, int, int) { return len(st.caps), len(st.folded), st.consts }

func (st *matchState) reset(c, f, k int) {
	st.caps, st.folded, st.consts = st.caps[:c], st.folded[:f], k
}

// match matches node p against instruction in; root is the instruction
// being selected.
func (s *Selector) match(p Pattern, in, root *mir.Instr, st *matchState) bool {
	uses := in.Uses()
	if in.Op != p.Op || len(uses) < len(p.Args) {
		return false
	}
	if s.matchArgs(p.Args, uses, root, st) {
		return true
	}
	if mir.GenericDesc(p.Op).Flags&mir.FlagCommutable != 0 && len(p.Args) == 2 {
		return s.matchArgs(p.Args, []mir.Operand{uses[1], uses[0]}, root, st)
	}
	return false
}

func (s *Selector) matchArgs(ps []Pattern, uses []mir.Operand, root *mir.Instr, st *matchState) bool {
	c, f, k := st.mark()
	for i, p := range ps {
		if !s.matchOperand(p, uses[i], root, st) {
			st.reset(c, f, k)
			return false
		}
	}
	return true
}

func (s *Selector) matchOperand(p Pattern, o mir.Operand, root *mir.Instr, st *matchState) bool {
	if p.IsLeaf() {
		v := Value{Op: o, DefOf: s.defOf, Func: s.f}
		switch {
		case o.Kind == mir.KindImm:
			v.Const, v.IsConst = o.Imm, true
		case o.Kind == mir.KindReg && o.Reg.IsVirtual():
			v.Const, v.IsConst = s.constOf(o.Reg)
			v.Vec, v.IsVec = s.f.VecOf(o.Reg)
		}
		c, ok := p.Leaf.Match(v)
		if !ok {
			return false
		}
		if o.Kind == mir.KindReg && c.Kind != mir.KindReg {
			st.consts++
		}
		st.caps = append(st.caps, c)
		return true
	}
	if o.Kind != mir.KindReg || !o.Reg.IsVirtual() {
		return false
	}
	def := s.vreg(o.Reg).def
	if def == nil || def.Op != p.Op || !s.canFold(def, root, p.Shared) {
		return false
	}
	if !s.match(p, def, root, st) {
		return false
	}
	st.folded = append(st.folded, def)
	return true
}

// canFold reports whether producer def may be folded into root; shared:
// even when def's results have other uses.
func (s *Selector) canFold(def, root *mir.Instr, shared bool) bool {
	// A guarded producer's value depends on its guard: it stays.
	if def.Pred() != nil {
		return false
	}
	if s.Table.isRemat(def.Op) {
		return true
	}
	pd, ok1 := s.pos[def]
	pr, ok2 := s.pos[root]
	if !ok1 || !ok2 || pd >= pr || s.orig[pd] != def {
		return false
	}
	effects := mir.GenericDesc(def.Op).Flags & (mir.FlagLoad | mir.FlagStore | mir.FlagSideEffect | mir.FlagCall)
	for _, o := range def.Defs() {
		if s.usesOf(o.Reg) != 1 && (!shared || effects != 0) {
			return false
		}
	}
	if effects != 0 {
		for _, between := range s.orig[pd+1 : pr] {
			if s.f.Arch.Desc(between.Op).Flags&(mir.FlagStore|mir.FlagSideEffect|mir.FlagCall) != 0 {
				return false
			}
		}
	}
	return true
}

// Emitter builds the replacement of one matched root instruction. EmitFunc
// rules use its methods; declarative templates are expanded through it.
type Emitter struct {
	s    *Selector
	root *mir.Instr
	caps []mir.Operand
	rule *Rule
	tmps []mir.Reg // template temporaries by number (NoReg: not made yet)
	out  []*mir.Instr
}

// Root returns the instruction being replaced.
func (e *Emitter) Root() *mir.Instr { return e.root }

// Func returns the function being selected.
func (e *Emitter) Func() *mir.Func { return e.s.f }

// Context returns the selector's target data (Selector.Context).
func (e *Emitter) Context() any { return e.s.Context }

// Block returns the block being selected.
func (e *Emitter) Block() *mir.Block { return e.s.block }

// Cap returns the n-th captured operand.
func (e *Emitter) Cap(n int) mir.Operand { return e.caps[n] }

// NumCaps returns the number of captured operands.
func (e *Emitter) NumCaps() int { return len(e.caps) }

// Def returns the root's n-th definition as a def operand.
func (e *Emitter) Def(n int) mir.Operand { return e.root.Defs()[n] }

// DefOf returns the generic instruction defining virtual register r, or
// nil (see Value.DefOf).
func (e *Emitter) DefOf(r mir.Reg) *mir.Instr { return e.s.defOf(r) }

// Has reports whether the target has a feature (see Selector.Has).
func (e *Emitter) Has(guard string) bool { return e.s.Has(guard) }

// Tmp returns a fresh virtual register of the general class.
func (e *Emitter) Tmp() mir.Reg { return e.s.f.NewVReg(0) }

// Emit appends a target (or generic) instruction; the leading operands up
// to the op's definition count are marked as definitions. A generic op is
// selected in its turn, after the rule finishes.
func (e *Emitter) Emit(op string, ops ...mir.Operand) (*mir.Instr, error) {
	code, ok := e.s.Table.ops[op]
	if !ok {
		if code, ok = e.s.Table.Arch.LookupOp(op); !ok {
			return nil, fmt.Errorf("unknown op %q", op)
		}
	}
	return e.EmitOp(code, ops...), nil
}

// EmitOp is Emit with an opcode.
func (e *Emitter) EmitOp(op mir.Opcode, ops ...mir.Operand) *mir.Instr {
	d := e.s.f.Arch.Desc(op)
	for i := 0; i < d.NumDefs && i < len(ops); i++ {
		if ops[i].Kind == mir.KindReg {
			ops[i].Flags |= mir.FlagDef
		}
	}
	in := mir.NewInstr(op, ops...)
	if !op.IsGeneric() && e.s.Table.Finish != nil {
		e.s.Table.Finish(in)
	}
	e.out = append(e.out, in)
	return in
}

// Const returns a register holding c: the zero register for 0, otherwise a
// new G_CONST (selected in its turn).
func (e *Emitter) Const(c int64) mir.Operand {
	if c == 0 && e.s.Table.ZeroReg != mir.NoReg {
		return mir.R(e.s.Table.ZeroReg)
	}
	t := e.Tmp()
	e.EmitOp(mir.GConst, mir.D(t), mir.I(c))
	return mir.R(t)
}

// materialize turns the immediates captured by register leaves into registers.
func (e *Emitter) materialize(p Pattern) error {
	n := 0
	var walk func(p Pattern)
	walk = func(p Pattern) {
		if !p.IsLeaf() {
			for _, a := range p.Args {
				walk(a)
			}
			return
		}
		c := &e.caps[n]
		n++
		if !p.Leaf.Materialize {
			return
		}
		switch {
		case c.Kind == mir.KindImm:
			*c = e.Const(c.Imm)
		case c.Kind == mir.KindReg && c.Reg.IsVirtual() && e.s.Table.ZeroReg != mir.NoReg:
			if v, ok := e.s.constOf(c.Reg); ok && v == 0 {
				*c = mir.R(e.s.Table.ZeroReg)
			}
		}
	}
	walk(p)
	return nil
}

// template expands a declarative emit template.
func (e *Emitter) template(insts []Inst) error {
	for _, t := range insts {
		ops := make([]mir.Operand, len(t.Args))
		for i, a := range t.Args {
			switch a.kind {
			case refDef:
				defs := e.root.Defs()
				if a.n >= len(defs) {
					return fmt.Errorf("def %d out of range", a.n)
				}
				ops[i] = mir.R(defs[a.n].Reg)
			case refCap:
				ops[i] = e.caps[a.n]
				ops[i].Flags &^= mir.FlagDef | mir.FlagKill | mir.FlagDead
			case refTmp:
				for len(e.tmps) <= a.n {
					e.tmps = append(e.tmps, mir.NoReg)
				}
				if e.tmps[a.n] == mir.NoReg {
					e.tmps[a.n] = e.Tmp()
				}
				ops[i] = mir.R(e.tmps[a.n])
			case refPhys:
				ops[i] = mir.R(a.reg)
			case refImm:
				ops[i] = mir.I(a.imm)
			case refLit:
				ops[i] = a.lit
			}
		}
		if _, err := e.Emit(t.Op, ops...); err != nil {
			return err
		}
	}
	return nil
}
