// Live intervals: segments with holes, fixed physical-register ranges, copy hints, loop weights.

package regalloc

import (
	"math"
	"sort"

	"lltosimd/mir"
)

// seg is a half-open range of positions.
type seg struct{ from, to int }

// interval is the live range of one virtual register: sorted disjoint
// segments, with lifetime holes between them.
type interval struct {
	v          mir.Reg
	segs       []seg
	start, end int // segs[0].from, segs[len-1].to
	weight     float64
	reg        mir.Reg
	spillable  bool
	remat      bool // spilling it recomputes it at each use
}

// covers reports whether the interval is live at position p.
func (iv *interval) covers(p int) bool {
	i := sort.Search(len(iv.segs), func(i int) bool { return iv.segs[i].to > p })
	return i < len(iv.segs) && iv.segs[i].from <= p
}

// intersects reports whether two intervals are live at a common position.
func (iv *interval) intersects(o *interval) bool {
	if iv.end <= o.start || o.end <= iv.start {
		return false
	}
	a, b := iv.segs, o.segs
	// Skip the segments of a that end before b starts.
	i := sort.Search(len(a), func(i int) bool { return a[i].to > o.start })
	j := 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].to <= b[j].from:
			i++
		case b[j].to <= a[i].from:
			j++
		default:
			return true
		}
	}
	return false
}

// loopWeights estimates each block's execution frequency from the layout:
// a back edge b→h (h not after b) makes the blocks h..b one loop deeper.
func loopWeights(f *mir.Func) []float64 {
	n := len(f.Blocks)
	pos := make(map[*mir.Block]int, n)
	for i, b := range f.Blocks {
		pos[b] = i
	}
	diff := make([]int, n+1)
	for i, b := range f.Blocks {
		for _, s := range b.Succs {
			if h, ok := pos[s]; ok && h <= i {
				diff[h]++
				diff[i+1]--
			}
		}
	}
	w := make([]float64, n)
	depth := 0
	for i := range w {
		depth += diff[i]
		w[i] = math.Pow(8, float64(min(depth, 6)))
	}
	return w
}

// build computes the intervals, the fixed segments and the copy hints.
func (a *alloc) build() {
	f := a.f
	lv := mir.ComputeLiveness(f)
	bw := loopWeights(f)
	if a.banked {
		a.buildPorts(bw)
	}
	slot := func(r mir.Reg) int {
		if r.IsVirtual() {
			return a.nphys + r.VirtIndex()
		}
		return int(r)
	}
	tracked := func(r mir.Reg) bool { return r.IsVirtual() || a.trackedPhys(r) }
	liveEnd := make([]int, a.nphys+f.NumVRegs())
	for i := range liveEnd {
		liveEnd[i] = -1
	}
	var liveList []mir.Reg
	addSeg := func(r mir.Reg, from, to int) {
		if from >= to {
			return
		}
		if r.IsPhys() {
			for _, u := range a.units[r] {
				a.fixed[u] = append(a.fixed[u], seg{from, to})
			}
			return
		}
		vi := r.VirtIndex()
		iv := a.iv[vi]
		if iv == nil {
			iv = &interval{v: r, spillable: !a.noSpill[vi]}
			a.iv[vi] = iv
		}
		iv.segs = append(iv.segs, seg{from, to})
	}
	pos := 0 // instruction index of the block start
	for bi, b := range f.Blocks {
		s, e := pos, pos+len(b.Instrs)
		pos = e
		extra := a.setupReads(b)
		for _, r := range lv.LiveOut[bi] {
			if tracked(r) {
				liveEnd[slot(r)] = 2 * e
				liveList = append(liveList, r)
			}
		}
		for i := e - 1; i >= s; i-- {
			in := b.Instrs[i-s]
			w := bw[bi]
			early := earlyClobbers(in)
			mir.ForEachReg(in, func(r mir.Reg, def bool) {
				if !def || !tracked(r) {
					return
				}
				end := liveEnd[slot(r)]
				if end < 0 {
					end = 2*i + 2 // a dead definition still occupies its register
				}
				from := 2*i + 1
				if r.IsVirtual() {
					if vi := r.VirtIndex(); a.defAt[vi] == 0 {
						a.defAt[vi] = from
					} else {
						a.defAt[vi] = -1
					}
				}
				if containsReg(early, r) {
					from = 2 * i // written while the uses are still read
				}
				addSeg(r, from, end)
				liveEnd[slot(r)] = -1
				if r.IsVirtual() {
					a.refs[r.VirtIndex()] += w
				}
			})
			if in.Op != mir.GCopy || len(in.Ops) != 2 {
				for _, m := range in.Flatten() {
					if f.Arch.Desc(m.Op).Flags&mir.FlagCall == 0 {
						continue
					}
					for _, r := range a.clobberList {
						a.fixed[r] = append(a.fixed[r], seg{2*i + 1, 2*i + 2})
					}
				}
			} else if d, u := in.Ops[0], in.Ops[1]; d.Kind == mir.KindReg && u.Kind == mir.KindReg {
				a.hint(d.Reg, u.Reg)
				a.hint(u.Reg, d.Reg)
				if d.Reg.IsVirtual() && u.Reg.IsVirtual() && d.Reg != u.Reg {
					a.copies = append(a.copies, copyPair{d.Reg, u.Reg, w})
				}
			}
			use := func(r mir.Reg, def bool) {
				if def || !tracked(r) {
					return
				}
				if liveEnd[slot(r)] < 0 {
					liveEnd[slot(r)] = 2*i + 1
					liveList = append(liveList, r)
				}
				if r.IsVirtual() {
					a.refs[r.VirtIndex()] += w
				}
			}
			mir.ForEachReg(in, use)
			for _, r := range extra[in] {
				use(r, false)
			}
		}
		for _, r := range liveList {
			if end := liveEnd[slot(r)]; end >= 0 {
				addSeg(r, 2*s, end)
				liveEnd[slot(r)] = -1
			}
		}
		liveList = liveList[:0]
	}
	for r := range a.fixed {
		sort.Slice(a.fixed[r], func(i, j int) bool { return a.fixed[r][i].from < a.fixed[r][j].from })
		a.fixed[r] = mergeSegs(a.fixed[r])
	}
	var vs []mir.Reg
	for vi, iv := range a.iv {
		if iv != nil && iv.spillable {
			vs = append(vs, mir.VirtBase+mir.Reg(vi))
		}
	}
	remat := a.rematerializable(vs)
	for vi, iv := range a.iv {
		if iv == nil {
			continue
		}
		sort.Slice(iv.segs, func(i, j int) bool { return iv.segs[i].from < iv.segs[j].from })
		iv.segs = mergeSegs(iv.segs)
		iv.start, iv.end = iv.segs[0].from, iv.segs[len(iv.segs)-1].to
		if iv.spillable {
			size := 1
			for _, sg := range iv.segs {
				size += sg.to - sg.from
			}
			iv.weight = a.refs[vi] / float64(size)
			if remat[mir.VirtBase+mir.Reg(vi)] != nil {
				// Spilling it costs no store: a recomputation replaces
				// each reload.
				iv.weight *= rematWeight
				iv.remat = true
			}
		} else {
			iv.weight = math.Inf(1)
		}
	}
}

// earlyClobbers returns the registers in defines with FlagEarlyClobber.
func earlyClobbers(in *mir.Instr) []mir.Reg {
	var out []mir.Reg
	for _, m := range in.Flatten() {
		for _, o := range m.Ops {
			if o.Kind == mir.KindReg && o.Flags&(mir.FlagDef|mir.FlagEarlyClobber) == mir.FlagDef|mir.FlagEarlyClobber {
				out = append(out, o.Reg)
			}
		}
	}
	return out
}

// setupReads returns, for the calls and returns of b, the allocatable
// physical registers written earlier in b and not read since: argument
// and return-value registers. They count as read by the call or return
// even when its operands do not list them, so that nothing is allocated
// to them in between.
func (a *alloc) setupReads(b *mir.Block) map[*mir.Instr][]mir.Reg {
	var extra map[*mir.Instr][]mir.Reg
	var pending []mir.Reg
	for _, in := range b.Instrs {
		if a.f.Arch.Desc(in.Op).Flags&(mir.FlagCall|mir.FlagReturn) != 0 && len(pending) > 0 {
			if extra == nil {
				extra = map[*mir.Instr][]mir.Reg{}
			}
			extra[in] = append([]mir.Reg(nil), pending...)
			pending = pending[:0]
		}
		mir.ForEachReg(in, func(r mir.Reg, def bool) {
			if !r.IsPhys() || !a.trackedPhys(r) {
				return
			}
			i := 0
			for i < len(pending) && pending[i] != r {
				i++
			}
			switch {
			case def && i == len(pending):
				pending = append(pending, r)
			case !def && i < len(pending):
				pending = append(pending[:i], pending[i+1:]...)
			}
		})
	}
	return extra
}

// copyPair is a copy d = u between virtual registers, executed about w
// times (loop weight).
type copyPair struct {
	d, u mir.Reg
	w    float64
}

func (a *alloc) hint(v, other mir.Reg) {
	if v.IsVirtual() && other != mir.NoReg && other != v {
		a.hints[v.VirtIndex()] = append(a.hints[v.VirtIndex()], other)
	}
}

// mergeSegs merges overlapping or touching sorted segments.
func mergeSegs(s []seg) []seg {
	out := s[:0]
	for _, x := range s {
		if n := len(out); n > 0 && x.from <= out[n-1].to {
			out[n-1].to = max(out[n-1].to, x.to)
			continue
		}
		out = append(out, x)
	}
	return out
}

// fixedOverlap reports whether unit u is live somewhere in [from, to).
func (a *alloc) fixedOverlap(u mir.Reg, from, to int) bool {
	segs := a.fixed[u]
	i := sort.Search(len(segs), func(i int) bool { return segs[i].to > from })
	return i < len(segs) && segs[i].from < to
}

// fixedIntersects reports whether a unit of physical register r is live
// somewhere in the interval (its fixed segments intersect the interval's
// segments).
func (a *alloc) fixedIntersects(r mir.Reg, iv *interval) bool {
	for _, u := range a.units[r] {
		if len(a.fixed[u]) == 0 {
			continue
		}
		for _, s := range iv.segs {
			if a.fixedOverlap(u, s.from, s.to) {
				return true
			}
		}
	}
	return false
}
