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
	termExit                   // the virtual exit: the thread ends
)

// flow is the kernel's control flow as the execute-mask lowering sees it:
// the layout order of its blocks and the facts of each. The virtual exit
// (where every lane ends, after the last block) is the nil block: an edge
// to it leaves a block that returns, and facts[nil] holds its facts.
type flow struct {
	f      *mir.Func
	blocks []*mir.Block // layout order of the blocks reachable from the entry, then nil (the exit)
	facts  map[*mir.Block]*facts
	loops  *mir.LoopInfo
	// last is the last block of each loop in layout order.
	last map[*mir.Loop]*mir.Block
}

// facts are what the lowering knows of one block after preparation: its
// instructions without terminators, an explicit terminator that does not
// depend on layout, and its place in the layout and the execute mask.
type facts struct {
	name   string
	instrs []*mir.Instr
	kind   termKind
	cond   mir.Reg    // termCondBr
	br     *mir.Instr // termCondBr: the G_BRCOND
	t, f   *mir.Block // successors (nil: the exit)
	succs  []*mir.Block
	preds  []*mir.Block // reachable ones only, once the layout is chosen
	pos    int          // layout position; also the execute-mask index of the block
	masked bool         // inside a divergent region: every effect is conditional on the execute mask
	// divergent: a termCondBr lowered with the execute mask (every one
	// that vc4-divergence did not mark uniform, and every one in a
	// masked block).
	divergent bool
	loop      *mir.Loop // the innermost loop containing the block
}

// contains reports whether loop lp contains b (never the exit).
func contains(lp *mir.Loop, b *mir.Block) bool { return b != nil && lp.Contains(b) }

// passLayout puts the blocks in the order the execute-mask lowering
// needs (see flow.layout), with explicit branches where a block fell
// through; blocks unreachable from the entry go last. buildFlow chooses
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
	var g *flow
	for {
		var err error
		if g, err = buildFlow(f); err != nil {
			return err
		}
		s, preds := g.sharedJoin()
		if s == nil {
			break
		}
		nb := mir.SplitPredecessors(s, preds, g.facts[s].name+".join")
		if nb == nil {
			break // checkLayout reports it
		}
		c.Count("joins", 1)
		c.Debugf("%s: join block %s for %d edges into %s", f.Name, nb.Name, len(preds), g.facts[s].name)
	}
	for i, mb := range f.Blocks {
		if i+1 < len(f.Blocks) && mir.FallsThrough(mb) {
			mb.Instrs = append(mb.Instrs, mir.NewInstr(mir.GBr, mir.B(f.Blocks[i+1])))
		}
	}
	order := make([]*mir.Block, 0, len(f.Blocks))
	placed := map[*mir.Block]bool{}
	for _, b := range g.blocks {
		if b != nil {
			order = append(order, b)
			placed[b] = true
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

// buildFlow gives the function's blocks explicit terminators (an edge to
// the virtual exit for a return), takes the divergent branches from
// vc4-divergence's marks and masks their regions, and chooses the
// layout: a reverse postorder that visits loop exits before loop bodies,
// so that every loop is contiguous and every non-back edge goes forward.
func buildFlow(f *mir.Func) (*flow, error) {
	f.RecomputeCFG()
	g := &flow{f: f, facts: map[*mir.Block]*facts{nil: {name: "exit", kind: termExit}}}
	for _, mb := range f.Blocks {
		x := &facts{name: mb.Name}
		if x.name == "" {
			x.name = fmt.Sprintf("bb%d", mb.ID)
		}
		g.facts[mb] = x
	}
	for i, mb := range f.Blocks {
		x := g.facts[mb]
		var next *mir.Block
		if i+1 < len(f.Blocks) {
			next = f.Blocks[i+1]
		}
		done := false
		for _, in := range mb.Instrs {
			if done {
				break
			}
			switch in.Op {
			case mir.GBr:
				if x.kind == termCondBr {
					x.f = in.Ops[0].Block
				} else {
					x.kind, x.t = termBr, in.Ops[0].Block
				}
				done = true
			case mir.GBrCond:
				x.kind, x.cond, x.t, x.br = termCondBr, in.Ops[0].Reg, in.Ops[1].Block, in
			case mir.GRet: // a value returned by a helper goes nowhere (Compile refuses it in a kernel)
				x.kind, x.t = termBr, nil
				done = true
			case mir.GUnreachable, mir.GTrap:
				x.kind, x.t = termBr, nil
				done = true
			case mir.GBrJT, mir.GBrIndirect:
				return nil, fmt.Errorf("function '%s': jump tables and indirect branches are not supported on vc4", f.Name)
			default:
				x.instrs = append(x.instrs, in)
			}
		}
		if !done {
			if next == nil {
				return nil, fmt.Errorf("function '%s': block %s falls off the end", f.Name, x.name)
			}
			if x.kind == termCondBr {
				x.f = next
			} else {
				x.kind, x.t = termBr, next
			}
		}
		if x.kind == termCondBr && x.t == x.f {
			x.kind = termBr
		}
	}
	for _, mb := range f.Blocks {
		x := g.facts[mb]
		x.succs = []*mir.Block{x.t}
		if x.kind == termCondBr {
			x.succs = append(x.succs, x.f)
		}
		for _, s := range x.succs {
			g.facts[s].preds = append(g.facts[s].preds, mb)
		}
	}
	g.markDivergent(nil)
	if err := g.findLoops(); err != nil {
		return nil, err
	}
	g.layout(f.Blocks[0])
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
func (g *flow) crossedTopLevel() map[*mir.Block]bool {
	crossed := map[*mir.Block]bool{}
	for _, b := range g.blocks {
		x := g.facts[b]
		// A top-level block's divergent branch starts a masked run too.
		if !x.masked && !x.divergent {
			continue
		}
		for _, s := range x.succs {
			if !g.facts[s].masked || g.facts[s].pos <= x.pos {
				continue
			}
			for p := x.pos + 1; p < g.facts[s].pos; p++ {
				if y := g.blocks[p]; y != nil && !g.facts[y].masked {
					crossed[y] = true
				}
			}
		}
	}
	return crossed
}

// markDivergent sets facts.divergent and facts.masked: a conditional
// branch is divergent unless vc4-divergence marked it uniform, its region
// (up to its immediate post-dominator) is masked, and so are the branches
// in masked blocks and the blocks in extra. A block unreachable from the
// entry never runs, so its branch masks nothing: clang -O0 keeps the loop
// test of a do-while whose body returns, and its region took in the
// reachable return block (unreachable_loop_test.cl).
func (g *flow) markDivergent(extra map[*mir.Block]bool) {
	pdt := mir.ComputePostDominators(g.f)
	live := mir.Reachable(g.f)
	masked := map[*mir.Block]bool{}
	for _, mb := range g.f.Blocks {
		if g.facts[mb].masked || extra[mb] {
			masked[mb] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, mb := range g.f.Blocks {
			x := g.facts[mb]
			if masked[mb] {
				x.masked = true
			}
			if x.kind != termCondBr || x.divergent || !live[mb] || !x.masked && x.br.Ops[0].Flags&mir.FlagUniform != 0 {
				continue
			}
			x.divergent, changed = true, true
			maskRegion(mb, pdt, masked)
		}
	}
}

// findLoops takes the natural loops from the shared loop analysis
// (mir.ComputeLoops; f's CFG must be up to date) and refuses irreducible
// control flow, which the execute mask cannot express.
func (g *flow) findLoops() error {
	g.loops = mir.ComputeLoops(g.f, mir.ComputeDominators(g.f))
	if len(g.loops.IrreducibleEdges) > 0 {
		e := g.loops.IrreducibleEdges[0]
		return fmt.Errorf("function '%s': irreducible control flow (edge %s -> %s) cannot be expressed with the vc4 execute mask", g.f.Name, g.facts[e[0]].name, g.facts[e[1]].name)
	}
	for _, mb := range g.f.Blocks {
		g.facts[mb].loop = g.loops.LoopFor(mb)
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
func (g *flow) layout(entry *mir.Block) {
	seen := map[*mir.Block]bool{}
	var place func(l *mir.Loop, head *mir.Block) []*mir.Block
	place = func(l *mir.Loop, head *mir.Block) []*mir.Block {
		in := func(b *mir.Block) bool { return b != nil && (l == nil || l.Contains(b)) }
		// rep is the node standing for b at this level: b itself or the
		// outermost loop inside l that contains b.
		rep := func(b *mir.Block) (*mir.Block, *mir.Loop) {
			var child *mir.Loop
			for x := g.facts[b].loop; x != nil && x != l; x = x.Parent {
				child = x
			}
			if child != nil {
				return child.Header, child
			}
			return b, nil
		}
		var post []*mir.Block
		visited := map[*mir.Block]bool{}
		var dfs func(n *mir.Block, nl *mir.Loop)
		dfs = func(n *mir.Block, nl *mir.Loop) {
			visited[n] = true
			members := []*mir.Block{n}
			if nl != nil {
				members = append(members[:0], nl.Blocks...)
				sort.Slice(members, func(i, j int) bool { return members[i].ID < members[j].ID })
			}
			for _, b := range members {
				succs := g.facts[b].succs
				for i := len(succs) - 1; i >= 0; i-- {
					s := succs[i]
					if !in(s) || (l != nil && s == l.Header) {
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
		var out []*mir.Block
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
	g.blocks = append(place(nil, entry), nil)
	seen[nil] = true
	for i, b := range g.blocks {
		g.facts[b].pos = i
	}
	g.last = map[*mir.Loop]*mir.Block{}
	for _, l := range g.loops.Loops {
		for _, b := range l.Blocks {
			if last := g.last[l]; last == nil || g.facts[b].pos > g.facts[last].pos {
				g.last[l] = b
			}
		}
	}
	// Unreachable blocks are dropped from preds.
	for _, b := range g.blocks {
		x := g.facts[b]
		var ps []*mir.Block
		for _, p := range x.preds {
			if seen[p] {
				ps = append(ps, p)
			}
		}
		x.preds = ps
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
func (g *flow) sharedJoin() (*mir.Block, []*mir.Block) {
	var pdt *mir.DomTree
	for _, b := range g.blocks {
		x := g.facts[b]
		if !x.masked {
			continue
		}
		for _, s := range x.succs {
			if s == nil || g.facts[s].masked || g.facts[s].pos <= x.pos || g.masksRun(x.pos+1, g.facts[s].pos) {
				continue
			}
			if pdt == nil {
				pdt = mir.ComputePostDominators(g.f)
			}
			set := map[*mir.Block]bool{}
			for _, d := range g.blocks {
				if d == nil || !g.facts[d].divergent || pdt.IDom(d) != s {
					continue
				}
				region := map[*mir.Block]bool{}
				maskRegion(d, pdt, region)
				if d == b || region[b] {
					set[d] = true
					for y := range region {
						set[y] = true
					}
				}
			}
			var preds []*mir.Block
			for _, p := range s.Preds {
				if set[p] {
					preds = append(preds, p)
				}
			}
			if len(preds) > 0 && len(preds) < len(s.Preds) {
				return s, preds
			}
		}
	}
	return nil, nil
}

// masksRun reports whether the blocks at layout positions [from, to) are
// all masked.
func (g *flow) masksRun(from, to int) bool {
	for p := from; p < to; p++ {
		if !g.facts[g.blocks[p]].masked {
			return false
		}
	}
	return true
}

// checkLayout verifies what the execute-mask lowering relies on: loops are
// contiguous, every non-back edge goes forward, and every masked run of
// blocks is left only towards one top-level block.
func (g *flow) checkLayout() error {
	for _, l := range g.loops.Loops {
		for p := g.facts[l.Header].pos; p <= g.facts[g.last[l]].pos; p++ {
			if !contains(l, g.blocks[p]) {
				return fmt.Errorf("function '%s': loop at %s is not contiguous; unstructured control flow is not supported on vc4", g.f.Name, g.facts[l.Header].name)
			}
		}
	}
	for _, b := range g.blocks {
		x := g.facts[b]
		for _, s := range x.succs {
			y := g.facts[s]
			if y.pos <= x.pos && !g.loopHeaderOf(s, b) {
				return fmt.Errorf("function '%s': backward edge %s -> %s is not a loop back edge", g.f.Name, x.name, y.name)
			}
			if x.masked && !y.masked {
				// Leaving a run: the target must be where every lane of the run reconverges.
				if y.pos > x.pos {
					for p := x.pos + 1; p < y.pos; p++ {
						if !g.facts[g.blocks[p]].masked {
							return fmt.Errorf("function '%s': unstructured control flow: %s branches past %s to %s", g.f.Name, x.name, g.facts[g.blocks[p]].name, y.name)
						}
					}
				}
			}
			if x.masked && y.masked && y.pos > x.pos {
				for p := x.pos + 1; p < y.pos; p++ {
					if !g.facts[g.blocks[p]].masked {
						return fmt.Errorf("function '%s': unstructured control flow: divergent edge %s -> %s crosses the top-level block %s", g.f.Name, x.name, y.name, g.facts[g.blocks[p]].name)
					}
				}
			}
		}
	}
	return nil
}

// loopHeaderOf reports whether h heads a loop that contains b.
func (g *flow) loopHeaderOf(h, b *mir.Block) bool {
	for l := g.facts[b].loop; l != nil; l = l.Parent {
		if l.Header == h {
			return true
		}
	}
	return false
}
