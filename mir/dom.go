package mir

// DomTree is a dominator or post-dominator tree over a function's blocks,
// computed with the Cooper-Harvey-Kennedy iterative algorithm ("A Simple,
// Fast Dominance Algorithm"). It is a snapshot: recompute it after changing
// the CFG.
//
// A dominator tree is rooted at the entry block and holds the blocks
// reachable from it. A post-dominator tree is rooted at a virtual exit that
// every returning block (no successors) flows to; blocks that cannot reach
// a return (infinite loops) are connected to the virtual exit too, so every
// block is in the tree. IDom returns nil for a block whose immediate
// post-dominator is the virtual exit.
type DomTree struct {
	f       *Func
	post    bool
	blocks  []*Block // node -> block; the post-dominator virtual exit is node len(f.Blocks) with no block
	index   []int32  // Block.ID -> node, -1 if absent
	root    int32
	succ    [][]int32 // the graph the tree was computed on (CFG, or reversed CFG)
	pred    [][]int32
	idom    []int32 // -1: not in the tree; root: itself
	kids    [][]int32
	preNum  []int32 // tree DFS entry and exit numbers for O(1) Dominates
	postNum []int32
	df      [][]*Block
}

// ComputeDominators returns the dominator tree of f (entry = f.Blocks[0]).
func ComputeDominators(f *Func) *DomTree {
	t := newDomTree(f, false)
	n := len(f.Blocks)
	if n == 0 {
		return t
	}
	for i, b := range f.Blocks {
		for _, s := range b.Succs {
			if j := posOf(t.index, s); j >= 0 && f.Blocks[j] == s {
				t.succ[i] = append(t.succ[i], j)
				t.pred[j] = append(t.pred[j], int32(i))
			}
		}
	}
	t.root = 0
	t.compute()
	return t
}

// ComputePostDominators returns the post-dominator tree of f.
func ComputePostDominators(f *Func) *DomTree {
	t := newDomTree(f, true)
	n := int32(len(f.Blocks))
	exit := n
	t.root = exit
	// Reversed CFG: an edge b→s becomes s→b; returns hang off the exit.
	for i, b := range f.Blocks {
		out := 0
		for _, s := range b.Succs {
			if j := posOf(t.index, s); j >= 0 && f.Blocks[j] == s {
				t.succ[j] = append(t.succ[j], int32(i))
				t.pred[i] = append(t.pred[i], j)
				out++
			}
		}
		if out == 0 {
			t.succ[exit] = append(t.succ[exit], int32(i))
			t.pred[i] = append(t.pred[i], exit)
		}
	}
	// Blocks that reach no return: connect the deepest unreached block of
	// each such region (first in forward postorder, typically a loop's
	// bottom) to the exit until every block is reached.
	seen := make([]bool, n+1)
	var stack []int32
	mark := func(r int32) {
		stack = append(stack[:0], r)
		seen[r] = true
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, y := range t.succ[x] {
				if !seen[y] {
					seen[y] = true
					stack = append(stack, y)
				}
			}
		}
	}
	mark(exit)
	for _, x := range forwardPostorderAll(t.succForward(), int(n)) {
		if !seen[x] {
			t.succ[exit] = append(t.succ[exit], x)
			t.pred[x] = append(t.pred[x], exit)
			mark(x)
		}
	}
	t.compute()
	return t
}

func newDomTree(f *Func, post bool) *DomTree {
	n := len(f.Blocks)
	nodes := n
	if post {
		nodes++
	}
	t := &DomTree{f: f, post: post, index: layoutIndex(f), blocks: make([]*Block, nodes),
		succ: make([][]int32, nodes), pred: make([][]int32, nodes)}
	copy(t.blocks, f.Blocks)
	return t
}

// succForward returns the forward CFG of a post-dominator tree's graph
// (its pred lists minus the exit edges).
func (t *DomTree) succForward() [][]int32 {
	n := len(t.f.Blocks)
	out := make([][]int32, n)
	for i := 0; i < n; i++ {
		for _, p := range t.pred[i] {
			if int(p) < n {
				out[i] = append(out[i], p)
			}
		}
	}
	return out
}

// forwardPostorderAll numbers all n nodes in DFS postorder, starting from
// node 0 and then from each node not yet visited.
func forwardPostorderAll(succ [][]int32, n int) []int32 {
	seen := make([]bool, n)
	order := make([]int32, 0, n)
	for r := 0; r < n; r++ {
		if !seen[r] {
			order = appendPostorder(order, succ, seen, int32(r))
		}
	}
	return order
}

// postorderFrom returns the nodes reachable from root in DFS postorder.
func postorderFrom(succ [][]int32, root int32) []int32 {
	return appendPostorder(make([]int32, 0, len(succ)), succ, make([]bool, len(succ)), root)
}

// appendPostorder appends the nodes reachable from root and not yet seen,
// in DFS postorder, marking them seen. Iterative, so deep CFGs cannot
// overflow the stack.
func appendPostorder(order []int32, succ [][]int32, seen []bool, root int32) []int32 {
	type frame struct{ x, next int32 }
	stack := []frame{{root, 0}}
	seen[root] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if int(top.next) < len(succ[top.x]) {
			y := succ[top.x][top.next]
			top.next++
			if !seen[y] {
				seen[y] = true
				stack = append(stack, frame{y, 0})
			}
			continue
		}
		order = append(order, top.x)
		stack = stack[:len(stack)-1]
	}
	return order
}

func (t *DomTree) compute() {
	nodes := len(t.succ)
	t.idom = ImmediateDominators(t.succ, t.pred, t.root)
	t.kids = make([][]int32, nodes)
	for x := range t.idom {
		if d := t.idom[x]; d >= 0 && int32(x) != t.root {
			t.kids[d] = append(t.kids[d], int32(x))
		}
	}
	// Number the tree for constant-time dominance queries.
	t.preNum = make([]int32, nodes)
	t.postNum = make([]int32, nodes)
	type frame struct{ x, next int32 }
	clock := int32(0)
	stack := []frame{{t.root, 0}}
	t.preNum[t.root] = clock
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if int(top.next) < len(t.kids[top.x]) {
			y := t.kids[top.x][top.next]
			top.next++
			clock++
			t.preNum[y] = clock
			stack = append(stack, frame{y, 0})
			continue
		}
		clock++
		t.postNum[top.x] = clock
		stack = stack[:len(stack)-1]
	}
}

// node returns b's node number, or -1 if b is not in the tree.
func (t *DomTree) node(b *Block) int32 {
	i := posOf(t.index, b)
	if i < 0 || t.blocks[i] != b || t.idom == nil || t.idom[i] < 0 {
		return -1
	}
	return i
}

func (t *DomTree) block(x int32) *Block {
	if x < 0 || int(x) >= len(t.blocks) {
		return nil
	}
	return t.blocks[x]
}

// Contains reports whether b is in the tree (for a dominator tree: b is
// reachable from the entry).
func (t *DomTree) Contains(b *Block) bool { return t.node(b) >= 0 }

// IDom returns b's immediate (post-)dominator, or nil for the root, for
// blocks outside the tree and for blocks immediately post-dominated by the
// virtual exit.
func (t *DomTree) IDom(b *Block) *Block {
	x := t.node(b)
	if x < 0 || x == t.root {
		return nil
	}
	return t.block(t.idom[x])
}

// Dominates reports whether a (post-)dominates b. Every block in the tree
// dominates itself; blocks outside the tree dominate nothing and are
// dominated by nothing.
func (t *DomTree) Dominates(a, b *Block) bool {
	x, y := t.node(a), t.node(b)
	if x < 0 || y < 0 {
		return false
	}
	return t.preNum[x] <= t.preNum[y] && t.postNum[y] <= t.postNum[x]
}

// StrictlyDominates reports whether a dominates b and a != b.
func (t *DomTree) StrictlyDominates(a, b *Block) bool { return a != b && t.Dominates(a, b) }

// Children returns the blocks b immediately (post-)dominates.
func (t *DomTree) Children(b *Block) []*Block {
	x := t.node(b)
	if x < 0 {
		return nil
	}
	return t.blocksOf(t.kids[x])
}

// Roots returns the top of the tree: the entry block for dominators, the
// blocks immediately post-dominated by the virtual exit for post-dominators.
func (t *DomTree) Roots() []*Block {
	if t.idom == nil {
		return nil
	}
	if t.post {
		return t.blocksOf(t.kids[t.root])
	}
	return []*Block{t.blocks[t.root]}
}

func (t *DomTree) blocksOf(xs []int32) []*Block {
	out := make([]*Block, 0, len(xs))
	for _, y := range xs {
		out = append(out, t.blocks[y])
	}
	return out
}

// NearestCommonDominator returns the deepest block that dominates both a
// and b, or nil if there is none (post-dominators: only the virtual exit).
func (t *DomTree) NearestCommonDominator(a, b *Block) *Block {
	x, y := t.node(a), t.node(b)
	if x < 0 || y < 0 {
		return nil
	}
	for !(t.preNum[x] <= t.preNum[y] && t.postNum[y] <= t.postNum[x]) {
		x = t.idom[x]
	}
	return t.block(x)
}

// Preorder returns the blocks of the tree in depth-first preorder, parents
// before children (a valid order for dominator-based rewrites).
func (t *DomTree) Preorder() []*Block {
	out := make([]*Block, 0, len(t.blocks))
	stack := []int32{t.root}
	for len(stack) > 0 && t.idom != nil {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b := t.block(x); b != nil {
			out = append(out, b)
		}
		for i := len(t.kids[x]) - 1; i >= 0; i-- {
			stack = append(stack, t.kids[x][i])
		}
	}
	return out
}

// Frontier returns b's dominance frontier: the blocks where b's dominance
// ends (for a post-dominator tree, the blocks b is control dependent on).
// Frontiers are computed for all blocks on the first call.
func (t *DomTree) Frontier(b *Block) []*Block {
	if t.df == nil {
		t.computeFrontiers()
	}
	x := t.node(b)
	if x < 0 {
		return nil
	}
	return t.df[x]
}

func (t *DomTree) computeFrontiers() {
	t.df = make([][]*Block, len(t.succ))
	if t.idom == nil {
		return
	}
	parent := func(r int32) int32 {
		if r == t.root {
			return -1
		}
		return t.idom[r]
	}
	for x := range t.succ {
		bx := t.block(int32(x))
		// Only join points are in frontiers, and the entry when a back
		// edge enters it.
		if bx == nil || t.idom[x] < 0 || len(t.pred[x]) < 2 && int32(x) != t.root {
			continue
		}
		stop := parent(int32(x))
		for _, p := range t.pred[x] {
			if t.idom[p] < 0 {
				continue // unreachable predecessor
			}
			for r := p; r != stop; r = parent(r) {
				if n := len(t.df[r]); n > 0 && t.df[r][n-1] == bx {
					break // already walked from here for x
				}
				t.df[r] = append(t.df[r], bx)
			}
		}
	}
}

// ImmediateDominators returns each node's immediate dominator in the graph
// given by its successor and predecessor lists (the root's is the root;
// -1 for a node the root does not reach), by the iterative algorithm of
// Cooper, Harvey and Kennedy over reverse postorder. It serves the MIR
// trees and any other graph, e.g. the frontend's check of the IR's SSA.
func ImmediateDominators(succ, pred [][]int32, root int32) []int32 {
	nodes := len(succ)
	idom := make([]int32, nodes)
	for i := range idom {
		idom[i] = -1
	}
	po := postorderFrom(succ, root)
	num := make([]int32, nodes) // postorder number, -1 unreachable
	for i := range num {
		num[i] = -1
	}
	for i, x := range po {
		num[x] = int32(i)
	}
	idom[root] = root
	intersect := func(a, b int32) int32 {
		for a != b {
			for num[a] < num[b] {
				a = idom[a]
			}
			for num[b] < num[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(po) - 2; i >= 0; i-- { // reverse postorder, root excluded
			x := po[i]
			nd := int32(-1)
			for _, p := range pred[x] {
				if num[p] < 0 || idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if idom[x] != nd {
				idom[x] = nd
				changed = true
			}
		}
	}
	return idom
}
