package passes

import (
	"fmt"
	"strconv"
	"strings"

	"lltosimd/mir"
)

// Statistic keys of wideint-legalize.
const (
	statWideSplit    = "split"
	statWideKept     = "kept"
	statWideWordOps  = "word-ops"
	statWideMerges   = "merges-removed"
	statWideUnmerges = "unmerges-removed"
)

// OptLegalWideInts (-pass-option legal-wide-ints=s64,s128) declares every
// op on wide integers of the listed widths legal, in addition to what the
// target's WideIntMachine says: for tests and for trying a target with
// wider registers.
const OptLegalWideInts = "legal-wide-ints"

// WideIntMachine is implemented by a Machine that selects some ops on
// integers wider than one 32-bit word whole. Without it every op on a wide
// register is split into word ops (Cpu0, BWDSP, VC4, the toy target: all
// have 32-bit integer registers only).
type WideIntMachine interface {
	// WideIntLegal reports whether the target selects generic op on
	// integers of bits bits (the width of the result; of the compared
	// values for G_ICMP, the stored value for G_STORE, the source for
	// G_TRUNC).
	WideIntLegal(op mir.Opcode, bits int) bool
}

// WideIntLegalizePass splits the ops on wide integer registers
// (mir.Func.VRegWide) that the target does not select into ops on their
// 32-bit words, low word first, exactly the sequences the frontend emitted
// when it split them itself: add and sub with carry and borrow chains
// (mir.AddWords, mir.SubWords), logic word by word, mul schoolbook
// (mir.MulWords), shifts by constants as word moves and bit shifts and by
// variables as a shift of every word and select stages (mir.ShiftWords,
// mir.ShiftWordsVar), compares from the highest differing word
// (mir.CompareWords), selects word by word, loads and stores as naturally
// aligned pieces in the module's byte order (mir.LoadWords,
// mir.StoreWords), phis as one phi per word, constants as the block's
// G_CONSTs (immediates in phis), extensions as the words and their fill,
// truncations as the low words, s64 division and remainder as calls of
// libgcc's __divdi3 family and wider ones as calls of the word-array
// __divei4 family through stack slots. G_MERGE_VALUES and G_UNMERGE_VALUES only rename words
// and disappear; constants reuse a G_CONST of the block, as the frontend's
// per-block cache does. Legal ops stay whole; where one meets a split one
// the pass builds the wide value (G_MERGE_VALUES) or takes it apart
// (G_UNMERGE_VALUES).
var WideIntLegalizePass = Register(&Pass{
	Name:    "wideint-legalize",
	Desc:    "split integer ops wider than the target's registers into ops on 32-bit words",
	Needs:   mir.PropSSA,
	Forbids: mir.PropSelected,
	Stats: map[string]string{
		statWideSplit:    "Number of wide integer instructions split into words",
		statWideKept:     "Number of wide integer instructions kept whole",
		statWideWordOps:  "Number of word instructions emitted",
		statWideMerges:   "Number of G_MERGE_VALUES removed",
		statWideUnmerges: "Number of G_UNMERGE_VALUES removed",
	},
	Run: func(c *Ctx, f *mir.Func) error {
		if !f.HasWideInts() {
			return nil
		}
		return LegalizeWideInts(c, f, wideIntLegality(c, f.Arch))
	},
})

// wideIntLegality combines the target's WideIntMachine and -pass-option
// legal-wide-ints.
func wideIntLegality(c *Ctx, a *mir.Arch) func(mir.Opcode, int) bool {
	wm, _ := MachineFor(a).(WideIntMachine)
	widths := map[int]bool{}
	for _, s := range strings.Split(c.Option(OptLegalWideInts), ",") {
		if n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(s), "s")); err == nil {
			widths[n] = true
		}
	}
	return func(op mir.Opcode, bits int) bool {
		return widths[bits] || wm != nil && wm.WideIntLegal(op, bits)
	}
}

// wideLegalizer is the state of wideint-legalize on one function; it is
// the mir.WordBuilder of the word sequences.
type wideLegalizer struct {
	c     *Ctx
	f     *mir.Func
	keep  map[*mir.Instr]bool // the ops on wide registers, kept or split
	whole map[mir.Reg]bool    // wide registers a kept instruction reads
	split map[mir.Reg]bool    // wide registers a split instruction reads
	words map[mir.Reg][]mir.Reg
	subst map[mir.Reg]mir.Reg
	out   []*mir.Instr
	// unmergeOf is the G_UNMERGE_VALUES reading a wide register: a split
	// PHI or IMPLICIT_DEF defines its words directly.
	unmergeOf map[mir.Reg]*mir.Instr
	// consts are the words of split G_CONSTANTs; materialize the ones a
	// split instruction other than a PHI reads (a PHI gets immediates).
	consts      map[mir.Reg][]mir.Operand
	materialize map[mir.Reg]bool
	phis        []splitPhi
	afterPhis   []*mir.Instr // merges of split phis' words for kept readers
	// GenericWords makes the word sequences (a mir.WordBuilder) through
	// emit; its Konst holds the block's constants.
	mir.GenericWords
}

// splitPhi is a wide PHI and the PHIs of its words, filled when every
// block has been split (an incoming value may come from a later block).
type splitPhi struct {
	wide  *mir.Instr
	words []*mir.Instr
}

// LegalizeWideInts splits the wide integer instructions of f that legal
// refuses (see WideIntLegalizePass). c may be a Ctx of any pass.
func LegalizeWideInts(c *Ctx, f *mir.Func, legal func(mir.Opcode, int) bool) error {
	w := &wideLegalizer{c: c, f: f, keep: map[*mir.Instr]bool{}, whole: map[mir.Reg]bool{},
		split: map[mir.Reg]bool{}, words: map[mir.Reg][]mir.Reg{}, subst: map[mir.Reg]mir.Reg{},
		unmergeOf: map[mir.Reg]*mir.Instr{}, consts: map[mir.Reg][]mir.Operand{}, materialize: map[mir.Reg]bool{}}
	w.GenericWords = mir.GenericWords{F: f, Emit: w.emit}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			bits, ok := w.width(in)
			if !ok {
				continue
			}
			switch in.Op {
			case mir.GAdd, mir.GSub, mir.GMul, mir.GAnd, mir.GOr, mir.GXor, mir.GShl, mir.GLShr, mir.GAShr, mir.GICmp, mir.GSelect:
			case mir.GPhi, mir.GImplicitDef, mir.GConstant, mir.GZExt, mir.GSExt:
			case mir.GTrunc:
				bits, _ = w.f.WideOf(in.Uses()[0].Reg) // the source's width
			case mir.GLoad, mir.GStore:
				if c.Module == nil {
					return fmt.Errorf("function '%s': wideint-legalize: %s needs the module's byte order", f.Name, f.Arch.OpName(in.Op))
				}
			case mir.GSDiv, mir.GUDiv, mir.GSRem, mir.GURem:
				if c.Module == nil {
					return fmt.Errorf("function '%s': wideint-legalize: %s needs the module's byte order", f.Name, f.Arch.OpName(in.Op))
				}
			case mir.GMergeValues, mir.GUnmergeValues:
				continue
			default:
				return fmt.Errorf("function '%s': wideint-legalize: %s of an s%d is not supported", f.Name, f.Arch.OpName(in.Op), bits)
			}
			kept := legal(in.Op, bits)
			w.keep[in] = kept
			for _, o := range in.Uses() {
				if _, isWide := w.wideReg(o); isWide {
					if kept {
						w.whole[o.Reg] = true
					} else {
						w.split[o.Reg] = true
						if in.Op != mir.GPhi {
							w.materialize[o.Reg] = true
						}
					}
				}
			}
		}
	}
	// A kept merge or unmerge reads its wide register whole.
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GUnmergeValues {
				w.split[in.Uses()[0].Reg] = true
				w.materialize[in.Uses()[0].Reg] = true
				if _, ok := w.unmergeOf[in.Uses()[0].Reg]; !ok {
					w.unmergeOf[in.Uses()[0].Reg] = in
				}
			}
		}
	}
	for _, b := range rpoBlocks(f) {
		w.block(b)
	}
	if err := w.fillPhis(); err != nil {
		return err
	}
	w.finish()
	return nil
}

func (w *wideLegalizer) wideReg(o mir.Operand) (int, bool) {
	if o.Kind != mir.KindReg || !o.Reg.IsVirtual() {
		return 0, false
	}
	return w.f.WideOf(o.Reg)
}

// width returns the width WideIntLegal is asked about for in, and whether
// in involves wide registers at all.
func (w *wideLegalizer) width(in *mir.Instr) (int, bool) {
	for _, o := range in.Ops {
		if n, ok := w.wideReg(o); ok {
			return n, true
		}
	}
	return 0, false
}

func (w *wideLegalizer) block(b *mir.Block) {
	w.out = nil
	w.Konst = map[int64]mir.Reg{}
	for _, in := range b.Instrs {
		if in.Op != mir.GPhi && len(w.afterPhis) > 0 {
			w.out = append(w.out, w.afterPhis...)
			w.afterPhis = nil
		}
		switch in.Op {
		case mir.GMergeValues:
			d := in.Defs()[0].Reg
			w.words[d] = w.regs(in.Uses())
			if w.whole[d] {
				w.out = append(w.out, in)
			} else {
				w.c.Count(statWideMerges, 1)
			}
			continue
		case mir.GUnmergeValues:
			src := in.Uses()[0].Reg
			ws, ok := w.words[src]
			if !ok { // a kept op's result: kept
				w.out = append(w.out, in)
				w.words[src] = w.regs(in.Defs())
				continue
			}
			for i, d := range in.Defs() {
				if r := w.resolve(ws[i]); r != d.Reg { // a split PHI defines the words
					w.substitute(d.Reg, r)
				}
			}
			w.c.Count(statWideUnmerges, 1)
			continue
		}
		kept, isWide := w.keep[in]
		if !isWide {
			if !w.noteConst(in) {
				w.out = append(w.out, in)
			}
			continue
		}
		if w.c.Debugging() {
			w.c.Debugf("%s: %s %s", w.f.Name, map[bool]string{true: "keep", false: "split"}[kept], strings.TrimSpace(mir.FormatInstr(w.f, in)))
		}
		if kept {
			w.c.Count(statWideKept, 1)
			w.out = append(w.out, in)
			if d := in.Defs(); len(d) == 1 && w.split[d[0].Reg] {
				if n, ok := w.f.WideOf(d[0].Reg); ok {
					out := w.out
					w.unmerge(d[0].Reg, n)
					if in.Op == mir.GPhi { // not among the phis
						w.afterPhis = append(w.afterPhis, w.out[len(out):]...)
						w.out = out
					}
				}
			}
			continue
		}
		w.c.Count(statWideSplit, 1)
		w.splitOp(in)
	}
	b.Instrs = w.out
}

// regs returns the registers of register operands (after substitution).
func (w *wideLegalizer) regs(ops []mir.Operand) []mir.Reg {
	out := make([]mir.Reg, len(ops))
	for i, o := range ops {
		out[i] = w.resolve(o.Reg)
	}
	return out
}

// substitute replaces register d by r everywhere; r takes d's name when
// it has none (the frontend names the words of IR values).
func (w *wideLegalizer) substitute(d, r mir.Reg) {
	w.subst[d] = r
	if name, ok := w.f.VRegName[d]; ok && r.IsVirtual() {
		if _, named := w.f.VRegName[r]; !named {
			w.f.VRegName[r] = name
		}
		delete(w.f.VRegName, d)
	}
}

// noteConst records the block's constants, as the frontend's per-block
// cache has them, and reports whether in repeats one materialized earlier
// in the block (by a word op here: the frontend would have reused that
// one, and so does the pass).
func (w *wideLegalizer) noteConst(in *mir.Instr) bool {
	if in.Op != mir.GConst || len(in.Ops) != 2 || in.Ops[1].Kind != mir.KindImm || !in.Ops[0].Reg.IsVirtual() {
		return false
	}
	k := int64(int32(in.Ops[1].Imm))
	if r, ok := w.Konst[k]; ok && k == in.Ops[1].Imm {
		w.substitute(in.Ops[0].Reg, r)
		return true
	}
	w.Konst[k] = in.Ops[0].Reg
	return false
}

func (w *wideLegalizer) resolve(r mir.Reg) mir.Reg {
	for {
		s, ok := w.subst[r]
		if !ok {
			return r
		}
		r = s
	}
}

func (w *wideLegalizer) emit(op mir.Opcode, ops ...mir.Operand) {
	w.out = append(w.out, mir.NewInstr(op, ops...))
	w.c.Count(statWideWordOps, 1)
}

// wordsOf returns the words of wide operand o.
func (w *wideLegalizer) wordsOf(o mir.Operand) []mir.Reg {
	if ws, ok := w.words[o.Reg]; ok {
		out := make([]mir.Reg, len(ws))
		for i, r := range ws {
			out[i] = w.resolve(r)
		}
		return out
	}
	// Read before any definition (unreachable code): undefined words.
	n, _ := w.f.WideOf(o.Reg)
	ws := make([]mir.Reg, n/32)
	for i := range ws {
		ws[i] = w.f.NewVReg(0)
		w.emit(mir.GImplicitDef, mir.D(ws[i]))
	}
	w.words[o.Reg] = ws
	return ws
}

// unmerge takes kept wide register r apart for split readers.
func (w *wideLegalizer) unmerge(r mir.Reg, bits int) {
	ws := make([]mir.Reg, bits/32)
	ops := make([]mir.Operand, 0, len(ws)+1)
	for i := range ws {
		ws[i] = w.f.NewVReg(0)
		ops = append(ops, mir.D(ws[i]))
	}
	w.out = append(w.out, mir.NewInstr(mir.GUnmergeValues, append(ops, mir.R(r))...))
	w.words[r] = ws
}

// define records the words of a split op's wide result and, when a kept
// instruction reads it, builds it again.
func (w *wideLegalizer) define(r mir.Reg, ws []mir.Reg) {
	w.words[r] = ws
	if !w.whole[r] {
		return
	}
	ops := []mir.Operand{mir.D(r)}
	for _, x := range ws {
		ops = append(ops, mir.R(x))
	}
	w.out = append(w.out, mir.NewInstr(mir.GMergeValues, ops...))
}

// splitOp replaces in by the word ops computing it.
func (w *wideLegalizer) splitOp(in *mir.Instr) {
	uses := in.Uses()
	if in.Op == mir.GStore {
		w.store(in, w.wordsOf(uses[0]))
		return
	}
	d := in.Defs()[0].Reg
	switch in.Op {
	case mir.GLoad:
		w.define(d, w.load(in))
		return
	case mir.GTrunc:
		ws := w.wordsOf(uses[0])
		n, ok := w.f.WideOf(d)
		if !ok {
			w.substitute(d, ws[0])
			return
		}
		w.define(d, ws[:n/32])
		return
	case mir.GZExt, mir.GSExt:
		ws := []mir.Reg{w.resolve(uses[0].Reg)}
		if _, ok := w.f.WideOf(uses[0].Reg); ok {
			ws = w.wordsOf(uses[0])
		}
		n, _ := w.f.WideOf(d)
		var fill mir.Reg
		if in.Op == mir.GSExt {
			fill = w.Op2(mir.GAShr, ws[len(ws)-1], w.Const(31))
		} else {
			fill = w.Const(0)
		}
		for len(ws) < n/32 {
			ws = append(ws, fill)
		}
		w.define(d, ws)
		return
	case mir.GConstant:
		w.consts[d] = uses
		if w.materialize[d] || w.whole[d] {
			ws := make([]mir.Reg, len(uses))
			for i, o := range uses {
				ws[i] = w.Const(o.Imm)
			}
			w.define(d, ws)
		}
		return
	case mir.GPhi, mir.GImplicitDef:
		n, _ := w.f.WideOf(d)
		ws := make([]mir.Reg, n/32)
		var phis []*mir.Instr
		for i := range ws {
			if u := w.unmergeOf[d]; u != nil {
				ws[i] = u.Ops[i].Reg
			} else {
				ws[i] = w.f.NewVReg(0)
			}
			wi := mir.NewInstr(in.Op, mir.D(ws[i]))
			wi.Pos = in.Pos
			w.out = append(w.out, wi)
			phis = append(phis, wi)
		}
		if in.Op == mir.GPhi {
			w.phis = append(w.phis, splitPhi{in, phis})
			// A kept reader gets the wide register after the block's phis.
			out := w.out
			w.define(d, ws)
			w.afterPhis = append(w.afterPhis, w.out[len(out):]...)
			w.out = out
			return
		}
		w.define(d, ws)
		return
	}
	if in.Op == mir.GICmp {
		r := mir.CompareWords(w, uses[0].Cond, w.wordsOf(uses[1]), w.wordsOf(uses[2]))
		w.substitute(d, r)
		return
	}
	if in.Op == mir.GSelect {
		c, a, b := w.resolve(uses[0].Reg), w.wordsOf(uses[1]), w.wordsOf(uses[2])
		ws := make([]mir.Reg, len(a))
		for i := range ws {
			ws[i] = w.Select(c, a[i], b[i])
		}
		w.define(d, ws)
		return
	}
	a := w.wordsOf(uses[0])
	var ws []mir.Reg
	switch in.Op {
	case mir.GAdd:
		ws = mir.AddWords(w, a, w.wordsOf(uses[1]))
	case mir.GSub:
		ws = mir.SubWords(w, a, w.wordsOf(uses[1]))
	case mir.GMul:
		ws = mir.MulWords(w, a, w.wordsOf(uses[1]), len(a))
	case mir.GAnd, mir.GOr, mir.GXor:
		ws = mir.LogicWords(w, in.Op, a, w.wordsOf(uses[1]))
	case mir.GSDiv, mir.GUDiv, mir.GSRem, mir.GURem:
		if len(a) == 2 {
			ws = w.divCall(wideDivHelpers[in.Op], a, w.wordsOf(uses[1]))
		} else {
			ws = w.divMem(wideDivMemHelpers[in.Op], a, w.wordsOf(uses[1]))
		}
	default: // shifts
		if uses[1].Kind == mir.KindImm {
			ws = mir.ShiftWords(w, in.Op, a, int(uses[1].Imm))
		} else {
			ws = mir.ShiftWordsVar(w, in.Op, a, w.resolve(uses[1].Reg))
		}
	}
	w.define(d, ws)
}

// access emits one piece of a split G_LOAD or G_STORE: a naturally aligned
// access of 1, 2 or 4 bytes with its part of the memory operand.
func (w *wideLegalizer) access(in *mir.Instr, op mir.Opcode, val mir.Operand, pc mir.MemPiece) {
	u := in.Uses()
	if in.Op == mir.GStore {
		u = u[1:]
	}
	a := mir.NewInstr(op, val, u[0], mir.I(u[1].Imm+pc.Off))
	a.Mem, a.Pos = mir.PieceMem(in.Mem, pc), in.Pos
	w.out = append(w.out, a)
	w.c.Count(statWideWordOps, 1)
}

// pieces returns the accesses of a G_LOAD or G_STORE in the module's byte
// order (mir.MemPieces).
func (w *wideLegalizer) pieces(in *mir.Instr) []mir.MemPiece {
	u := in.Uses()
	size, align := u[len(u)-2].Imm, u[len(u)-1].Imm
	return mir.MemPieces(size, align, w.c.Module.BigEndian)
}

// load splits a G_LOAD into zero-extending accesses of at most a word
// whose bits are or-ed into place (mir.LoadWords).
func (w *wideLegalizer) load(in *mir.Instr) []mir.Reg {
	n, _ := w.f.WideOf(in.Defs()[0].Reg)
	return mir.LoadWords(w, w.pieces(in), n/32, func(pc mir.MemPiece) mir.Reg {
		r := w.f.NewVReg(0)
		w.access(in, mir.LoadOps[pc.Size], mir.D(r), pc)
		return r
	})
}

// store splits a G_STORE of words ws into accesses of at most a word
// (mir.StoreWords); bytes beyond the size are not written.
func (w *wideLegalizer) store(in *mir.Instr, ws []mir.Reg) {
	mir.StoreWords(w, w.pieces(in), ws, func(pc mir.MemPiece, x mir.Reg) {
		w.access(in, mir.StoreOps[pc.Size], mir.R(x), pc)
	})
}

// wideDivHelpers are the runtime routines for i64 division and remainder
// (libgcc's names).
var wideDivHelpers = map[mir.Opcode]string{
	mir.GSDiv: "__divdi3", mir.GUDiv: "__udivdi3", mir.GSRem: "__moddi3", mir.GURem: "__umoddi3",
}

// wideDivMemHelpers are the runtime routines for division and remainder
// of integers wider than 64 bits: compiler-rt's arbitrary-width interface
// (void f(u32 *res, u32 *a, u32 *b, unsigned bits), the operands in memory
// in the target's byte order, bits a multiple of 32; runtime/cpu0/wideint.c).
// One word-array helper serves every width: an s128 passed by value would
// take a hidden result pointer and stack arguments under O32, which the C
// runtime (clang has no __int128 on 32-bit targets) could not declare.
var wideDivMemHelpers = map[mir.Opcode]string{
	mir.GSDiv: "__divei4", mir.GUDiv: "__udivei4", mir.GSRem: "__modei4", mir.GURem: "__umodei4",
}

// divMem calls a word-array division helper: the operands (extended to
// the register width by the frontend) are stored into stack slots in the
// module's byte order and the result is loaded from a third one.
func (w *wideLegalizer) divMem(name string, a, b []mir.Reg) []mir.Reg {
	nw := len(a)
	slot := func(name string) mir.Reg {
		fi := w.f.NewFrameObject(mir.FrameObject{Size: int64(4 * nw), Align: 4, Name: name})
		r := w.f.NewVReg(0)
		w.emit(mir.GFrameAddr, mir.D(r), mir.FI(fi, 0))
		return r
	}
	// Word i sits at byte 4i on a little-endian target, 4(nw-1-i) on a
	// big-endian one; the accesses go up in address order.
	at := func(k int) int {
		if w.c.Module.BigEndian {
			return nw - 1 - k
		}
		return k
	}
	res, pa, pb := slot("quo"), slot("lhs"), slot("rhs")
	for _, op := range []struct {
		p  mir.Reg
		ws []mir.Reg
	}{{pa, a}, {pb, b}} {
		for k := range nw {
			w.emit(mir.GStore32, mir.R(op.ws[at(k)]), mir.R(op.p), mir.I(int64(4*k)))
		}
	}
	bits := w.Const(int64(32 * nw))
	w.out = append(w.out, libCall(nil, name, []mir.Reg{res}, []mir.Reg{pa}, []mir.Reg{pb}, []mir.Reg{bits}))
	w.c.Count(statWideWordOps, 1)
	w.f.HasCalls = true
	out := make([]mir.Reg, nw)
	for k := range nw {
		r := w.f.NewVReg(0)
		w.emit(mir.GLoad32, mir.D(r), mir.R(res), mir.I(int64(4*k)))
		out[at(k)] = r
	}
	return out
}

// divCall calls a two-word division helper: arguments and results are
// listed in memory order, as G_CALL wants them (docs/generic-mir.md).
func (w *wideLegalizer) divCall(name string, a, b []mir.Reg) []mir.Reg {
	order := func(ws []mir.Reg) []mir.Reg {
		if w.c.Module.BigEndian {
			return []mir.Reg{ws[1], ws[0]}
		}
		return ws
	}
	res := []mir.Reg{w.f.NewVReg(0), w.f.NewVReg(0)}
	w.out = append(w.out, libCall(order(res), name, order(a), order(b))) // softfloat.go
	w.c.Count(statWideWordOps, 1)
	w.f.HasCalls = true
	return res
}

// fillPhis gives the PHIs of split wide PHIs their incoming words: the
// words of each incoming register, or a split G_CONSTANT's immediates.
func (w *wideLegalizer) fillPhis() error {
	for _, p := range w.phis {
		u := p.wide.Uses()
		for i := 0; i+1 < len(u); i += 2 {
			var ops []mir.Operand
			if k, ok := w.consts[u[i].Reg]; ok {
				ops = k
			} else if ws, ok := w.words[u[i].Reg]; ok {
				for _, r := range ws {
					ops = append(ops, mir.R(r))
				}
			} else {
				return fmt.Errorf("function '%s': wideint-legalize: PHI of %s: incoming %s has no definition", w.f.Name,
					mir.FormatReg(w.f, p.wide.Defs()[0].Reg), mir.FormatReg(w.f, u[i].Reg))
			}
			for j, wp := range p.words {
				wp.Ops = append(wp.Ops, ops[j], u[i+1])
			}
		}
	}
	return nil
}

// finish renames the substituted registers everywhere (phis of later
// blocks included) and forgets the widths of the split registers.
func (w *wideLegalizer) finish() {
	for _, b := range w.f.Blocks {
		for _, in := range b.Instrs {
			for i := range in.Ops {
				if o := &in.Ops[i]; o.Kind == mir.KindReg && o.Flags&mir.FlagDef == 0 {
					o.Reg = w.resolve(o.Reg)
				}
			}
		}
	}
	live := map[mir.Reg]bool{}
	for _, b := range w.f.Blocks {
		for _, in := range b.Instrs {
			for _, o := range in.Ops {
				if o.Kind == mir.KindReg {
					live[o.Reg] = true
				}
			}
		}
	}
	for r := range w.f.VRegWide {
		if !live[r] {
			delete(w.f.VRegWide, r)
		}
	}
}
