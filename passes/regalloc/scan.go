// The linear scan over the intervals, choosing registers and the values to spill.

package regalloc

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"lltosimd/mir"
)

// allowed returns the candidate registers of v in preference order.
func (a *alloc) allowed(v mir.Reg) []mir.Reg {
	return a.order[a.f.ClassOf(v)]
}

// placedPenalty is added to the cost of evicting an interval of an
// earlier (wider) priority group, so that the eviction a spill temporary
// forces falls on its own group when it can.
const placedPenalty = 1e12

// width is the number of units of the widest register of v's class: the
// allocation priority of v (tuples before the plain registers they are
// made of, spec bwdsp.md §3.2–3.3: the most constrained values first).
func (a *alloc) width(v mir.Reg) int {
	w := 1
	for _, r := range a.allowed(v) {
		if int(r) < a.nphys {
			w = max(w, len(a.units[r]))
		}
	}
	return w
}

// scan runs linear scan (with lifetime holes: Wimmer and Mössenböck's
// active/inactive sets, without interval splitting) and returns the
// registers to spill (nil when every interval got a register).
//
// Registers are sets of units (tuples): a register is free for an interval
// iff none of its units is taken where the interval lives, which for a
// BWDSP SIMD tuple is the AND of the free sets of the macros of its mask
// (spec bwdsp.md §3.3). The intervals are scanned in priority groups, the
// widest classes first; the intervals of earlier groups stay in place
// (placed, by unit) and block the later ones, which spill rather than
// evict them (unless they are spill temporaries, which must get a
// register). With no tuples there is one group and this is the plain
// linear scan.
func (a *alloc) scan() ([]mir.Reg, error) {
	var order []*interval
	width := make([]int, len(a.iv))
	for vi, iv := range a.iv {
		if iv != nil {
			order = append(order, iv)
			if a.tuples {
				width[vi] = a.width(iv.v)
			}
		}
	}
	sort.Slice(order, func(i, j int) bool {
		wi, wj := width[order[i].v.VirtIndex()], width[order[j].v.VirtIndex()]
		if wi != wj {
			return wi > wj
		}
		if order[i].start != order[j].start {
			return order[i].start < order[j].start
		}
		return order[i].v < order[j].v
	})
	// active intervals cover the current position; inactive ones have
	// started and not ended but are in a hole.
	var active, inactive []*interval
	// placed holds, by unit, the intervals of earlier priority groups.
	var placed [][]*interval
	blocked := make([]int, a.nphys) // by unit; stamp: blocked for interval number k+1
	var spilled []mir.Reg
	csrUsed := make([]bool, a.nphys) // registers given to some interval so far
	group, groupStart := -1, 0
	for k, cur := range order {
		if w := width[cur.v.VirtIndex()]; w != group {
			// A new priority group: what the previous ones assigned stays put.
			if group >= 0 {
				if placed == nil {
					placed = make([][]*interval, a.nphys)
				}
				for _, x := range order[groupStart:k] {
					if x.reg != mir.NoReg {
						for _, u := range a.units[x.reg] {
							placed[u] = append(placed[u], x)
						}
					}
				}
			}
			active, inactive, group, groupStart = active[:0], inactive[:0], w, k
		}
		p := cur.start
		var still []*interval
		n := 0
		for _, x := range active {
			switch {
			case x.end <= p:
			case !x.covers(p):
				still = append(still, x)
			default:
				active[n] = x
				n++
			}
		}
		active = active[:n]
		n = 0
		for _, x := range inactive {
			switch {
			case x.end <= p:
			case x.covers(p):
				active = append(active, x)
			default:
				inactive[n] = x
				n++
			}
		}
		inactive = append(inactive[:n], still...)

		stamp := k + 1
		for _, x := range active {
			for _, u := range a.units[x.reg] {
				blocked[u] = stamp
			}
		}
		for _, x := range inactive {
			if blocked[x.reg] != stamp && x.intersects(cur) {
				for _, u := range a.units[x.reg] {
					blocked[u] = stamp
				}
			}
		}
		cands := a.allowed(cur.v)
		// A value recomputed at each use when spilled does not open a
		// callee-saved register no value uses yet when its definition
		// and uses weigh no more than three instructions (loop depth
		// included): the save and the restore would cost more.
		forbid := func(r mir.Reg) bool {
			return cur.remat && cur.spillable && a.refs[cur.v.VirtIndex()] <= 3 && a.f.Arch.Regs[r].CalleeSaved && !csrUsed[r]
		}
		free := func(r mir.Reg) bool {
			if int(r) >= a.nphys || forbid(r) {
				return false
			}
			if !a.tuples {
				return blocked[r] != stamp && !a.fixedIntersects(r, cur)
			}
			if a.fixedIntersects(r, cur) {
				return false
			}
			for _, u := range a.units[r] {
				if blocked[u] == stamp {
					return false
				}
				if placed != nil {
					for _, x := range placed[u] {
						if x.reg != mir.NoReg && x.intersects(cur) {
							return false
						}
					}
				}
			}
			return true
		}
		r := mir.NoReg
		for _, h := range a.hints[cur.v.VirtIndex()] {
			if h.IsVirtual() {
				hv := a.iv[h.VirtIndex()]
				if hv == nil || hv.reg == mir.NoReg {
					continue
				}
				h = hv.reg
			}
			if containsReg(cands, h) && free(h) {
				r = h
				break
			}
		}
		if r == mir.NoReg {
			for _, x := range cands {
				if free(x) {
					r = x
					break
				}
			}
		}
		r = a.preferBank([]*interval{cur}, r, cands, free)
		if r == mir.NoReg {
			// Evict the cheapest set of intervals that frees a usable register.
			best, bestCost := mir.NoReg, math.Inf(1)
			for _, c := range cands {
				if int(c) >= a.nphys || forbid(c) || a.fixedIntersects(c, cur) {
					continue
				}
				cost := 0.0
				for _, x := range active {
					if a.overlap(x.reg, c) {
						cost += x.weight
					}
				}
				for _, x := range inactive {
					if a.overlap(x.reg, c) && x.intersects(cur) {
						cost += x.weight
					}
				}
				if placed != nil {
					for _, x := range a.placedBlocking(placed, c, cur) {
						// Priority: a value of a narrower class spills
						// rather than evict a wider one; only a spill
						// temporary (unspillable) may, when evicting
						// values of its own group does not help.
						if cur.spillable {
							cost = math.Inf(1)
						}
						cost += x.weight + placedPenalty
					}
				}
				if cost < bestCost {
					best, bestCost = c, cost
				}
			}
			if cur.spillable && (best == mir.NoReg || cur.weight <= bestCost) {
				spilled = append(spilled, cur.v)
				continue
			}
			if best == mir.NoReg || math.IsInf(bestCost, 1) {
				return nil, fmt.Errorf("%s: ran out of registers in class %s (value %%%d live in [%d,%d))",
					a.f.Name, a.f.Arch.Classes[a.f.ClassOf(cur.v)].Name, cur.v.VirtIndex(), cur.start, cur.end)
			}
			evict := func(list []*interval, all bool) []*interval {
				n := 0
				for _, x := range list {
					if a.overlap(x.reg, best) && (all || x.intersects(cur)) {
						spilled = append(spilled, x.v)
						x.reg = mir.NoReg
						continue
					}
					list[n] = x
					n++
				}
				return list[:n]
			}
			active = evict(active, true)
			inactive = evict(inactive, false)
			if placed != nil {
				for _, x := range a.placedBlocking(placed, best, cur) {
					spilled = append(spilled, x.v)
					x.reg = mir.NoReg // dropped from placed lazily
				}
			}
			r = best
		}
		cur.reg = r
		csrUsed[r] = true
		active = append(active, cur)
	}
	return spilled, nil
}

// placedBlocking returns the intervals of earlier priority groups that
// hold a unit of register c somewhere in cur, each once.
func (a *alloc) placedBlocking(placed [][]*interval, c mir.Reg, cur *interval) []*interval {
	var out []*interval
	for _, u := range a.units[c] {
		for _, x := range placed[u] {
			if x.reg != mir.NoReg && x.intersects(cur) && !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	return out
}

func containsReg(rs []mir.Reg, r mir.Reg) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}
