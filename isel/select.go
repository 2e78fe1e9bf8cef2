package isel

import (
	"fmt"
	"slices"
	"strings"

	"lltosimd/mir"
)

// Selector selects one function at a time with a table.
type Selector struct {
	Table *Table
	// Features are the target features guards test ("slt").
	Features map[string]bool
	// Trace, if set, receives one line per selected instruction naming the
	// rule chosen (-debug-only=isel).
	Trace func(format string, args ...any)
	// Coverage, if set, counts fired rules.
	Coverage Coverage
	// Context is target data the rules' EmitFuncs read (Emitter.Context),
	// such as the relocation model and the module's symbols.
	Context any

	// Selected and Folded count instructions selected and producers folded.
	Selected, Folded int64

	f *mir.Func
	// vregs holds, per virtual register (Reg.VirtIndex), its definition,
	// use count and constant value: a slice, as the registers are dense
	// (three maps were a tenth of the selection's time).
	vregs []vregInfo
	block *mir.Block
	pos   map[*mir.Instr]int
	orig  []*mir.Instr
	// consumed holds the producers folded into a user: once unused they
	// are deleted even if they read memory.
	consumed map[*mir.Instr]bool
	// capBuf and foldBuf back the matchState of the instruction being
	// matched (reused: selection allocates per instruction otherwise).
	capBuf  []mir.Operand
	foldBuf []*mir.Instr
	// emitters are reused, one per depth of selectInstr's recursion (an
	// emitter's output is walked while the selections of what it emitted
	// use the next one): no emitter and output slice per instruction.
	emitters []*Emitter
	depth    int
}

// vregInfo is what the selector knows about one virtual register.
type vregInfo struct {
	def     *mir.Instr // the (last) instruction defining it
	konst   int64      // with isConst: the value of its G_CONST definition
	uses    int32      // explicit and implicit reads not yet selected away
	ndefs   int32      // definitions not yet selected away
	isConst bool
	// multi: the register had several definitions (a variable of
	// non-SSA MIR, such as a phi's register after phi-elim): it is never
	// a constant, even where one of its definitions is a G_CONST.
	multi bool
}

// vreg returns the entry of virtual register r, growing the table for
// registers made during selection.
func (s *Selector) vreg(r mir.Reg) *vregInfo {
	i := r.VirtIndex()
	if i >= len(s.vregs) {
		n := len(s.vregs)
		s.vregs = slices.Grow(s.vregs, max(i+1, s.f.NumVRegs())-n)[:max(i+1, s.f.NumVRegs())]
		clear(s.vregs[n:])
	}
	return &s.vregs[i]
}

// constOf returns the value of register r's G_CONST definition, if any.
func (s *Selector) constOf(r mir.Reg) (int64, bool) {
	if !r.IsVirtual() {
		return 0, false
	}
	v := s.vreg(r)
	return v.konst, v.isConst
}

// usesOf returns the number of unselected reads of virtual register r (0
// for a physical register).
func (s *Selector) usesOf(r mir.Reg) int32 {
	if !r.IsVirtual() {
		return 0
	}
	return s.vreg(r).uses
}

// defOf returns the instruction defining virtual register r, or nil.
func (s *Selector) defOf(r mir.Reg) *mir.Instr {
	if !r.IsVirtual() {
		return nil
	}
	return s.vreg(r).def
}

// Has reports whether the target has a feature (or lacks it, for "!name").
func (s *Selector) Has(guard string) bool {
	if guard == "" {
		return true
	}
	if n, ok := strings.CutPrefix(guard, "!"); ok {
		return !s.Features[n]
	}
	return s.Features[guard]
}

// Select rewrites the generic ops of f into target ops.
func (s *Selector) Select(f *mir.Func) error {
	if s.Table.byOp == nil {
		if err := s.Table.Init(); err != nil {
			return err
		}
	}
	if f.HasWideInts() {
		// Selected as 32-bit ops they would compute garbage silently.
		return fmt.Errorf("function '%s': wide integer registers reach instruction selection (the pipeline needs wideint-legalize first)", f.Name)
	}
	s.f = f
	s.vregs = make([]vregInfo, f.NumVRegs())
	s.depth = 0
	s.consumed = map[*mir.Instr]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			s.noteInstr(in, 1)
		}
	}
	// Later blocks first, so that constants whose uses there all fold into
	// immediates are dead by the time their defining block is selected.
	for i := len(f.Blocks) - 1; i >= 0; i-- {
		b := f.Blocks[i]
		if err := s.selectBlock(b); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	f.Props |= mir.PropSelected
	return nil
}

// noteInstr records in's definitions and adds delta to its use counts.
func (s *Selector) noteInstr(in *mir.Instr, delta int) {
	for _, m := range in.Flatten() {
		for _, o := range m.Ops {
			switch {
			case o.IsDef():
				if !o.Reg.IsVirtual() {
					break
				}
				v := s.vreg(o.Reg)
				v.ndefs += int32(delta)
				if delta > 0 {
					v.def = m
					v.multi = v.multi || v.ndefs > 1
					if m.Op == mir.GConst && len(m.Ops) == 2 && m.Ops[1].Kind == mir.KindImm && !v.multi {
						v.konst, v.isConst = m.Ops[1].Imm, true
					}
					if v.multi {
						v.isConst = false
					}
				}
			case o.IsUse() && o.Reg.IsVirtual():
				s.vreg(o.Reg).uses += int32(delta)
			}
		}
	}
}

// dead reports whether in is a generic op whose results are all unused and
// that has no other effect.
func (s *Selector) dead(in *mir.Instr) bool {
	if !in.Op.IsGeneric() {
		return false
	}
	d := mir.GenericDesc(in.Op)
	if d.Flags&(mir.FlagSideEffect|mir.FlagStore|mir.FlagLoad|mir.FlagCall|mir.FlagTerminator|mir.FlagBranch) != 0 {
		return false
	}
	return s.unused(in)
}

// unused reports whether in defines only virtual registers, none of them used.
func (s *Selector) unused(in *mir.Instr) bool {
	defs := in.Defs()
	if len(defs) == 0 {
		return false
	}
	for _, o := range defs {
		if !o.Reg.IsVirtual() || s.usesOf(o.Reg) > 0 {
			return false
		}
	}
	return true
}

func (s *Selector) selectBlock(b *mir.Block) error {
	s.block = b
	s.orig = b.Instrs
	s.pos = make(map[*mir.Instr]int, len(s.orig))
	for i, in := range s.orig {
		s.pos[in] = i
	}
	// The new instruction list is collected backwards.
	out := make([]*mir.Instr, 0, len(s.orig))
	for i := len(s.orig) - 1; i >= 0; i-- {
		var err error
		if out, err = s.selectInstr(s.orig[i], out); err != nil {
			return err
		}
	}
	slices.Reverse(out)
	b.Instrs = out
	return nil
}

// zeroUses makes the explicit register reads of constant 0 in an
// instruction that is already selected (a target op an earlier pass
// emitted, such as an argument store of call lowering) or in a copy read
// the zero register instead, as a materializing leaf of a rule would: the
// constant then need not live in a register of its own. Tied operands
// and the other passthrough ops (PHIs, inline assembly) keep theirs.
func (s *Selector) zeroUses(in *mir.Instr) {
	zr := s.Table.ZeroReg
	if zr == mir.NoReg || in.Op.IsGeneric() && in.Op != mir.GCopy {
		return
	}
	tied := s.f.Arch.Desc(in.Op).Tied // def index -> use index among the uses
	for i := range in.Ops {
		o := &in.Ops[i]
		if !o.IsUse() || o.Kind != mir.KindReg || o.Flags&mir.FlagImplicit != 0 || !o.Reg.IsVirtual() {
			continue
		}
		if v, ok := s.constOf(o.Reg); !ok || v != 0 {
			continue
		}
		isTied := false
		for _, u := range tied {
			isTied = isTied || in.NumDefs()+u == i
		}
		if isTied {
			continue
		}
		s.vreg(o.Reg).uses--
		*o = mir.R(zr)
	}
}

// selectInstr appends the instructions that replace in to rev, which
// holds the block's selected instructions backwards (last first): the
// replacements go in backwards too, without a slice of their own.
func (s *Selector) selectInstr(in *mir.Instr, rev []*mir.Instr) ([]*mir.Instr, error) {
	if s.dead(in) || s.consumed[in] && s.unused(in) {
		s.noteInstr(in, -1)
		return rev, nil
	}
	if !in.Op.IsGeneric() || s.Table.IsPassthrough(in.Op) {
		s.zeroUses(in)
		return append(rev, in), nil
	}
	// The match buffers are the selector's: nothing of a match is used
	// once its rule has emitted (the selections of what it emitted, which
	// reuse them, come after).
	st := matchState{caps: s.capBuf[:0], folded: s.foldBuf[:0]}
	for _, r := range s.Table.byOp[in.Op] {
		if !s.Has(r.Guard) {
			continue
		}
		// The rules tried share the capture buffers (a failed match
		// leaves nothing behind that is used).
		st.reset(0, 0, 0)
		if !s.match(r.Match, in, in, &st) || r.When != nil && !r.When(st.caps) {
			continue
		}
		e := s.emitter(in, st.caps, r)
		if err := e.materialize(r.Match); err != nil {
			return rev, err
		}
		var err error
		if r.EmitFunc != nil {
			err = r.EmitFunc(e)
		} else {
			err = e.template(r.Emit)
		}
		if err != nil {
			return rev, fmt.Errorf("rule %s: %w", r.Name, err)
		}
		if s.Trace != nil {
			s.Trace("ISEL: %-16s <- %s", r.Name, mir.FormatInstr(s.f, in))
		}
		if s.Coverage != nil {
			s.Coverage[r.Name]++
		}
		s.Selected++
		s.Folded += int64(len(st.folded) + st.consts)
		for _, p := range st.folded {
			s.consumed[p] = true
		}
		s.capBuf, s.foldBuf = st.caps[:0], st.folded[:0]
		s.noteInstr(in, -1)
		guardOut(s.f, in, e.out)
		mir.CarryMem(s.f, in, e.out)
		for _, n := range e.out {
			s.noteInstr(n, 1)
		}
		// Generic instructions the rule inserted (materialized constants,
		// legalized addresses) are selected in turn, last first.
		for i := len(e.out) - 1; i >= 0; i-- {
			n := e.out[i]
			if n.Op.IsGeneric() && !s.Table.IsPassthrough(n.Op) {
				var err error
				if rev, err = s.selectInstr(n, rev); err != nil {
					return rev, err
				}
				continue
			}
			rev = append(rev, n)
		}
		s.depth--
		return rev, nil
	}
	return rev, fmt.Errorf("cannot select %s", mir.FormatInstr(s.f, in))
}

// emitter returns the emitter of the next recursion depth, set up for a
// match of rule at root; selectInstr gives it back (depth--) once it has
// walked the emitter's output.
func (s *Selector) emitter(root *mir.Instr, caps []mir.Operand, rule *Rule) *Emitter {
	if s.depth == len(s.emitters) {
		s.emitters = append(s.emitters, &Emitter{})
	}
	e := s.emitters[s.depth]
	s.depth++
	*e = Emitter{s: s, root: root, caps: caps, rule: rule, tmps: e.tmps[:0], out: e.out[:0]}
	return e
}

// guardOut carries the guard of a guarded root to what its rule emitted:
// the instructions that define the root's results (with the values they
// keep, mir.Instr.GuardedOld) and those with an effect a false guard must
// suppress (memory, calls, side effects, traps). Pure computations of
// temporaries stay unguarded: they run speculatively, and only guarded
// instructions read them.
func guardOut(f *mir.Func, root *mir.Instr, out []*mir.Instr) {
	p := root.Pred()
	if p == nil || root.Op == mir.GCmpp {
		return
	}
	guard := *p
	old := map[mir.Reg]mir.Operand{}
	defs := root.Defs()
	for k, i := range root.GuardedOld() {
		old[defs[k].Reg] = root.Ops[i]
	}
	for _, n := range out {
		if n.Pred() != nil {
			continue
		}
		rootDef := false
		for _, d := range n.Defs() {
			for _, rd := range defs {
				rootDef = rootDef || d.Reg == rd.Reg
			}
		}
		if !rootDef && pure(f, n) {
			continue
		}
		n.Ops = append(n.Ops, guard)
		if len(old) == 0 {
			continue
		}
		for _, d := range n.Defs() {
			o, ok := old[d.Reg]
			if !ok {
				o = mir.Operand{Kind: mir.KindReg, Reg: d.Reg, Flags: mir.FlagImplicit | mir.FlagUndef}
			}
			n.Ops = append(n.Ops, o)
		}
	}
}

// trapping are the generic ops that may fault (never speculated).
var trapping = map[mir.Opcode]bool{mir.GSDiv: true, mir.GUDiv: true, mir.GSRem: true, mir.GURem: true}

// pure reports whether n only computes its definitions and cannot trap.
func pure(f *mir.Func, n *mir.Instr) bool {
	d := f.Arch.Desc(n.Op)
	if d.Flags&(mir.FlagLoad|mir.FlagStore|mir.FlagSideEffect|mir.FlagCall|mir.FlagTerminator|mir.FlagBranch|mir.FlagReturn) != 0 {
		return false
	}
	return !trapping[n.Op] && len(n.Defs()) > 0
}
