// control.go: branches, switch emission, phis and CFG edges.

package frontend

import (
	"slices"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// switchTerm emits a G_SWITCH for a switch on at most 32 bits: the value
// and the case values sign-extended from the switch's width, so that
// signed order is the type's order, as LLVM's switch lowering sorts them.
// The switch-lowering pass decides on tables and compares. Several cases
// to one block are one CFG edge; its phis get one entry (see fillPhis).
func (s *fn) switchTerm(t *ir.TermSwitch) {
	n := s.bitsOf(t.X.Type())
	if n > 32 {
		s.switchWide(t)
		return
	}
	x := s.sext(s.word(t.X), n)
	ops := []mir.Operand{mir.R(x), s.target(t.TargetDefault)}
	seen := map[int64]bool{}
	for _, c := range t.Cases {
		cv, ok := s.foldValue(c.X)
		if !ok || cv.sym != "" {
			fail("unsupported: non-integer switch case")
		}
		v := int64(int32(uint32(cv.off)<<(32-n)) >> (32 - n))
		if seen[v] {
			fail("duplicate integer as switch case")
		}
		seen[v] = true
		ops = append(ops, mir.I(v), s.target(c.Target))
	}
	s.emit(mir.GSwitch, ops...)
}

// switchWide lowers a switch on an integer of two or more words to a chain
// of compares.
func (s *fn) switchWide(t *ir.TermSwitch) {
	x := s.wext(s.words(t.X), s.bitsOf(t.X.Type()), false)
	for _, c := range t.Cases {
		cw, ok := s.intConstWords(c.X, len(x))
		if !ok {
			fail("unsupported: non-integer switch case")
		}
		eq := s.wicmp(mir.CondEQ, x, s.konstWords(cw))
		s.emit(mir.GBrCond, mir.R(eq), s.target(c.Target))
		next := s.newBlock()
		s.emit(mir.GBr, mir.B(next))
		s.setBlock(next)
	}
	s.emit(mir.GBr, s.target(t.TargetDefault))
}

// edge is a MIR block that branches to the MIR block of an IR successor.
type edge struct {
	from *mir.Block
	to   *ir.Block
}

type phiKey struct {
	phi  *ir.InstPhi
	pred *ir.Block
}

type phiWork struct {
	inst *ir.InstPhi
	at   *ir.Block
	defs []*mir.Instr // one PHI per word, or one wide PHI
	wide bool         // defs is the PHI of a wide register (an integer of several words)
}

// phiUnmerge is a wide phi's register and the words it defines.
type phiUnmerge struct {
	wide  mir.Reg
	words []mir.Reg
}

// unmergePhis takes the wide phis of the block apart (after its phis).
func (s *fn) unmergePhis() {
	for _, p := range s.phiWords {
		ops := make([]mir.Operand, 0, len(p.words)+1)
		for _, r := range p.words {
			ops = append(ops, mir.D(r))
		}
		s.emit(mir.GUnmergeValues, append(ops, mir.R(p.wide))...)
	}
	s.phiWords = s.phiWords[:0]
}

// insertBeforeTerm inserts in before the terminators ending block b.
func insertBeforeTerm(b *mir.Block, in *mir.Instr) {
	i := len(b.Instrs)
	for i > 0 && mir.GenericDesc(b.Instrs[i-1].Op).Flags&mir.FlagTerminator != 0 {
		i--
	}
	b.Instrs = slices.Insert(b.Instrs, i, in)
}

// widePhiInput is the wide register of a wide phi's incoming words ops,
// defined at the end of predecessor fb: G_CONSTANT of immediates (which
// wideint-legalize gives the phi back as immediates) or G_MERGE_VALUES.
func (s *fn) widePhiInput(fb *mir.Block, ops []mir.Operand) mir.Operand {
	r := s.f.NewWideVReg(32 * len(ops))
	op := mir.GMergeValues
	if ops[0].Kind == mir.KindImm {
		op = mir.GConstant
	}
	insertBeforeTerm(fb, mir.NewInstr(op, append([]mir.Operand{mir.D(r)}, ops...)...))
	return mir.R(r)
}

func (s *fn) phi(p *ir.InstPhi, b *ir.Block) {
	n := s.nwords(p.Typ)
	w := phiWork{inst: p, at: b}
	if vt, ok := s.vecType(p.Typ); ok {
		// One vector phi; like the scalar ones, it defines a register
		// reserved by an earlier use directly.
		r, pending := s.vecs[p], s.vpend[p]
		if pending {
			delete(s.vpend, p)
		} else {
			r = s.f.NewVecVReg(vt)
			s.vecs[p] = r
			s.nameRegs(p, []mir.Reg{r})
		}
		if s.maskPhis[p] {
			s.setZ(r, 1) // lanes 0 or 1, as its inputs' (maskPhiSet)
		}
		w.defs = append(w.defs, s.emit(mir.GPhi, mir.D(r)))
		s.phis = append(s.phis, w)
		return
	}
	// A phi used before it in layout order defines the reserved registers
	// directly: a copy would separate it from the other phis.
	regs := s.vals[p]
	if s.pending[p] {
		delete(s.pending, p)
	} else {
		regs = make([]mir.Reg, n)
		for i := range regs {
			regs[i] = s.reg()
		}
		s.vals[p] = regs
		s.nameRegs(p, regs)
	}
	if _, isInt := p.Typ.(*types.IntType); isInt && n > 1 {
		// One phi of the wide register (wideint-legalize splits it into
		// word phis defining regs), taken apart after the block's phis.
		wr := s.f.NewWideVReg(32 * n)
		w.defs, w.wide = []*mir.Instr{s.emit(mir.GPhi, mir.D(wr))}, true
		s.phiWords = append(s.phiWords, phiUnmerge{wr, regs})
		s.phis = append(s.phis, w)
		return
	}
	for _, r := range regs {
		w.defs = append(w.defs, s.emit(mir.GPhi, mir.D(r)))
	}
	s.phis = append(s.phis, w)
}

// immediateWords returns the phi operands of a constant that needs no
// instruction (integers, null, undef).
func (s *fn) immediateWords(v value.Value, n int) ([]mir.Operand, bool) {
	c, ok := v.(constant.Constant)
	if !ok || isAggregate(c.Type()) || isVector(c.Type()) {
		return nil, false
	}
	if w, ok := s.wideConst(c); ok {
		var ops []mir.Operand
		for _, x := range w {
			ops = append(ops, mir.I(int64(int32(x))))
		}
		return ops, true
	}
	cv, ok := s.t.fold(c)
	if !ok {
		switch c.(type) {
		case *constant.Undef, *constant.Poison:
			cv, ok = cval{}, true
		}
	}
	if !ok || cv.sym != "" {
		return nil, false
	}
	ops := []mir.Operand{mir.I(int64(int32(cv.off)))}
	if n == 2 {
		ops = append(ops, mir.I(int64(int32(cv.off>>32))))
	}
	return ops, true
}

// materializePhiInputs computes, before b's terminator, the phi inputs of
// b's successors that are constants needing instructions (addresses), so
// that they are defined in the predecessor.
func (s *fn) materializePhiInputs(b *ir.Block) {
	for _, succ := range b.Term.Succs() {
		for _, inst := range succ.Insts {
			p, ok := inst.(*ir.InstPhi)
			if !ok {
				break
			}
			key := phiKey{p, b}
			if _, done := s.phiMat[key]; done {
				continue
			}
			for _, inc := range p.Incs {
				if inc.Pred != b {
					continue
				}
				_, isConst := inc.X.(constant.Constant)
				_, isFrame := s.frame[inc.X]
				if !isConst && !isFrame {
					break
				}
				if _, ok := s.immediateWords(inc.X, s.nwords(p.Typ)); ok {
					break
				}
				var ops []mir.Operand
				for _, r := range s.words(inc.X) {
					ops = append(ops, mir.R(r))
				}
				if vt, ok := s.vecType(p.Typ); ok {
					ops = []mir.Operand{mir.R(s.buildVec(vt, ops))}
				}
				s.phiMat[key] = ops
				break
			}
		}
	}
}

func (s *fn) fillPhis() {
	for _, w := range s.phis {
		n := len(w.defs)
		seen := make(map[*ir.Block]bool, len(w.inst.Incs))
		for _, inc := range w.inst.Incs {
			pred := inc.Pred.(*ir.Block)
			if seen[pred] {
				continue
			}
			seen[pred] = true
			var from []*mir.Block
			for _, e := range s.edges[pred] {
				if e.to == w.at && !containsBlock(from, e.from) {
					from = append(from, e.from)
				}
			}
			if len(from) == 0 {
				continue // the predecessor never branches here (it traps)
			}
			ops, ok := s.immediateWords(inc.X, n)
			if !ok {
				ops, ok = s.phiMat[phiKey{w.inst, pred}]
			}
			if !ok {
				if _, isVec := s.vecType(w.inst.Typ); isVec {
					ops = []mir.Operand{mir.R(s.vec(inc.X))}
				} else {
					for _, r := range s.words(inc.X) {
						ops = append(ops, mir.R(r))
					}
				}
			}
			if w.wide {
				for _, fb := range from {
					w.defs[0].Ops = append(w.defs[0].Ops, s.widePhiInput(fb, ops), mir.B(fb))
				}
				continue
			}
			for i, d := range w.defs {
				for _, fb := range from {
					d.Ops = append(d.Ops, ops[i], mir.B(fb))
				}
			}
		}
		// A block no translated edge reaches (its predecessors trap or it
		// is unreachable): its phis have no inputs and define nothing
		// meaningful.
		for _, d := range w.defs {
			if len(d.Ops) == 1 {
				d.Op = mir.GImplicitDef
			}
		}
	}
}

func containsBlock(l []*mir.Block, b *mir.Block) bool {
	for _, x := range l {
		if x == b {
			return true
		}
	}
	return false
}

// target returns the branch operand for an IR successor and records the edge.
func (s *fn) target(v value.Value) mir.Operand {
	b := v.(*ir.Block)
	s.edges[s.irBlock] = append(s.edges[s.irBlock], edge{s.cur, b})
	return mir.B(s.blocks[b])
}

func (s *fn) term(t ir.Terminator) {
	switch t := t.(type) {
	case *ir.TermRet:
		// llir does not type-check: a ret that disagrees with the
		// signature would silently return garbage (llvm-as rejects it).
		if rt := s.irf.Sig.RetType; t.X == nil && !types.Equal(rt, types.Void) {
			fail("'ret void' in a function returning %s", rt)
		} else if t.X != nil && !types.Equal(t.X.Type(), rt) {
			fail("value doesn't match function result type '%s'", rt)
		}
		var ops []mir.Operand
		if s.retPtr != mir.NoReg {
			rt := t.X.Type()
			s.storeT(rt, s.words(t.X), mir.R(s.retPtr), 0, must(s.t.lay.Align(rt)))
			ops = append(ops, mir.R(s.retPtr))
		} else if t.X != nil {
			regs := abiExtend[ir.ReturnAttribute](s, t.X.Type(), s.words(t.X), s.irf.ReturnAttrs,
				enum.ReturnAttrSignExt, enum.ReturnAttrZeroExt)
			for _, r := range s.abiOrder(regs) {
				ops = append(ops, mir.R(r))
			}
		} else if p := s.sretParam(); p != nil {
			ops = append(ops, mir.R(s.word(p)))
		}
		s.emit(mir.GRet, ops...)
	case *ir.TermBr:
		s.emit(mir.GBr, s.target(t.Target))
	case *ir.TermCondBr:
		if t.TargetTrue == t.TargetFalse {
			s.emit(mir.GBr, s.target(t.TargetTrue))
			return
		}
		c := s.zext(s.word(t.Cond), 1)
		s.emit(mir.GBrCond, mir.R(c), s.target(t.TargetTrue))
		s.emit(mir.GBr, s.target(t.TargetFalse))
	case *ir.TermSwitch:
		s.switchTerm(t)
	case *ir.TermUnreachable:
		s.emit(mir.GUnreachable)
	case *ir.TermIndirectBr:
		s.indirectBr(t) // blockaddr.go
	case *ir.TermCallBr:
		fail("unsupported: asm goto ('callbr')")
	case *ir.TermInvoke, *ir.TermResume, *ir.TermCatchSwitch, *ir.TermCatchRet, *ir.TermCleanupRet:
		fail("unsupported: exception handling ('%s')", strings.Fields(t.LLString())[0])
	default:
		fail("unsupported: terminator %T", t)
	}
}
