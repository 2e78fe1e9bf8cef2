package passes

import (
	"slices"

	"lltosimd/mir"
)

// Statistic keys of del-jmp.
const (
	statDelJmp    = "del-jmp"
	statInverted  = "inverted"
	statThreaded  = "threaded"
	statDeadBlock = "dead-blocks"
	statPlaced    = "placed"
)

// del-jmp is lbd's Cpu0DelUselessJMP made target-independent: it deletes an
// unconditional jump to the block that follows in layout (control falls
// through there anyway), and, like LLVM's branch folding, rewrites
//
//	bcc X ; jmp Y ; X:   into   b!cc Y ; X:
//
// Before that, again like branch folding, a branch to a block that holds
// nothing but "jmp U" (typically a split critical edge) goes to U directly,
// and such a block is deleted once nothing reaches it.
//
// It runs late, before the delay-slot filler (a deleted jump must not carry
// a filled slot). The successor sets are unchanged by the two rewrites: the
// jump's target becomes the fall-through block, and the inverted branch
// keeps the same two successors. Threading changes them, so the CFG is then
// recomputed.
var _ = Register(&Pass{
	Name: "del-jmp",
	Desc: "delete jumps to the next block; invert branches over such jumps",
	Stats: map[string]string{
		statDelJmp:    "Number of useless jmp deleted",
		statInverted:  "Number of branches inverted to remove a jmp",
		statThreaded:  "Number of branches retargeted past a jmp-only block",
		statDeadBlock: "Number of dead blocks removed",
		statPlaced:    "Number of blocks moved after the branch that alone reaches them",
	},
	Needs: mir.PropSelected | mir.PropNoPHIs, Forbids: mir.PropBundled,
	Run: runDelJmp,
})

func runDelJmp(c *Ctx, f *mir.Func) error {
	bi := BranchInfoFor(f.Arch)
	if bi == nil {
		return nil
	}
	threadJumps(c, f, bi)
	placeBranchTargets(c, f, bi)
	// The last block has no layout successor: its jump is never useless.
	for i := 0; i+1 < len(f.Blocks); i++ {
		b, next := f.Blocks[i], f.Blocks[i+1]
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		last := b.Instrs[n-1]
		target, ok := bi.UncondTarget(last)
		if !ok || len(last.Bundle) != 0 || last.Pred() != nil {
			continue
		}
		if target == next {
			if c.Debugging() {
				c.Debugf("del-jmp: %s: deleting %s (target is the next block)", blockLabel(b), instrString(f, last))
			}
			b.Instrs = b.Instrs[:n-1]
			c.Count(statDelJmp, 1)
			continue
		}
		if n < 2 {
			continue
		}
		prev := b.Instrs[n-2]
		if t, ok := bi.CondTarget(prev); !ok || t != next || len(prev.Bundle) != 0 {
			continue
		}
		var before string
		if c.Debugging() {
			before = instrString(f, prev)
		}
		if !bi.InvertCond(prev, target) {
			continue
		}
		if c.Debugging() {
			c.Debugf("del-jmp: %s: %s ; %s  =>  %s", blockLabel(b), before, instrString(f, last), instrString(f, prev))
		}
		b.Instrs = b.Instrs[:n-1]
		c.Count(statInverted, 1)
	}
	return nil
}

// placeBranchTargets moves, for a block that ends in "bcc X ; jmp Y" with
// neither X nor Y next in layout, one of X and Y right after it when that
// block is reached from nowhere else and ends in a barrier (so nothing
// falls into it or out of it at its old place): the jump then goes, to
// the next block or by inverting the branch over it. This is the case of
// a loop laid out after its exit, the exit reached only from the loop's
// test.
func placeBranchTargets(c *Ctx, f *mir.Func, bi BranchInfo) {
	if len(f.Blocks) < 3 {
		return
	}
	f.RecomputeCFG()
	// refs counts the block operands naming each block outside branches
	// (block addresses, jump tables are edges too but never movable here).
	refs := map[*mir.Block]int{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for _, o := range m.Ops {
					if o.Kind == mir.KindBlock {
						refs[o.Block]++
					}
				}
			}
		}
	}
	movable := func(x, from *mir.Block) bool {
		if x == from || x == f.Blocks[0] || len(x.Preds) != 1 || x.Preds[0] != from || refs[x] != 1 || len(x.Instrs) == 0 {
			return false
		}
		last := x.Instrs[len(x.Instrs)-1]
		return f.Arch.Desc(last.Op).Flags&mir.FlagBarrier != 0 && last.Pred() == nil && len(last.Bundle) == 0
	}
	moved := false
	for i := 0; i+1 < len(f.Blocks); i++ {
		b := f.Blocks[i]
		n := len(b.Instrs)
		if n < 2 {
			continue
		}
		last, prev := b.Instrs[n-1], b.Instrs[n-2]
		y, ok1 := bi.UncondTarget(last)
		x, ok2 := bi.CondTarget(prev)
		next := f.Blocks[i+1]
		if !ok1 || !ok2 || x == next || y == next || len(last.Bundle) != 0 || len(prev.Bundle) != 0 || last.Pred() != nil {
			continue
		}
		var t *mir.Block
		switch {
		case movable(x, b):
			t = x
		case movable(y, b):
			t = y
		default:
			continue
		}
		j := slices.Index(f.Blocks, t)
		f.Blocks = slices.Delete(f.Blocks, j, j+1)
		if j < i {
			i--
		}
		f.Blocks = slices.Insert(f.Blocks, i+1, t)
		if c.Debugging() {
			c.Debugf("del-jmp: %s placed after %s", blockLabel(t), blockLabel(b))
		}
		c.Count(statPlaced, 1)
		moved = true
	}
	if moved {
		f.RecomputeCFG()
	}
}

// threadJumps retargets direct branches whose target holds nothing but an
// unconditional jump, and deletes such blocks when nothing reaches them any
// more: no branch, no other block operand (a block address), no jump table,
// no blockaddress in data (f.BlockSyms) and no fall-through from the block
// before.
func threadJumps(c *Ctx, f *mir.Func, bi BranchInfo) {
	fwd := map[*mir.Block]*mir.Block{} // jmp-only block -> its target
	for _, b := range f.Blocks {
		if len(b.Instrs) != 1 {
			continue
		}
		in := b.Instrs[0]
		if t, ok := bi.UncondTarget(in); ok && t != b && len(in.Bundle) == 0 && in.Pred() == nil {
			fwd[b] = t
		}
	}
	if len(fwd) == 0 {
		return
	}
	// final follows a chain of jmp-only blocks; a cycle of them (an
	// endless loop) is left alone.
	final := func(t *mir.Block) *mir.Block {
		seen := map[*mir.Block]bool{}
		u := t
		for fwd[u] != nil {
			if seen[u] {
				return t
			}
			seen[u] = true
			u = fwd[u]
		}
		return u
	}
	changed := false
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			t, ok := bi.CondTarget(in)
			if !ok {
				t, ok = bi.UncondTarget(in)
			}
			if !ok || fwd[t] == nil {
				continue
			}
			u := final(t)
			if u == t {
				continue
			}
			c.Debugf("del-jmp: %s: %s retargeted to %s (%s only jumps there)",
				blockLabel(b), instrString(f, in), blockLabel(u), blockLabel(t))
			in.ReplaceBlockOperand(t, u)
			c.Count(statThreaded, 1)
			changed = true
		}
	}
	if !changed {
		return
	}
	// Delete the jmp-only blocks nothing refers to any more.
	used := map[*mir.Block]bool{f.Blocks[0]: true}
	for i, b := range f.Blocks {
		if i > 0 && fwd[b] != nil && mir.FallsThrough(f.Blocks[i-1]) {
			used[b] = true
		}
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for _, o := range m.Ops {
					if o.Kind == mir.KindBlock && o.Block != b {
						used[o.Block] = true
					}
				}
			}
		}
	}
	for _, jt := range f.JumpTables {
		for _, b := range jt {
			used[b] = true
		}
	}
	for b := range f.BlockSyms { // a blockaddress in data
		used[b] = true
	}
	kept := f.Blocks[:0]
	for _, b := range f.Blocks {
		if fwd[b] != nil && !used[b] {
			if c.Debugging() {
				c.Debugf("del-jmp: deleting %s, which nothing reaches", blockLabel(b))
			}
			c.Count(statDeadBlock, 1)
			continue
		}
		kept = append(kept, b)
	}
	clear(f.Blocks[len(kept):])
	f.Blocks = kept
	f.RecomputeCFG()
}
