package passes

import (
	"fmt"

	"lltosimd/mir"
)

// PhiElim replaces PHIs with copies at the end of the predecessors.
//
// For every edge P→S into a block with PHIs, the PHIs of S form one
// parallel copy {d_i ← v_i} executed on that edge. It is placed before the
// first terminator of P when that is safe, and in a new block on the edge
// otherwise: when P has other successors (the lost-copy problem: a PHI
// destination may be live into them) or when a terminator of P reads a PHI
// destination. The parallel copy is sequentialized so that no source is
// overwritten before it is read; cycles (the swap problem) are broken with
// a fresh temporary. Immediate incoming values are materialized last
// (G_CONST, or the target's instructions, see PhiElimHooks).
//
// Edges out of indirect branches cannot be split (nor any edge with
// PhiElimHooks.NoSplit); there the values go through fresh registers
// (d' ← v in P, d ← d' at the top of S), which is correct on any edge
// because d' is dead on the other edges.
var PhiElim = Register(&Pass{
	Name:     "phi-elim",
	Desc:     "Eliminate PHI nodes for register allocation",
	Required: true,
	Stats: map[string]string{
		"copies": "Number of copies inserted for PHIs",
		"split":  "Number of critical edges split",
	},
	Sets: mir.PropNoPHIs, Clears: mir.PropSSA,
	Run: runPhiElim,
})

// PhiElimHooks let a target emit its own instructions for what phi
// elimination inserts besides copies, so that the function stays fully
// selected. Without hooks it emits the generic ops G_CONST,
// G_GLOBAL_ADDR, G_FRAME_ADDR and G_BR.
type PhiElimHooks struct {
	// Materialize returns instructions that set the virtual register dst
	// to a non-register PHI operand (immediate, symbol, frame object).
	Materialize func(f *mir.Func, dst mir.Reg, src mir.Operand) []*mir.Instr
	// Jump returns an unconditional branch to target.
	Jump func(f *mir.Func, target *mir.Block) *mir.Instr
	// NoSplit keeps the CFG as it is, for targets whose block layout is
	// fixed before phi elimination (VC4's execute-mask order): every PHI
	// goes through a fresh register d' (d' ← v at the end of each
	// predecessor, in PHI order, d ← d' at the top of the block), as on
	// the edges of an indirect branch.
	NoSplit bool
}

func runPhiElim(c *Ctx, f *mir.Func) error {
	f.RecomputeCFG()
	var hooks PhiElimHooks
	if m := MachineFor(f.Arch); m != nil {
		hooks = m.PhiElimHooks()
	}
	// Liveness of the SSA function, PHIs included (see needsSplit).
	lv := mir.ComputeLiveness(f)
	// Snapshot the blocks with PHIs first: splitting appends blocks.
	type phiBlock struct {
		b    *mir.Block
		phis []*mir.Instr
	}
	var work []phiBlock
	for _, b := range f.Blocks {
		n := 0
		for n < len(b.Instrs) && b.Instrs[n].Op == mir.GPhi {
			n++
		}
		for _, in := range b.Instrs[n:] {
			if in.Op == mir.GPhi {
				return fmt.Errorf("%s: bb%d: PHI after a non-PHI instruction", f.Name, b.ID)
			}
		}
		if n > 0 {
			work = append(work, phiBlock{b, b.Instrs[:n:n]})
			b.Instrs = b.Instrs[n:]
		}
	}
	lay := newLayout(f)
	phisOf := map[*mir.Block][]*mir.Instr{}
	for _, w := range work {
		phisOf[w.b] = w.phis
	}
	split := false
	for _, w := range work {
		s := w.b
		preds := append([]*mir.Block(nil), s.Preds...)
		edges := make([][]move, len(preds))
		viaTemps := false
		for i, p := range preds {
			for _, phi := range w.phis {
				src, ok := mir.PhiIncoming(phi, p)
				if !ok {
					return fmt.Errorf("%s: bb%d: PHI %s has no value for predecessor bb%d", f.Name, s.ID, mir.FormatInstr(f, phi), p.ID)
				}
				if src.Kind == mir.KindReg && src.Flags&mir.FlagUndef != 0 {
					continue
				}
				edges[i] = append(edges[i], move{dst: phi.Ops[0].Reg, src: src})
			}
			if needsSplit(f, lv, phisOf, p, s, edges[i]) && !canSplit(f, lay, p, s) {
				viaTemps = true
			}
		}
		if hooks.NoSplit {
			viaTemps = true
		}
		if viaTemps {
			c.Debugf("phi-elim: %s: PHI values go through fresh registers (an incoming edge cannot be split, or the target splits none)", blockLabel(s))
			// Some edge cannot be split (indirect branch): route every
			// value through a fresh register d' that is live only on the
			// edges into s, and copy d ← d' at the top of s.
			var tops []*mir.Instr
			temp := map[mir.Reg]mir.Reg{}
			for _, phi := range w.phis {
				d := phi.Ops[0].Reg
				t := f.NewVReg(f.ClassOf(d))
				temp[d] = t
				tops = append(tops, mir.NewInstr(mir.GCopy, mir.D(d), mir.R(t)))
			}
			s.Instrs = insertAt(s.Instrs, 0, tops...)
			for _, ms := range edges {
				for k := range ms {
					ms[k].dst = temp[ms[k].dst]
				}
			}
		}
		for i, p := range preds {
			if len(edges[i]) == 0 {
				continue
			}
			at, where := p, firstTerminator(f, p)
			if !viaTemps && needsSplit(f, lv, phisOf, p, s, edges[i]) {
				at, where = splitEdge(f, lay, p, s, hooks.Jump), 0
				split = true
				c.Count("split", 1)
				c.Debugf("phi-elim: edge %s -> %s is critical: split by %s", blockLabel(p), blockLabel(s), blockLabel(at))
			}
			seq := sequentialize(f, edges[i], hooks.Materialize, hooks.NoSplit)
			c.Count("copies", int64(len(seq)))
			if c.Debugging() {
				for _, in := range seq {
					c.Debugf("phi-elim: edge %s -> %s: %s in %s", blockLabel(p), blockLabel(s), instrString(f, in), blockLabel(at))
				}
			}
			at.Instrs = insertAt(at.Instrs, where, seq...)
		}
	}
	if split {
		lay.apply(f)
		f.RecomputeCFG()
	}
	f.Props = f.Props&^mir.PropSSA | mir.PropNoPHIs
	return nil
}

// move is one element of a parallel copy: dst ← src (a register or an immediate).
type move struct {
	dst mir.Reg
	src mir.Operand
}

// needsSplit reports whether the copies of an edge p→s cannot simply go
// before p's terminators: a terminator reads a PHI destination, or p has
// another successor into which a PHI destination is live (the lost-copy
// problem; the liveness of the SSA function, where a PHI operand is a use
// at the end of its predecessor, so a destination another successor's PHI
// reads on its edge from p is live out of p). Where no other successor
// sees the destinations, the copies run on every way out of p harmlessly,
// and the edge keeps no block of its own (nor a jump back to a loop
// header).
func needsSplit(f *mir.Func, lv *mir.Liveness, phisOf map[*mir.Block][]*mir.Instr, p, s *mir.Block, moves []move) bool {
	dsts := make(map[mir.Reg]bool, len(moves))
	srcOf := map[mir.Reg]bool{}
	for _, m := range moves {
		dsts[m.dst] = true
		if m.src.Kind == mir.KindReg {
			srcOf[m.src.Reg] = true
		}
	}
	for _, o := range p.Succs {
		if o == s {
			continue
		}
		// A source live on there too would be live together with its
		// copy, which then cannot coalesce: the edge's own block is
		// cheaper.
		for _, m := range moves {
			if lv.IsLiveIn(o, m.dst) || m.src.Kind == mir.KindReg && lv.IsLiveIn(o, m.src.Reg) {
				return true
			}
		}
		for _, in := range phisOf[o] {
			if src, ok := mir.PhiIncoming(in, p); ok && src.Kind == mir.KindReg && (dsts[src.Reg] || srcOf[src.Reg]) {
				return true
			}
		}
	}
	// srcs: with the copies before a branch that reads their source, the
	// source and the destination are both live at the branch and cannot
	// share a register; in a block of its own the copy usually coalesces
	// away, and the allocator then threads the empty block.
	srcs := map[mir.Reg]bool{}
	for _, m := range moves {
		if m.src.Kind == mir.KindReg {
			srcs[m.src.Reg] = len(p.Succs) > 1
		}
	}
	found := false
	for _, in := range p.Instrs[firstTerminator(f, p):] {
		mir.ForEachReg(in, func(r mir.Reg, def bool) {
			if !def && (dsts[r] || srcs[r]) {
				found = true
			}
		})
	}
	return found
}

// firstTerminator returns the index of the first terminator of b (len if none).
func firstTerminator(f *mir.Func, b *mir.Block) int {
	for i, in := range b.Instrs {
		if f.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0 {
			return i
		}
	}
	return len(b.Instrs)
}

// edgeRefs returns the branch operands and jump tables of p that target s,
// and whether p leaves through an indirect branch that is not a jump table.
func edgeRefs(f *mir.Func, p, s *mir.Block) (refs []*mir.Operand, jts []int, indirect bool) {
	for _, in := range p.Instrs {
		for _, m := range in.Flatten() {
			d := f.Arch.Desc(m.Op)
			for k := range m.Ops {
				o := &m.Ops[k]
				switch {
				case o.Kind == mir.KindBlock && o.Block == s && d.Flags&(mir.FlagBranch|mir.FlagTerminator) != 0:
					refs = append(refs, o)
				case o.Kind == mir.KindJT:
					jts = append(jts, int(o.Imm))
				}
			}
			if d.Flags&mir.FlagIndirect != 0 && d.Flags&mir.FlagBranch != 0 && !hasJTOperand(m) {
				indirect = true
			}
		}
	}
	return refs, jts, indirect
}

// layout remembers the original block order and where the blocks made by
// edge splitting go; apply rebuilds f.Blocks once at the end. A block on
// a fall-through edge goes right after its predecessor; a block ending in
// a jump goes after the first block at or after the predecessor that ends
// in a barrier (nothing falls into it there), which keeps it near the code
// it belongs to: far-away split blocks would stretch live ranges over the
// whole function.
type layout struct {
	orig      []*mir.Block
	pos       map[*mir.Block]int
	barrierAt []int // index of the first block at or after i that ends in a barrier, or len
	after     map[*mir.Block][]*mir.Block
}

func newLayout(f *mir.Func) *layout {
	n := len(f.Blocks)
	l := &layout{orig: append([]*mir.Block(nil), f.Blocks...), pos: make(map[*mir.Block]int, n),
		barrierAt: make([]int, n+1), after: map[*mir.Block][]*mir.Block{}}
	l.barrierAt[n] = n
	for i := n - 1; i >= 0; i-- {
		l.pos[f.Blocks[i]] = i
		l.barrierAt[i] = l.barrierAt[i+1]
		if endsInBarrier(f, f.Blocks[i]) {
			l.barrierAt[i] = i
		}
	}
	return l
}

// fallsThroughTo reports whether p falls through to s in the original layout.
func (l *layout) fallsThroughTo(f *mir.Func, p, s *mir.Block) bool {
	i, ok := l.pos[p]
	return ok && i+1 < len(l.orig) && l.orig[i+1] == s && !endsInBarrier(f, p)
}

// place records where a new block goes.
func (l *layout) place(nb, p *mir.Block, fallThrough bool) {
	if fallThrough {
		l.after[p] = append([]*mir.Block{nb}, l.after[p]...)
		return
	}
	j := len(l.orig)
	if i, ok := l.pos[p]; ok {
		j = l.barrierAt[i]
	}
	anchor := (*mir.Block)(nil)
	if j < len(l.orig) {
		anchor = l.orig[j]
	}
	l.after[anchor] = append(l.after[anchor], nb)
}

// apply rebuilds the function's layout with the new blocks in place.
func (l *layout) apply(f *mir.Func) {
	out := make([]*mir.Block, 0, len(l.orig)+len(l.after))
	for _, b := range l.orig {
		out = append(out, b)
		out = append(out, l.after[b]...)
	}
	f.Blocks = append(out, l.after[nil]...)
}

// canSplit reports whether splitEdge can put a block on the edge p→s:
// not out of an indirect branch, and reached either only by branch
// operands (and jump tables) or only by falling through.
func canSplit(f *mir.Func, lay *layout, p, s *mir.Block) bool {
	refs, jts, indirect := edgeRefs(f, p, s)
	if indirect {
		return false
	}
	byBranch := len(refs) > 0 || len(jts) > 0
	return byBranch != lay.fallsThroughTo(f, p, s)
}

// splitEdge makes a new block on the edge p→s (canSplit must hold) and
// returns it; lay decides its place. A fall-through edge gets a block that
// falls through to s; a branch edge gets a block ending in a jump to s
// (the target's jump from PhiElimHooks, else G_BR), and the branch
// operands and jump-table entries are retargeted.
func splitEdge(f *mir.Func, lay *layout, p, s *mir.Block, jump func(*mir.Func, *mir.Block) *mir.Instr) *mir.Block {
	refs, jts, _ := edgeRefs(f, p, s)
	name := ""
	if s.Name != "" {
		name = s.Name + ".split"
	}
	nb := f.NewBlockDetached(name)
	if len(refs) == 0 && len(jts) == 0 {
		lay.place(nb, p, true)
		return nb
	}
	for _, o := range refs {
		o.Block = nb
	}
	for _, jt := range jts {
		for i, t := range f.JumpTables[jt] {
			if t == s {
				f.JumpTables[jt][i] = nb
			}
		}
	}
	if jump != nil {
		nb.Instrs = append(nb.Instrs, jump(f, s))
	} else {
		nb.Instrs = append(nb.Instrs, mir.NewInstr(mir.GBr, mir.B(s)))
	}
	lay.place(nb, p, false)
	return nb
}

func hasJTOperand(in *mir.Instr) bool {
	for _, o := range in.Ops {
		if o.Kind == mir.KindJT {
			return true
		}
	}
	return false
}

func endsInBarrier(f *mir.Func, b *mir.Block) bool {
	n := len(b.Instrs)
	if n == 0 {
		return false
	}
	last := b.Instrs[n-1]
	return f.Arch.Desc(last.Op).Flags&mir.FlagBarrier != 0 && last.Pred() == nil
}

// sequentialize orders a parallel copy into a sequence of copies that has
// the same effect, breaking cycles with a fresh temporary. With inOrder,
// moves none of which reads another's destination keep their order.
func sequentialize(f *mir.Func, moves []move, materialize func(*mir.Func, mir.Reg, mir.Operand) []*mir.Instr, inOrder bool) []*mir.Instr {
	var out []*mir.Instr
	if inOrder && independent(moves) {
		for _, m := range moves {
			switch {
			case m.src.Kind != mir.KindReg:
				out = append(out, materializeMove(f, m, materialize)...)
			case m.src.Reg != m.dst:
				out = append(out, mir.NewInstr(mir.GCopy, mir.D(m.dst), mir.R(m.src.Reg)))
			}
		}
		return out
	}
	var consts []move
	// pending register moves, minus identities
	var pend []move
	for _, m := range moves {
		switch {
		case m.src.Kind != mir.KindReg:
			consts = append(consts, m)
		case m.src.Reg != m.dst:
			pend = append(pend, m)
		}
	}
	// reads counts the pending moves that read each register.
	reads := map[mir.Reg]int{}
	for _, m := range pend {
		reads[m.src.Reg]++
	}
	for len(pend) > 0 {
		progress := false
		for i := 0; i < len(pend); {
			m := pend[i]
			if reads[m.dst] > 0 {
				i++
				continue
			}
			out = append(out, mir.NewInstr(mir.GCopy, mir.D(m.dst), mir.R(m.src.Reg)))
			reads[m.src.Reg]--
			pend = append(pend[:i], pend[i+1:]...)
			progress = true
		}
		if progress {
			continue
		}
		// Only cycles remain: save one destination's old value in a
		// temporary and let its readers read the temporary instead.
		d := pend[0].dst
		t := f.NewVReg(f.ClassOf(d))
		out = append(out, mir.NewInstr(mir.GCopy, mir.D(t), mir.R(d)))
		for i := range pend {
			if pend[i].src.Reg == d {
				pend[i].src = mir.R(t)
				reads[d]--
				reads[t]++
			}
		}
	}
	for _, m := range consts {
		out = append(out, materializeMove(f, m, materialize)...)
	}
	return out
}

// materializeMove sets m.dst to the non-register operand m.src.
func materializeMove(f *mir.Func, m move, materialize func(*mir.Func, mir.Reg, mir.Operand) []*mir.Instr) []*mir.Instr {
	if materialize != nil {
		return materialize(f, m.dst, m.src)
	}
	return []*mir.Instr{constInstr(m.dst, m.src)}
}

// independent reports whether no move reads another's destination, so
// that the moves can run in any order.
func independent(moves []move) bool {
	dsts := map[mir.Reg]bool{}
	for _, m := range moves {
		dsts[m.dst] = true
	}
	for _, m := range moves {
		if m.src.Kind == mir.KindReg && m.src.Reg != m.dst && dsts[m.src.Reg] {
			return false
		}
	}
	return true
}

// constInstr materializes a non-register PHI operand.
func constInstr(dst mir.Reg, src mir.Operand) *mir.Instr {
	switch src.Kind {
	case mir.KindSym:
		return mir.NewInstr(mir.GGlobalAddr, mir.D(dst), src)
	case mir.KindFrame:
		return mir.NewInstr(mir.GFrameAddr, mir.D(dst), src)
	}
	return mir.NewInstr(mir.GConst, mir.D(dst), src)
}

// insertAt inserts ins into list before index i.
func insertAt(list []*mir.Instr, i int, ins ...*mir.Instr) []*mir.Instr {
	if len(ins) == 0 {
		return list
	}
	out := make([]*mir.Instr, 0, len(list)+len(ins))
	out = append(out, list[:i]...)
	out = append(out, ins...)
	return append(out, list[i:]...)
}
