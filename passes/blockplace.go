package passes

import (
	"slices"

	"lltosimd/mir"
)

// Statistic keys of block-placement.
const (
	statBPMoved    = "moved"
	statBPInverted = "inverted"
	statBPRemoved  = "jumps-removed"
	statBPAdded    = "jumps-added"
)

// block-placement lays the blocks out so that as many edges as possible
// become fall-throughs, after the basics of LLVM's MachineBlockPlacement:
// blocks are strung into chains, each chain grown from its tail by the
// successor the tail can fall into, and the chains are laid out one after
// the other.
//
// A block can fall into its fall-through successor (the next block, or the
// target of its trailing unconditional jump) and, when it ends in a
// conditional branch the target can invert (BranchInfo.InvertCond), into
// the branch's target as well. Among the candidates of a chain's tail the
// pass prefers, in order: a successor no other still open block could
// fall into instead (it would need a jump otherwise), one in the tail's
// innermost loop (the likelier edge: loop bodies stay contiguous and
// exits go last), then the old fall-through successor (stable layouts).
// A new chain starts at the first block in the old layout that nothing
// open can fall into, so chains start where the old layout had jumps.
//
// Then the terminators are rewritten for the new layout: a jump to the
// next block goes, a conditional branch to the next block is inverted to
// the fall-through successor, and a block whose fall-through successor is
// not next gets a jump (BranchInfo.NewJump). The entry block stays first.
//
// It runs on lowered code before the delay-slot filler and branch
// relaxation (bundles are forbidden; long branches are relaxed after the
// layout is final). Functions whose last block falls off the end are left
// alone.
var _ = Register(&Pass{
	Name: "block-placement",
	Desc: "lay blocks out in chains that turn jumps into fall-throughs",
	Stats: map[string]string{
		statBPMoved:    "Number of blocks placed elsewhere",
		statBPInverted: "Number of conditional branches inverted",
		statBPRemoved:  "Number of unconditional jumps removed",
		statBPAdded:    "Number of unconditional jumps added",
	},
	Needs: mir.PropSelected | mir.PropNoPHIs, Forbids: mir.PropBundled,
	Run: runBlockPlacement,
})

// bpBlock is what placement knows about a block's way out.
type bpBlock struct {
	// fall is where control goes when no explicit branch is taken: the
	// next block in the old layout, or the target of the trailing jump;
	// nil after a barrier (return, indirect jump).
	fall *mir.Block
	// jmp is the trailing unconditional jump (nil if none).
	jmp *mir.Instr
	// cond is the conditional branch that ends the block once jmp is
	// taken off, and condT its target (nil if none).
	cond  *mir.Instr
	condT *mir.Block
	// cands are the blocks b can fall into in a new layout.
	cands []*mir.Block
}

func runBlockPlacement(c *Ctx, f *mir.Func) error {
	bi := BranchInfoFor(f.Arch)
	if bi == nil || len(f.Blocks) < 3 {
		return nil
	}
	f.RecomputeCFG()
	info := make(map[*mir.Block]*bpBlock, len(f.Blocks))
	entry := f.Blocks[0]
	for i, b := range f.Blocks {
		x := &bpBlock{}
		info[b] = x
		body := b.Instrs
		if n := len(body); n > 0 {
			last := body[n-1]
			if t, ok := bi.UncondTarget(last); ok && len(last.Bundle) == 0 && last.Pred() == nil {
				x.jmp, x.fall = last, t
				body = body[:n-1]
			}
		}
		if x.jmp == nil && mir.FallsThrough(b) {
			if i+1 == len(f.Blocks) {
				c.Debugf("block-placement: %s: %s falls off the end; layout kept", f.Name, blockLabel(b))
				return nil
			}
			x.fall = f.Blocks[i+1]
		}
		if n := len(body); n > 0 && x.fall != nil {
			last := body[n-1]
			if t, ok := bi.CondTarget(last); ok && len(last.Bundle) == 0 {
				x.cond, x.condT = last, t
			}
		}
		if x.fall != nil && x.fall != entry && x.fall != b {
			x.cands = append(x.cands, x.fall)
		}
		if x.cond != nil && x.condT != x.fall && x.condT != entry && x.condT != b && canInvert(bi, x.cond, x.fall) {
			x.cands = append(x.cands, x.condT)
		}
	}
	li := mir.ComputeLoops(f, mir.ComputeDominators(f))
	// fallPreds counts, per block, the unplaced blocks that could fall
	// into it.
	fallPreds := map[*mir.Block][]*mir.Block{}
	for _, b := range f.Blocks {
		for _, s := range info[b].cands {
			fallPreds[s] = append(fallPreds[s], b)
		}
	}
	placed := make(map[*mir.Block]bool, len(f.Blocks))
	// contested reports whether a block other than cur that is still
	// unplaced, and has no other candidate, could fall into s.
	contested := func(cur, s *mir.Block) bool {
		for _, p := range fallPreds[s] {
			if p != cur && !placed[p] && len(info[p].cands) == 1 {
				return true
			}
		}
		return false
	}
	inLoop := func(cur, s *mir.Block) bool {
		l := li.LoopFor(cur)
		return l == nil || l.Contains(s)
	}
	best := func(cur *mir.Block) *mir.Block {
		var pick *mir.Block
		var pickKey [3]bool
		for _, s := range info[cur].cands {
			if placed[s] {
				continue
			}
			key := [3]bool{!contested(cur, s), inLoop(cur, s), s == info[cur].fall}
			if pick == nil || better(key, pickKey) {
				pick, pickKey = s, key
			}
		}
		return pick
	}
	// open reports whether an unplaced block could still fall into b.
	open := func(b *mir.Block) bool {
		for _, p := range fallPreds[b] {
			if !placed[p] && p != b {
				return true
			}
		}
		return false
	}
	order := make([]*mir.Block, 0, len(f.Blocks))
	start, first := entry, 0 // first: no block before it is unplaced
	for start != nil {
		if c.Debugging() {
			c.Debugf("block-placement: %s: chain from %s", f.Name, blockLabel(start))
		}
		for b := start; b != nil; b = best(b) {
			placed[b] = true
			order = append(order, b)
		}
		for first < len(f.Blocks) && placed[f.Blocks[first]] {
			first++
		}
		start = nil
		for _, b := range f.Blocks[first:] {
			if placed[b] {
				continue
			}
			if start == nil {
				start = b
			}
			if !open(b) {
				start = b
				break
			}
		}
	}
	var moved, inverted, removed, added int64
	for i, b := range order {
		if f.Blocks[i] != b {
			moved++
		}
		x := info[b]
		var next *mir.Block
		if i+1 < len(order) {
			next = order[i+1]
		}
		if x.jmp != nil {
			b.Instrs = b.Instrs[:len(b.Instrs)-1]
		}
		switch {
		case x.fall == nil || x.fall == next:
		case x.cond != nil && x.condT == next && x.condT != x.fall && bi.InvertCond(x.cond, x.fall):
			if c.Debugging() {
				c.Debugf("block-placement: %s: branch inverted to %s", blockLabel(b), blockLabel(x.fall))
			}
			inverted++
		default:
			j := x.jmp
			if j == nil {
				j = bi.NewJump(x.fall)
				added++
			}
			b.Instrs = append(b.Instrs, j)
			continue
		}
		if x.jmp != nil {
			removed++
		}
	}
	if moved > 0 && c.Debugging() {
		c.Debugf("block-placement: %s: layout %s", f.Name, layoutString(order))
	}
	f.Blocks = order
	f.RecomputeCFG()
	c.Count(statBPMoved, moved)
	c.Count(statBPInverted, inverted)
	c.Count(statBPRemoved, removed)
	c.Count(statBPAdded, added)
	return nil
}

// better compares candidate keys lexicographically, true beating false.
func better(a, b [3]bool) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i]
		}
	}
	return false
}

// canInvert reports whether the conditional branch in can be inverted to
// target, trying it on a copy.
func canInvert(bi BranchInfo, in *mir.Instr, target *mir.Block) bool {
	cp := *in
	cp.Ops = slices.Clone(in.Ops)
	return bi.InvertCond(&cp, target)
}

func layoutString(bs []*mir.Block) string {
	s := ""
	for i, b := range bs {
		if i > 0 {
			s += " "
		}
		s += blockLabel(b)
	}
	return s
}
