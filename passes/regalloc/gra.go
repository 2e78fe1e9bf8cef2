// Graph colouring (-pass-option=regalloc=gra): Chaitin-Briggs with
// optimistic colouring over the same intervals, units and spill code as
// the linear scan.

package regalloc

import (
	"fmt"
	"math"
	"sort"

	"lltosimd/mir"
)

// colour assigns registers by priority-based optimistic graph colouring
// (Briggs, Cooper and Torczon) and returns the registers to spill. Nodes
// are the intervals; two interfere when they are live at a common
// position. A node's colours are the registers of its class whose units
// no fixed range (argument, result, clobber) takes while it lives.
//
// Simplification uses Smith, Ramsey and Holloway's squeeze instead of the
// degree (spec bwdsp.md §3.3): a neighbour of class C removes at most
// worst(node's class, C) of the node's colours — one for a tuple
// neighbour of a scalar, one for a scalar neighbour of a tuple, several
// for a tuple over narrower tuples — and a node whose neighbours cannot
// remove all its colours is removed; when none is left, the node of the
// lowest spill weight per neighbour is removed optimistically. Nodes of
// the widest classes are removed last, so they are coloured first (SIMD
// first). Selection tries copy hints first, then the allocation order; a
// node that finds no colour is spilled (a spill temporary instead evicts
// its cheapest neighbours on one register).
func (a *alloc) colour() ([]mir.Reg, error) {
	var nodes []*interval
	for _, iv := range a.iv {
		if iv != nil {
			nodes = append(nodes, iv)
		}
	}
	n := len(nodes)
	idx := make(map[*interval]int, n)
	for i, x := range nodes {
		idx[x] = i
	}
	// Interference by a sweep over the intervals in start order.
	byStart := append([]*interval(nil), nodes...)
	sort.Slice(byStart, func(i, j int) bool { return byStart[i].start < byStart[j].start })
	adj := make([][]int, n)
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
	colours := make([][]mir.Reg, n)
	class := make([]mir.RegClass, n)
	for i, x := range nodes {
		class[i] = a.f.ClassOf(x.v)
		for _, r := range a.allowed(x.v) {
			if int(r) < a.nphys && !a.fixedIntersects(r, x) {
				colours[i] = append(colours[i], r)
			}
		}
	}
	worst := map[[2]mir.RegClass]int{}
	block := func(i, j int) int { // colours of node i that node j can take away
		key := [2]mir.RegClass{class[i], class[j]}
		if w, ok := worst[key]; ok {
			return w
		}
		w := 0
		for _, r := range a.f.Arch.Classes[class[j]].Alloc {
			c := 0
			for _, s := range a.f.Arch.Classes[class[i]].Alloc {
				if a.overlap(r, s) {
					c++
				}
			}
			w = max(w, c)
		}
		worst[key] = w
		return w
	}
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
	// Simplify: narrow nodes first, so that wide ones are coloured first.
	removed := make([]bool, n)
	var stack, ready []int
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(p, q int) bool { return width[order[p]] > width[order[q]] })
	for _, i := range order {
		if squeeze[i] < len(colours[i]) {
			ready = append(ready, i)
		}
	}
	remove := func(i int) {
		removed[i] = true
		stack = append(stack, i)
		for _, j := range adj[i] {
			if !removed[j] {
				before := squeeze[j] < len(colours[j])
				squeeze[j] -= block(j, i)
				if !before && squeeze[j] < len(colours[j]) {
					ready = append(ready, j)
				}
			}
		}
	}
	for len(stack) < n {
		pick := -1
		for len(ready) > 0 && pick < 0 {
			i := ready[len(ready)-1]
			ready = ready[:len(ready)-1]
			if !removed[i] {
				pick = i
			}
		}
		if pick < 0 {
			// Blocked: remove the cheapest node per neighbour, narrow first.
			best := math.Inf(1)
			for i := range nodes {
				if removed[i] {
					continue
				}
				cost := nodes[i].weight / float64(1+squeeze[i])
				if pick < 0 || cost < best || cost == best && width[i] < width[pick] {
					pick, best = i, cost
				}
			}
		}
		remove(pick)
	}
	// Select in reverse order of removal.
	var spilled []mir.Reg
	assigned := func(j int) mir.Reg { return nodes[j].reg }
	for k := n - 1; k >= 0; k-- {
		i := stack[k]
		x := nodes[i]
		x.reg = mir.NoReg
		free := func(r mir.Reg) bool {
			for _, j := range adj[i] {
				if c := assigned(j); c != mir.NoReg && a.overlap(c, r) {
					return false
				}
			}
			return true
		}
		for _, h := range a.hints[x.v.VirtIndex()] {
			if h.IsVirtual() {
				if hv := a.iv[h.VirtIndex()]; hv != nil {
					h = hv.reg
				} else {
					h = mir.NoReg
				}
			}
			if h != mir.NoReg && containsReg(colours[i], h) && free(h) {
				x.reg = h
				break
			}
		}
		if x.reg == mir.NoReg {
			for _, r := range colours[i] {
				if free(r) {
					x.reg = r
					break
				}
			}
		}
		if x.reg != mir.NoReg {
			continue
		}
		if x.spillable {
			spilled = append(spilled, x.v)
			continue
		}
		// A spill temporary must have a register: evict the cheapest
		// spillable neighbours holding one of its colours.
		best, bestCost := mir.NoReg, math.Inf(1)
		for _, r := range colours[i] {
			cost := 0.0
			for _, j := range adj[i] {
				if c := assigned(j); c != mir.NoReg && a.overlap(c, r) {
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
			if c := assigned(j); c != mir.NoReg && a.overlap(c, best) {
				nodes[j].reg = mir.NoReg
				spilled = append(spilled, nodes[j].v)
			}
		}
		x.reg = best
	}
	return spilled, nil
}
