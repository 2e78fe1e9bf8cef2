package codegen

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"lltosimd/mir"
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
// temporaries; the scan runs again until everything fits. Then the
// accumulators, a third register class (below), take the values that fit
// them, and the read-port conflicts left are staged through a free one.

// liveInterval is one virtual register's live range [start, end] over the
// positions (malloc.go), with what spilling it would cost.
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

// loopDepths returns the loop depth of every position: that of its
// block's natural loop (mir.ComputeLoops on the machine CFG; the delay
// slots of a back branch run in the loop, a loop with a continue is one
// loop).
func loopDepths(c *mcode) []int {
	if c.depth == nil {
		li := mir.ComputeLoops(c.f, mir.ComputeDominators(c.f))
		c.depth = make([]int, len(c.at))
		for p, b := range c.blk {
			c.depth[p] = li.Depth(b)
		}
	}
	return c.depth
}

// liveIntervals computes liveness on the machine CFG and returns one
// interval per virtual register, from its first to its last position
// live, with its weighted occurrence counts.
//
// The liveness is that of the segments between labels (stretches), with
// every branch of a segment leaving at its end: coarser than the block
// liveness of mir.ComputeLiveness on the machine form (whose blocks end
// after a branch and its delay slots), and kept so because the live
// intervals, hence the code, would change otherwise.
func liveIntervals(c *mcode) map[int]*liveInterval {
	segs := segments(c)
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
	depth := loopDepths(c)
	for _, s := range segs {
		for r := range s.in {
			touch(r, s.start)
		}
		for r := range s.out {
			touch(r, s.end-1)
		}
		for p := s.start; p < s.end; p++ {
			in := c.at[p]
			if in == nil {
				continue
			}
			w := math.Pow(10, float64(min(depth[p], 6)))
			for _, u := range usesOf(in) {
				touch(u, p).uses += w
			}
			if r := defReg(in); r >= 0 {
				touch(r, p).defs += w
			}
		}
	}
	return iv
}

// segments returns the segments of c (positions between labels) with
// their successors (every branch target, and the next segment unless an
// unconditional branch or the thread end stops the fall-through) and
// their live-in and live-out virtual registers.
func segments(c *mcode) []*segment {
	var segs []*segment
	labelSeg := map[*mir.Block]int{}
	start := 0
	for p := range c.at {
		if !c.isLabel(p) {
			continue
		}
		if p > start {
			segs = append(segs, &segment{start: start, end: p})
			start = p
		}
		labelSeg[c.blk[p]] = len(segs)
	}
	segs = append(segs, &segment{start: start, end: len(c.at)})
	for si, s := range segs {
		s.use, s.def, s.in, s.out = map[int]bool{}, map[int]bool{}, map[int]bool{}, map[int]bool{}
		falls := true
		for p := s.start; p < s.end; p++ {
			in := c.at[p]
			if in == nil {
				continue
			}
			if isBranch(in.Op) {
				s.succs = append(s.succs, labelSeg[in.Ops[0].Block])
				falls = falls && in.Op != opBrr
			}
			if in.Op == opThrend {
				falls = false
			}
			for _, u := range usesOf(in) {
				if !s.def[u] {
					s.use[u] = true
				}
			}
			if r := defReg(in); r >= 0 && !partial(in) {
				s.def[r] = true
			}
		}
		if falls && si+1 < len(segs) {
			s.succs = append(s.succs, si+1)
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
	return segs
}

// physReg is an allocated register: file 0 (A) or 1 (B), or an
// accumulator (accFile), and its number.
type physReg struct{ file, num int }

func (p physReg) String() string {
	if p.file == accFile {
		return fmt.Sprintf("r%d", p.num)
	}
	return fmt.Sprintf("r%c%d", "ab"[p.file], p.num)
}

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
func readPartners(c *mcode) map[int][]partner {
	res := map[int][]partner{}
	depth := loopDepths(c)
	add := func(x, o mir.Operand, w float64) {
		r := virt(x)
		if r < 0 || sameOperand(x, o) {
			return
		}
		p := partner{reg: -1, w: w}
		switch {
		case virt(o) >= 0:
			p.reg = virt(o)
		case o.Kind == mir.KindImm:
			p.file = 0
		case o.Kind == mir.KindReg && readSpace[regNames[o.Reg]] == 'a':
			p.file = 1
		case o.Kind == mir.KindReg && readSpace[regNames[o.Reg]] == 'b':
			p.file = 0
		default:
			return
		}
		res[r] = append(res[r], p)
	}
	for p, in := range c.at {
		ia, ib := srcIdx(in)
		if ia == ib {
			continue // no sources, or unary: a and b are the same operand
		}
		w := math.Pow(10, float64(min(depth[p], 6)))
		add(in.Ops[ia], in.Ops[ib], w)
		add(in.Ops[ib], in.Ops[ia], w)
	}
	return res
}

// allocate assigns every virtual register of the lowered machine form f a
// physical register of file A or B, spilling and rematerializing through
// sp until the code fits, then gives the values that fit one an
// accumulator instead and stages the read-port conflicts left
// (assignAccumulators, finishAssignment). It rewrites f into the
// allocated machine form (no virtual register left) and returns the
// assignment by vc4asm name; sp.debug, if set, prints the decisions.
func allocate(f *mir.Func, sp *spiller) (map[int]string, allocStats, error) {
	var st allocStats
	f.RecomputeCFG()
	for round := 0; ; round++ {
		c := newMcode(f)
		ivs := liveIntervals(c)
		sp.mark(c, ivs)
		assign, spilled, err := linearScan(ivs, sp.costs(), readPartners(c))
		if err != nil {
			return nil, st, err
		}
		if len(spilled) == 0 {
			names := map[int]string{}
			for r, p := range assign {
				names[r] = p.String()
			}
			acc, occ := assignAccumulators(c, ivs, names, sp.debug)
			st.Acc = len(acc)
			if err := finishAssignment(c, names, occ, &st, sp.debug); err != nil {
				return nil, st, err
			}
			// Every virtual register has its machine register now.
			f.VRegClass = nil
			for r := range f.VRegName {
				delete(f.VRegName, r)
			}
			return names, st, nil
		}
		if round > 64 {
			return nil, st, fmt.Errorf("register allocation does not converge after %d spill rounds", round)
		}
		if err := sp.rewrite(c, spilled); err != nil {
			return nil, st, err
		}
	}
}

// Accumulators: the allocator's third register class.
//
// r0–r2 are read by the next instruction (a regfile register only by the
// second after its write, spec §4.2, so a value read right after it is
// computed costs a nop in a regfile) and take no read port (so they never
// conflict with the other operand, and leave the A and B ports to the
// other ALU of a paired instruction). They are few, and the lowering's
// sequences use them by name (the TMU address in r0, DMA setups, stride
// tests and the spill code in r1, block numbers in r2, the execute mask
// in r3), so a value gets one only
//
//   - when its live range lies inside one straight-line stretch: from a
//     full, unconditional definition (a value read before it is written
//     there is live into the stretch) to its last use, no label, branch
//     or delay slot; a conditional or masked write inside the range keeps
//     the other lanes' old value exactly as in a regfile;
//   - when, wherever it is live (exactly: a register written again in
//     full, as the lowering's expansions do, is not live in between), no
//     named use of that accumulator is live and none writes it
//     (accLiveness: liveness of the named accumulators over the machine
//     CFG; a sequence that clobbers one names it), and no other value the
//     allocator put there is live; its definitions clobber none of them;
//   - not as an operand of a mul-ALU rotation (which the lowering applies
//     to named accumulators only);
//   - r0–r2 only: r3 holds the execute mask.
//
// The decision (assignAccumulators) runs once the regfile scan fits (no
// spill), as an upgrade of the scan's assignment: ranges shortest first
// (the short ones are those read right after their definition), each into
// the accumulator its copies name when it can — a value whose last use is
// `mov r0, t` takes r0 and the move disappears (copy coalescing, in either
// direction and between two values) —, else into the one whose nearest
// other occupant is farthest away (fewer false dependences for the
// scheduler). Operand pairs that still conflict on a read port (two
// regfile-A reads, a regfile-B read with a small immediate …) are then
// staged through an accumulator free at that instruction
// (stageConflicts); the upgrade keeps one free wherever such a conflict
// remains.

// accFile is the physReg file of an accumulator (num k = rk).
const accFile = 2

// accMask is a set of accumulators r0–r3 (bit k = rk).
type accMask uint8

// namedAcc returns k when o names accumulator $rk (k ≤ 3), else -1.
func namedAcc(o mir.Operand) int {
	if o.Kind != mir.KindReg || o.Reg.IsVirtual() {
		return -1
	}
	if n := regNames[o.Reg]; len(n) == 2 && n[0] == 'r' && n[1] >= '0' && n[1] <= '3' {
		return int(n[1] - '0')
	}
	return -1
}

// accEffects returns the accumulators in reads by name, writes, and
// writes all lanes of (a partial write also reads the old value).
func accEffects(in *mir.Instr) (use, def, full accMask) {
	if a, b, ok := srcOps(in); ok {
		for _, o := range []mir.Operand{a, b} {
			if k := namedAcc(o); k >= 0 {
				use |= 1 << k
			}
		}
	}
	if k := namedAcc(destOp(in)); k >= 0 {
		def |= 1 << k
		if partial(in) {
			use |= 1 << k
		} else {
			full |= 1 << k
		}
	}
	return use, def, full
}

// stretchBreaks returns which positions break a straight-line stretch:
// labels, branches, their delay slots, the thread end and its.
func stretchBreaks(c *mcode) []bool {
	n := len(c.at)
	breaks := make([]bool, n)
	for p, in := range c.at {
		if in == nil {
			breaks[p] = true
			continue
		}
		if d := delaySlots(in.Op); d > 0 {
			for k := p; k <= min(p+d, n-1); k++ {
				breaks[k] = true
			}
		}
	}
	return breaks
}

// posFlow returns the successors of every position on the machine CFG:
// the next one, except that a branch transfers after its three delay
// slots, to its target and, when conditional, to the next position, and
// the thread end's second delay slot has none. (Per position, not per
// block: a block of the machine form may hold two branches.)
func posFlow(c *mcode) [][]int {
	labelAt := map[*mir.Block]int{}
	for p := range c.at {
		if c.isLabel(p) {
			labelAt[c.blk[p]] = p
		}
	}
	n := len(c.at)
	succs := make([][]int, n)
	for p := range c.at {
		if p+1 < n {
			succs[p] = []int{p + 1}
		}
	}
	for p, in := range c.at {
		switch {
		case in == nil:
		case isBranch(in.Op):
			last := min(p+3, n-1)
			var s []int
			if t, ok := labelAt[in.Ops[0].Block]; ok {
				s = append(s, t)
			}
			if in.Op != opBrr && last+1 < n {
				s = append(s, last+1)
			}
			succs[last] = s
		case in.Op == opThrend:
			succs[min(p+2, n-1)] = nil
		}
	}
	return succs
}

// accLiveness returns the named accumulators live into and out of every
// position (backward dataflow over posFlow's CFG).
func accLiveness(c *mcode) (in, out []accMask) {
	succs := posFlow(c)
	n := len(c.at)
	in, out = make([]accMask, n), make([]accMask, n)
	use, full := make([]accMask, n), make([]accMask, n)
	for p, x := range c.at {
		if x != nil {
			use[p], _, full[p] = accEffects(x)
		}
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			var o accMask
			for _, s := range succs[i] {
				o |= in[s]
			}
			x := use[i] | o&^full[i]
			if o != out[i] || x != in[i] {
				out[i], in[i], changed = o, x, true
			}
		}
	}
	return in, out
}

// usableAccs are the accumulators that values and staging may use: r0–r2.
// r3 stays the execute mask's (RegExec) even in kernels without one, so
// that it means one thing in all code (it would save 0.2% of the
// corpus's instructions).
const usableAccs accMask = 0b0111

// allocStats count what the allocator decided besides the register files.
type allocStats struct {
	Acc       int // values given an accumulator
	Coalesced int // copies that became a move of a register to itself, deleted
	Staged    int // read-port conflicts staged through an accumulator
}

// accCand is a value that may take an accumulator.
type accCand struct {
	iv   *liveInterval
	defs []int // its definitions
	out  []int // the positions after which it is live (inside [start, end))
}

// accState is the accumulators' occupation during assignAccumulators.
type accState struct {
	code    *mcode
	names   map[int]string // the current assignment by name
	usable  accMask        // accumulators values may take
	physIn  []accMask      // named accumulators live into each position
	physOut []accMask      // … out of it
	physDef []accMask      // … written by it
	held    []accMask      // accumulators holding an allocated value after each position
	write   []accMask      // accumulators an allocated value is written to at each position
}

// operandName returns the name operand o has under names: the register
// a virtual register is assigned, a machine register's own ("" for an
// immediate or $nop).
func operandName(o mir.Operand, names map[int]string) string {
	switch {
	case o.Kind != mir.KindReg || o.Reg == RegNop:
		return ""
	case o.Reg.IsVirtual():
		return names[o.Reg.VirtIndex()]
	}
	return regNames[o.Reg]
}

// operandPort returns the read port operand o needs under names (see
// namePort).
func operandPort(o mir.Operand, names map[int]string) byte {
	return namePort(operandName(o, names), o.Kind == mir.KindImm)
}

// portConflictAt reports whether instruction in reads two operands that
// one instruction cannot read under the assignment names (namePort).
func portConflictAt(in *mir.Instr, names map[int]string) bool {
	a, b, ok := srcOps(in)
	if !ok || sameOperand(a, b) {
		return false
	}
	return portConflict(operandPort(a, names), operandPort(b, names))
}

// freeAccs returns the accumulators of usable that hold nothing into
// position p: a staging move may write one of them right before p.
func freeAccs(usable accMask, physIn, held []accMask, p int) accMask {
	busy := physIn[p]
	if p > 0 {
		busy |= held[p-1]
	}
	return usable &^ busy
}

// fits reports whether accumulator k can hold c: nothing else lives in k
// or is written to it while c is live, c's definitions clobber nothing
// live in k, and every instruction where c is live and a read-port
// conflict remains keeps a free accumulator for its staging.
func (s *accState) fits(k int, c *accCand) bool {
	bit := accMask(1) << k
	for _, p := range c.out {
		if (s.physOut[p]|s.physDef[p]|s.held[p]|s.write[p])&bit != 0 {
			return false
		}
	}
	for _, p := range c.defs {
		if (s.physOut[p]|s.held[p])&bit != 0 {
			return false
		}
	}
	for _, q := range c.out {
		p := q + 1 // c is live into p
		in := s.code.at[p]
		if a, b, ok := srcOps(in); ok && (virt(a) == c.iv.reg || virt(b) == c.iv.reg) || !portConflictAt(in, s.names) {
			continue // no conflict left, or one that taking k removes
		}
		if f := freeAccs(s.usable, s.physIn, s.held, p); f != 0 && f&^bit == 0 {
			return false
		}
	}
	return true
}

// distance returns how far from the positions [lo, hi] the nearest other
// occupation of accumulator k is (up to a window of 16 positions): the
// greater, the fewer false dependences a value or a staging move in k
// adds for the scheduler.
func (s *accState) distance(k, lo, hi int) int {
	const window = 16
	bit := accMask(1) << k
	busy := func(p int) bool {
		return p >= 0 && p < len(s.code.at) && (s.physIn[p]|s.physOut[p]|s.physDef[p]|s.held[p]|s.write[p])&bit != 0
	}
	for d := 1; d <= window; d++ {
		if busy(lo-d) || busy(hi+d) {
			return d
		}
	}
	return window + 1
}

// isCopy reports whether in only copies its source onto its destination
// (a mov on either pipe, no rotation, no flags).
func isCopy(in *mir.Instr) bool {
	return in != nil && (in.Op == aluByAsm[[2]string{"mov", ""}] || in.Op == opMovM) && !setsFlags(in)
}

// coalesceHint returns the accumulator that a copy out of or into c names
// (a named accumulator, or a value already in one), or -1.
func (s *accState) coalesceHint(c *accCand) int {
	hint := func(o mir.Operand) int {
		if k := namedAcc(o); k >= 0 {
			return k
		}
		if r := virt(o); r >= 0 {
			if n := s.names[r]; isAcc(n) {
				return int(n[1] - '0')
			}
		}
		return -1
	}
	// The last use: mov rk, t (t dies there).
	if in := s.code.at[c.iv.end]; isCopy(in) {
		if a, _, _ := srcOps(in); virt(a) == c.iv.reg {
			if k := hint(destOp(in)); k >= 0 && s.usable&(1<<k) != 0 {
				return k
			}
		}
	}
	// The definition: t = mov rk (rk dies there).
	if in := s.code.at[c.iv.start]; isCopy(in) && !partial(in) {
		a, _, _ := srcOps(in)
		if k := hint(a); k >= 0 && s.usable&(1<<k) != 0 {
			return k
		}
	}
	return -1
}

// accCandidates returns the values that may take an accumulator (see
// "Accumulators" above), with their definitions and where they are live.
func accCandidates(c *mcode, ivs map[int]*liveInterval, breaks []bool) []*accCand {
	defs := map[int][]int{}
	rotated := map[int]bool{}
	for p, in := range c.at {
		if r := defReg(in); r >= 0 {
			defs[r] = append(defs[r], p)
		}
		if in != nil && in.Op == opRotM {
			for _, o := range in.Ops {
				if r := virt(o); r >= 0 {
					rotated[r] = true
				}
			}
		}
	}
	var list []*accCand
	for r, iv := range ivs {
		if rotated[r] || len(defs[r]) == 0 || defs[r][0] != iv.start || partial(c.at[iv.start]) ||
			slices.Contains(usesOf(c.at[iv.start]), r) {
			continue // not a full definition first: live into the stretch
		}
		cand := &accCand{iv: iv, defs: defs[r]}
		live := false // after p
		for p := iv.end; p >= iv.start && cand != nil; p-- {
			if breaks[p] {
				cand = nil
				break
			}
			if live {
				cand.out = append(cand.out, p)
			}
			in := c.at[p]
			if defReg(in) == r && !partial(in) {
				live = false
			}
			if slices.Contains(usesOf(in), r) {
				live = true
			}
		}
		if cand != nil {
			slices.Reverse(cand.out)
			list = append(list, cand)
		}
	}
	return list
}

// assignAccumulators moves the values that fit an accumulator out of the
// register files (see "Accumulators" above), updating names. It returns
// them with their accumulators, and the accumulators' occupation.
func assignAccumulators(c *mcode, ivs map[int]*liveInterval, names map[int]string, debug func(string, ...any)) (map[int]int, *accState) {
	s := newAccState(c, names)
	list := accCandidates(c, ivs, stretchBreaks(c))
	// Shortest first: the short ones are read right after their
	// definition, where a regfile costs a nop.
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i].iv, list[j].iv
		if la, lb := len(list[i].out), len(list[j].out); la != lb {
			return la < lb
		}
		if a.end-a.start != b.end-b.start {
			return a.end-a.start < b.end-b.start
		}
		return a.start < b.start
	})
	acc := map[int]int{}
	for _, cand := range list {
		k, why := s.coalesceHint(cand), " (coalesced copy)"
		if k < 0 || !s.fits(k, cand) {
			k, why = -1, ""
			best := -1
			for a := 0; a < 4; a++ {
				if s.usable&(1<<a) == 0 || !s.fits(a, cand) {
					continue
				}
				if d := s.distance(a, cand.iv.start, cand.iv.end); d > best {
					k, best = a, d
				}
			}
		}
		if k < 0 {
			continue
		}
		bit := accMask(1) << k
		for _, p := range cand.out {
			s.held[p] |= bit
		}
		for _, p := range cand.defs {
			s.write[p] |= bit
		}
		acc[cand.iv.reg] = k
		names[cand.iv.reg] = physReg{accFile, k}.String()
		if debug != nil {
			debug("acc %s live [%d, %d] -> $r%d%s", mir.FormatReg(c.f, vreg(cand.iv.reg).Reg), cand.iv.start, cand.iv.end, k, why)
		}
	}
	return acc, s
}

// newAccState returns the accumulators' occupation by the named uses in
// c, with no value allocated yet.
func newAccState(c *mcode, names map[int]string) *accState {
	n := len(c.at)
	s := &accState{code: c, names: names, usable: usableAccs,
		physDef: make([]accMask, n), held: make([]accMask, n), write: make([]accMask, n)}
	s.physIn, s.physOut = accLiveness(c)
	for p, in := range c.at {
		if in != nil {
			_, s.physDef[p], _ = accEffects(in)
		}
	}
	return s
}

// finishAssignment rewrites c's function into the allocated machine form:
// every read-port conflict the assignment leaves is staged through an
// accumulator free there (a move into it right before the instruction,
// which then reads it instead; of the free ones, the one whose nearest
// other occupation is farthest), every copy of a register to itself (a
// coalesced copy) is deleted, and every virtual register becomes its
// register under names. s is the accumulators' occupation after
// assignAccumulators.
func finishAssignment(c *mcode, names map[int]string, s *accState, st *allocStats, debug func(string, ...any)) error {
	breaks := stretchBreaks(c)
	e := newEdits()
	for p, in := range c.at {
		if in == nil {
			continue
		}
		if d := operandName(destOp(in), names); isCopy(in) && (isRegfile(d) || isAcc(d) && d != "r4" && d != "r5") {
			if a, _, _ := srcOps(in); d == operandName(a, names) {
				st.Coalesced++
				e.drop[p] = true
				continue
			}
		}
		if portConflictAt(in, names) {
			if breaks[p] {
				// A move before a delay slot would push the slots' last
				// instruction past the branch.
				return fmt.Errorf("internal error: read-port conflict in a delay slot: %s", mir.FormatInstr(c.f, in))
			}
			free := freeAccs(s.usable, s.physIn, s.held, p)
			k, best := -1, -1
			for a := 0; a < 4; a++ {
				if free&(1<<a) == 0 {
					continue
				}
				if d := s.distance(a, max(p-1, 0), p); d > best {
					k, best = a, d
				}
			}
			if k < 0 {
				return fmt.Errorf("internal error: no accumulator free to stage an operand of %s", mir.FormatInstr(c.f, in))
			}
			s.write[p] |= 1 << k // for the next stagings' distances
			t := hw(fmt.Sprintf("r%d", k))
			_, ib := srcIdx(in)
			if debug != nil {
				a, b, _ := srcOps(in)
				debug("stage %s through $%s: %s (reads %s, %s)", nameOrImm(in.Ops[ib], names), regNames[t.Reg], mir.FormatInstr(c.f, in),
					nameOrImm(a, names), nameOrImm(b, names))
			}
			e.before[p] = append(e.before[p], movI(t, in.Ops[ib], ""))
			in.Ops[ib] = t
			st.Staged++
		}
	}
	if err := c.apply(e); err != nil {
		return err
	}
	// The registers.
	for _, b := range c.f.Blocks {
		for _, in := range flatten(b.Instrs) {
			for i := range in.Ops {
				o := &in.Ops[i]
				if r := virt(*o); r >= 0 {
					n, ok := names[r]
					if !ok {
						return fmt.Errorf("internal error: %s has no register", mir.FormatReg(c.f, o.Reg))
					}
					o.Reg = regByName[n]
				}
			}
		}
	}
	return nil
}

// nameOrImm returns the $-name of o under names, or its immediate value.
func nameOrImm(o mir.Operand, names map[int]string) string {
	if o.Kind == mir.KindImm {
		return fmt.Sprint(o.Imm)
	}
	return "$" + operandName(o, names)
}

// segment is a run of positions between labels, with the machine
// control flow that the emitted code really has: fall-through into the
// next segment unless an unconditional branch ends it, plus every branch
// target. Liveness over these edges is exact for masked code, which runs
// blocks in layout order whatever the lanes do.
type segment struct {
	start, end int // [start, end) in the positions
	succs      []int
	use, def   map[int]bool
	in, out    map[int]bool
}
