// OCC's global + local allocation (-regalloc=gra-lra, spec bwdsp.md
// §3.2 and §3.4): graph colouring for the global live ranges without the
// target's local block, then a local allocator per basic block.

package regalloc

import (
	"fmt"
	"math"
	"sort"

	"lltosimd/mir"
)

// graLRA allocates in two phases and returns the registers to spill.
//
// A live range is local when it starts and ends inside one block
// (neither live in nor live out), is not live across a call (the local
// allocator only hands out caller-saved registers) and its class has a
// register in the local block or a caller-saved one; every other live
// range is global. GRA (colour) colours the global ones without the
// registers of the local block (passes.LocalBlock: BWDSP's R28–R39).
//
// LRA then allocates the locals of each block over the local block plus
// the caller-saved registers no global uses in the block (Open64's
// GRA_GRANT_Unused_Caller_Saved). The locals of the widest classes go
// first (SIMD first, §3.2), each class group in a backward walk as in
// Open64's Assign_Registers: the live range that ends last is placed
// first (a register is taken at the last use and given back at the
// definition). Copy hints are tried first, and a hinted register may be
// one a global holds in the block where the global does not meet the
// local (so that the copy between them goes away). When no register is left, the
// remedies of Fix_LRA_Blues apply in order: (1) spill a global that the
// block does not refer to around the block (store at the block's entry,
// reload before its terminator) and take its register; (2) Open64 then
// reorders instructions (not done here); (3) spill the cheapest locals in
// the way, or the live range itself; a spill temporary that still finds
// nothing (4) evicts the cheapest globals in the way, which are spilled
// and allocated again in the next round.
func (a *alloc) graLRA() ([]mir.Reg, error) {
	f := a.f
	nb := len(f.Blocks)
	starts := make([]int, nb+1) // instruction index of each block's start
	term := make([]int, nb)     // instruction index of each block's first terminator
	refs := make([]map[mir.Reg]bool, nb)
	var calls []int // positions 2i+1 of the calls
	pos := 0
	for bi, b := range f.Blocks {
		starts[bi] = pos
		term[bi] = pos + len(b.Instrs)
		refs[bi] = map[mir.Reg]bool{}
		for k, in := range b.Instrs {
			if isCall(f, in) {
				calls = append(calls, 2*(pos+k)+1)
			}
			if term[bi] == pos+len(b.Instrs) && f.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0 {
				term[bi] = pos + k
			}
			mir.ForEachReg(in, func(r mir.Reg, _ bool) {
				if r.IsVirtual() {
					refs[bi][r] = true
				}
			})
		}
		pos += len(b.Instrs)
	}
	starts[nb] = pos
	blockOf := func(p int) int { return sort.Search(nb, func(k int) bool { return 2*starts[k+1] > p }) }
	crossesCall := func(iv *interval) bool {
		for k := sort.SearchInts(calls, iv.start); k < len(calls) && calls[k] < iv.end; k++ {
			if iv.covers(calls[k]) {
				return true
			}
		}
		return false
	}
	// lraClass: the class has a register LRA may hand out.
	lraClass := make([]bool, len(f.Arch.Classes))
	for c := range lraClass {
		for _, r := range a.order[c] {
			if a.inLocalBlock(r) || !a.anyCalleeSaved(r) {
				lraClass[c] = true
				break
			}
		}
	}
	locals := make([][]*interval, nb)
	isLocal := make([]bool, len(a.iv))
	nlocal := 0
	for vi, iv := range a.iv {
		if iv == nil {
			continue
		}
		bi := blockOf(iv.start)
		if bi < nb && iv.start > 2*starts[bi] && iv.end < 2*starts[bi+1] && lraClass[f.ClassOf(iv.v)] && !crossesCall(iv) {
			isLocal[vi] = true
			locals[bi] = append(locals[bi], iv)
			nlocal++
		}
	}
	globals := a.nodes(func(iv *interval) bool { return !isLocal[iv.v.VirtIndex()] })
	a.debugf("%s: gra-lra: %d global live ranges, %d local", f.Name, len(globals), nlocal)
	spilled, err := a.colour(globals, a.local != nil)
	if err != nil {
		return nil, err
	}
	// live lists, by block, the coloured globals live somewhere in it.
	live := make([][]*interval, nb)
	for _, g := range globals {
		if g.reg == mir.NoReg {
			continue
		}
		last := -1
		for _, sg := range g.segs {
			for bi := max(blockOf(sg.from), last+1); bi < nb && 2*starts[bi] < sg.to; bi++ {
				live[bi] = append(live[bi], g)
				last = bi
			}
		}
	}
	a.aroundBlock = map[int][]mir.Reg{}
	for bi := range f.Blocks {
		if len(locals[bi]) == 0 {
			continue
		}
		sp, err := a.lraBlock(bi, 2*starts[bi], 2*starts[bi+1], 2*term[bi], locals[bi], live[bi], refs[bi])
		if err != nil {
			return nil, err
		}
		spilled = append(spilled, sp...)
	}
	a.count("lraLocals", int64(nlocal))
	if len(spilled) > 0 || len(a.splits) > 0 {
		a.aroundBlock = nil // the next round decides again
	}
	return spilled, nil
}

// anyCalleeSaved reports whether some unit of r is callee-saved.
func (a *alloc) anyCalleeSaved(r mir.Reg) bool {
	for _, u := range a.units[r] {
		if a.f.Arch.Regs[u].CalleeSaved {
			return true
		}
	}
	return false
}

// lraBlock allocates the locals of block bi, positions [s, e), whose
// first terminator reads at position t; live are the coloured globals
// live in the block, refs the virtual registers it refers to. It returns
// the registers to spill.
func (a *alloc) lraBlock(bi, s, e, t int, locals, live []*interval, refs map[mir.Reg]bool) ([]mir.Reg, error) {
	f := a.f
	var spilled []mir.Reg
	placed := map[mir.Reg][]*interval{} // by unit: locals (and reservations) of this block
	held := map[mir.Reg][]*interval{}   // by unit: globals live in the block
	for _, g := range live {
		for _, u := range a.units[g.reg] {
			held[u] = append(held[u], g)
		}
	}
	freed := map[*interval]bool{} // globals spilled around the block
	unitOK := func(u mir.Reg) bool {
		if a.local != nil && a.local[u] {
			return true
		}
		freedUnit := false
		for _, g := range held[u] {
			if !freed[g] {
				return false
			}
			freedUnit = true
		}
		return freedUnit || !f.Arch.Regs[u].CalleeSaved
	}
	granted := func(r mir.Reg, x *interval) bool {
		if int(r) >= a.nphys || a.fixedIntersects(r, x) {
			return false
		}
		for _, u := range a.units[r] {
			if !unitOK(u) {
				return false
			}
		}
		return true
	}
	fits := func(r mir.Reg, x *interval) bool {
		if !granted(r, x) {
			return false
		}
		for _, u := range a.units[r] {
			for _, p := range placed[u] {
				if p.reg != mir.NoReg && p.intersects(x) {
					return false
				}
			}
		}
		return true
	}
	// fitsHint is fits for the register of a copy-related value: a unit
	// a global holds in the block will do where the global does not
	// meet x (the copy then goes away; Open64's GRA prefers glue copies).
	fitsHint := func(r mir.Reg, x *interval) bool {
		if int(r) >= a.nphys || a.fixedIntersects(r, x) {
			return false
		}
		for _, u := range a.units[r] {
			if unitOK(u) {
				continue
			}
			if len(held[u]) == 0 {
				return false // an unused callee-saved register
			}
			for _, g := range held[u] {
				if !freed[g] && g.intersects(x) {
					return false
				}
			}
		}
		for _, u := range a.units[r] {
			for _, p := range placed[u] {
				if p.reg != mir.NoReg && p.intersects(x) {
					return false
				}
			}
		}
		return true
	}
	take := func(x *interval, r mir.Reg) {
		x.reg = r
		for _, u := range a.units[r] {
			placed[u] = append(placed[u], x)
		}
	}
	// blockers returns the placed locals of r's units that x meets, and
	// their cost (infinite for reservations and spill temporaries).
	blockers := func(r mir.Reg, x *interval) ([]*interval, float64) {
		var out []*interval
		cost := 0.0
		for _, u := range a.units[r] {
			for _, p := range placed[u] {
				if p.reg != mir.NoReg && p.intersects(x) && !containsIv(out, p) {
					out = append(out, p)
					if p.spillable {
						cost += p.weight
					} else {
						cost = math.Inf(1)
					}
				}
			}
		}
		return out, cost
	}
	sort.SliceStable(locals, func(i, j int) bool {
		wi, wj := a.width(locals[i].v), a.width(locals[j].v)
		if wi != wj {
			return wi > wj
		}
		if locals[i].end != locals[j].end {
			return locals[i].end > locals[j].end
		}
		return locals[i].start > locals[j].start
	})
	for _, x := range locals {
		cands := a.allowed(x.v)
		r := mir.NoReg
		for _, h := range a.hints[x.v.VirtIndex()] {
			if h.IsVirtual() {
				if hv := a.iv[h.VirtIndex()]; hv != nil {
					h = hv.reg
				} else {
					h = mir.NoReg
				}
			}
			if h != mir.NoReg && containsReg(cands, h) && fitsHint(h, x) {
				r = h
				break
			}
		}
		if r == mir.NoReg {
			for _, c := range cands {
				if fits(c, x) {
					r = c
					break
				}
			}
		}
		if r == mir.NoReg && x.end <= t {
			// (1) Spill around the block globals that it does not
			// refer to and that hold the only obstacle on some register.
			for _, c := range cands {
				if int(c) >= a.nphys || a.fixedIntersects(c, x) {
					continue
				}
				if bl, _ := blockers(c, x); len(bl) > 0 {
					continue
				}
				var gs []*interval
				ok := true
				for _, u := range a.units[c] {
					if a.local != nil && a.local[u] {
						continue
					}
					for _, g := range held[u] {
						if freed[g] || containsIv(gs, g) {
							continue
						}
						if refs[g.v] || !g.spillable || !liveThrough(g, s, e) || f.Arch.Classes[f.ClassOf(g.v)].Size <= 0 {
							ok = false
						}
						gs = append(gs, g)
					}
					if len(held[u]) == 0 && f.Arch.Regs[u].CalleeSaved {
						ok = false
					}
				}
				if !ok || len(gs) == 0 {
					continue
				}
				for _, g := range gs {
					freed[g] = true
					a.aroundBlock[bi] = append(a.aroundBlock[bi], g.v)
					a.debugf("%s: lra: bb%d: spilling %%%d (%s) around the block for %%%d", f.Name, f.Blocks[bi].ID,
						g.v.VirtIndex(), a.regName(g.reg), x.v.VirtIndex())
					if t < e {
						// The reload before the terminator writes g's register.
						take(&interval{segs: []seg{{t, e}}, start: t, end: e, weight: math.Inf(1)}, g.reg)
					}
				}
				r = c
				break
			}
		}
		if r == mir.NoReg {
			// (3) Spill the cheapest locals in the way, or x itself.
			best, bestCost := mir.NoReg, math.Inf(1)
			for _, c := range cands {
				if !granted(c, x) {
					continue
				}
				if _, cost := blockers(c, x); cost < bestCost {
					best, bestCost = c, cost
				}
			}
			if x.spillable && (best == mir.NoReg || x.weight <= bestCost) {
				spilled = append(spilled, x.v)
				continue
			}
			if best != mir.NoReg {
				bl, _ := blockers(best, x)
				for _, p := range bl {
					p.reg = mir.NoReg
					spilled = append(spilled, p.v)
				}
				r = best
			}
		}
		if r == mir.NoReg {
			// (4) A spill temporary: evict the globals (and locals) in
			// the way on the cheapest register.
			best, bestCost := mir.NoReg, math.Inf(1)
			for _, c := range cands {
				if int(c) >= a.nphys || a.fixedIntersects(c, x) {
					continue
				}
				_, cost := blockers(c, x)
				for _, g := range a.heldBy(held, c) {
					if freed[g] || !g.intersects(x) {
						continue
					}
					if !g.spillable {
						cost = math.Inf(1)
					}
					cost += g.weight
				}
				if cost < bestCost {
					best, bestCost = c, cost
				}
			}
			if best == mir.NoReg || math.IsInf(bestCost, 1) {
				return nil, fmt.Errorf("%s: ran out of registers in class %s (value %%%d live in [%d,%d))",
					f.Name, f.Arch.Classes[f.ClassOf(x.v)].Name, x.v.VirtIndex(), x.start, x.end)
			}
			bl, _ := blockers(best, x)
			for _, p := range bl {
				p.reg = mir.NoReg
				spilled = append(spilled, p.v)
			}
			for _, g := range a.heldBy(held, best) {
				if !freed[g] && g.intersects(x) {
					freed[g] = true // out of the way here; spilled everywhere
					spilled = append(spilled, g.v)
				}
			}
			r = best
		}
		take(x, r)
		if a.debugging() {
			a.debugf("%s: lra: bb%d: %%%d -> %s", f.Name, f.Blocks[bi].ID, x.v.VirtIndex(), a.regName(r))
		}
	}
	return spilled, nil
}

// heldBy returns the globals of held on the units of r, each once.
func (a *alloc) heldBy(held map[mir.Reg][]*interval, r mir.Reg) []*interval {
	var out []*interval
	for _, u := range a.units[r] {
		for _, g := range held[u] {
			if !containsIv(out, g) {
				out = append(out, g)
			}
		}
	}
	return out
}

// liveThrough reports whether iv is live at every position of [s, e).
func liveThrough(iv *interval, s, e int) bool {
	i := sort.Search(len(iv.segs), func(i int) bool { return iv.segs[i].to > s })
	return i < len(iv.segs) && iv.segs[i].from <= s && iv.segs[i].to >= e
}

func containsIv(list []*interval, x *interval) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// spillAroundBlocks inserts the spill code of the globals the local
// allocator took out of blocks: a store at the block's entry and a reload
// before its first terminator (or at its end), through one slot per value.
func (a *alloc) spillAroundBlocks() {
	f := a.f
	if len(a.aroundBlock) == 0 {
		return
	}
	slots := map[mir.Reg]int{}
	var n int64
	for bi, gs := range a.aroundBlock {
		b := f.Blocks[bi]
		t := len(b.Instrs)
		for k, in := range b.Instrs {
			if f.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0 {
				t = k
				break
			}
		}
		var head, tail []*mir.Instr
		for _, g := range gs {
			fi, ok := slots[g]
			if !ok {
				cl := f.Arch.Classes[f.ClassOf(g)]
				fi = f.NewFrameObject(mir.FrameObject{Size: int64(cl.Size), Align: int64(min(cl.Size, 8)), Name: "spill"})
				if a.spillSlots == nil {
					a.spillSlots = map[int64]bool{}
				}
				a.spillSlots[int64(fi)] = true
				slots[g] = fi
			}
			head = append(head, spillInstr(f, g, fi))
			tail = append(tail, reloadInstr(f, g, fi))
			n++
		}
		out := make([]*mir.Instr, 0, len(b.Instrs)+len(head)+len(tail))
		out = append(out, head...)
		out = append(out, b.Instrs[:t]...)
		out = append(out, tail...)
		out = append(out, b.Instrs[t:]...)
		b.Instrs = out
	}
	a.count("aroundBlock", n)
	a.count("spills", int64(len(slots)))
	a.count("stores", n)
	a.count("reloads", n)
}
