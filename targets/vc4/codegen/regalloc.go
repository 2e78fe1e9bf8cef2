package codegen

import (
	"fmt"
	"math"
	"sort"
)

// Register allocation (pass vc4-regalloc) in two layers, so that the
// decisions can move to the shared passes/regalloc later:
//
//   - the *decisions* (this file): liveness on the machine CFG, one live
//     interval per virtual register, spill weights (occurrences weighted
//     by 10^loop depth), linear scan over the register files that spills,
//     when no register is free, the live interval of least cost per
//     instruction covered; rematerializable values are cheap to spill;
//   - the *mechanics* (spill.go): what a spill store, a reload and a
//     rematerialization are on the QPU, what they cost, and where they may
//     be placed. The decisions only see the costs.
//
// allocate alternates the two: a scan that spills returns the spilled set;
// the mechanics rewrite every occurrence through short-lived, unspillable
// temporaries; the scan runs again until everything fits.

// liveInterval is one virtual register's live range [start, end] over the
// linear instruction list, with what spilling it would cost.
type liveInterval struct {
	reg, start, end int
	// weight is the sum of 10^(loop depth) over the uses and definitions.
	uses, defs float64
	noSpill    bool // a spill temporary, or needed by the spill code itself
	// rematCost, if not 0, is the cost of recomputing the value at a use
	// (then it is never stored).
	rematCost float64
}

// spillCost is the expected dynamic cost of spilling iv under the given
// per-occurrence costs (instructions plus stall cycles).
func (iv *liveInterval) spillCost(c spillCosts) float64 {
	if iv.rematCost > 0 {
		return iv.uses * iv.rematCost
	}
	return iv.uses*c.reload + iv.defs*c.store
}

// spillCosts are the mechanics' costs of one spill store and one reload,
// in cycles.
type spillCosts struct{ store, reload float64 }

// segment is a run of LIR instructions between labels, with the machine
// control flow that the emitted code really has: fall-through into the
// next segment unless an unconditional branch ends it, plus every branch
// target. Liveness over these edges is exact for masked code, which runs
// blocks in layout order whatever the lanes do.
type segment struct {
	start, end int // [start, end) in the instruction list
	succs      []int
	use, def   map[int]bool
	in, out    map[int]bool
}

// segmentSuccs returns the successors of each segment of bounds: the
// targets of its branches, and the next segment unless an unconditional
// branch or the thread end stops the fall-through.
func segmentSuccs(code []*lins, bounds [][2]int, labelSeg map[int]int) [][]int {
	succs := make([][]int, len(bounds))
	for si, b := range bounds {
		falls := true
		for _, in := range code[b[0]:b[1]] {
			if in.op == "brr" {
				succs[si] = append(succs[si], labelSeg[in.target])
				if in.bcond == "" {
					falls = false
				}
			}
			if in.sig == "thrend" {
				falls = false
			}
		}
		if falls && si+1 < len(bounds) {
			succs[si] = append(succs[si], si+1)
		}
	}
	return succs
}

// splitAtLabels cuts the instruction list into straight-line segments
// [start, end) at labels and maps each label to the segment it starts.
func splitAtLabels(code []*lins) (bounds [][2]int, labelSeg map[int]int) {
	labelSeg = map[int]int{}
	start := 0
	for i, in := range code {
		if in.op != "label" {
			continue
		}
		if i > start {
			bounds = append(bounds, [2]int{start, i})
			start = i
		}
		labelSeg[in.target] = len(bounds)
	}
	return append(bounds, [2]int{start, len(code)}), labelSeg
}

// loopDepths returns the loop depth of every instruction: the number of
// backward branches (the layout keeps loops contiguous, so every back
// edge jumps backwards) whose target is at or before it and whose branch
// is at or after it.
func loopDepths(code []*lins) []int {
	labelAt := map[int]int{}
	for i, in := range code {
		if in.op == "label" {
			labelAt[in.target] = i
		}
	}
	diff := make([]int, len(code)+1)
	for i, in := range code {
		if in.op != "brr" {
			continue
		}
		if t, ok := labelAt[in.target]; ok && t <= i {
			diff[t]++
			diff[i+1]--
		}
	}
	depth := make([]int, len(code))
	d := 0
	for i := range code {
		d += diff[i]
		depth[i] = d
	}
	return depth
}

// liveIntervals computes liveness on the machine CFG and returns one
// interval per virtual register, with its weighted occurrence counts.
func liveIntervals(code []*lins) map[int]*liveInterval {
	bounds, labelSeg := splitAtLabels(code)
	segs := make([]*segment, len(bounds))
	for i, b := range bounds {
		segs[i] = &segment{start: b[0], end: b[1]}
	}
	succs := segmentSuccs(code, bounds, labelSeg)
	for si, s := range segs {
		s.use, s.def, s.in, s.out = map[int]bool{}, map[int]bool{}, map[int]bool{}, map[int]bool{}
		s.succs = succs[si]
		for i := s.start; i < s.end; i++ {
			in := code[i]
			for _, u := range in.uses() {
				if !s.def[u] {
					s.use[u] = true
				}
			}
			if r := in.defReg(); r >= 0 && !in.partial() {
				s.def[r] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for i := len(segs) - 1; i >= 0; i-- {
			s := segs[i]
			for _, t := range s.succs {
				for r := range segs[t].in {
					if !s.out[r] {
						s.out[r], changed = true, true
					}
				}
			}
			for r := range s.out {
				if !s.def[r] && !s.in[r] {
					s.in[r], changed = true, true
				}
			}
			for r := range s.use {
				if !s.in[r] {
					s.in[r], changed = true, true
				}
			}
		}
	}
	iv := map[int]*liveInterval{}
	touch := func(r, p int) *liveInterval {
		x := iv[r]
		if x == nil {
			x = &liveInterval{reg: r, start: p, end: p}
			iv[r] = x
		}
		if p < x.start {
			x.start = p
		}
		if p > x.end {
			x.end = p
		}
		return x
	}
	depth := loopDepths(code)
	for _, s := range segs {
		for r := range s.in {
			touch(r, s.start)
		}
		for r := range s.out {
			touch(r, s.end-1)
		}
		for i := s.start; i < s.end; i++ {
			w := math.Pow(10, float64(min(depth[i], 6)))
			for _, u := range code[i].uses() {
				touch(u, i).uses += w
			}
			if r := code[i].defReg(); r >= 0 {
				touch(r, i).defs += w
			}
		}
	}
	return iv
}

// physReg is an allocated register: file 0 (A) or 1 (B) and its number.
type physReg struct{ file, num int }

func (p physReg) String() string { return fmt.Sprintf("r%c%d", "ab"[p.file], p.num) }

// linearScan assigns every interval a register of file A or B (numbers
// 0–31 without 14, spec §6.6), balancing the files. When both files are
// full it spills the interval — the new one or an active one — whose spill
// cost per instruction covered is least (long, rarely used intervals
// first; rematerializable ones are nearly free). It returns the
// assignment, or the intervals to spill when some were needed.
//
// The file of a new interval is the one its instructions' other operands
// leave a read port for (partners): a small immediate or a B-only I/O
// register takes the B port, elem_num the A port, an allocated register
// its file; reading two A (or two B) registers, or a B register with a
// small immediate, would cost a staging move through r2. Without a
// preference the files are balanced.
func linearScan(ivs map[int]*liveInterval, costs spillCosts, partners map[int][]partner) (map[int]physReg, []*liveInterval, error) {
	var list []*liveInterval
	for _, x := range ivs {
		list = append(list, x)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].start != list[j].start {
			return list[i].start < list[j].start
		}
		return list[i].reg < list[j].reg
	})
	var free [2][]int
	for f := 0; f < 2; f++ {
		for n := 31; n >= 0; n-- {
			if n != 14 { // address 14 is off limits around thread end (spec §6.6)
				free[f] = append(free[f], n)
			}
		}
	}
	density := func(x *liveInterval) float64 {
		return x.spillCost(costs) / float64(x.end-x.start+1)
	}
	assign := map[int]physReg{}
	var active []*liveInterval
	var spilled []*liveInterval
	for _, x := range list {
		kept := active[:0]
		for _, a := range active {
			if a.end < x.start {
				p := assign[a.reg]
				free[p.file] = append(free[p.file], p.num)
			} else {
				kept = append(kept, a)
			}
		}
		active = kept
		file := 0
		if len(free[1]) > len(free[0]) {
			file = 1
		}
		var vote [2]float64
		for _, p := range partners[x.reg] {
			f := p.file
			if p.reg >= 0 {
				a, ok := assign[p.reg]
				if !ok || p.reg == x.reg {
					continue
				}
				f = 1 - a.file
			}
			vote[f] += p.w
		}
		if vote[0] != vote[1] {
			want := 0
			if vote[1] > vote[0] {
				want = 1
			}
			if len(free[want]) > 0 {
				file = want
			}
		}
		if len(free[file]) > 0 {
			n := free[file][len(free[file])-1]
			free[file] = free[file][:len(free[file])-1]
			active = append(active, x)
			assign[x.reg] = physReg{file, n}
			continue
		}
		// Both files are full: spill the cheapest candidate.
		victim := -1 // index into active; -1 = x itself
		best := math.Inf(1)
		if !x.noSpill {
			best = density(x)
		}
		for i, a := range active {
			if !a.noSpill && density(a) < best {
				victim, best = i, density(a)
			}
		}
		if math.IsInf(best, 1) {
			return nil, nil, fmt.Errorf("register pressure: more than 62 values live at once and none can be spilled")
		}
		if victim < 0 {
			spilled = append(spilled, x)
			continue
		}
		v := active[victim]
		spilled = append(spilled, v)
		assign[x.reg] = assign[v.reg]
		delete(assign, v.reg)
		active[victim] = x
	}
	if len(spilled) > 0 {
		return nil, spilled, nil
	}
	return assign, nil, nil
}

// partner is an operand read together with a virtual register by one
// instruction: another virtual register (reg ≥ 0), or a fixed read port
// that leaves the register file (0 A, 1 B); w weighs it by loop depth.
type partner struct {
	reg, file int
	w         float64
}

// readPartners returns, for every virtual register, the operands read
// with it by the same instruction.
func readPartners(code []*lins) map[int][]partner {
	res := map[int][]partner{}
	depth := loopDepths(code)
	add := func(x, o val, w float64) {
		if x.k != vReg || x == o {
			return
		}
		p := partner{reg: -1, w: w}
		switch {
		case o.k == vReg:
			p.reg = o.r
		case o.k == vImm:
			p.file = 0
		case o.k == vPhys && aOnly[o.name]:
			p.file = 1
		case o.k == vPhys && bOnly[o.name]:
			p.file = 0
		default:
			return
		}
		res[x.r] = append(res[x.r], p)
	}
	for i, in := range code {
		if in.op == "label" || in.op == "brr" || in.op == "ldi" || in.op == "nop" {
			continue
		}
		if in.op == "mov" || in.op == "clz" || in.op == "not" || in.op == "ftoi" || in.op == "itof" {
			continue // unary: a and b are the same operand
		}
		w := math.Pow(10, float64(min(depth[i], 6)))
		add(in.a, in.b, w)
		add(in.b, in.a, w)
	}
	return res
}

// allocate assigns every virtual register a physical register of file A or
// B, spilling and rematerializing through sp until the code fits. It
// returns the rewritten code and the assignment by vc4asm name.
func allocate(code []*lins, sp *spiller) ([]*lins, map[int]string, error) {
	for round := 0; ; round++ {
		ivs := liveIntervals(code)
		sp.mark(code, ivs)
		assign, spilled, err := linearScan(ivs, sp.costs(), readPartners(code))
		if err != nil {
			return nil, nil, err
		}
		if len(spilled) == 0 {
			names := map[int]string{}
			for r, p := range assign {
				names[r] = p.String()
			}
			return code, names, nil
		}
		if round > 64 {
			return nil, nil, fmt.Errorf("register allocation does not converge after %d spill rounds", round)
		}
		code = sp.rewrite(code, spilled)
	}
}
