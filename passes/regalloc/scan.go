// The linear scan over the intervals, choosing registers and the values to spill.

package regalloc

import (
	"fmt"
	"math"
	"sort"

	"lltosimd/mir"
)

// allowed returns the candidate registers of v in preference order.
func (a *alloc) allowed(v mir.Reg) []mir.Reg {
	return a.order[a.f.ClassOf(v)]
}

// scan runs linear scan (with lifetime holes: Wimmer and Mössenböck's
// active/inactive sets, without interval splitting) and returns the
// registers to spill (nil when every interval got a register).
func (a *alloc) scan() ([]mir.Reg, error) {
	var order []*interval
	for _, iv := range a.iv {
		if iv != nil {
			order = append(order, iv)
		}
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].start != order[j].start {
			return order[i].start < order[j].start
		}
		return order[i].v < order[j].v
	})
	// active intervals cover the current position; inactive ones have
	// started and not ended but are in a hole.
	var active, inactive []*interval
	blocked := make([]int, a.nphys) // stamp: blocked for interval number k+1
	var spilled []mir.Reg
	csrUsed := make([]bool, a.nphys) // registers given to some interval so far
	for k, cur := range order {
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
			blocked[x.reg] = stamp
		}
		for _, x := range inactive {
			if blocked[x.reg] != stamp && x.intersects(cur) {
				blocked[x.reg] = stamp
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
			return int(r) < a.nphys && !forbid(r) && blocked[r] != stamp && !a.fixedIntersects(r, cur)
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
		if r == mir.NoReg {
			// Evict the cheapest set of intervals that frees a usable register.
			best, bestCost := mir.NoReg, math.Inf(1)
			for _, c := range cands {
				if int(c) >= a.nphys || forbid(c) || a.fixedIntersects(c, cur) {
					continue
				}
				cost := 0.0
				for _, x := range active {
					if x.reg == c {
						cost += x.weight
					}
				}
				for _, x := range inactive {
					if x.reg == c && x.intersects(cur) {
						cost += x.weight
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
					if x.reg == best && (all || x.intersects(cur)) {
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
			r = best
		}
		cur.reg = r
		csrUsed[r] = true
		active = append(active, cur)
	}
	return spilled, nil
}

func containsReg(rs []mir.Reg, r mir.Reg) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}
