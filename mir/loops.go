package mir

import "sort"

// Loop is a natural loop: a header that dominates the sources of its back
// edges (the latches) and the blocks that reach a latch without passing
// through the header. Loops sharing a header are one loop.
type Loop struct {
	Header *Block
	// Blocks are the loop's blocks, nested loops' included, in reverse
	// postorder (the header first).
	Blocks []*Block
	// Latches are the loop blocks with an edge to the header.
	Latches []*Block
	// Exits are the blocks outside the loop that loop blocks branch to.
	Exits    []*Block
	Parent   *Loop
	Children []*Loop // in reverse postorder of their headers
	Depth    int     // 1 for an outermost loop

	info *LoopInfo
}

// Contains reports whether b is in the loop (or a nested loop).
func (l *Loop) Contains(b *Block) bool {
	for x := l.info.LoopFor(b); x != nil; x = x.Parent {
		if x == l {
			return true
		}
	}
	return false
}

// Preheader returns the loop's preheader: its header's only predecessor
// outside the loop, if that block has the header as its only successor;
// nil otherwise (SplitCriticalEdge can make one).
func (l *Loop) Preheader() *Block {
	var pre *Block
	for _, p := range l.Header.Preds {
		if l.Contains(p) {
			continue
		}
		if pre != nil {
			return nil
		}
		pre = p
	}
	if pre == nil || len(pre.Succs) != 1 {
		return nil
	}
	return pre
}

// LoopInfo is the loop nest of a function.
type LoopInfo struct {
	// Loops lists every loop, outer loops before the loops they contain.
	Loops []*Loop
	// TopLevel lists the outermost loops.
	TopLevel []*Loop
	// IrreducibleEdges are the retreating edges (to a block on the current
	// depth-first path) whose target does not dominate their source. The CFG
	// is irreducible exactly when there is one; the cycles they close have
	// more than one entry and are not reported as loops.
	IrreducibleEdges [][2]*Block

	index  []int32
	loopOf []*Loop // innermost loop by layout position
}

// ComputeLoops finds the natural loops of f using its dominator tree.
func ComputeLoops(f *Func, dom *DomTree) *LoopInfo {
	li := &LoopInfo{index: layoutIndex(f), loopOf: make([]*Loop, len(f.Blocks))}
	rpo := ReversePostorder(f)
	rpoNum := make(map[*Block]int, len(rpo))
	for i, b := range rpo {
		rpoNum[b] = i
	}
	// Headers are visited inner before outer: a postorder of the dominator
	// tree (children before parents).
	pre := dom.Preorder()
	var work []*Block
	for i := len(pre) - 1; i >= 0; i-- {
		h := pre[i]
		var latches []*Block
		for _, p := range h.Preds {
			if dom.Dominates(h, p) {
				latches = append(latches, p)
			}
		}
		if len(latches) == 0 {
			continue
		}
		l := &Loop{Header: h, Latches: latches, info: li}
		li.set(h, l)
		work = append(work[:0], latches...)
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			sub := li.LoopFor(b)
			if sub == nil {
				li.set(b, l)
				for _, p := range b.Preds {
					if dom.Contains(p) {
						work = append(work, p)
					}
				}
				continue
			}
			for sub.Parent != nil {
				sub = sub.Parent
			}
			if sub == l {
				continue
			}
			// An inner loop: adopt it and continue from its header.
			sub.Parent = l
			l.Children = append(l.Children, sub)
			for _, p := range sub.Header.Preds {
				if dom.Contains(p) {
					work = append(work, p)
				}
			}
		}
	}
	// Collect blocks in reverse postorder into each loop and its ancestors.
	for _, b := range rpo {
		for l := li.LoopFor(b); l != nil; l = l.Parent {
			l.Blocks = append(l.Blocks, b)
			if l.Header == b {
				if l.Parent == nil {
					li.TopLevel = append(li.TopLevel, l)
				}
			}
		}
	}
	var walk func(ls []*Loop, depth int)
	walk = func(ls []*Loop, depth int) {
		sort.SliceStable(ls, func(i, j int) bool { return rpoNum[ls[i].Header] < rpoNum[ls[j].Header] })
		for _, l := range ls {
			l.Depth = depth
			li.Loops = append(li.Loops, l)
			walk(l.Children, depth+1)
		}
	}
	walk(li.TopLevel, 1)
	for _, l := range li.Loops {
		seen := map[*Block]bool{}
		for _, b := range l.Blocks {
			for _, s := range b.Succs {
				if !seen[s] && !l.Contains(s) {
					seen[s] = true
					l.Exits = append(l.Exits, s)
				}
			}
		}
	}
	li.findIrreducible(f, dom)
	return li
}

func (li *LoopInfo) set(b *Block, l *Loop) {
	if i := posOf(li.index, b); i >= 0 {
		li.loopOf[i] = l
	}
}

// LoopFor returns the innermost loop containing b, or nil.
func (li *LoopInfo) LoopFor(b *Block) *Loop {
	if i := posOf(li.index, b); i >= 0 && i < int32(len(li.loopOf)) {
		return li.loopOf[i]
	}
	return nil
}

// Depth returns the loop nesting depth of b (0 outside any loop).
func (li *LoopInfo) Depth(b *Block) int {
	if l := li.LoopFor(b); l != nil {
		return l.Depth
	}
	return 0
}

// IsHeader reports whether b is a loop header.
func (li *LoopInfo) IsHeader(b *Block) bool {
	l := li.LoopFor(b)
	return l != nil && l.Header == b
}

// Irreducible reports whether the CFG has an irreducible cycle.
func (li *LoopInfo) Irreducible() bool { return len(li.IrreducibleEdges) > 0 }

// findIrreducible records retreating edges of a depth-first search whose
// target does not dominate their source.
func (li *LoopInfo) findIrreducible(f *Func, dom *DomTree) {
	if len(f.Blocks) == 0 {
		return
	}
	const (
		unseen = iota
		onStack
		done
	)
	state := make([]uint8, len(f.Blocks))
	type frame struct {
		b    *Block
		next int
	}
	stack := []frame{{f.Blocks[0], 0}}
	state[0] = onStack
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next >= len(top.b.Succs) {
			state[posOf(li.index, top.b)] = done
			stack = stack[:len(stack)-1]
			continue
		}
		s := top.b.Succs[top.next]
		top.next++
		i := posOf(li.index, s)
		if i < 0 || f.Blocks[i] != s {
			continue
		}
		switch state[i] {
		case unseen:
			state[i] = onStack
			stack = append(stack, frame{s, 0})
		case onStack:
			if !dom.Dominates(s, top.b) {
				li.IrreducibleEdges = append(li.IrreducibleEdges, [2]*Block{top.b, s})
			}
		}
	}
}
