package passes

import (
	"fmt"
	"strings"

	"lltosimd/mir"
)

// Statistic keys of vector-legalize.
const (
	statVecScalarized = "scalarized"
	statVecKept       = "kept"
	statVecLaneOps    = "lane-ops"
)

// OptLegalVectors (-pass-option legal-vectors=v4s32,v4f32) declares every
// vector op on the listed shapes legal, in addition to what the target's
// VectorMachine says: for tests and for trying a target's vector support.
const OptLegalVectors = "legal-vectors"

// VectorMachine is implemented by a Machine whose target selects some
// vector ops whole (SIMD). Without it every vector op is scalarized.
type VectorMachine interface {
	// VectorLegal reports whether the target selects generic op on vectors
	// of shape t. t is the shape of the vector the op computes, except for
	// compares (the compared vectors), G_VSTORE (the stored vector) and
	// G_EXTRACT_VECTOR_ELT (the source vector).
	VectorLegal(op mir.Opcode, t mir.VecType) bool
}

// VectorLegalizePass splits the vector ops a target cannot select into the
// scalar ops of their lanes, the sequences the scalar lowering of the
// frontend produces: a lane-wise op becomes one op per lane, a vector
// load or store one access per lane, G_BUILD_VECTOR, G_SHUFFLE_VECTOR and
// constant-index G_EXTRACT_VECTOR_ELT / G_INSERT_VECTOR_ELT and COPY only
// rename lanes, variable indices become compare-and-select chains. Immediate
// lanes are materialized where a lane op needs them, reusing a G_CONST of
// the block as the frontend's per-block constant cache does. Legal ops
// stay whole; where a legal op meets a scalarized one, the pass builds the
// vector (G_BUILD_VECTOR after the lanes' definitions) or reads its lanes
// (G_EXTRACT_VECTOR_ELT after the vector's definition).
var VectorLegalizePass = Register(&Pass{
	Name:    "vector-legalize",
	Desc:    "split vector ops the target does not select into scalar ops on their lanes",
	Needs:   mir.PropSSA,
	Forbids: mir.PropSelected,
	Stats: map[string]string{
		statVecScalarized: "Number of vector instructions scalarized",
		statVecKept:       "Number of vector instructions kept whole",
		statVecLaneOps:    "Number of scalar instructions emitted for lanes",
	},
	Run: func(c *Ctx, f *mir.Func) error {
		if !f.HasVectors() {
			return nil
		}
		return LegalizeVectors(c, f, vectorLegality(c, f.Arch))
	},
})

// vectorLegality combines the target's VectorMachine and -pass-option
// legal-vectors.
func vectorLegality(c *Ctx, a *mir.Arch) func(mir.Opcode, mir.VecType) bool {
	vm, _ := MachineFor(a).(VectorMachine)
	shapes := map[mir.VecType]bool{}
	for _, s := range strings.Split(c.Option(OptLegalVectors), ",") {
		if t, ok := mir.ParseVecType(strings.TrimSpace(s)); ok {
			shapes[t] = true
		}
	}
	return func(op mir.Opcode, t mir.VecType) bool {
		return shapes[t] || vm != nil && vm.VectorLegal(op, t)
	}
}

// vecLegalizer is the state of vector-legalize on one function.
type vecLegalizer struct {
	c     *Ctx
	f     *mir.Func
	legal func(mir.Opcode, mir.VecType) bool
	keep  map[*mir.Instr]bool
	whole map[mir.Reg]bool // vectors a kept instruction reads
	split map[mir.Reg]bool // vectors a scalarized instruction reads
	lanes map[mir.Reg][]mir.Operand
	subst map[mir.Reg]mir.Reg
	out   []*mir.Instr
	konst map[int64]mir.Reg
	phis  []lanePhis
	// after holds instructions to place after the current block's phis.
	after []*mir.Instr
}

// lanePhis are the lane phis of a scalarized vector phi, filled once every
// incoming vector's lanes are known.
type lanePhis struct {
	vec  *mir.Instr
	defs []*mir.Instr
}

// LegalizeVectors scalarizes the vector instructions of f that legal
// refuses (see VectorLegalizePass). c may be a Ctx of any pass.
func LegalizeVectors(c *Ctx, f *mir.Func, legal func(mir.Opcode, mir.VecType) bool) error {
	v := &vecLegalizer{c: c, f: f, legal: legal, keep: map[*mir.Instr]bool{}, whole: map[mir.Reg]bool{},
		split: map[mir.Reg]bool{}, lanes: map[mir.Reg][]mir.Operand{}, subst: map[mir.Reg]mir.Reg{}}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			t, ok, err := v.shape(in)
			if err != nil {
				return fmt.Errorf("function '%s': vector-legalize: %s: %v", f.Name, f.Arch.OpName(in.Op), err)
			}
			if !ok {
				continue
			}
			kept := legal(in.Op, t)
			if in.Op == mir.GShuffleVector && kept {
				// The sources may have another shape than the result
				// (a half of a vector): they must be kept whole too.
				st, _ := v.vecReg(in.Uses()[0])
				kept = legal(in.Op, st)
			}
			v.keep[in] = kept
			for _, o := range in.Uses() {
				if _, isVec := v.vecReg(o); isVec {
					if kept {
						v.whole[o.Reg] = true
					} else {
						v.split[o.Reg] = true
					}
				}
			}
		}
	}
	for _, b := range rpoBlocks(f) {
		if err := v.block(b); err != nil {
			return fmt.Errorf("function '%s': vector-legalize: %v", f.Name, err)
		}
	}
	v.fillPhis()
	v.finish()
	return nil
}

func (v *vecLegalizer) vecReg(o mir.Operand) (mir.VecType, bool) {
	if o.Kind != mir.KindReg || !o.Reg.IsVirtual() {
		return mir.VecType{}, false
	}
	return v.f.VecOf(o.Reg)
}

// shape returns the shape VectorLegal is asked about for in, and whether
// in involves vectors at all.
func (v *vecLegalizer) shape(in *mir.Instr) (mir.VecType, bool, error) {
	var t mir.VecType
	found := false
	for _, o := range in.Ops {
		if vt, ok := v.vecReg(o); ok {
			t, found = vt, true
			break
		}
	}
	if !found {
		return t, false, nil
	}
	if !in.Op.IsGeneric() {
		return t, false, fmt.Errorf("vector register in a target instruction")
	}
	switch in.Op {
	case mir.GICmp, mir.GFCmp:
		t, _ = v.vecReg(in.Uses()[1])
	case mir.GSelect:
		t, _ = v.vecReg(in.Defs()[0])
	case mir.GExtractVectorElt, mir.GVStore:
		t, _ = v.vecReg(in.Uses()[0])
	}
	return t, true, nil
}

// rpoBlocks lists f's blocks in reverse postorder from the entry (every
// definition before its non-phi uses), then the unreachable ones.
func rpoBlocks(f *mir.Func) []*mir.Block {
	if len(f.Blocks) == 0 {
		return nil
	}
	seen := map[*mir.Block]bool{}
	var post []*mir.Block
	var walk func(b *mir.Block)
	walk = func(b *mir.Block) {
		seen[b] = true
		for _, s := range b.Succs {
			if !seen[s] {
				walk(s)
			}
		}
		post = append(post, b)
	}
	walk(f.Blocks[0])
	out := make([]*mir.Block, 0, len(f.Blocks))
	for i := len(post) - 1; i >= 0; i-- {
		out = append(out, post[i])
	}
	for _, b := range f.Blocks {
		if !seen[b] {
			out = append(out, b)
		}
	}
	return out
}

func (v *vecLegalizer) block(b *mir.Block) error {
	v.out, v.after = nil, nil
	v.konst = map[int64]mir.Reg{}
	for _, in := range b.Instrs {
		if in.Op != mir.GPhi && v.after != nil {
			v.out = append(v.out, v.after...)
			v.after = nil
		}
		kept, isVec := v.keep[in]
		if !isVec {
			if !v.noteConst(in) {
				v.out = append(v.out, in)
			}
			continue
		}
		if v.c.Debugging() {
			v.c.Debugf("%s: %s %s", v.f.Name, map[bool]string{true: "keep", false: "scalarize"}[kept], strings.TrimSpace(mir.FormatInstr(v.f, in)))
		}
		if kept {
			v.c.Count(statVecKept, 1)
			v.out = append(v.out, in)
			if d := in.Defs(); len(d) == 1 && v.split[d[0].Reg] {
				if _, ok := v.f.VecOf(d[0].Reg); ok {
					v.extractAll(d[0].Reg, in.Op == mir.GPhi)
				}
			}
			continue
		}
		v.c.Count(statVecScalarized, 1)
		if err := v.scalarize(in); err != nil {
			return err
		}
	}
	if v.after != nil {
		v.out = append(v.out, v.after...)
	}
	b.Instrs = v.out
	return nil
}

// noteConst records the block's constants, as the frontend's per-block
// cache has them, and reports whether in repeats one materialized earlier
// in the block (by a lane op here: the frontend would have reused that
// one, and so does the pass).
func (v *vecLegalizer) noteConst(in *mir.Instr) bool {
	if in.Op != mir.GConst || len(in.Ops) != 2 || in.Ops[1].Kind != mir.KindImm || !in.Ops[0].Reg.IsVirtual() {
		return false
	}
	k := int64(int32(in.Ops[1].Imm))
	if r, ok := v.konst[k]; ok && k == in.Ops[1].Imm {
		v.subst[in.Ops[0].Reg] = r
		return true
	}
	v.konst[k] = in.Ops[0].Reg
	return false
}

func (v *vecLegalizer) emit(op mir.Opcode, ops ...mir.Operand) *mir.Instr {
	in := mir.NewInstr(op, ops...)
	v.out = append(v.out, in)
	v.c.Count(statVecLaneOps, 1)
	return in
}

func (v *vecLegalizer) newReg() mir.Reg { return v.f.NewVReg(0) }

// konstReg materializes a 32-bit constant once per block.
func (v *vecLegalizer) konstReg(k int64) mir.Reg {
	k = int64(int32(k))
	if r, ok := v.konst[k]; ok {
		return r
	}
	r := v.newReg()
	v.emit(mir.GConst, mir.D(r), mir.I(k))
	v.konst[k] = r
	return r
}

// lanesOf returns the lanes of vector r (fresh undefined registers for a
// vector nothing defines).
func (v *vecLegalizer) lanesOf(r mir.Reg) []mir.Operand {
	if l, ok := v.lanes[r]; ok {
		return l
	}
	t, _ := v.f.VecOf(r)
	l := make([]mir.Operand, t.Lanes)
	for i := range l {
		l[i] = mir.R(v.newReg())
	}
	v.lanes[r] = l
	return l
}

// laneReg returns lane i of vector operand o in a register.
func (v *vecLegalizer) laneReg(o mir.Operand, i int) mir.Reg {
	l := v.lanesOf(o.Reg)[i]
	if l.Kind == mir.KindImm {
		return v.konstReg(l.Imm)
	}
	return v.resolve(l.Reg)
}

func (v *vecLegalizer) resolve(r mir.Reg) mir.Reg {
	for {
		s, ok := v.subst[r]
		if !ok {
			return r
		}
		r = s
	}
}

// selectR is G_SELECT of two lane registers (none when they are the same).
func (v *vecLegalizer) selectR(c, a, b mir.Reg) mir.Reg {
	if a == b {
		return a
	}
	d := v.newReg()
	v.emit(mir.GSelect, mir.D(d), mir.R(c), mir.R(a), mir.R(b))
	return d
}

// materialize returns lanes with the immediate ones in registers.
func (v *vecLegalizer) materialize(l []mir.Operand) []mir.Operand {
	out := make([]mir.Operand, len(l))
	for i, o := range l {
		if o.Kind == mir.KindImm {
			o = mir.R(v.konstReg(o.Imm))
		}
		out[i] = o
	}
	return out
}

// laneIs compares a variable lane index with lane i.
func (v *vecLegalizer) laneIs(idx mir.Reg, i int) mir.Reg {
	k := v.konstReg(int64(i))
	eq := v.newReg()
	v.emit(mir.GICmp, mir.D(eq), mir.C(mir.CondEQ), mir.R(idx), mir.R(k))
	return eq
}

// extractAll reads the lanes of a kept vector for scalarized users.
func (v *vecLegalizer) extractAll(r mir.Reg, afterPhis bool) {
	t, _ := v.f.VecOf(r)
	l := make([]mir.Operand, t.Lanes)
	for i := range l {
		d := v.newReg()
		in := mir.NewInstr(mir.GExtractVectorElt, mir.D(d), mir.R(r), mir.I(int64(i)))
		if afterPhis {
			v.after = append(v.after, in)
		} else {
			v.out = append(v.out, in)
		}
		l[i] = mir.R(d)
	}
	v.lanes[r] = l
}

// define records the lanes of a scalarized vector and, when a kept
// instruction reads the vector, builds it.
func (v *vecLegalizer) define(r mir.Reg, l []mir.Operand, afterPhis bool) {
	if old, ok := v.lanes[r]; ok {
		// Lanes handed out before the definition (an undefined use):
		// the definition writes them.
		for i, o := range old {
			src := l[i]
			if o.Kind == mir.KindReg && (src.Kind != mir.KindReg || src.Reg != o.Reg) {
				if src.Kind == mir.KindImm {
					src = mir.R(v.konstReg(src.Imm))
				}
				v.emit(mir.GCopy, mir.D(o.Reg), src)
			}
		}
		l = old
	}
	v.lanes[r] = l
	if !v.whole[r] {
		return
	}
	ops := append([]mir.Operand{mir.D(r)}, l...)
	in := mir.NewInstr(mir.GBuildVector, ops...)
	if afterPhis {
		v.after = append(v.after, in)
	} else {
		v.out = append(v.out, in)
	}
}

// scalarize replaces in by the scalar ops of its lanes.
func (v *vecLegalizer) scalarize(in *mir.Instr) error {
	defs, uses := in.Defs(), in.Uses()
	var dst mir.Reg
	var dt mir.VecType
	if len(defs) == 1 {
		dst = defs[0].Reg
		dt, _ = v.f.VecOf(dst)
	}
	perLane := func(f func(i int) mir.Operand) []mir.Operand {
		l := make([]mir.Operand, dt.Lanes)
		for i := range l {
			l[i] = f(i)
		}
		return l
	}
	laneOp := func(op mir.Opcode, pre []mir.Operand, srcs []mir.Operand) []mir.Operand {
		return perLane(func(i int) mir.Operand {
			ops := append([]mir.Operand(nil), pre...)
			for _, s := range srcs {
				ops = append(ops, mir.R(v.laneReg(s, i)))
			}
			d := v.newReg()
			v.emit(op, append([]mir.Operand{mir.D(d)}, ops...)...)
			return mir.R(d)
		})
	}
	switch in.Op {
	case mir.GBuildVector:
		l := make([]mir.Operand, len(uses))
		copy(l, uses)
		v.define(dst, l, false)
	case mir.GCopy:
		// The copy's lanes are the source's (a bitcast renames them).
		v.define(dst, v.lanesOf(uses[0].Reg), false)
	case mir.GImplicitDef:
		v.define(dst, perLane(func(int) mir.Operand {
			d := v.newReg()
			v.emit(mir.GImplicitDef, mir.D(d))
			return mir.R(d)
		}), false)
	case mir.GAdd, mir.GSub, mir.GMul, mir.GSDiv, mir.GUDiv, mir.GSRem, mir.GURem, mir.GAnd, mir.GOr, mir.GXor,
		mir.GShl, mir.GLShr, mir.GAShr, mir.GFAdd, mir.GFSub, mir.GFMul, mir.GFDiv, mir.GFRem,
		mir.GSIToFP, mir.GUIToFP, mir.GFPToSI, mir.GFPToUI:
		v.define(dst, laneOp(in.Op, nil, uses), false)
	case mir.GSExtInReg:
		l := perLane(func(i int) mir.Operand {
			d := v.newReg()
			v.emit(mir.GSExtInReg, mir.D(d), mir.R(v.laneReg(uses[0], i)), uses[1])
			return mir.R(d)
		})
		v.define(dst, l, false)
	case mir.GICmp, mir.GFCmp:
		v.define(dst, laneOp(in.Op, uses[:1], uses[1:]), false)
	case mir.GSelect:
		v.define(dst, v.selectLanes(dt, uses), false)
	case mir.GPhi:
		lp := lanePhis{vec: in}
		l := perLane(func(int) mir.Operand {
			d := v.newReg()
			p := mir.NewInstr(mir.GPhi, mir.D(d))
			v.out = append(v.out, p)
			v.c.Count(statVecLaneOps, 1)
			lp.defs = append(lp.defs, p)
			return mir.R(d)
		})
		v.phis = append(v.phis, lp)
		v.define(dst, l, true)
	case mir.GExtractVectorElt:
		st, _ := v.vecReg(uses[0])
		if uses[1].Kind == mir.KindImm {
			l := v.lanesOf(uses[0].Reg)[uses[1].Imm]
			if l.Kind == mir.KindImm {
				v.subst[defs[0].Reg] = v.konstReg(l.Imm)
			} else {
				v.subst[defs[0].Reg] = l.Reg
			}
			return nil
		}
		idx := uses[1].Reg
		res := v.laneReg(uses[0], 0)
		for i := 1; i < st.Lanes; i++ {
			res = v.selectR(v.laneIs(idx, i), v.laneReg(uses[0], i), res)
		}
		v.subst[defs[0].Reg] = res
	case mir.GInsertVectorElt:
		src := v.lanesOf(uses[0].Reg)
		if uses[2].Kind == mir.KindImm {
			// Constant lanes are materialized here, as the frontend did.
			l := v.materialize(src)
			l[uses[2].Imm] = uses[1]
			v.define(dst, l, false)
			return nil
		}
		idx, e := uses[2].Reg, uses[1].Reg
		v.define(dst, perLane(func(i int) mir.Operand {
			return mir.R(v.selectR(v.laneIs(idx, i), e, v.laneReg(uses[0], i)))
		}), false)
	case mir.GShuffleVector:
		at, _ := v.vecReg(uses[0])
		a, b := v.lanesOf(uses[0].Reg), v.lanesOf(uses[1].Reg)
		v.define(dst, v.materialize(perLane(func(i int) mir.Operand {
			switch k := int(uses[2+i].Imm); {
			case k < 0:
				return mir.I(0)
			case k < at.Lanes:
				return a[k]
			default:
				return b[k-at.Lanes]
			}
		})), false)
	case mir.GVLoad, mir.GVLoadStrided, mir.GVStore:
		return v.memLanes(in, dt)
	default:
		return fmt.Errorf("cannot scalarize %s", v.f.Arch.OpName(in.Op))
	}
	return nil
}

// selectLanes scalarizes G_SELECT: a scalar condition selects every lane
// (the values' lanes read first, as the frontend's selectV does), a mask
// lane by lane (its lanes are 0 or 1).
func (v *vecLegalizer) selectLanes(dt mir.VecType, uses []mir.Operand) []mir.Operand {
	l := make([]mir.Operand, dt.Lanes)
	if _, vecCond := v.vecReg(uses[0]); !vecCond {
		a := make([]mir.Reg, dt.Lanes)
		for i := range a {
			a[i] = v.laneReg(uses[1], i)
		}
		for i := range l {
			l[i] = mir.R(v.selectR(uses[0].Reg, a[i], v.laneReg(uses[2], i)))
		}
		return l
	}
	for i := range l {
		c := v.laneReg(uses[0], i)
		l[i] = mir.R(v.selectR(c, v.laneReg(uses[1], i), v.laneReg(uses[2], i)))
	}
	return l
}

// laneAccess gives the scalar load and store of a lane of each width.
var laneAccess = map[int]struct{ load, store mir.Opcode }{
	32: {mir.GLoad32, mir.GStore32}, 16: {mir.GLoad16U, mir.GStore16}, 8: {mir.GLoad8U, mir.GStore8},
}

// memLanes splits G_VLOAD / G_VSTORE into one access per lane at
// consecutive element offsets, G_VLOAD_STRIDED at its stride.
func (v *vecLegalizer) memLanes(in *mir.Instr, dt mir.VecType) error {
	uses := in.Uses()
	val := mir.Operand{}
	if in.Op == mir.GVStore {
		val, uses = uses[0], uses[1:]
		dt, _ = v.vecReg(val)
	}
	base, off, align := uses[0], uses[1].Imm, uses[2].Imm
	acc, ok := laneAccess[dt.Bits]
	es := int64(dt.Bits / 8)
	if !ok {
		return fmt.Errorf("%s of %s: lanes are not whole bytes", v.f.Arch.OpName(in.Op), dt)
	}
	stride := es
	if in.Op == mir.GVLoadStrided {
		stride = uses[3].Imm
	}
	for i := range int64(dt.Lanes) {
		if a := alignAtOff(align, i*stride); a < es {
			return fmt.Errorf("%s: lane %d is only %d-byte aligned", v.f.Arch.OpName(in.Op), i, a)
		}
	}
	var l []mir.Operand
	if in.Op == mir.GVStore {
		// The lanes first, then the stores (the frontend's order).
		regs := make([]mir.Reg, dt.Lanes)
		for i := range regs {
			regs[i] = v.laneReg(val, i)
		}
		for i, r := range regs {
			v.emit(acc.store, mir.R(r), base, mir.I(off+int64(i)*es))
		}
		return nil
	}
	for i := range int64(dt.Lanes) {
		d := v.newReg()
		v.emit(acc.load, mir.D(d), base, mir.I(off+i*stride))
		l = append(l, mir.R(d))
	}
	v.define(in.Defs()[0].Reg, l, false)
	return nil
}

// alignAtOff is the alignment of an address off bytes past one aligned to a.
func alignAtOff(a, off int64) int64 {
	for a > 1 && off%a != 0 {
		a /= 2
	}
	return a
}

// fillPhis gives the lane phis their incoming lanes.
func (v *vecLegalizer) fillPhis() {
	for _, lp := range v.phis {
		uses := lp.vec.Uses()
		for j := 0; j+1 < len(uses); j += 2 {
			var l []mir.Operand
			if uses[j].Kind == mir.KindReg {
				l = v.lanesOf(uses[j].Reg)
			}
			for i, p := range lp.defs {
				o := mir.I(0)
				if l != nil {
					o = l[i]
					if o.Kind == mir.KindReg {
						o = mir.R(v.resolve(o.Reg))
					}
				}
				p.Ops = append(p.Ops, o, uses[j+1])
			}
		}
	}
}

// finish renames the registers that lane reads replaced and forgets the
// shapes of the vectors that no longer exist. A scalar select whose two
// values became one register (lanes the frontend read separately) goes
// away, as the frontend's selectR folds it.
func (v *vecLegalizer) finish() {
	for _, b := range rpoBlocks(v.f) {
		out := b.Instrs[:0]
		for _, in := range b.Instrs {
			if in.Op == mir.GSelect && len(in.Ops) == 4 && in.Ops[2].Kind == mir.KindReg && in.Ops[3].Kind == mir.KindReg {
				if _, isVec := v.f.VecOf(in.Ops[0].Reg); !isVec && in.Ops[0].Reg.IsVirtual() {
					if t := v.resolve(in.Ops[2].Reg); t == v.resolve(in.Ops[3].Reg) {
						v.subst[in.Ops[0].Reg] = t
						continue
					}
				}
			}
			out = append(out, in)
		}
		b.Instrs = out
	}
	used := map[mir.Reg]bool{}
	for _, b := range v.f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for i := range m.Ops {
					o := &m.Ops[i]
					if (o.Kind == mir.KindReg || o.Kind == mir.KindPred) && o.Reg.IsVirtual() {
						o.Reg = v.resolve(o.Reg)
						used[o.Reg] = true
					}
				}
			}
		}
	}
	for r := range v.f.VRegVec {
		if !used[r] {
			delete(v.f.VRegVec, r)
		}
	}
}
