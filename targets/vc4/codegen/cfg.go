package codegen

import (
	"fmt"
	"sort"

	"lltosimd/mir"
	"lltosimd/passes"
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
	cond   mir.Reg    // termCondBr
	br     *mir.Instr // termCondBr: the G_BRCOND
	t, f   *block
	succs  []*block
	preds  []*block
	pos    int  // layout position; also the execute-mask index of the block
	masked bool // inside a divergent region: every effect is conditional on the execute mask
	// divergent: a termCondBr lowered with the execute mask (every one
	// that vc4-divergence did not mark uniform, and every one in a
	// masked block).
	divergent bool
	loop      *loopInfo
	exit      bool // the virtual exit block
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

// passLayout puts the blocks in the order the execute-mask lowering
// needs (see graph.layout), with explicit branches where a block fell
// through; blocks unreachable from the entry go last. buildGraph chooses
// the same order again from the CFG alone, so the pass is what fixes the
// order phi elimination numbers its registers in.
var passLayout = passes.Register(&passes.Pass{
	Name:     "vc4-layout",
	Desc:     "VC4: block order for the execute mask (loops contiguous, every non-back edge forward)",
	Required: true,
	Forbids:  mir.PropSelected,
	Stats: map[string]string{
		"moved": "Number of blocks that changed position",
		"joins": "Number of join blocks inserted for divergent regions",
	},
	Run: layoutBlocks,
})

func layoutBlocks(c *passes.Ctx, f *mir.Func) error {
	var g *graph
	for {
		var err error
		if g, err = buildGraph(f); err != nil {
			return err
		}
		s, preds := g.sharedJoin()
		if s == nil {
			break
		}
		nb := mir.SplitPredecessors(s.mb, preds, s.name+".join")
		if nb == nil {
			break // checkLayout reports it
		}
		c.Count("joins", 1)
		c.Debugf("%s: join block %s for %d edges into %s", f.Name, nb.Name, len(preds), s.name)
	}
	for i, mb := range f.Blocks {
		if i+1 < len(f.Blocks) && mir.FallsThrough(mb) {
			mb.Instrs = append(mb.Instrs, mir.NewInstr(mir.GBr, mir.B(f.Blocks[i+1])))
		}
	}
	order := make([]*mir.Block, 0, len(f.Blocks))
	placed := map[*mir.Block]bool{}
	for _, b := range g.blocks {
		if !b.exit {
			order = append(order, b.mb)
			placed[b.mb] = true
		}
	}
	for _, mb := range f.Blocks {
		if !placed[mb] {
			order = append(order, mb)
		}
	}
	for i, mb := range order {
		if f.Blocks[i] != mb {
			c.Count("moved", 1)
		}
	}
	f.Blocks = order
	f.RecomputeCFG()
	return nil
}

// buildGraph turns the function's blocks into blocks with explicit
// terminators, adds the virtual exit block, takes the divergent branches
// from vc4-divergence's marks and masks their regions, and chooses the layout: a reverse postorder that visits
// loop exits before loop bodies, so that every loop is contiguous and
// every non-back edge goes forward.
func buildGraph(f *mir.Func) (*graph, error) {
	f.RecomputeCFG()
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
				b.kind, b.cond, b.t, b.br = termCondBr, in.Ops[0].Reg, g.byMB[in.Ops[1].Block], in
			case mir.GRet: // a value returned by a helper goes nowhere (Compile refuses it in a kernel)
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
	g.markDivergent(nil)
	if err := g.findLoops(); err != nil {
		return nil, err
	}
	g.layout(all[0])
	for {
		crossed := g.crossedTopLevel()
		if len(crossed) == 0 {
			break
		}
		g.markDivergent(crossed)
	}
	return g, nil
}

// crossedTopLevel returns the top-level blocks laid out between the ends
// of a forward edge inside a masked run. The region of a divergent branch
// can take in code that other top-level code also reaches: after an early
// return in a divergent if, the rest of the kernel runs masked (the
// returned lanes wait for the exit), and a uniform if's else-side that
// ends in that code lies between the masked then-side and the code. Such
// blocks are masked too: lanes that arrive there from top level are all
// active, and the run's lanes that wait further on pass them masked off.
func (g *graph) crossedTopLevel() map[*mir.Block]bool {
	crossed := map[*mir.Block]bool{}
	for _, b := range g.blocks {
		// A top-level block's divergent branch starts a masked run too.
		if !b.masked && !b.divergent {
			continue
		}
		for _, s := range b.succs {
			if !s.masked || s.pos <= b.pos {
				continue
			}
			for p := b.pos + 1; p < s.pos; p++ {
				if x := g.blocks[p]; !x.masked && !x.exit {
					crossed[x.mb] = true
				}
			}
		}
	}
	return crossed
}

func orderByMB(g *graph, f *mir.Func) []*block {
	var bs []*block
	for _, mb := range f.Blocks {
		bs = append(bs, g.byMB[mb])
	}
	return bs
}

// markDivergent sets block.divergent and block.masked: a conditional
// branch is divergent unless vc4-divergence marked it uniform, its region
// (up to its immediate post-dominator) is masked, and so are the branches
// in masked blocks and the blocks in extra. A block unreachable from the
// entry never runs, so its branch masks nothing: clang -O0 keeps the loop
// test of a do-while whose body returns, and its region took in the
// reachable return block (unreachable_loop_test.cl).
func (g *graph) markDivergent(extra map[*mir.Block]bool) {
	pdt := mir.ComputePostDominators(g.f)
	live := mir.Reachable(g.f)
	masked := map[*mir.Block]bool{}
	for mb, b := range g.byMB {
		if b.masked || extra[mb] {
			masked[mb] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for mb, b := range g.byMB {
			if masked[mb] {
				b.masked = true
			}
			if b.kind != termCondBr || b.divergent || !live[mb] || !b.masked && b.br.Ops[0].Flags&mir.FlagUniform != 0 {
				continue
			}
			b.divergent, changed = true, true
			maskRegion(mb, pdt, masked)
		}
	}
}

// findLoops takes the natural loops from the shared loop analysis
// (mir.ComputeLoops; f's CFG must be up to date) and refuses irreducible
// control flow, which the execute mask cannot express.
func (g *graph) findLoops() error {
	li := mir.ComputeLoops(g.f, mir.ComputeDominators(g.f))
	if len(li.IrreducibleEdges) > 0 {
		e := li.IrreducibleEdges[0]
		return fmt.Errorf("function '%s': irreducible control flow (edge %s -> %s) cannot be expressed with the vc4 execute mask", g.f.Name, g.byMB[e[0]].name, g.byMB[e[1]].name)
	}
	loops := map[*mir.Loop]*loopInfo{}
	for _, ml := range li.Loops { // outer loops first
		l := &loopInfo{header: g.byMB[ml.Header], blocks: map[*block]bool{}, parent: loops[ml.Parent]}
		for _, mb := range ml.Blocks {
			l.blocks[g.byMB[mb]] = true
		}
		loops[ml] = l
		g.loops = append(g.loops, l)
	}
	for mb, b := range g.byMB {
		if ml := li.LoopFor(mb); ml != nil {
			b.loop = loops[ml]
		}
	}
	return nil
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

// sharedJoin finds a divergent region whose lanes rejoin in a block that
// other top-level code also reaches, laid out with some of that code
// between the region and the join (a divergent if or loop in the
// then-side of a uniform if, ending where the else-side ends): the
// region's masked exit edge would branch past top-level code, which
// checkLayout refuses. It returns the join and the predecessors to give
// a join block of their own (the region's blocks and its divergent
// branches), whose lanes then reconverge before the top-level code;
// nil if there is no such region. Only regions that need it get the
// block, so every other layout (and its code) stays as it was.
func (g *graph) sharedJoin() (*block, []*mir.Block) {
	var pdt *mir.DomTree
	for _, b := range g.blocks {
		if !b.masked {
			continue
		}
		for _, s := range b.succs {
			if s.masked || s.exit || s.pos <= b.pos || g.masksRun(b.pos+1, s.pos) {
				continue
			}
			if pdt == nil {
				pdt = mir.ComputePostDominators(g.f)
			}
			set := map[*mir.Block]bool{}
			for _, d := range g.blocks {
				if !d.divergent || d.exit || pdt.IDom(d.mb) != s.mb {
					continue
				}
				region := map[*mir.Block]bool{}
				maskRegion(d.mb, pdt, region)
				if d == b || region[b.mb] {
					set[d.mb] = true
					for x := range region {
						set[x] = true
					}
				}
			}
			var preds []*mir.Block
			for _, p := range s.mb.Preds {
				if set[p] {
					preds = append(preds, p)
				}
			}
			if len(preds) > 0 && len(preds) < len(s.mb.Preds) {
				return s, preds
			}
		}
	}
	return nil, nil
}

// masksRun reports whether the blocks at layout positions [from, to) are
// all masked.
func (g *graph) masksRun(from, to int) bool {
	for p := from; p < to; p++ {
		if !g.blocks[p].masked {
			return false
		}
	}
	return true
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
