// Package regalloc is the target-independent register allocator: linear
// scan over live intervals with lifetime holes (Wimmer and Mössenböck's
// active/inactive sets, without interval splitting), copy hints for
// coalescing, fixed physical-register ranges (argument and result copies,
// call clobbers) and spill-everywhere rewriting followed by reallocation.
//
// Positions number the instructions in layout order: instruction i reads
// at 2i and writes at 2i+1, so a value that dies at an instruction can
// share a register with the value it defines; an early-clobber definition
// (inline asm "=&r" outputs and clobbers) is written at 2i, so it cannot. Intervals are built from
// mir.ComputeLiveness by one backward walk per block; physical registers
// keep exact segments too, so a value can use $4 before the argument copy
// to $4 and a call's clobbers only block values live across the call.
// Physical registers written before a call or return in the same block
// and not read since count as read by it (argument and result registers),
// even when its operands do not list them.
//
// When no register is free, the cheapest of the current interval and the
// intervals blocking one usable register is spilled (spill weight: uses
// weighted by loop depth per live size). A spilled value is recomputed at
// each use when its single definition has no register inputs (constants,
// addresses: rematerialization); otherwise it gets a stack slot ("spill"),
// a G_LOAD32 reload before every use and a G_STORE32 after every
// definition, through fresh unspillable registers that live for one
// instruction; then allocation starts again. After assignment, identity
// copies are deleted, a reload is replaced by a copy when a register in
// the same block still holds the slot's value, blocks reduced to a lone
// jump are threaded, and f.SavedRegs lists the callee-saved registers
// written.
//
// The allocator knows nothing about any target: it reads register classes,
// callee-saved and reserved flags and op flags (FlagCall, FlagReturn,
// FlagCopy ...) from mir.Arch.
package regalloc

import (
	"fmt"
	"math"
	"sort"

	"lltosimd/mir"
	"lltosimd/passes"
)

// Pass is the register allocation pass ("regalloc").
var Pass = passes.Register(&passes.Pass{
	Name:     "regalloc",
	Desc:     "Linear-scan register allocation",
	Required: true,
	Stats: map[string]string{
		"spills":         "Number of registers spilled",
		"stores":         "Number of spill stores inserted",
		"reloads":        "Number of reloads inserted",
		"remats":         "Number of values rematerialized instead of reloaded",
		"coalesced":      "Number of copies coalesced",
		"reloadsRemoved": "Number of reloads replaced by register copies",
		"reloadsRenamed": "Number of reloads removed by reading the register that holds the value",
	},
	Needs: mir.PropNoPHIs | mir.PropSelected, Sets: mir.PropNoVRegs,
	Run: run,
})

// rematWeight scales the spill weight of values the allocator recomputes
// instead of reloading, so that they go before values that need a stack
// slot and a store.
const rematWeight = 0.1

// maxRounds bounds the spill-and-retry loop; every round spills at least
// one spillable register, and the registers it creates are unspillable.
const maxRounds = 64

func run(c *passes.Ctx, f *mir.Func) error {
	return Allocate(c, f)
}

// Allocate assigns physical registers to every virtual register of f,
// inserting spill code as needed. c may be nil (no statistics or debug).
func Allocate(c *passes.Ctx, f *mir.Func) error {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GPhi {
				return fmt.Errorf("%s: regalloc needs PHIs eliminated (bb%d)", f.Name, b.ID)
			}
		}
	}
	f.RecomputeCFG()
	st := &state{f: f, c: c}
	for round := 0; ; round++ {
		if round == maxRounds {
			return fmt.Errorf("%s: register allocation did not converge", f.Name)
		}
		a := newAlloc(st)
		a.build()
		spilled, err := a.scan()
		if err != nil {
			return err
		}
		st.debugf("%s: round %d: %d intervals, %d spilled", f.Name, round, len(a.iv), len(spilled))
		if len(spilled) == 0 {
			a.rewrite()
			break
		}
		if err := st.spill(spilled); err != nil {
			return err
		}
	}
	f.Props |= mir.PropNoVRegs
	return nil
}

// state survives the allocation rounds of one function.
type state struct {
	f       *mir.Func
	c       *passes.Ctx
	noSpill []bool // by vreg index: spill temporaries
	// spillSlots are the frame objects made for spills: only spill code
	// touches them, so a reload can reuse a register that holds the value.
	spillSlots map[int64]bool
}

func (st *state) count(key string, n int64) {
	if st.c != nil && n != 0 {
		st.c.Count(key, n)
	}
}

func (st *state) debugf(format string, args ...any) {
	if st.c != nil {
		st.c.Debugf(format, args...)
	}
}

func (st *state) debugging() bool { return st.c != nil && st.c.Debugging() }

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

type alloc struct {
	*state
	f     *mir.Func
	nphys int
	// allocatable and clobbered (by calls) physical registers.
	allocatable, clobbered []bool
	clobberList            []mir.Reg
	fixed                  [][]seg // by physical register, sorted after build
	iv                     []*interval
	hints                  [][]mir.Reg // by vreg index
	refs                   []float64   // by vreg index: loop-weighted references
}

func newAlloc(st *state) *alloc {
	f := st.f
	a := &alloc{state: st, f: f, nphys: len(f.Arch.Regs)}
	a.allocatable = make([]bool, a.nphys)
	a.clobbered = make([]bool, a.nphys)
	for _, cl := range f.Arch.Classes {
		for _, r := range cl.Alloc {
			if int(r) < a.nphys && !f.Arch.Regs[r].Reserved {
				a.allocatable[r] = true
			}
		}
	}
	for r := 1; r < a.nphys; r++ {
		if a.allocatable[r] && !f.Arch.Regs[r].CalleeSaved {
			a.clobbered[r] = true
			a.clobberList = append(a.clobberList, mir.Reg(r))
		}
	}
	a.fixed = make([][]seg, a.nphys)
	nv := f.NumVRegs()
	a.iv = make([]*interval, nv)
	a.hints = make([][]mir.Reg, nv)
	a.refs = make([]float64, nv)
	for len(st.noSpill) < nv {
		st.noSpill = append(st.noSpill, false)
	}
	return a
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
	slot := func(r mir.Reg) int {
		if r.IsVirtual() {
			return a.nphys + r.VirtIndex()
		}
		return int(r)
	}
	tracked := func(r mir.Reg) bool { return r.IsVirtual() || (int(r) < a.nphys && a.allocatable[r]) }
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
			a.fixed[r] = append(a.fixed[r], seg{from, to})
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
			var defined []mir.Reg
			early := earlyClobbers(in)
			mir.ForEachReg(in, func(r mir.Reg, def bool) {
				if !def || !tracked(r) {
					return
				}
				defined = append(defined, r)
				end := liveEnd[slot(r)]
				if end < 0 {
					end = 2*i + 2 // a dead definition still occupies its register
				}
				from := 2*i + 1
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
			if !r.IsPhys() || int(r) >= a.nphys || !a.allocatable[r] {
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

// fixedOverlap reports whether physical register r is live somewhere in [from, to).
func (a *alloc) fixedOverlap(r mir.Reg, from, to int) bool {
	segs := a.fixed[r]
	i := sort.Search(len(segs), func(i int) bool { return segs[i].to > from })
	return i < len(segs) && segs[i].from < to
}

// fixedIntersects reports whether physical register r is live somewhere
// in the interval (its fixed segments intersect the interval's segments).
func (a *alloc) fixedIntersects(r mir.Reg, iv *interval) bool {
	if len(a.fixed[r]) == 0 {
		return false
	}
	for _, s := range iv.segs {
		if a.fixedOverlap(r, s.from, s.to) {
			return true
		}
	}
	return false
}

// allowed returns the candidate registers of v in preference order.
func (a *alloc) allowed(v mir.Reg) []mir.Reg {
	return a.f.Arch.Classes[a.f.ClassOf(v)].Alloc
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
		free := func(r mir.Reg) bool {
			return int(r) < a.nphys && blocked[r] != stamp && !a.fixedIntersects(r, cur)
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
				if int(c) >= a.nphys || a.fixedIntersects(c, cur) {
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

// rewrite replaces every virtual register by its assignment, removes
// identity copies and records the callee-saved registers in use.
func (a *alloc) rewrite() {
	f := a.f
	regOf := func(v mir.Reg) mir.Reg {
		if iv := a.iv[v.VirtIndex()]; iv != nil && iv.reg != mir.NoReg {
			return iv.reg
		}
		// Only read as undef: any register of its class will do.
		if cands := a.allowed(v); len(cands) > 0 {
			return cands[0]
		}
		return mir.NoReg
	}
	if a.debugging() {
		for _, iv := range a.iv {
			if iv != nil {
				a.debugf("%s: %%%d [%d,%d) weight %.3g -> %s%s", f.Name, iv.v.VirtIndex(), iv.start, iv.end, iv.weight,
					f.Arch.RegPrefix, f.Arch.RegName(iv.reg))
			}
		}
	}
	used := make([]bool, a.nphys)
	var coalesced int64
	for _, b := range f.Blocks {
		out := b.Instrs[:0]
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for i := range m.Ops {
					o := &m.Ops[i]
					if (o.Kind == mir.KindReg || o.Kind == mir.KindPred) && o.Reg.IsVirtual() {
						o.Reg = regOf(o.Reg)
					}
					if o.Kind == mir.KindReg && o.Flags&mir.FlagDef != 0 && o.Reg.IsPhys() && int(o.Reg) < a.nphys {
						used[o.Reg] = true
					}
				}
			}
			if in.Op == mir.GCopy && len(in.Ops) == 2 && in.Ops[0].Kind == mir.KindReg && in.Ops[1].Kind == mir.KindReg &&
				in.Ops[0].Reg == in.Ops[1].Reg {
				coalesced++
				continue
			}
			out = append(out, in)
		}
		clear(b.Instrs[len(out):])
		b.Instrs = out
	}
	a.count("coalesced", coalesced)
	if len(a.spillSlots) > 0 {
		removed, renamed := a.forwardSpills()
		a.count("reloadsRemoved", removed)
		a.count("reloadsRenamed", renamed)
	}
	removeEmptyJumpBlocks(f)
	f.SavedRegs = f.SavedRegs[:0]
	for r := 1; r < a.nphys; r++ {
		if used[r] && a.allocatable[r] && f.Arch.Regs[r].CalleeSaved {
			f.SavedRegs = append(f.SavedRegs, mir.Reg(r))
		}
	}
}

// spill gives each register in vs a stack slot and rewrites its uses and
// definitions to go through fresh short-lived registers.
func (st *state) spill(vs []mir.Reg) error {
	f := st.f
	remat := st.rematerializable(vs)
	slot := map[mir.Reg]int{}
	for _, v := range vs {
		if remat[v] != nil {
			st.debugf("%s: rematerializing %%%d", f.Name, v.VirtIndex())
			continue
		}
		cl := f.Arch.Classes[f.ClassOf(v)]
		if cl.Size != 4 {
			return fmt.Errorf("%s: cannot spill a register of class %s (size %d)", f.Name, cl.Name, cl.Size)
		}
		slot[v] = f.NewFrameObject(mir.FrameObject{Size: int64(cl.Size), Align: int64(cl.Size), Name: "spill"})
		if st.spillSlots == nil {
			st.spillSlots = map[int64]bool{}
		}
		st.spillSlots[int64(slot[v])] = true
		st.debugf("%s: spilling %%%d to fi#%d", f.Name, v.VirtIndex(), slot[v])
	}
	st.count("spills", int64(len(slot)))
	var stores, reloads, remats int64
	for _, b := range f.Blocks {
		out := make([]*mir.Instr, 0, len(b.Instrs))
		for _, in := range b.Instrs {
			if d := in.Ops; len(d) > 0 && d[0].IsDef() && remat[d[0].Reg] == in {
				continue // the definition is repeated at each use instead
			}
			temp := map[mir.Reg]mir.Reg{}
			var after []*mir.Instr
			for _, m := range in.Flatten() {
				for i := range m.Ops {
					o := &m.Ops[i]
					if o.Kind != mir.KindReg && o.Kind != mir.KindPred {
						continue
					}
					v := o.Reg
					fi, spilled := slot[v]
					def := remat[v]
					if !spilled && def == nil {
						continue
					}
					t, seen := temp[v]
					if !seen {
						t = f.NewVReg(f.ClassOf(v))
						st.noSpill = append(st.noSpill, make([]bool, f.NumVRegs()-len(st.noSpill))...)
						st.noSpill[t.VirtIndex()] = true
						temp[v] = t
						switch {
						case def != nil:
							c := &mir.Instr{Op: def.Op, Ops: append([]mir.Operand(nil), def.Ops...)}
							c.Ops[0].Reg = t
							out = append(out, c)
							remats++
						case readsReg(in, v):
							out = append(out, mir.NewInstr(mir.GLoad32, mir.D(t), mir.FI(fi, 0), mir.I(0)))
							reloads++
						}
						if spilled && writesReg(in, v) {
							if f.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0 {
								return fmt.Errorf("%s: cannot spill %%%d defined by a terminator", f.Name, v.VirtIndex())
							}
							after = append(after, mir.NewInstr(mir.GStore32, mir.R(t), mir.FI(fi, 0), mir.I(0)))
							stores++
						}
					}
					o.Reg = t
				}
			}
			out = append(out, in)
			out = append(out, after...)
		}
		b.Instrs = out
	}
	st.count("stores", stores)
	st.count("reloads", reloads)
	st.count("remats", remats)
	return nil
}

// rematerializable returns, for the registers in vs that are cheaper to
// recompute than to reload, their single definition: an instruction
// without side effects, memory access or control flow whose only register
// operand is that definition, apart from reserved physical registers that
// nothing in the function writes ($zero, $gp; not a moving $sp).
func (st *state) rematerializable(vs []mir.Reg) map[mir.Reg]*mir.Instr {
	f := st.f
	want := map[mir.Reg]bool{}
	for _, v := range vs {
		want[v] = true
	}
	written := map[mir.Reg]bool{}
	defs := map[mir.Reg][]*mir.Instr{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			mir.ForEachReg(in, func(r mir.Reg, def bool) {
				switch {
				case def && r.IsPhys():
					written[r] = true
				case def && want[r]:
					defs[r] = append(defs[r], in)
				}
			})
		}
	}
	const unsafe = mir.FlagSideEffect | mir.FlagLoad | mir.FlagStore | mir.FlagCall | mir.FlagBranch |
		mir.FlagTerminator | mir.FlagCompare | mir.FlagPseudo
	out := map[mir.Reg]*mir.Instr{}
	for v, ds := range defs {
		in := ds[0]
		if len(ds) != 1 || len(in.Bundle) > 0 || f.Arch.Desc(in.Op).Flags&unsafe != 0 || in.Op == mir.GImplicitDef ||
			in.Op == mir.GCopy || len(in.Ops) == 0 || !in.Ops[0].IsDef() || in.Ops[0].Reg != v {
			continue
		}
		ok := true
		for _, o := range in.Ops[1:] {
			if o.Kind == mir.KindPred || (o.Kind == mir.KindReg && (o.Flags&mir.FlagDef != 0 || o.Reg.IsVirtual() ||
				int(o.Reg) >= len(f.Arch.Regs) || !f.Arch.Regs[o.Reg].Reserved || written[o.Reg])) {
				ok = false
			}
		}
		if ok {
			out[v] = in
		}
	}
	return out
}

func readsReg(in *mir.Instr, v mir.Reg) bool {
	found := false
	mir.ForEachReg(in, func(r mir.Reg, def bool) { found = found || (!def && r == v) })
	return found
}

func writesReg(in *mir.Instr, v mir.Reg) bool {
	found := false
	mir.ForEachReg(in, func(r mir.Reg, def bool) { found = found || (def && r == v) })
	return found
}

// removeEmptyJumpBlocks deletes the blocks that hold nothing but an
// unconditional direct jump (typically edges split by phi-elim whose
// copies were all coalesced away) by pointing their predecessors'
// branches and jump tables at the jump's target. Blocks entered by
// falling through, and blocks whose address is taken, are kept.
func removeEmptyJumpBlocks(f *mir.Func) {
	f.RecomputeCFG()
	addrTaken := map[*mir.Block]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				if f.Arch.Desc(m.Op).Flags&(mir.FlagBranch|mir.FlagTerminator) != 0 {
					continue
				}
				for _, o := range m.Ops {
					if o.Kind == mir.KindBlock {
						addrTaken[o.Block] = true
					}
				}
			}
		}
	}
	removed := false
	for i := 1; i < len(f.Blocks); i++ {
		b := f.Blocks[i]
		target := jumpOnly(f, b)
		prev := f.Blocks[i-1]
		if target == nil || target == b || addrTaken[b] || len(prev.Instrs) == 0 || !endsInBarrier(f, prev) {
			continue
		}
		for _, p := range b.Preds {
			for _, in := range p.Instrs {
				for _, m := range in.Flatten() {
					for k := range m.Ops {
						if o := &m.Ops[k]; o.Kind == mir.KindBlock && o.Block == b {
							o.Block = target
						}
					}
				}
			}
		}
		for _, jt := range f.JumpTables {
			for k, t := range jt {
				if t == b {
					jt[k] = target
				}
			}
		}
		// Keep target's predecessors current for later removals.
		target.Preds = append(target.Preds, b.Preds...)
		f.Blocks = append(f.Blocks[:i], f.Blocks[i+1:]...)
		i--
		removed = true
	}
	if removed {
		f.RecomputeCFG()
	}
}

// jumpOnly returns the target of b when b holds only an unconditional,
// unguarded, direct jump.
func jumpOnly(f *mir.Func, b *mir.Block) *mir.Block {
	if len(b.Instrs) != 1 || len(b.Instrs[0].Bundle) > 0 {
		return nil
	}
	in := b.Instrs[0]
	fl := f.Arch.Desc(in.Op).Flags
	if fl&mir.FlagBranch == 0 || fl&mir.FlagBarrier == 0 || fl&(mir.FlagIndirect|mir.FlagCall) != 0 || in.Pred() != nil {
		return nil
	}
	var t *mir.Block
	for _, o := range in.Ops {
		switch o.Kind {
		case mir.KindBlock:
			if t != nil {
				return nil
			}
			t = o.Block
		case mir.KindReg, mir.KindPred, mir.KindJT:
			return nil
		}
	}
	return t
}

func endsInBarrier(f *mir.Func, b *mir.Block) bool {
	last := b.Instrs[len(b.Instrs)-1]
	return f.Arch.Desc(last.Op).Flags&mir.FlagBarrier != 0 && last.Pred() == nil
}

// forwardSpills replaces a reload from a spill slot by a copy (or nothing)
// when, earlier in the same block, a register got the slot's value (by
// the spill store or a previous reload) and still holds it; where it can,
// the reload's readers read that register instead and the copy is not
// needed either (renameReload). Calls clobber their clobbered registers;
// any write to a register forgets what it held. It returns the number of
// reloads replaced and, among them, those renamed away.
func (a *alloc) forwardSpills() (n, renamed int64) {
	f := a.f
	copyOp := mir.GCopy
	for _, b := range f.Blocks {
		holds := map[int64]mir.Reg{} // spill slot -> register holding its value
		forget := func(r mir.Reg) {
			for s, x := range holds {
				if x == r {
					delete(holds, s)
				}
			}
		}
		out := b.Instrs[:0]
		for i, in := range b.Instrs {
			if s, r, ok := a.spillAccess(in, mir.GLoad32); ok {
				if x, hit := holds[s]; hit {
					n++
					if x == r {
						continue
					}
					if renameReload(f, b.Instrs, i, r, x) {
						renamed++
						continue
					}
					in = mir.NewInstr(copyOp, mir.D(r), mir.R(x))
					forget(r)
					holds[s] = x
					out = append(out, in)
					continue
				}
				forget(r)
				holds[s] = r
				out = append(out, in)
				continue
			}
			if s, r, ok := a.spillAccess(in, mir.GStore32); ok {
				holds[s] = r
				out = append(out, in)
				continue
			}
			mir.ForEachReg(in, func(r mir.Reg, def bool) {
				if def {
					forget(r)
				}
			})
			for _, m := range in.Flatten() {
				if f.Arch.Desc(m.Op).Flags&mir.FlagCall != 0 {
					for _, r := range a.clobberList {
						forget(r)
					}
				}
			}
			out = append(out, in)
		}
		clear(b.Instrs[len(out):])
		b.Instrs = out
	}
	return n, renamed
}

// renameReload makes the reads of r after the reload instrs[i] read x,
// which holds the same value, so that the reload goes away instead of
// becoming a copy. It gives up (false) unless r is written again in the
// block before the end, no call or return comes first (they may read
// argument and result registers their operands do not list), x stays
// intact until then, and every read of r is an explicit operand of an
// instruction without tied operands.
func renameReload(f *mir.Func, instrs []*mir.Instr, i int, r, x mir.Reg) bool {
	var reads []*mir.Operand
	for _, m := range instrs[i+1:] {
		d := f.Arch.Desc(m.Op)
		if len(m.Bundle) > 0 || d.Flags&(mir.FlagCall|mir.FlagReturn) != 0 {
			return false
		}
		readsR, defsR, defsX := false, false, false
		for k := range m.Ops {
			o := &m.Ops[k]
			switch {
			case o.IsDef():
				defsR = defsR || o.Reg == r
				defsX = defsX || o.Reg == x
				if o.Flags&mir.FlagEarlyClobber != 0 && (o.Reg == r || o.Reg == x) {
					return false
				}
			case o.IsUse() && o.Reg == r:
				if o.Kind != mir.KindReg || o.Flags&mir.FlagImplicit != 0 {
					return false
				}
				readsR = true
				reads = append(reads, o)
			}
		}
		if readsR && len(d.Tied) > 0 {
			return false
		}
		if defsR {
			for _, o := range reads {
				o.Reg = x
				o.Flags &^= mir.FlagKill
			}
			return true
		}
		if defsX {
			return false
		}
	}
	return false
}

// spillAccess matches `r = G_LOAD32 fi#s, 0` / `G_STORE32 r, fi#s, 0` on
// a spill slot and returns the slot and the register.
func (a *alloc) spillAccess(in *mir.Instr, op mir.Opcode) (int64, mir.Reg, bool) {
	if in.Op != op || len(in.Ops) != 3 || in.Ops[0].Kind != mir.KindReg {
		return 0, 0, false
	}
	fi := in.Ops[1]
	if fi.Kind != mir.KindFrame || fi.Off != 0 || in.Ops[2].Kind != mir.KindImm || in.Ops[2].Imm != 0 || !a.spillSlots[fi.Imm] {
		return 0, 0, false
	}
	return fi.Imm, in.Ops[0].Reg, true
}
