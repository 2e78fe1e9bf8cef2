package mir

// CFG helpers. They read Block.Succs and Block.Preds, so the CFG must be up
// to date (Func.RecomputeCFG). Blocks that are not in Func.Blocks are
// ignored.

// layoutIndex maps block IDs to positions in f.Blocks (-1: not in layout).
func layoutIndex(f *Func) []int32 {
	n := 0
	for _, b := range f.Blocks {
		n = max(n, b.ID+1)
	}
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = -1
	}
	for i, b := range f.Blocks {
		if b.ID >= 0 {
			idx[b.ID] = int32(i)
		}
	}
	return idx
}

// posOf returns b's layout position from idx, or -1.
func posOf(idx []int32, b *Block) int32 {
	if b == nil || b.ID < 0 || b.ID >= len(idx) {
		return -1
	}
	return idx[b.ID]
}

// Postorder returns the blocks reachable from the entry in depth-first
// postorder, visiting successors in Succs order.
func Postorder(f *Func) []*Block {
	if len(f.Blocks) == 0 {
		return nil
	}
	idx := layoutIndex(f)
	seen := make([]bool, len(f.Blocks))
	type frame struct {
		b    *Block
		next int
	}
	order := make([]*Block, 0, len(f.Blocks))
	stack := []frame{{f.Blocks[0], 0}}
	seen[0] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(top.b.Succs) {
			s := top.b.Succs[top.next]
			top.next++
			if i := posOf(idx, s); i >= 0 && f.Blocks[i] == s && !seen[i] {
				seen[i] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		order = append(order, top.b)
		stack = stack[:len(stack)-1]
	}
	return order
}

// ReversePostorder returns the blocks reachable from the entry in reverse
// postorder: every block comes before its successors except along back
// edges. It is the natural order for forward dataflow.
func ReversePostorder(f *Func) []*Block {
	po := Postorder(f)
	for i, j := 0, len(po)-1; i < j; i, j = i+1, j-1 {
		po[i], po[j] = po[j], po[i]
	}
	return po
}

// Reachable returns the blocks reachable from the entry as a set.
func Reachable(f *Func) map[*Block]bool {
	r := make(map[*Block]bool, len(f.Blocks))
	for _, b := range Postorder(f) {
		r[b] = true
	}
	return r
}

// FallsThrough reports whether control can flow from the end of b into the
// next block in layout (b does not end in an unpredicated barrier).
func FallsThrough(b *Block) bool {
	n := len(b.Instrs)
	if n == 0 {
		return true
	}
	last := b.Instrs[n-1].Control()
	return b.Func.Arch.Desc(last.Op).Flags&FlagBarrier == 0 || last.Pred() != nil
}

// IsCriticalEdge reports whether from→to is an edge from a block with
// several successors to a block with several predecessors.
func IsCriticalEdge(from, to *Block) bool {
	return len(from.Succs) > 1 && len(to.Preds) > 1 && hasBlock(from.Succs, to)
}

func hasBlock(bs []*Block, b *Block) bool {
	for _, x := range bs {
		if x == b {
			return true
		}
	}
	return false
}

// ReplaceBlockOperand makes every block operand of in that names from
// name to instead (a branch or a PHI predecessor retargeted).
func (in *Instr) ReplaceBlockOperand(from, to *Block) {
	for i := range in.Ops {
		if o := &in.Ops[i]; o.Kind == KindBlock && o.Block == from {
			o.Block = to
		}
	}
}

// PhiIncoming returns the value phi takes when control comes from pred.
func PhiIncoming(phi *Instr, pred *Block) (Operand, bool) {
	for k := 1; k+1 < len(phi.Ops); k += 2 {
		if phi.Ops[k+1].Kind == KindBlock && phi.Ops[k+1].Block == pred {
			return phi.Ops[k], true
		}
	}
	return Operand{}, false
}

func replaceBlock(bs []*Block, old, new *Block) {
	for i, x := range bs {
		if x == old {
			bs[i] = new
		}
	}
}

// JumpOp returns the opcode of an unconditional direct jump for f: G_BR
// before instruction selection, otherwise the first target op that is a
// barrier branch with one use and no defs that is neither indirect, a call
// nor a return.
func JumpOp(f *Func) (Opcode, bool) {
	if f.Props&PropSelected == 0 || f.Arch == nil {
		return GBr, true
	}
	for i := range f.Arch.Ops {
		d := &f.Arch.Ops[i]
		want := FlagBranch | FlagTerminator | FlagBarrier
		if d.Flags&want == want && d.Flags&(FlagIndirect|FlagCall|FlagReturn|FlagPseudo) == 0 &&
			d.NumDefs == 0 && d.NumUses == 1 {
			return FirstTargetOp + Opcode(i), true
		}
	}
	return 0, false
}

// BranchesIndirectly reports whether b leaves through a branch to an
// address in a register that is not a jump table's (IR indirectbr: a
// blockaddress computed anywhere): its edges cannot be redirected to a
// new block, since the address, not a block operand, decides where it
// goes (LLVM does not split them either).
func BranchesIndirectly(b *Block) bool {
	for _, in := range b.Instrs {
		for _, m := range in.Flatten() {
			d := b.Func.Arch.Desc(m.Op)
			if d.Flags&(FlagBranch|FlagIndirect) != FlagBranch|FlagIndirect {
				continue
			}
			jt := false
			for _, o := range m.Ops {
				jt = jt || o.Kind == KindJT
			}
			if !jt {
				return true
			}
		}
	}
	return false
}

// SplitCriticalEdge inserts a new block on the edge from→to and returns it.
// Branch operands and jump-table entries of from that name to are
// redirected to the new block (a jump table shared with other instructions
// is copied first), phis in to take their from-value from the new block,
// and Preds/Succs are updated. When from falls through to to, the new block
// is placed right after from and falls through; otherwise it is appended
// to the layout and ends in a jump (see JumpOp; after delay-slot filling
// the caller must fill its slot). It returns nil, changing nothing, if
// from→to is not an edge, from leaves through an indirect branch (see
// BranchesIndirectly) or no jump op exists.
func SplitCriticalEdge(from, to *Block) *Block {
	f := from.Func
	if !hasBlock(from.Succs, to) || BranchesIndirectly(from) {
		return nil
	}
	li := -1
	for i, b := range f.Blocks {
		if b == from {
			li = i
		}
	}
	if li < 0 {
		return nil
	}
	fallsInto := li+1 < len(f.Blocks) && f.Blocks[li+1] == to && FallsThrough(from)
	var jump Opcode
	if !fallsInto {
		op, ok := JumpOp(f)
		if !ok {
			return nil
		}
		jump = op
	}
	nb := f.NewBlockDetached(edgeName(from, to))
	cloned := map[int64]int64{}
	for _, in := range from.Instrs {
		for _, m := range in.Flatten() {
			isBranch := f.Arch.Desc(m.Op).Flags&(FlagBranch|FlagTerminator) != 0
			for i := range m.Ops {
				o := &m.Ops[i]
				switch {
				case o.Kind == KindBlock && o.Block == to && isBranch:
					o.Block = nb
				case o.Kind == KindJT && o.Imm >= 0 && o.Imm < int64(len(f.JumpTables)) && hasBlock(f.JumpTables[o.Imm], to):
					// Tables reach their targets from any instruction (see
					// RecomputeCFG); one used outside from is copied.
					if c, ok := cloned[o.Imm]; ok {
						o.Imm = c
						continue
					}
					if jtUsedOutside(f, o.Imm, from) {
						jt := append([]*Block(nil), f.JumpTables[o.Imm]...)
						f.JumpTables = append(f.JumpTables, jt)
						cloned[o.Imm] = int64(len(f.JumpTables) - 1)
						o.Imm = int64(len(f.JumpTables) - 1)
					}
					replaceBlock(f.JumpTables[o.Imm], to, nb)
				}
			}
		}
	}
	if fallsInto {
		f.Blocks = append(f.Blocks, nil)
		copy(f.Blocks[li+2:], f.Blocks[li+1:])
		f.Blocks[li+1] = nb
	} else {
		nb.Instrs = []*Instr{NewInstr(jump, B(to))}
		f.Blocks = append(f.Blocks, nb)
	}
	for _, in := range to.Instrs {
		if in.Op == GPhi {
			in.ReplaceBlockOperand(from, nb)
		}
	}
	replaceBlock(from.Succs, to, nb)
	replaceBlock(to.Preds, from, nb)
	nb.Preds = []*Block{from}
	nb.Succs = []*Block{to}
	return nb
}

// jtUsedOutside reports whether an instruction outside b references jump
// table jt.
func jtUsedOutside(f *Func, jt int64, b *Block) bool {
	for _, ob := range f.Blocks {
		if ob == b {
			continue
		}
		for _, in := range ob.Instrs {
			for _, m := range in.Flatten() {
				for _, o := range m.Ops {
					if o.Kind == KindJT && o.Imm == jt {
						return true
					}
				}
			}
		}
	}
	return false
}

func edgeName(from, to *Block) string {
	n := func(b *Block) string {
		if b.Name != "" {
			return b.Name
		}
		return "bb" + itoa(b.ID)
	}
	return n(from) + "." + n(to) + "_crit_edge"
}

func itoa(v int) string {
	var p printer
	p.int(int64(v))
	return string(p.buf)
}

// SplitCriticalEdges splits every critical edge of f and returns the new
// blocks. Edges that cannot be split (no jump op) are left alone.
func SplitCriticalEdges(f *Func) []*Block {
	type edge struct{ from, to *Block }
	var edges []edge
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			if IsCriticalEdge(b, s) {
				edges = append(edges, edge{b, s})
			}
		}
	}
	var out []*Block
	for _, e := range edges {
		if nb := SplitCriticalEdge(e.from, e.to); nb != nil {
			out = append(out, nb)
		}
	}
	return out
}

// SplitPredecessors gives the edges from preds (predecessors of to) a
// block of their own: a new block nb, appended to the layout and ending
// in a jump to to (see JumpOp), becomes the target of every branch of
// preds that names to, and to's only edge from them (LLVM's
// SplitBlockPredecessors). A phi of to takes its values from preds in nb:
// one value, or a new phi in nb when they differ. A pred that falls
// through into to gets an explicit jump. Preds/Succs are recomputed. It
// returns nil, changing nothing, if preds is empty, a pred is not a
// predecessor of to or leaves through an indirect branch (see
// BranchesIndirectly), or no jump op exists. Jump tables are not
// redirected (the caller lowers them first).
func SplitPredecessors(to *Block, preds []*Block, name string) *Block {
	f := to.Func
	jump, ok := JumpOp(f)
	if !ok || len(preds) == 0 {
		return nil
	}
	in := map[*Block]bool{}
	for _, p := range preds {
		if !hasBlock(to.Preds, p) || BranchesIndirectly(p) {
			return nil
		}
		in[p] = true
	}
	nb := f.NewBlockDetached(name)
	for i, p := range f.Blocks {
		if !in[p] {
			continue
		}
		if i+1 < len(f.Blocks) && f.Blocks[i+1] == to && FallsThrough(p) {
			p.Instrs = append(p.Instrs, NewInstr(jump, B(nb)))
		}
		for _, x := range p.Instrs {
			for _, m := range x.Flatten() {
				if f.Arch.Desc(m.Op).Flags&(FlagBranch|FlagTerminator) == 0 {
					continue
				}
				for k := range m.Ops {
					if o := &m.Ops[k]; o.Kind == KindBlock && o.Block == to {
						o.Block = nb
					}
				}
			}
		}
	}
	for _, phi := range to.Instrs {
		if phi.Op != GPhi {
			continue
		}
		var moved, kept []Operand
		for k := 1; k+1 < len(phi.Ops); k += 2 {
			if in[phi.Ops[k+1].Block] {
				moved = append(moved, phi.Ops[k], B(phi.Ops[k+1].Block))
			} else {
				kept = append(kept, phi.Ops[k], phi.Ops[k+1])
			}
		}
		if len(moved) == 0 {
			continue
		}
		v := moved[0]
		for k := 2; k < len(moved); k += 2 {
			if moved[k] != v {
				d := phi.Ops[0].Reg
				r := f.NewVReg(f.ClassOf(d))
				if t, ok := f.VecOf(d); ok {
					f.SetVecType(r, t)
				}
				nb.Instrs = append(nb.Instrs, NewInstr(GPhi, append([]Operand{D(r)}, moved...)...))
				v = R(r)
				break
			}
		}
		phi.Ops = append(append(phi.Ops[:1:1], kept...), v, B(nb))
	}
	nb.Instrs = append(nb.Instrs, NewInstr(jump, B(to)))
	f.Blocks = append(f.Blocks, nb)
	f.RecomputeCFG()
	return nb
}
