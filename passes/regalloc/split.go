// Live-range splitting around loops before spilling (the graph
// allocators: -regalloc=tuple and the GRA of gra-lra).

package regalloc

import (
	"math"

	"lltosimd/mir"
)

// splitReq asks to split v around loop l: v's value goes to a stack slot
// after each of its definitions and comes back at the entry of the loop's
// exits where v is live, so that v is no longer live in the loop.
type splitReq struct {
	v     mir.Reg
	loops []*mir.Loop
}

// loopSplit returns the outermost loops through which x is live in
// every block without being referred to in any (Open64's LRANGE_Split
// before GRA_Note_Spill; §3.4): splitting x there instead of spilling it
// keeps it in a register outside the loops and puts its spill code at
// their boundaries, where it runs less often (loops from
// mir.ComputeLoops). It returns nil when x is not such a value (a spill
// temporary, recomputed when spilled, defined by a terminator, split in
// an earlier round already — it is spilled now —, or one whose reloads at
// the exits would cost about what spilling costs).
func (a *alloc) loopSplit(x *interval) []*mir.Loop {
	if !x.spillable || x.remat || a.f.Arch.Classes[a.f.ClassOf(x.v)].Size <= 0 || a.exp != nil {
		return nil // (splits use stack slots, not the target's spill code)
	}
	if _, done := a.splitSlot[x.v]; done {
		return nil
	}
	a.splitInfo()
	if a.termDef[x.v] {
		return nil
	}
	var out []*mir.Loop
	for _, l := range a.loops.Loops { // outer loops first
		inner := false
		for _, o := range out {
			inner = inner || o.Contains(l.Header)
		}
		if inner {
			continue
		}
		ok := true
		for _, b := range l.Blocks {
			bi := a.blockIndex[b]
			if a.blockRefs[bi][x.v] || !liveThrough(x, 2*a.blockStart[bi], 2*a.blockStart[bi+1]) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, l)
		}
	}
	// Worth it only when the reloads at the exits (weighted by their loop
	// depth) cost less than half of what spilling costs: a reload at
	// every use, weighted alike (the stores after the definitions are
	// the same either way).
	cost := 0.0
	for _, l := range out {
		for _, e := range l.Exits {
			if bi := a.blockIndex[e]; x.covers(2 * a.blockStart[bi]) {
				cost += math.Pow(8, float64(min(a.loops.Depth(e), 6)))
			}
		}
	}
	if 2*cost >= a.refs[x.v.VirtIndex()] {
		return nil
	}
	return out
}

// splitInfo computes, once per round, the loops, the block positions,
// the virtual registers each block refers to and those a terminator
// defines.
func (a *alloc) splitInfo() {
	if a.loops != nil {
		return
	}
	f := a.f
	a.loops = mir.ComputeLoops(f, mir.ComputeDominators(f))
	a.blockIndex = make(map[*mir.Block]int, len(f.Blocks))
	a.blockStart = make([]int, len(f.Blocks)+1)
	a.blockRefs = make([]map[mir.Reg]bool, len(f.Blocks))
	a.termDef = map[mir.Reg]bool{}
	pos := 0
	for bi, b := range f.Blocks {
		a.blockIndex[b] = bi
		a.blockStart[bi] = pos
		pos += len(b.Instrs)
		refs := map[mir.Reg]bool{}
		for _, in := range b.Instrs {
			term := f.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0
			mir.ForEachReg(in, func(r mir.Reg, def bool) {
				if r.IsVirtual() {
					refs[r] = true
					if def && term {
						a.termDef[r] = true
					}
				}
			})
		}
		a.blockRefs[bi] = refs
	}
	a.blockStart[len(f.Blocks)] = pos
}

// isReloadOf reports whether in reloads v from slot fi.
func isReloadOf(st *state, in *mir.Instr, v mir.Reg, fi int) bool {
	s, r, ok := st.slotAccess(in, false)
	return ok && s == fi && r == v
}

// splitAroundLoops applies the split requests of a round: a value split
// gets a slot and a store after each definition, and a reload at the
// entry of its loops' exits where it is live in (the slot always holds
// its current value, so any path may reach them). A value is split in one
// round only; spilled later, it keeps the slot and its split code goes
// (spill).
func (st *state) splitAroundLoops(reqs []splitReq) {
	f := st.f
	if st.splitSlot == nil {
		st.splitSlot = map[mir.Reg]int{}
	}
	lv := mir.ComputeLiveness(f)
	index := map[*mir.Block]int{}
	for bi, b := range f.Blocks {
		index[b] = bi
	}
	var stores, reloads int64
	for _, rq := range reqs {
		v := rq.v
		fi, ok := st.splitSlot[v]
		if !ok { // always: a value is split once
			cl := f.Arch.Classes[f.ClassOf(v)]
			fi = f.NewFrameObject(mir.FrameObject{Size: int64(cl.Size), Align: int64(min(cl.Size, 8)), Name: "spill"})
			if st.spillSlots == nil {
				st.spillSlots = map[int64]bool{}
			}
			st.spillSlots[int64(fi)] = true
			st.splitSlot[v] = fi
			for _, b := range f.Blocks {
				out := make([]*mir.Instr, 0, len(b.Instrs)+1)
				for _, in := range b.Instrs {
					out = append(out, in)
					if writesReg(in, v) {
						out = append(out, spillInstr(f, v, fi))
						stores++
					}
				}
				b.Instrs = out
			}
		}
		for _, l := range rq.loops {
			for _, e := range l.Exits {
				if containsReg(lv.LiveIn[index[e]], v) && !(len(e.Instrs) > 0 && isReloadOf(st, e.Instrs[0], v, fi)) {
					e.Instrs = append([]*mir.Instr{reloadInstr(f, v, fi)}, e.Instrs...)
					reloads++
				}
			}
			st.debugf("%s: splitting %%%d around the loop at bb%d (fi#%d)", f.Name, v.VirtIndex(), l.Header.ID, fi)
		}
	}
	st.count("splits", int64(len(reqs)))
	st.count("stores", stores)
	st.count("reloads", reloads)
}
