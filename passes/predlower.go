package passes

import (
	"fmt"

	"lltosimd/mir"
)

// Statistic keys of predicate-lowering.
const (
	statPLSelects    = "selects"
	statPLCmpps      = "cmpps"
	statPLSpeculated = "speculated"
)

// predicate-lowering turns predicated generic MIR (if-convert's output)
// into ordinary SSA MIR for targets without predicated instructions, the
// way LLVM's EarlyIfConversion speculates: a guarded definition
//
//	%x = op ..., pred:%p     becomes     %t = op ...
//	                                     %x2 = G_SELECT %p, %t, %x1
//
// where %x1 is the value %x had before (the guard keeps it when false);
// when %x had no value before, the select is not needed and the op just
// runs. G_CMPP becomes G_ICMP, G_AND, G_OR and G_XOR on 0/1 values with
// the actions of /work/shared/spec/ifconv.md §1.2 (UN = g∧r, UC = g∧¬r,
// ON: p ∨= g∧r, OC: p ∨= g∧¬r, AN: p ∧= ¬g∨r, AC: p ∧= ¬g∨¬r, CN/CC: a
// select on g). The registers written more than once (predicates, the
// copies that replaced phis) are renamed into SSA with phis where paths
// meet (Braun et al., "Simple and Efficient Construction of SSA Form"),
// and what the lowering leaves unused is deleted. Only speculable
// instructions (SpeculationSafe) may be guarded; if-convert's model for
// such a target guarantees it.
var predLowerPass = Register(&Pass{
	Name: "predicate-lowering",
	Desc: "speculate predicated MIR and merge with G_SELECT (targets without predication)",
	Stats: map[string]string{
		statPLSelects:    "Number of selects inserted for guarded definitions",
		statPLCmpps:      "Number of G_CMPP lowered to compares and logic",
		statPLSpeculated: "Number of guarded instructions speculated",
	},
	Forbids: mir.PropSelected | mir.PropNoVRegs | mir.PropNoPHIs, Sets: mir.PropSSA,
	WeakSets: mir.PropSSA, // not for a function without if-convert output that was not SSA (runPredLower)
	Run:      runPredLower,
})

// hasIfConvOutput reports whether f holds what if-convert makes: a
// G_CMPP or a guard on a virtual register.
func hasIfConvOutput(f *mir.Func) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if p := in.Pred(); in.Op == mir.GCmpp || p != nil && p.Reg.IsVirtual() {
				return true
			}
		}
	}
	return false
}

// singleDefs reports whether every virtual register of f has at most one
// definition.
func singleDefs(f *mir.Func) bool {
	seen := map[mir.Reg]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Defs() {
				if d.Reg.IsVirtual() {
					if seen[d.Reg] {
						return false
					}
					seen[d.Reg] = true
				}
			}
		}
	}
	return true
}

// plState is the renaming state of one function.
type plState struct {
	c           *Ctx
	f           *mir.Func
	rename      map[mir.Reg]bool                   // registers rebuilt into SSA
	newName     map[*mir.Instr][]mir.Reg           // per def operand of renamed registers
	lastDef     map[*mir.Block]map[mir.Reg]mir.Reg // the value at the block's end, where defined in it
	entry       map[*mir.Block]map[mir.Reg]mir.Reg // the value at the block's start (memo)
	phis        map[*mir.Block][]*mir.Instr
	orig        map[mir.Reg]mir.Reg // new name → the register it renames
	isUndefName map[mir.Reg]bool    // new names defined by IMPLICIT_DEF
	konst       map[mir.Reg]int8    // new names of predicates known to be 0 or 1
	alias       map[mir.Reg]mir.Reg // name → the register that holds it
	undef       map[mir.RegClass]mir.Reg
	undefs      []*mir.Instr // IMPLICIT_DEFs for the top of the entry block
	out         []*mir.Instr // instructions of the block being rewritten
	// keep is set for a predicated target: guards stay, and a guarded
	// definition names the value it keeps when the guard is false
	// (mir.Instr.GuardedOld) instead of being merged with a select.
	keep bool
	tru  mir.Reg // trueReg's predicate
}

func runPredLower(c *Ctx, f *mir.Func) error {
	if !hasIfConvOutput(f) {
		// Nothing to lower. A register written more than once here is
		// not if-convert's: target code already selected (VC4 inlines
		// selected helpers, whose guards on the flags keep old values
		// through implicit reads), which renaming would break.
		if singleDefs(f) {
			f.Props |= mir.PropSSA
		}
		return nil
	}
	ndefs := map[mir.Reg]int{}
	s := &plState{c: c, f: f, rename: map[mir.Reg]bool{}}
	var noSpec []mir.Opcode
	if m, ok := MachineFor(f.Arch).(IfConvMachine); ok {
		info := m.IfConvInfo(c.Option("mcpu"))
		noSpec, s.keep = info.NoSpeculate, info.Predicated
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			g := in.Pred() != nil
			if g && !s.keep && in.Op != mir.GCmpp && (in.NumDefs() == 0 || !SpeculationSafe(f, in, noSpec)) {
				return fmt.Errorf("predicate-lowering: bb%d: cannot lower guarded %s: the target has no predicated instructions and it cannot be speculated",
					b.ID, mir.FormatInstr(f, in))
			}
			for _, d := range in.Defs() {
				if !d.Reg.IsVirtual() {
					continue
				}
				ndefs[d.Reg]++
				if g || in.Op == mir.GCmpp || ndefs[d.Reg] > 1 {
					s.rename[d.Reg] = true
				}
			}
		}
	}
	if len(s.rename) == 0 {
		f.Props |= mir.PropSSA
		return nil
	}
	s.newName = map[*mir.Instr][]mir.Reg{}
	s.lastDef = map[*mir.Block]map[mir.Reg]mir.Reg{}
	s.entry = map[*mir.Block]map[mir.Reg]mir.Reg{}
	s.phis = map[*mir.Block][]*mir.Instr{}
	s.alias = map[mir.Reg]mir.Reg{}
	s.orig = map[mir.Reg]mir.Reg{}
	s.isUndefName = map[mir.Reg]bool{}
	s.konst = map[mir.Reg]int8{}
	s.undef = map[mir.RegClass]mir.Reg{}
	for _, b := range f.Blocks {
		s.lastDef[b] = map[mir.Reg]mir.Reg{}
		s.entry[b] = map[mir.Reg]mir.Reg{}
		for _, in := range b.Instrs {
			for i, d := range in.Defs() {
				if s.rename[d.Reg] {
					if s.newName[in] == nil {
						s.newName[in] = make([]mir.Reg, in.NumDefs())
					}
					n := f.NewVReg(f.ClassOf(d.Reg))
					s.newName[in][i] = n
					s.orig[n] = d.Reg
					if in.Op == mir.GImplicitDef {
						s.isUndefName[n] = true
					}
					s.lastDef[b][d.Reg] = n
				}
			}
		}
	}
	for _, b := range f.Blocks {
		s.block(b)
	}
	for _, b := range f.Blocks {
		if ps := s.phis[b]; len(ps) > 0 {
			b.Instrs = append(append([]*mir.Instr(nil), ps...), b.Instrs...)
		}
	}
	if len(s.undefs) > 0 {
		e := f.Blocks[0]
		i := 0
		for i < len(e.Instrs) && (e.Instrs[i].Op == mir.GArgs || e.Instrs[i].Op == mir.GPhi) {
			i++
		}
		e.Instrs = append(e.Instrs[:i:i], append(s.undefs, e.Instrs[i:]...)...)
	}
	// Resolve the names that became other registers.
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for i := range in.Ops {
				if o := &in.Ops[i]; o.Kind == mir.KindReg || o.Kind == mir.KindPred {
					o.Reg = s.resolve(o.Reg)
				}
			}
		}
	}
	s.deadCode()
	if s.keep {
		foldGuardedCopies(f)
	}
	f.Props |= mir.PropSSA
	return nil
}

// foldGuardedCopies folds a guarded copy `%m = COPY %t, pred:%p, implicit
// %old` (a merge if-convert made of a phi) into the definition of %t when
// that is its only use: the definition, unguarded or under the same
// guard, then writes %m under the guard itself and keeps %old. That is
// only valid when %old is available at the definition (defined before it
// or elsewhere in the function) and nothing between reads %m.
func foldGuardedCopies(f *mir.Func) {
	uses := map[mir.Reg]int{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, o := range in.Ops {
				if o.IsUse() && o.Reg.IsVirtual() {
					uses[o.Reg]++
				}
			}
		}
	}
	for _, b := range f.Blocks {
		pos := map[mir.Reg]int{}
		for i, in := range b.Instrs {
			for _, d := range in.Defs() {
				pos[d.Reg] = i
			}
		}
		dead := map[*mir.Instr]bool{}
		for i, cp := range b.Instrs {
			g := cp.Pred()
			if cp.Op != mir.GCopy || g == nil || cp.Ops[1].Kind != mir.KindReg || uses[cp.Ops[1].Reg] != 1 {
				continue
			}
			t := cp.Ops[1].Reg
			j, ok := pos[t]
			if !ok || j >= i {
				continue
			}
			def := b.Instrs[j]
			if def.NumDefs() != 1 || def.Op == mir.GPhi || def.Op == mir.GImplicitDef || def.Op == mir.GArgs || len(def.GuardedOld()) > 0 {
				continue
			}
			if dg := def.Pred(); dg != nil && (dg.Reg != g.Reg || dg.Neg != g.Neg) {
				continue
			}
			if f.Arch.Desc(def.Op).Flags&(mir.FlagCall|mir.FlagSideEffect|mir.FlagTerminator) != 0 {
				continue
			}
			olds := cp.GuardedOld()
			if len(olds) == 1 && cp.Ops[olds[0]].Flags&mir.FlagUndef == 0 {
				if k, ok := pos[cp.Ops[olds[0]].Reg]; ok && k >= j {
					continue
				}
			}
			// The guard must not change between the two.
			if k, ok := pos[g.Reg]; ok && k >= j {
				continue
			}
			def.Ops[0].Reg = cp.Ops[0].Reg
			if def.Pred() == nil {
				def.Ops = append(def.Ops, *g)
			}
			if len(olds) == 1 {
				o := cp.Ops[olds[0]]
				if o.Flags&mir.FlagUndef != 0 {
					o.Reg = def.Ops[0].Reg
				}
				def.Ops = append(def.Ops, o)
			}
			pos[def.Ops[0].Reg] = j
			dead[cp] = true
		}
		if len(dead) > 0 {
			out := b.Instrs[:0]
			for _, in := range b.Instrs {
				if !dead[in] {
					out = append(out, in)
				}
			}
			b.Instrs = out
		}
	}
}

// resolve follows aliases.
func (s *plState) resolve(r mir.Reg) mir.Reg {
	for {
		a, ok := s.alias[r]
		if !ok {
			return r
		}
		r = a
	}
}

// isUndef reports whether v holds no defined value (mir.NoReg or an
// IMPLICIT_DEF, which if-convert places where the old value of a guarded
// register is never read).
func (s *plState) isUndef(v mir.Reg) bool {
	return v == mir.NoReg || s.isUndefName[s.resolve(v)] || s.isUndefName[v]
}

// undefReg returns a register of class rc holding an undefined value
// (IMPLICIT_DEF at the top of the entry block).
func (s *plState) undefReg(rc mir.RegClass) mir.Reg {
	if r, ok := s.undef[rc]; ok {
		return r
	}
	r := s.f.NewVReg(rc)
	s.undef[rc] = r
	s.undefs = append(s.undefs, mir.NewInstr(mir.GImplicitDef, mir.D(r)))
	return r
}

// readEnd returns the value of x at the end of b (mir.NoReg: undefined).
func (s *plState) readEnd(b *mir.Block, x mir.Reg) mir.Reg {
	if v, ok := s.lastDef[b][x]; ok {
		return v
	}
	return s.readEntry(b, x)
}

// readEntry returns the value of x at the start of b, placing a phi where
// predecessors disagree (the phi is made before its inputs are read, which
// ends the recursion around loops).
func (s *plState) readEntry(b *mir.Block, x mir.Reg) mir.Reg {
	if v, ok := s.entry[b][x]; ok {
		return v
	}
	switch len(b.Preds) {
	case 0:
		s.entry[b][x] = mir.NoReg
		return mir.NoReg
	case 1:
		v := s.readEnd(b.Preds[0], x)
		s.entry[b][x] = v
		return v
	}
	phi := s.f.NewVReg(s.f.ClassOf(x))
	s.entry[b][x] = phi
	vals := make([]mir.Reg, len(b.Preds))
	// Trivial when every input is the phi itself or one other value
	// (mir.NoReg, undefined, counts as a value: an undefined input does not
	// let another value stand for it, which might not dominate).
	same, first, trivial := mir.NoReg, true, true
	for i, p := range b.Preds {
		vals[i] = s.readEnd(p, x)
		switch v := s.resolve(vals[i]); {
		case v == phi || !first && v == same:
		case first:
			same, first = v, false
		default:
			trivial = false
		}
	}
	if trivial {
		if same == mir.NoReg {
			// Callers in the recursion may hold the phi.
			s.alias[phi] = s.undefReg(s.f.ClassOf(x))
			s.entry[b][x] = mir.NoReg
			return mir.NoReg
		}
		s.alias[phi] = same
		return same
	}
	in := mir.NewInstr(mir.GPhi, mir.D(phi))
	for i, p := range b.Preds {
		v := vals[i]
		if v == mir.NoReg {
			v = s.undefReg(s.f.ClassOf(x))
		}
		in.Ops = append(in.Ops, mir.R(v), mir.B(p))
	}
	s.phis[b] = append(s.phis[b], in)
	return phi
}

// block rewrites b's instructions.
func (s *plState) block(b *mir.Block) {
	f := s.f
	cur := map[mir.Reg]mir.Reg{}
	val := func(x mir.Reg) mir.Reg {
		if v, ok := cur[x]; ok {
			return v
		}
		return s.readEntry(b, x)
	}
	use := func(x mir.Reg) mir.Reg {
		v := val(x)
		if v == mir.NoReg {
			v = s.undefReg(f.ClassOf(x))
		}
		return v
	}
	s.out = nil
	for _, in := range b.Instrs {
		nd := in.NumDefs()
		if in.Op == mir.GPhi {
			for k := 1; k+1 < len(in.Ops); k += 2 {
				if o := &in.Ops[k]; o.Kind == mir.KindReg && s.rename[o.Reg] {
					v := s.readEnd(in.Ops[k+1].Block, o.Reg)
					if v == mir.NoReg {
						v = s.undefReg(f.ClassOf(o.Reg))
					}
					o.Reg = v
				}
			}
		} else {
			for i := nd; i < len(in.Ops); i++ {
				if o := &in.Ops[i]; (o.Kind == mir.KindReg || o.Kind == mir.KindPred) && s.rename[o.Reg] {
					o.Reg = use(o.Reg)
				}
			}
		}
		names := s.newName[in]
		switch p := in.Pred(); {
		case s.keep && (p != nil || in.Op == mir.GCmpp):
			s.keepGuard(in, names, val)
		case in.Op == mir.GCmpp:
			s.lowerCmpp(in, names, val)
			s.c.Count(statPLCmpps, 1)
		case p != nil:
			g := *p
			for i := len(in.Ops) - 1; i >= 0; i-- {
				if in.Ops[i].Kind == mir.KindPred {
					in.Ops = append(in.Ops[:i], in.Ops[i+1:]...)
				}
			}
			s.c.Count(statPLSpeculated, 1)
			var sels []*mir.Instr
			isCopy := in.Op == mir.GCopy && in.Ops[1].Kind == mir.KindReg
			for i := 0; i < nd; i++ {
				x := in.Ops[i].Reg
				old := val(x)
				if s.isUndef(old) {
					if isCopy {
						s.alias[names[i]] = in.Ops[1].Reg
						in = nil
					} else {
						in.Ops[i].Reg = names[i]
					}
					continue
				}
				t := f.NewVReg(f.ClassOf(x))
				if isCopy {
					// The select reads the copied value itself.
					t, in = in.Ops[1].Reg, nil
				} else {
					in.Ops[i].Reg = t
				}
				tv, fv := t, old
				if g.Neg {
					tv, fv = old, t
				}
				sels = append(sels, mir.NewInstr(mir.GSelect, mir.D(names[i]), mir.R(g.Reg), mir.R(tv), mir.R(fv)))
				s.c.Count(statPLSelects, 1)
			}
			if in != nil {
				s.out = append(s.out, in)
			}
			s.out = append(s.out, sels...)
		case names != nil && in.Op == mir.GCopy && in.Ops[1].Kind == mir.KindReg && in.Ops[1].Reg.IsVirtual():
			// A copy into a renamed register is the copied value.
			s.alias[names[0]] = in.Ops[1].Reg
		default:
			for i := 0; i < nd; i++ {
				if names != nil && names[i] != mir.NoReg {
					in.Ops[i].Reg = names[i]
				}
			}
			s.out = append(s.out, in)
		}
		for _, n := range names {
			if n != mir.NoReg {
				cur[s.orig[n]] = n
			}
		}
	}
	b.Instrs = s.out
}

// keepGuard renames the definitions of a guarded instruction or G_CMPP
// for a predicated target and appends the values they keep when they are
// not written (mir.Instr.GuardedOld): the old value, or an undef operand
// where the instruction does not read it (UN/UC, or no value before). A
// wired-OR/AND or CN/CC define of a predicate with no value before reads
// its initial value: 0, 1 for wired-AND (the predicated machine's
// registers hold anything).
func (s *plState) keepGuard(in *mir.Instr, names []mir.Reg, val func(mir.Reg) mir.Reg) {
	f := s.f
	nd := in.NumDefs()
	var acts []mir.CmppAction
	if in.Op == mir.GCmpp {
		acts, _ = mir.ParseCmppActions(in.Ops[nd].Sym) // the verifier checked them
	}
	olds := make([]mir.Operand, nd)
	anyOld := false
	for i := 0; i < nd; i++ {
		x := in.Ops[i].Reg
		olds[i] = mir.Operand{Kind: mir.KindReg, Reg: names[i], Flags: mir.FlagImplicit | mir.FlagUndef}
		if in.Op == mir.GCmpp && acts[i].IsUnconditional() || in.Op != mir.GCmpp && in.Pred() == nil {
			continue
		}
		old := val(x)
		if s.isUndef(old) {
			if in.Op != mir.GCmpp {
				continue
			}
			act := mir.ActUC // 0 == 0: UC writes 0, UN 1 (spec §1.2)
			if acts[i].IsAnd() {
				act = mir.ActUN
			}
			old = f.NewVReg(f.ClassOf(x))
			s.out = append(s.out, mir.NewInstr(mir.GCmpp, mir.D(old), mir.Str(act.String()), mir.C(mir.CondEQ), mir.I(0), mir.I(0)))
		}
		olds[i] = mir.Operand{Kind: mir.KindReg, Reg: old, Flags: mir.FlagImplicit}
		anyOld = true
	}
	for i := 0; i < nd; i++ {
		in.Ops[i].Reg = names[i]
	}
	if anyOld {
		if in.Pred() == nil {
			// An unguarded CN/CC/ON/... define: its guard is T.
			in.Ops = append(in.Ops, mir.P(s.trueReg(), false))
		}
		in.Ops = append(in.Ops, olds...)
	}
	s.out = append(s.out, in)
}

// trueReg returns a predicate that is always 1 (UN on 0 == 0), defined
// at the top of the entry block.
func (s *plState) trueReg() mir.Reg {
	if s.tru == mir.NoReg {
		s.tru = s.f.NewVReg(0)
		s.undefs = append(s.undefs, mir.NewInstr(mir.GCmpp, mir.D(s.tru), mir.Str(mir.ActUN.String()), mir.C(mir.CondEQ), mir.I(0), mir.I(0)))
	}
	return s.tru
}

// plVal is a 0/1 value during G_CMPP lowering: a register or a constant.
type plVal struct {
	reg mir.Reg
	k   int8 // -1: in reg; 0 or 1: constant
}

var plFalse, plTrue = plVal{k: 0}, plVal{k: 1}

// emit appends an instruction computing op(a, b) into a new register.
func (s *plState) emit(op mir.Opcode, ops ...mir.Operand) plVal {
	r := s.f.NewVReg(0)
	s.out = append(s.out, mir.NewInstr(op, append([]mir.Operand{mir.D(r)}, ops...)...))
	return plVal{reg: r, k: -1}
}

func (s *plState) not(a plVal) plVal {
	if a.k >= 0 {
		return plVal{k: 1 - a.k}
	}
	return s.emit(mir.GXor, mir.R(a.reg), mir.R(s.materialize(plTrue)))
}

func (s *plState) and(a, b plVal) plVal {
	switch {
	case a.k == 0 || b.k == 0:
		return plFalse
	case a.k == 1:
		return b
	case b.k == 1:
		return a
	}
	return s.emit(mir.GAnd, mir.R(a.reg), mir.R(b.reg))
}

func (s *plState) or(a, b plVal) plVal {
	switch {
	case a.k == 1 || b.k == 1:
		return plTrue
	case a.k == 0:
		return b
	case b.k == 0:
		return a
	}
	return s.emit(mir.GOr, mir.R(a.reg), mir.R(b.reg))
}

// materialize returns a register holding v.
func (s *plState) materialize(v plVal) mir.Reg {
	if v.k < 0 {
		return v.reg
	}
	return s.emit(mir.GConst, mir.I(int64(v.k))).reg
}

// lowerCmpp lowers one G_CMPP (spec §1.2): each destination's new value
// from the guard g, the compare r and its old value.
func (s *plState) lowerCmpp(in *mir.Instr, names []mir.Reg, val func(mir.Reg) mir.Reg) {
	nd := in.NumDefs()
	acts, _ := mir.ParseCmppActions(in.Ops[nd].Sym) // the verifier checked them
	cond, a, b := in.Ops[nd+1].Cond, in.Ops[nd+2], in.Ops[nd+3]
	operand := func(o mir.Operand) mir.Operand {
		if o.Kind == mir.KindImm {
			return mir.R(s.emit(mir.GConst, o).reg)
		}
		return o
	}
	var rv [2]*plVal // compare result, normal and complemented
	r := func(compl bool) plVal {
		i := 0
		if compl {
			i = 1
		}
		if rv[i] == nil {
			var v plVal
			if a.Kind == mir.KindImm && b.Kind == mir.KindImm {
				v = plFalse
				if cond.Eval(uint32(a.Imm), uint32(b.Imm)) != compl {
					v = plTrue
				}
			} else {
				c := cond
				if compl {
					c = cond.Inverse()
				}
				v = s.emit(mir.GICmp, mir.C(c), operand(a), operand(b))
			}
			rv[i] = &v
		}
		return *rv[i]
	}
	g := plTrue
	if p := in.Pred(); p != nil {
		g = plVal{reg: p.Reg, k: -1}
		if p.Neg {
			g = s.not(g)
		}
	}
	for i, act := range acts {
		x := in.Ops[i].Reg
		// UN and UC always write: the old value is not read (reading it
		// would thread phis for it through the function).
		oldReg := mir.NoReg
		if !act.IsUnconditional() {
			oldReg = val(x)
		}
		old := plVal{reg: oldReg, k: -1}
		if k, ok := s.konst[oldReg]; ok {
			old = plVal{k: k}
		} else if s.isUndef(oldReg) {
			oldReg = mir.NoReg
			// Not initialised: the wired AND starts at 1, the rest at 0.
			old = plFalse
			if act.IsAnd() {
				old = plTrue
			}
		}
		compl := act.Complemented()
		var v plVal
		switch {
		case act.IsUnconditional():
			v = s.and(g, r(compl))
		case act.IsOr():
			v = s.or(old, s.and(g, r(compl)))
		case act.IsAnd():
			v = s.and(old, s.or(s.not(g), r(compl)))
		default: // CN, CC
			switch {
			case g.k == 1 || oldReg == mir.NoReg:
				v = r(compl)
			case g.k == 0:
				v = old
			default:
				v = s.emit(mir.GSelect, mir.R(g.reg), mir.R(s.materialize(r(compl))), mir.R(old.reg))
			}
		}
		if v.k >= 0 {
			s.konst[names[i]] = v.k
		}
		s.alias[names[i]] = s.materialize(v)
	}
}

// deadCode deletes the instructions whose results nothing needs and that
// have no other effect (the compares and predicates the lowering left
// unused, phis that only feed each other): mark from the instructions
// with effects, sweep the rest.
func (s *plState) deadCode() {
	f := s.f
	removable := func(in *mir.Instr) bool {
		if in.NumDefs() == 0 {
			return false
		}
		for _, d := range in.Defs() {
			if !d.Reg.IsVirtual() {
				return false
			}
		}
		return in.Op == mir.GPhi || in.Op == mir.GImplicitDef ||
			SpeculationSafe(f, in, nil) && f.Arch.Desc(in.Op).Flags&mir.FlagLoad == 0
	}
	defOf := map[mir.Reg]*mir.Instr{}
	var work []*mir.Instr
	live := map[*mir.Instr]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, d := range in.Defs() {
				defOf[d.Reg] = in
			}
			if !removable(in) {
				live[in] = true
				work = append(work, in)
			}
		}
	}
	for len(work) > 0 {
		in := work[len(work)-1]
		work = work[:len(work)-1]
		for _, o := range in.Ops {
			if d := defOf[o.Reg]; o.IsUse() && d != nil && !live[d] {
				live[d] = true
				work = append(work, d)
			}
		}
	}
	for _, b := range f.Blocks {
		out := b.Instrs[:0]
		for _, in := range b.Instrs {
			if live[in] {
				out = append(out, in)
			}
		}
		b.Instrs = out
	}
}
