package passes

import (
	"fmt"
	"math/bits"
	"slices"

	"lltosimd/mir"
)

// Statistic keys of atomic-lowering.
const (
	statAtomicRMW     = "rmw-expanded"
	statAtomicCmpXchg = "cmpxchg-expanded"
	statAtomicFences  = "fences-removed"
	statAtomicKept    = "kept"
)

// AtomicInfo is what a target tells atomic-lowering (LLVM's
// TargetLowering::shouldExpandAtomic*InIR and the uniprocessor case of
// AtomicExpandPass).
type AtomicInfo struct {
	// SingleCore says that nothing else can observe or change memory
	// between two of the target's instructions: one core, and a runtime
	// that runs without interrupts. A plain load-modify-store sequence is
	// then atomic and program order meets every memory ordering, so the
	// pass expands the atomic ops into such sequences and drops fences.
	SingleCore bool
	// Legal reports whether the target selects an atomic op (a native
	// atomic instruction) on an access of size bytes; the pass leaves such
	// ops alone. Nil: none.
	Legal func(op mir.Opcode, size int64) bool
}

// AtomicMachine is implemented by a Machine whose target compiles atomic
// operations; without it atomic-lowering refuses them.
type AtomicMachine interface {
	AtomicInfo() AtomicInfo
}

// AtomicLoweringPass expands the generic atomic ops the target does not
// select: on a single-core target G_ATOMICRMW_* becomes a load of the old
// value, the operation on it and a store of the result, G_ATOMIC_CMPXCHG
// a load, a compare and a store of the new or (harmlessly) the old value,
// and G_FENCE nothing. Narrow accesses load zero-extended (the old value's
// contract) and extend the operands of compares as generic MIR requires;
// values of several words use carry chains and word-wise compares, low
// word first, placed in memory in the op's byte order.
//
// Targets that compile outside the pass plan call LowerAtomics with a Ctx
// for this pass.
var AtomicLoweringPass = Register(&Pass{
	Name:    "atomic-lowering",
	Desc:    "expand atomic read-modify-writes, compare-exchanges and fences the target does not select",
	Forbids: mir.PropSelected,
	Stats: map[string]string{
		statAtomicRMW:     "Number of atomic read-modify-writes expanded",
		statAtomicCmpXchg: "Number of compare-exchanges expanded",
		statAtomicFences:  "Number of fences removed",
		statAtomicKept:    "Number of atomic ops left to the target",
	},
	Run: func(c *Ctx, f *mir.Func) error {
		var info AtomicInfo
		if m, ok := MachineFor(f.Arch).(AtomicMachine); ok {
			info = m.AtomicInfo()
		}
		return LowerAtomics(c, f, info)
	},
})

// isAtomic reports whether op is a generic atomic op.
func isAtomic(op mir.Opcode) bool {
	return mir.IsAtomicRMW(op) || op == mir.GAtomicCmpXchg || op == mir.GFence
}

// atomicCompare gives the compare that selects the old value of the
// min/max read-modify-writes.
var atomicCompare = map[mir.Opcode]mir.Cond{
	mir.GAtomicRMWMax: mir.CondSGT, mir.GAtomicRMWMin: mir.CondSLT,
	mir.GAtomicRMWUMax: mir.CondUGT, mir.GAtomicRMWUMin: mir.CondULT,
}

// atomicLogic gives the word-wise op of the logic read-modify-writes.
var atomicLogic = map[mir.Opcode]mir.Opcode{
	mir.GAtomicRMWAnd: mir.GAnd, mir.GAtomicRMWNand: mir.GAnd,
	mir.GAtomicRMWOr: mir.GOr, mir.GAtomicRMWXor: mir.GXor,
}

var (
	atomicLoadOps  = map[int64]mir.Opcode{1: mir.GLoad8U, 2: mir.GLoad16U, 4: mir.GLoad32}
	atomicStoreOps = map[int64]mir.Opcode{1: mir.GStore8, 2: mir.GStore16, 4: mir.GStore32}
)

// LowerAtomics expands the atomic ops of f that info does not declare
// legal; it fails on a target that is neither single-core nor selects them.
func LowerAtomics(c *Ctx, f *mir.Func, info AtomicInfo) error {
	for _, b := range f.Blocks {
		has := false
		for _, in := range b.Instrs {
			has = has || isAtomic(in.Op)
		}
		if !has {
			continue
		}
		l := &atomicLowering{c: c, f: f}
		l.GenericWords = mir.GenericWords{F: f, Emit: l.emit, Konst: map[int64]mir.Reg{}}
		for _, in := range b.Instrs {
			if !isAtomic(in.Op) {
				l.noteConst(in)
				l.out = append(l.out, in)
				continue
			}
			l.deferConsts(in)
			var size int64
			if in.Op != mir.GFence {
				size = in.Uses()[2].Imm
			}
			c.Debugf("%s: bb%d: %s", f.Name, b.ID, mir.FormatInstr(f, in))
			switch {
			case info.Legal != nil && info.Legal(in.Op, size):
				c.Count(statAtomicKept, 1)
				l.out = append(l.out, in)
			case !info.SingleCore:
				return fmt.Errorf("function '%s': unsupported: %s: the target has no atomic instructions and is not single-core",
					f.Name, f.Arch.Desc(in.Op).Name)
			case in.Op == mir.GFence:
				c.Count(statAtomicFences, 1)
			case in.Op == mir.GAtomicCmpXchg:
				c.Count(statAtomicCmpXchg, 1)
				l.cmpxchg(in)
			default:
				c.Count(statAtomicRMW, 1)
				l.rmw(in)
			}
			l.flushConsts()
		}
		b.Instrs = l.out
	}
	return nil
}

// atomicLowering builds the replacement of one block's instructions.
type atomicLowering struct {
	c   *Ctx
	f   *mir.Func
	out []*mir.Instr
	// GenericWords makes the word sequences (a mir.WordBuilder); its
	// Konst holds the block's constants so far, as the frontend caches them.
	mir.GenericWords
	defs map[mir.Reg]*mir.Instr // the function's definitions, made on first need
	// pending holds the G_CONSTs of an atomic op's operands that directly
	// precede it, taken out until the expansion first uses them.
	pending map[mir.Reg]*mir.Instr
}

// deferConsts takes the G_CONSTs directly before an atomic op that define
// its value operands out of the block, to be placed at their first use in
// the expansion: where the frontend, which computed the operation itself,
// materialized them (after the load of the old value).
func (l *atomicLowering) deferConsts(in *mir.Instr) {
	l.pending = map[mir.Reg]*mir.Instr{}
	if in.Op == mir.GFence {
		return
	}
	uses := map[mir.Reg]bool{}
	for _, o := range in.Uses()[4:] {
		uses[o.Reg] = true
	}
	for len(l.out) > 0 {
		c := l.out[len(l.out)-1]
		if c.Op != mir.GConst || !uses[c.Ops[0].Reg] {
			break
		}
		l.pending[c.Ops[0].Reg] = c
		l.out = l.out[:len(l.out)-1]
	}
}

// flushConsts puts back the deferred constants nothing used (in register
// order, for a deterministic output).
func (l *atomicLowering) flushConsts() {
	var rs []mir.Reg
	for r := range l.pending {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	for _, r := range rs {
		l.use(r)
	}
}

// use places a deferred constant before its first use.
func (l *atomicLowering) use(r mir.Reg) mir.Reg {
	if c, ok := l.pending[r]; ok {
		delete(l.pending, r)
		l.out = append(l.out, c)
	}
	return r
}

// atomicAccess is the memory side of an atomic op.
type atomicAccess struct {
	base      mir.Operand
	off, size int64
	be        bool
}

// word returns the access of word i (low word first) of a value of n
// words: its op size and offset.
func (a atomicAccess) word(i int) (size, off int64) {
	if a.size < 4 {
		return a.size, a.off
	}
	if a.be {
		return 4, a.off + a.size - 4*int64(i+1)
	}
	return 4, a.off + 4*int64(i)
}

// bits is the width of a value of nw words in the access.
func (a atomicAccess) bits(nw int) int { return int(min(8*a.size, 32*int64(nw))) }

func (l *atomicLowering) noteConst(in *mir.Instr) {
	if in.Op == mir.GConst && len(in.Ops) == 2 && in.Ops[1].Kind == mir.KindImm && in.Ops[0].Reg.IsVirtual() {
		if _, ok := l.Konst[in.Ops[1].Imm]; !ok {
			l.Konst[in.Ops[1].Imm] = in.Ops[0].Reg
		}
	}
}

func (l *atomicLowering) emit(op mir.Opcode, ops ...mir.Operand) {
	for _, o := range ops {
		if o.Kind == mir.KindReg && !o.IsDef() {
			l.use(o.Reg)
		}
	}
	l.out = append(l.out, mir.NewInstr(op, ops...))
}

// atomicOperands splits an atomic op's uses into its access and value words.
func atomicOperands(in *mir.Instr) (atomicAccess, []mir.Reg) {
	u := in.Uses()
	a := atomicAccess{base: u[0], off: u[1].Imm, size: u[2].Imm, be: u[3].Imm != 0}
	var vals []mir.Reg
	for _, o := range u[4:] {
		vals = append(vals, o.Reg)
	}
	return a, vals
}

func defRegs(in *mir.Instr) []mir.Reg {
	var rs []mir.Reg
	for _, o := range in.Defs() {
		rs = append(rs, o.Reg)
	}
	return rs
}

// load defines old with the access's words (zero-extended when narrow).
func (l *atomicLowering) load(a atomicAccess, old []mir.Reg) {
	for i, r := range old {
		sz, off := a.word(i)
		l.emit(atomicLoadOps[sz], mir.D(r), a.base, mir.I(off))
	}
}

// store writes the words of v, zeros above them.
func (l *atomicLowering) store(a atomicAccess, v []mir.Reg) {
	n := max(1, int(a.size/4))
	for i := range n {
		sz, off := a.word(i)
		x := mir.NoReg
		if i < len(v) {
			x = v[i]
		} else {
			x = l.Const(0)
		}
		l.emit(atomicStoreOps[sz], mir.R(x), a.base, mir.I(off))
	}
}

// ext extends a narrow value of n bits for a compare, unless its
// definition already did (the old value is loaded zero-extended; the
// frontend's extensions, extending loads and constants are recognized, as
// the frontend's own extension facts would have).
func (l *atomicLowering) ext(r mir.Reg, n int, signed, isOld bool) mir.Reg {
	if n >= 32 || isOld && !signed {
		return r
	}
	z, sx := l.extOf(r)
	if signed {
		if sx != 0 && sx <= n || z != 0 && z < n {
			return r
		}
		d := l.f.NewVReg(0)
		l.emit(mir.GSExtInReg, mir.D(d), mir.R(r), mir.I(int64(n)))
		return d
	}
	if z != 0 && z <= n {
		return r
	}
	return l.Op2(mir.GAnd, r, l.Const(int64(uint32(1)<<n-1)))
}

// extOf returns the widths r is known to be the zero- and sign-extension
// of (0: unknown), from its definition.
func (l *atomicLowering) extOf(r mir.Reg) (z, s int) {
	if l.defs == nil {
		l.defs = map[mir.Reg]*mir.Instr{}
		for _, b := range l.f.Blocks {
			for _, in := range b.Instrs {
				for _, d := range in.Defs() {
					l.defs[d.Reg] = in
				}
			}
		}
	}
	d := l.defs[r]
	if c, ok := l.pending[r]; ok {
		d = c
	}
	if d == nil {
		return 0, 0
	}
	imm := func(i int) (int64, bool) {
		if i < len(d.Ops) && d.Ops[i].Kind == mir.KindImm {
			return d.Ops[i].Imm, true
		}
		return 0, false
	}
	switch d.Op {
	case mir.GLoad8U:
		return 8, 9
	case mir.GLoad16U:
		return 16, 17
	case mir.GLoad8S:
		return 0, 8
	case mir.GLoad16S:
		return 0, 16
	case mir.GICmp:
		return 1, 2
	case mir.GSExtInReg:
		if b, ok := imm(2); ok {
			return 0, int(b)
		}
	case mir.GConst:
		if v, ok := imm(1); ok {
			v = int64(int32(v))
			if v >= 0 {
				return max(1, bits.Len32(uint32(v))), 1 + bits.Len32(uint32(v))
			}
			return 0, 1 + bits.Len32(^uint32(v))
		}
	}
	return 0, 0
}

// rmw expands a G_ATOMICRMW_*.
func (l *atomicLowering) rmw(in *mir.Instr) {
	a, x := atomicOperands(in)
	old := defRegs(in)
	l.load(a, old)
	var nw []mir.Reg
	switch op := in.Op; op {
	case mir.GAtomicRMWXchg:
		nw = x
	case mir.GAtomicRMWAdd:
		nw = mir.AddWords(l, old, x)
	case mir.GAtomicRMWSub:
		nw = mir.SubWords(l, old, x)
	case mir.GAtomicRMWAnd, mir.GAtomicRMWNand, mir.GAtomicRMWOr, mir.GAtomicRMWXor:
		for i := range old {
			nw = append(nw, l.Op2(atomicLogic[op], old[i], x[i]))
		}
		if op == mir.GAtomicRMWNand {
			for i, w := range nw {
				nw[i] = l.Op2(mir.GXor, w, l.Const(-1))
			}
		}
	default: // max, min, umax, umin
		c := atomicCompare[op]
		n, signed := a.bits(len(old)), !c.IsUnsigned()
		ea, eb := append([]mir.Reg(nil), old...), append([]mir.Reg(nil), x...)
		top := len(old) - 1
		ea[top] = l.ext(old[top], n-32*top, signed, true)
		eb[top] = l.ext(x[top], n-32*top, signed, false)
		gt := l.compare(mir.NoReg, c, ea, eb)
		for i := range ea {
			nw = append(nw, l.Select(gt, ea[i], eb[i]))
		}
	}
	l.store(a, nw)
}

// cmpxchg expands a G_ATOMIC_CMPXCHG.
func (l *atomicLowering) cmpxchg(in *mir.Instr) {
	a, vals := atomicOperands(in)
	defs := defRegs(in)
	old, ok := defs[:len(defs)-1], defs[len(defs)-1]
	cmp, nw := vals[:len(old)], vals[len(old):]
	l.load(a, old)
	eb := append([]mir.Reg(nil), cmp...)
	top := len(old) - 1
	eb[top] = l.ext(cmp[top], a.bits(len(old))-32*top, false, false)
	l.compare(ok, mir.CondEQ, old, eb)
	stored := make([]mir.Reg, len(old))
	for i := range old {
		// Storing the old value back on failure is harmless: nothing can
		// have changed the location in between.
		stored[i] = l.Select(ok, nw[i], old[i])
	}
	l.store(a, stored)
}

// compare compares extended values of any number of words
// (mir.CompareWords) into dst, or a new register if dst is NoReg.
func (l *atomicLowering) compare(dst mir.Reg, c mir.Cond, a, b []mir.Reg) mir.Reg {
	r := mir.CompareWords(l, c, a, b)
	if dst == mir.NoReg {
		return r
	}
	// r is new and used nowhere yet: its definition defines dst instead.
	for i := len(l.out) - 1; i >= 0; i-- {
		if d := l.out[i].Defs(); len(d) == 1 && d[0].Reg == r {
			l.out[i].Ops[0].Reg = dst
			return dst
		}
	}
	panic("atomic-lowering: compare result without a definition")
}
