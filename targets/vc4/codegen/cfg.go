package codegen

import (
	"fmt"
	"sort"

	"lltosimd/mir"
)

// termKind classifies how a block ends.
type termKind uint8

const (
	termBr     termKind = iota // goto T
	termCondBr                 // if c != 0 goto T else goto F
	termExit                   // return (edge to the virtual exit block)
)

// block is one basic block of the kernel after preparation: a straight
// list of generic instructions without terminators, plus an explicit
// terminator that does not depend on layout.
type block struct {
	mb     *mir.Block
	name   string
	instrs []*mir.Instr
	kind   termKind
	cond   mir.Reg // termCondBr
	t, f   *block
	succs  []*block
	preds  []*block
	pos    int  // layout position; also the execute-mask index of the block
	masked bool // inside a divergent region: every effect is conditional on the execute mask
	loop   *loopInfo
	exit   bool // the virtual exit block
}

// loopInfo is a natural loop in layout terms.
type loopInfo struct {
	header *block
	last   *block // last block of the loop in layout order
	blocks map[*block]bool
	parent *loopInfo
}

func (l *loopInfo) contains(b *block) bool { return l.blocks[b] }

// graph is the kernel's control-flow graph in layout order.
type graph struct {
	f      *mir.Func
	blocks []*block // layout order; the virtual exit is last
	byMB   map[*mir.Block]*block
	loops  []*loopInfo
	exit   *block
}

// buildGraph turns the function's blocks into blocks with explicit
// terminators, adds the virtual exit block and chooses the layout: a
// reverse postorder that visits loop exits before loop bodies, so that
// every loop is contiguous and every non-back edge goes forward.
func buildGraph(f *mir.Func) (*graph, error) {
	g := &graph{f: f, byMB: map[*mir.Block]*block{}}
	for _, mb := range f.Blocks {
		b := &block{mb: mb, name: mb.Name}
		if b.name == "" {
			b.name = fmt.Sprintf("bb%d", mb.ID)
		}
		g.byMB[mb] = b
	}
	g.exit = &block{name: "exit", exit: true, kind: termExit}
	for i, mb := range f.Blocks {
		b := g.byMB[mb]
		var next *block
		if i+1 < len(f.Blocks) {
			next = g.byMB[f.Blocks[i+1]]
		}
		done := false
		for _, in := range mb.Instrs {
			if done {
				break
			}
			switch in.Op {
			case mir.GBr:
				if b.kind == termCondBr {
					b.f = g.byMB[in.Ops[0].Block]
				} else {
					b.kind, b.t = termBr, g.byMB[in.Ops[0].Block]
				}
				done = true
			case mir.GBrCond:
				b.kind, b.cond, b.t = termCondBr, in.Ops[0].Reg, g.byMB[in.Ops[1].Block]
			case mir.GRet:
				if len(in.Ops) != 0 {
					return nil, fmt.Errorf("function '%s': a kernel must return void", f.Name)
				}
				b.kind, b.t = termBr, g.exit
				done = true
			case mir.GUnreachable, mir.GTrap:
				b.kind, b.t = termBr, g.exit
				done = true
			case mir.GBrJT, mir.GBrIndirect:
				return nil, fmt.Errorf("function '%s': jump tables and indirect branches are not supported on vc4", f.Name)
			default:
				b.instrs = append(b.instrs, in)
			}
		}
		if !done {
			if next == nil {
				return nil, fmt.Errorf("function '%s': block %s falls off the end", f.Name, b.name)
			}
			if b.kind == termCondBr {
				b.f = next
			} else {
				b.kind, b.t = termBr, next
			}
		}
		if b.kind == termCondBr && b.t == b.f {
			b.kind = termBr
		}
	}
	all := append([]*block{}, orderByMB(g, f)...)
	for _, b := range all {
		b.succs = nil
		if b.kind == termBr || b.kind == termCondBr {
			b.succs = append(b.succs, b.t)
		}
		if b.kind == termCondBr {
			b.succs = append(b.succs, b.f)
		}
	}
	for _, b := range append(all, g.exit) {
		for _, s := range b.succs {
			s.preds = append(s.preds, b)
		}
	}
	if err := g.findLoops(all[0]); err != nil {
		return nil, err
	}
	g.layout(all[0])
	return g, nil
}

func orderByMB(g *graph, f *mir.Func) []*block {
	var bs []*block
	for _, mb := range f.Blocks {
		bs = append(bs, g.byMB[mb])
	}
	return bs
}

// findLoops computes dominators on the block graph and the natural loops.
func (g *graph) findLoops(entry *block) error {
	// Iterative dominators over a DFS preorder (small graphs).
	var order []*block
	seen := map[*block]bool{}
	var dfs func(b *block)
	dfs = func(b *block) {
		seen[b] = true
		order = append(order, b)
		for _, s := range b.succs {
			if !seen[s] {
				dfs(s)
			}
		}
	}
	dfs(entry)
	idx := map[*block]int{}
	for i, b := range order {
		idx[b] = i
	}
	dom := make([]map[int]bool, len(order))
	full := map[int]bool{}
	for i := range order {
		full[i] = true
	}
	for i := range order {
		if i == 0 {
			dom[i] = map[int]bool{0: true}
		} else {
			dom[i] = full
		}
	}
	for changed := true; changed; {
		changed = false
		for i := 1; i < len(order); i++ {
			var nd map[int]bool
			for _, p := range order[i].preds {
				pi, ok := idx[p]
				if !ok {
					continue
				}
				if nd == nil {
					nd = map[int]bool{}
					for k := range dom[pi] {
						nd[k] = true
					}
				} else {
					for k := range nd {
						if !dom[pi][k] {
							delete(nd, k)
						}
					}
				}
			}
			nd[i] = true
			if len(nd) != len(dom[i]) {
				dom[i], changed = nd, true
			}
		}
	}
	dominates := func(a, b *block) bool { return dom[idx[b]][idx[a]] }
	// Back edges and irreducible retreating edges.
	onStack := map[*block]bool{}
	visited := map[*block]bool{}
	var err error
	headers := map[*block][]*block{}
	var walk func(b *block)
	walk = func(b *block) {
		visited[b], onStack[b] = true, true
		for _, s := range b.succs {
			if onStack[s] {
				if !dominates(s, b) {
					err = fmt.Errorf("function '%s': irreducible control flow (edge %s -> %s) cannot be expressed with the vc4 execute mask", g.f.Name, b.name, s.name)
				}
				headers[s] = append(headers[s], b)
			} else if !visited[s] {
				walk(s)
			}
		}
		onStack[b] = false
	}
	walk(entry)
	if err != nil {
		return err
	}
	for h, latches := range headers {
		l := &loopInfo{header: h, blocks: map[*block]bool{h: true}}
		work := append([]*block{}, latches...)
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if l.blocks[b] {
				continue
			}
			l.blocks[b] = true
			work = append(work, b.preds...)
		}
		g.loops = append(g.loops, l)
	}
	// Innermost loop per block and parents (smaller loops are nested).
	sort.Slice(g.loops, func(i, j int) bool { return len(g.loops[i].blocks) < len(g.loops[j].blocks) })
	for i, l := range g.loops {
		for _, o := range g.loops[i+1:] {
			if o.blocks[l.header] {
				l.parent = o
				break
			}
		}
		for b := range l.blocks {
			if b.loop == nil {
				b.loop = l
			}
		}
	}
	return nil
}

// depth is the number of loops containing b.
func depth(b *block) int {
	n := 0
	for l := b.loop; l != nil; l = l.parent {
		n++
	}
	return n
}

// layout orders the blocks loop nest by loop nest: at each level (the
// function, then each loop) the blocks and the collapsed inner loops form
// a DAG once back edges to the level's header are dropped; a reverse
// postorder of that DAG, with inner loops expanded in place, keeps every
// loop contiguous and every non-back edge forward. Successors are visited
// false-side first so that the true side follows its branch (Mesa's
// then-before-else order). The virtual exit goes last.
func (g *graph) layout(entry *block) {
	seen := map[*block]bool{}
	var place func(l *loopInfo, head *block) []*block
	place = func(l *loopInfo, head *block) []*block {
		in := func(b *block) bool { return !b.exit && (l == nil || l.contains(b)) }
		// rep is the node standing for b at this level: b itself or the
		// outermost loop inside l that contains b.
		rep := func(b *block) (*block, *loopInfo) {
			var child *loopInfo
			for x := b.loop; x != nil && x != l; x = x.parent {
				child = x
			}
			if child != nil {
				return child.header, child
			}
			return b, nil
		}
		var post []*block
		visited := map[*block]bool{}
		var dfs func(n *block, nl *loopInfo)
		dfs = func(n *block, nl *loopInfo) {
			visited[n] = true
			members := []*block{n}
			if nl != nil {
				members = members[:0]
				for b := range nl.blocks {
					members = append(members, b)
				}
				sort.Slice(members, func(i, j int) bool { return members[i].mb.ID < members[j].mb.ID })
			}
			for _, b := range members {
				for i := len(b.succs) - 1; i >= 0; i-- {
					s := b.succs[i]
					if !in(s) || (l != nil && s == l.header) {
						continue
					}
					r, rl := rep(s)
					if !visited[r] {
						dfs(r, rl)
					}
				}
			}
			post = append(post, n)
		}
		r, rl := rep(head)
		if l != nil {
			r, rl = head, nil
		}
		dfs(r, rl)
		var out []*block
		for i := len(post) - 1; i >= 0; i-- {
			n := post[i]
			if _, nl := rep(n); nl != nil && n != head {
				out = append(out, place(nl, n)...)
			} else {
				out = append(out, n)
				seen[n] = true
			}
		}
		return out
	}
	g.blocks = append(place(nil, entry), g.exit)
	seen[g.exit] = true
	for i, b := range g.blocks {
		b.pos = i
	}
	for _, l := range g.loops {
		for b := range l.blocks {
			if l.last == nil || b.pos > l.last.pos {
				l.last = b
			}
		}
	}
	// Unreachable blocks are dropped from preds.
	for _, b := range g.blocks {
		var ps []*block
		for _, p := range b.preds {
			if seen[p] {
				ps = append(ps, p)
			}
		}
		b.preds = ps
	}
}

// checkLayout verifies what the execute-mask lowering relies on: loops are
// contiguous, every non-back edge goes forward, and every masked run of
// blocks is left only towards one top-level block.
func (g *graph) checkLayout() error {
	for _, l := range g.loops {
		for p := l.header.pos; p <= l.last.pos; p++ {
			if !l.blocks[g.blocks[p]] {
				return fmt.Errorf("function '%s': loop at %s is not contiguous; unstructured control flow is not supported on vc4", g.f.Name, l.header.name)
			}
		}
	}
	for _, b := range g.blocks {
		for _, s := range b.succs {
			if s.pos <= b.pos && (s.loop == nil || !s.loopHeaderOf(b)) {
				return fmt.Errorf("function '%s': backward edge %s -> %s is not a loop back edge", g.f.Name, b.name, s.name)
			}
			if b.masked && !s.masked {
				// Leaving a run: the target must be where every lane of the run reconverges.
				if s.pos > b.pos {
					for p := b.pos + 1; p < s.pos; p++ {
						if !g.blocks[p].masked {
							return fmt.Errorf("function '%s': unstructured control flow: %s branches past %s to %s", g.f.Name, b.name, g.blocks[p].name, s.name)
						}
					}
				}
			}
			if b.masked && s.masked && s.pos > b.pos {
				for p := b.pos + 1; p < s.pos; p++ {
					if !g.blocks[p].masked {
						return fmt.Errorf("function '%s': unstructured control flow: divergent edge %s -> %s crosses the top-level block %s", g.f.Name, b.name, s.name, g.blocks[p].name)
					}
				}
			}
		}
	}
	return nil
}

// loopHeaderOf reports whether h heads a loop that contains b.
func (h *block) loopHeaderOf(b *block) bool {
	for l := b.loop; l != nil; l = l.parent {
		if l.header == h {
			return true
		}
	}
	return false
}
