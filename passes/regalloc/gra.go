// Graph colouring (-regalloc=tuple, alias gra): Chaitin-Briggs with
// conservative coalescing and optimistic colouring over the same
// intervals, units and spill code as the linear scan. gra-lra (lra.go)
// uses it for the global live ranges.

package regalloc

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"lltosimd/mir"
)

// nodes returns the intervals keep accepts (every interval when keep is nil).
func (a *alloc) nodes(keep func(*interval) bool) []*interval {
	var out []*interval
	for _, iv := range a.iv {
		if iv != nil && (keep == nil || keep(iv)) {
			out = append(out, iv)
		}
	}
	return out
}

// interference returns the adjacency lists of nodes (by index): two
// intervals interfere when they are live at a common position. It sweeps
// the intervals in start order.
func interference(nodes []*interval) [][]int {
	idx := make(map[*interval]int, len(nodes))
	for i, x := range nodes {
		idx[x] = i
	}
	byStart := append([]*interval(nil), nodes...)
	sort.Slice(byStart, func(i, j int) bool { return byStart[i].start < byStart[j].start })
	adj := make([][]int, len(nodes))
	var live []*interval
	for _, x := range byStart {
		k := 0
		for _, y := range live {
			if y.end > x.start {
				live[k] = y
				k++
				if y.intersects(x) {
					i, j := idx[x], idx[y]
					adj[i] = append(adj[i], j)
					adj[j] = append(adj[j], i)
				}
			}
		}
		live = append(live[:k], x)
	}
	return adj
}

// colour assigns registers to nodes by priority-based optimistic graph
// colouring (Briggs, Cooper and Torczon) and returns the registers to
// spill. Two nodes interfere when they are live at a common position. A
// node's colours are the registers of its class whose units no fixed
// range (argument, result, clobber) takes while it lives, without the
// target's local block when noLocal is set (gra-lra: the block is LRA's).
//
// Copy-related nodes of the same class that do not interfere are first
// merged when Briggs's conservative test, with the squeeze below for the
// degree, says the merged node stays colourable: fewer than its number of
// colours are taken away by its significant neighbours (conservative
// coalescing; the copy then disappears as an identity copy).
//
// Simplification uses Smith, Ramsey and Holloway's squeeze instead of the
// degree (spec bwdsp.md §3.3): a neighbour of class C removes at most
// worst(node's class, C) of the node's colours — one for a tuple
// neighbour of a scalar, one for a scalar neighbour of a tuple, several
// for a tuple over narrower tuples — and a node whose neighbours cannot
// remove all its colours is removed; when none is left, the node of the
// lowest spill weight per neighbour is removed optimistically. Nodes are
// removed in priority groups, the narrowest classes first, so that the
// widest are coloured first (SIMD first). Selection (preferencing) tries the registers of copy-related
// nodes first, then registers no uncoloured neighbour prefers, in the
// allocation order; a node that finds no colour is spilled (a spill
// temporary instead evicts its cheapest neighbours on one register).
func (a *alloc) colour(orig []*interval, noLocal bool) ([]mir.Reg, error) {
	colourOf := func(x *interval) []mir.Reg {
		var out []mir.Reg
		for _, r := range a.allowed(x.v) {
			if int(r) < a.nphys && !a.fixedIntersects(r, x) && !(noLocal && a.touchesLocalBlock(r)) {
				out = append(out, r)
			}
		}
		return out
	}
	nodes, members := a.coalesce(orig, colourOf)
	n := len(nodes)
	adj := interference(nodes)
	colours := make([][]mir.Reg, n)
	class := make([]mir.RegClass, n)
	for i, x := range nodes {
		class[i] = a.f.ClassOf(x.v)
		colours[i] = colourOf(x)
	}
	block := func(i, j int) int { return a.worst(class[i], class[j]) }
	squeeze := make([]int, n)
	for i := range nodes {
		for _, j := range adj[i] {
			squeeze[i] += block(i, j)
		}
	}
	width := make([]int, n)
	for i, x := range nodes {
		width[i] = a.width(x.v)
	}
	if a.debugging() {
		a.debugGraph(nodes, members, adj, class)
	}
	// Simplify in priority groups, the narrowest class width first: every
	// node of a narrower width is removed before any wider one, so that
	// the wide (SIMD) nodes are coloured first (§3.2–3.3). Within a group,
	// nodes the squeeze says are colourable go first; when none is left,
	// the one of the lowest spill weight per neighbour goes (optimistic).
	removed := make([]bool, n)
	var stack []int
	ready := map[int][]int{} // by width
	left := map[int]int{}    // by width: nodes not removed
	for i := range nodes {
		left[width[i]]++
		if squeeze[i] < len(colours[i]) {
			ready[width[i]] = append(ready[width[i]], i)
		}
	}
	remove := func(i int) {
		removed[i] = true
		left[width[i]]--
		stack = append(stack, i)
		for _, j := range adj[i] {
			if !removed[j] {
				before := squeeze[j] < len(colours[j])
				squeeze[j] -= block(j, i)
				if !before && squeeze[j] < len(colours[j]) {
					ready[width[j]] = append(ready[width[j]], j)
				}
			}
		}
	}
	for len(stack) < n {
		w := math.MaxInt
		for x, k := range left {
			if k > 0 {
				w = min(w, x)
			}
		}
		pick := -1
		for len(ready[w]) > 0 && pick < 0 {
			q := ready[w]
			i := q[len(q)-1]
			ready[w] = q[:len(q)-1]
			if !removed[i] {
				pick = i
			}
		}
		if pick < 0 {
			// Blocked: remove the cheapest node per neighbour.
			best := math.Inf(1)
			for i := range nodes {
				if removed[i] || width[i] != w {
					continue
				}
				cost := nodes[i].weight / float64(1+squeeze[i])
				if pick < 0 || cost < best {
					pick, best = i, cost
				}
			}
		}
		remove(pick)
	}
	// Select in reverse order of removal.
	var spilled []mir.Reg
	spill := func(i int) {
		for _, x := range members[i] {
			spilled = append(spilled, x.v)
		}
	}
	// prefer gives, by vreg index, the registers an uncoloured copy-related
	// node would like: a colour nobody prefers is taken before one a
	// neighbour prefers (Open64's choose-register order (a)–(c)).
	hintReg := func(h mir.Reg) mir.Reg {
		if h.IsVirtual() {
			if hv := a.iv[h.VirtIndex()]; hv != nil {
				return hv.reg
			}
			return mir.NoReg
		}
		return h
	}
	for _, x := range orig {
		x.reg = mir.NoReg
	}
	csrUsed := make([]bool, a.nphys) // by unit: callee-saved units given to some node
	given := make([][]int, a.nphys)  // by unit: the nodes coloured with it so far
	setReg := func(i int, r mir.Reg) {
		nodes[i].reg = r
		if r != mir.NoReg {
			for _, u := range a.units[r] {
				csrUsed[u] = true
				given[u] = append(given[u], i)
			}
		}
		for _, m := range members[i] {
			m.reg = r
		}
	}
	for k := n - 1; k >= 0; k-- {
		i := stack[k]
		x := nodes[i]
		x.reg = mir.NoReg
		// As in the linear scan: a value recomputed at each use when
		// spilled does not open a callee-saved register no value uses yet
		// when its definition and uses weigh no more than three
		// instructions (the save and the restore would cost more).
		cheap := len(members[i]) == 1 && x.remat && x.spillable && a.refs[x.v.VirtIndex()] <= 3
		free := func(r mir.Reg) bool {
			if cheap {
				for _, u := range a.units[r] {
					if a.f.Arch.Regs[u].CalleeSaved && !csrUsed[u] {
						return false
					}
				}
			}
			for _, j := range adj[i] {
				if c := nodes[j].reg; c != mir.NoReg && a.overlap(c, r) {
					return false
				}
			}
			return true
		}
		for _, m := range members[i] {
			for _, h := range a.hints[m.v.VirtIndex()] {
				if h = hintReg(h); h != mir.NoReg && containsReg(colours[i], h) && free(h) {
					x.reg = h
					break
				}
			}
			if x.reg != mir.NoReg {
				break
			}
		}
		if x.reg == mir.NoReg {
			// A colour an uncoloured neighbour's copy partner holds is
			// what that neighbour would like: leave it to it if we can.
			var wanted []mir.Reg
			for _, j := range adj[i] {
				if nodes[j].reg != mir.NoReg {
					continue
				}
				for _, m := range members[j] {
					for _, h := range a.hints[m.v.VirtIndex()] {
						if h = hintReg(h); h != mir.NoReg {
							wanted = append(wanted, h)
						}
					}
				}
			}
			// Among the free colours nobody wants, the first; when
			// spreading (a.spread), the first whose other
			// values are at least spreadGap instructions away, else the
			// one whose nearest value is farthest: values sharing a
			// register close together are ordered by anti and output
			// dependences, which keep a VLIW scheduler from overlapping
			// them. A callee-saved register not yet used is not opened
			// for that.
			fallback, far := mir.NoReg, -1
			spread := a.spread && len(colours[i]) > 0
			for _, r := range colours[i] {
				if !free(r) {
					continue
				}
				if containsReg(wanted, r) {
					if fallback == mir.NoReg {
						fallback = r
					}
					continue
				}
				if x.reg == mir.NoReg {
					x.reg = r
				}
				if !spread {
					break
				}
				near, opens := math.MaxInt, false
				for _, u := range a.units[r] {
					opens = opens || a.f.Arch.Regs[u].CalleeSaved && !csrUsed[u]
					for _, j := range given[u] {
						if y := nodes[j]; y.reg != mir.NoReg {
							near = min(near, max(y.start-x.end, x.start-y.end, 0))
						}
					}
				}
				if opens {
					continue
				}
				if near >= spreadGap {
					x.reg = r
					break
				}
				if near > far {
					x.reg, far = r, near
				}
			}
			if x.reg == mir.NoReg {
				x.reg = fallback
			}
		}
		x.reg = a.preferBank(members[i], x.reg, colours[i], free)
		setReg(i, x.reg)
		if a.debugging() {
			a.debugf("%s: colour %s -> %s", a.f.Name, a.nodeName(members[i]), a.regName(x.reg))
		}
		if x.reg != mir.NoReg {
			continue
		}
		if x.spillable {
			if len(members[i]) == 1 {
				if ls := a.loopSplit(x); len(ls) > 0 {
					a.splits = append(a.splits, splitReq{x.v, ls})
					continue
				}
			}
			spill(i)
			continue
		}
		// A spill temporary must have a register: evict the cheapest
		// spillable neighbours holding one of its colours.
		best, bestCost := mir.NoReg, math.Inf(1)
		for _, r := range colours[i] {
			cost := 0.0
			for _, j := range adj[i] {
				if c := nodes[j].reg; c != mir.NoReg && a.overlap(c, r) {
					cost += nodes[j].weight
				}
			}
			if cost < bestCost {
				best, bestCost = r, cost
			}
		}
		if best == mir.NoReg || math.IsInf(bestCost, 1) {
			return nil, fmt.Errorf("%s: ran out of registers in class %s (value %%%d live in [%d,%d))",
				a.f.Name, a.f.Arch.Classes[class[i]].Name, x.v.VirtIndex(), x.start, x.end)
		}
		for _, j := range adj[i] {
			if c := nodes[j].reg; c != mir.NoReg && a.overlap(c, best) {
				setReg(j, mir.NoReg)
				spill(j)
			}
		}
		setReg(i, best)
	}
	a.count("graNodes", int64(len(orig)))
	a.writeDot(nodes, members, adj)
	return spilled, nil
}

// spreadGap is the distance, in instructions, from which values sharing a
// register no longer constrain the scheduler much (a.spread).
const spreadGap = 24

// worst returns how many registers of class ci one register of class cj
// can overlap at most: the colours a neighbour of class cj takes from a
// node of class ci.
func (a *alloc) worst(ci, cj mir.RegClass) int {
	key := [2]mir.RegClass{ci, cj}
	if w, ok := a.worstCache[key]; ok {
		return w
	}
	w := 0
	for _, r := range a.f.Arch.Classes[cj].Alloc {
		c := 0
		for _, s := range a.f.Arch.Classes[ci].Alloc {
			if a.overlap(r, s) {
				c++
			}
		}
		w = max(w, c)
	}
	if a.worstCache == nil {
		a.worstCache = map[[2]mir.RegClass]int{}
	}
	a.worstCache[key] = w
	return w
}

// coalesce merges copy-related nodes conservatively (Briggs's test with
// the squeeze) and returns the merged nodes with, for each, the original
// intervals it stands for. A merged node is a new interval over the
// union of the segments, with the summed weight; only spillable nodes of
// the same class merge, so that a spill temporary never drags a value
// into its unspillable register.
func (a *alloc) coalesce(orig []*interval, colourOf func(*interval) []mir.Reg) ([]*interval, [][]*interval) {
	n := len(orig)
	idx := make(map[mir.Reg]int, n)
	for i, x := range orig {
		idx[x.v] = i
	}
	single := func() ([]*interval, [][]*interval) {
		members := make([][]*interval, n)
		for i, x := range orig {
			members[i] = []*interval{x}
		}
		return orig, members
	}
	var copies []copyPair
	for _, c := range a.copies {
		_, ok1 := idx[c.d]
		_, ok2 := idx[c.u]
		if ok1 && ok2 {
			copies = append(copies, c)
		}
	}
	if len(copies) == 0 {
		return single()
	}
	sort.SliceStable(copies, func(i, j int) bool { return copies[i].w > copies[j].w })
	adj0 := interference(orig)
	class := make([]mir.RegClass, n)
	colours := make([][]mir.Reg, n)
	squeeze0 := make([]int, n)
	for i, x := range orig {
		class[i] = a.f.ClassOf(x.v)
	}
	for i := range orig {
		for _, j := range adj0[i] {
			squeeze0[i] += a.worst(class[i], class[j])
		}
	}
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	// The root of a group keeps its merged interval, colours, members
	// and squeeze (an over-estimate: the sum of its members').
	merged := make([]*interval, n)
	group := make([][]int, n)
	for i, x := range orig {
		merged[i] = x
		group[i] = []int{i}
	}
	stamp := make([]int, n)
	tick := 0
	merges := 0
	for _, c := range copies {
		ri, rj := find(idx[c.d]), find(idx[c.u])
		if ri == rj || class[ri] != class[rj] || !merged[ri].spillable || !merged[rj].spillable ||
			merged[ri].intersects(merged[rj]) && !(len(group[ri]) == 1 && len(group[rj]) == 1 && a.sameValue(c)) {
			continue
		}
		if colours[ri] == nil {
			colours[ri] = colourOf(merged[ri])
		}
		if colours[rj] == nil {
			colours[rj] = colourOf(merged[rj])
		}
		var both []mir.Reg
		for _, r := range colours[ri] {
			if containsReg(colours[rj], r) {
				both = append(both, r)
			}
		}
		if len(both) == 0 {
			continue
		}
		// Briggs: the significant neighbours of the merged node must
		// leave it a colour.
		tick++
		taken := 0
		for _, g := range [2]int{ri, rj} {
			for _, m := range group[g] {
				for _, k := range adj0[m] {
					rk := find(k)
					if stamp[rk] == tick {
						continue
					}
					stamp[rk] = tick
					if colours[rk] == nil {
						colours[rk] = colourOf(merged[rk])
					}
					if squeeze0[rk] >= len(colours[rk]) {
						taken += a.worst(class[ri], class[rk])
					}
				}
			}
		}
		if taken >= len(both) {
			continue
		}
		x, y := merged[ri], merged[rj]
		segs := append(append([]seg(nil), x.segs...), y.segs...)
		sort.Slice(segs, func(i, j int) bool { return segs[i].from < segs[j].from })
		segs = mergeSegs(segs)
		m := &interval{v: x.v, segs: segs, start: segs[0].from, end: segs[len(segs)-1].to,
			weight: x.weight + y.weight, spillable: true}
		parent[rj] = ri
		merged[ri], colours[ri] = m, both
		group[ri] = append(group[ri], group[rj]...)
		squeeze0[ri] += squeeze0[rj]
		merges++
	}
	if merges == 0 {
		return single()
	}
	a.debugf("%s: coalescing merged %d copy-related pairs", a.f.Name, merges)
	var nodes []*interval
	var members [][]*interval
	for i := range orig {
		if find(i) != i {
			continue
		}
		nodes = append(nodes, merged[i])
		var ms []*interval
		for _, m := range group[i] {
			ms = append(ms, orig[m])
		}
		members = append(members, ms)
	}
	return nodes, members
}

// sameValue reports whether the copy d = u leaves d and u holding one
// value wherever both are live, so that they may share a register even
// though the source stays live after the copy (Chaitin's rule for copies;
// a bitcast or a value read again after a copy a two-address op
// consumes): each has one definition, d's being the copy, and d is not
// live where u is (re)defined, as it would be across a loop's back edge.
func (a *alloc) sameValue(c copyPair) bool {
	du, dd := a.defAt[c.u.VirtIndex()], a.defAt[c.d.VirtIndex()]
	if du <= 0 || dd <= 0 {
		return false
	}
	for _, s := range a.iv[c.d.VirtIndex()].segs {
		if s.from <= du && du < s.to {
			return false
		}
	}
	return true
}

// nodeName names a node by its virtual registers.
func (a *alloc) nodeName(ms []*interval) string {
	var names []string
	for _, m := range ms {
		names = append(names, fmt.Sprintf("%%%d", m.v.VirtIndex()))
	}
	return strings.Join(names, "+") + ":" + a.f.Arch.Classes[a.f.ClassOf(ms[0].v)].Name
}

func (a *alloc) regName(r mir.Reg) string {
	if r == mir.NoReg {
		return "(none)"
	}
	return a.f.Arch.RegPrefix + a.f.Arch.RegName(r)
}

// debugGraph prints the interference graph summary: nodes and edges,
// nodes per class, the largest degree.
func (a *alloc) debugGraph(nodes []*interval, members [][]*interval, adj [][]int, class []mir.RegClass) {
	edges, maxDeg, merged := 0, 0, 0
	perClass := map[mir.RegClass]int{}
	for i := range nodes {
		edges += len(adj[i])
		maxDeg = max(maxDeg, len(adj[i]))
		perClass[class[i]]++
		merged += len(members[i]) - 1
	}
	var cls []string
	for c := range a.f.Arch.Classes {
		if k := perClass[mir.RegClass(c)]; k > 0 {
			cls = append(cls, fmt.Sprintf("%s %d", a.f.Arch.Classes[c].Name, k))
		}
	}
	a.debugf("%s: interference graph: %d nodes (%d values coalesced into others), %d edges, max degree %d; %s",
		a.f.Name, len(nodes), merged, edges/2, maxDeg, strings.Join(cls, ", "))
}
