package passes

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"lltosimd/mir"
)

// Statistic keys of switch-lowering.
const (
	statSwitchTables = "jump-tables"
	statSwitchRanges = "range-checks"
	statSwitchTree   = "tree-nodes"
	statSwitchBits   = "bit-tests"
)

// Options of switch-lowering (-pass-option NAME=VALUE), named after llc's
// flags; they override the target's SwitchInfo.
const (
	OptNoJumpTables        = "no-jump-tables"         // true: never build tables
	OptMinJumpTableEntries = "min-jump-table-entries" // MinJumpTableEntries
	OptJumpTableDensity    = "jump-table-density"     // MinDensity (percent)
)

// SwitchInfo is the data a target gives switch lowering (LLVM's
// TargetLowering hooks areJTsAllowed, getMinimumJumpTableEntries,
// getMinimumJumpTableDensity and the pointer width of rangeFitsInWord).
// Zero fields take LLVM's defaults.
type SwitchInfo struct {
	// JumpTables says whether the target can branch through a table
	// (G_BRJT); without them every switch becomes a compare tree.
	JumpTables bool
	// MinJumpTableEntries is the least number of clusters worth a table (4).
	MinJumpTableEntries int
	// MinDensity is the least percentage of table entries that are cases
	// (10), and MinDensityOptSize the same when optimizing for size (40).
	MinDensity, MinDensityOptSize int
	// WordBits is the machine word width that bounds bit-test clusters (32).
	WordBits int
	// NoBitTests turns bit-test clusters off (LLVM: no legal shift).
	NoBitTests bool
}

// SwitchMachine is implemented by a Machine whose target lowers G_SWITCH
// with switch-lowering; a Machine without it gets no jump tables.
type SwitchMachine interface {
	SwitchInfo() SwitchInfo
}

// switch-lowering replaces each G_SWITCH by jump tables, bit tests, range
// checks and a balanced compare tree, following LLVM 14's SwitchLoweringUtils and
// SelectionDAGBuilder::visitSwitch: cases sorted by signed value and merged
// into ranges with one destination, findJumpTables (the whole range if
// dense enough, else the minimum number of dense partitions), and a binary
// tree over the remaining clusters with leaves of at most three. There is
// no profile, so every case edge and the default edge weigh the same, as
// in LLVM without branch weights. Clusters over at most a word with up to
// three destinations become bit tests (findBitTestClusters): x - low
// shifts a 1 that a mask per destination tests.
//
// Targets that compile outside the pass plan call LowerSwitches with a
// Ctx for this pass (for -debug-only and -stats).
var SwitchLoweringPass = Register(&Pass{
	Name: "switch-lowering",
	Desc: "lower G_SWITCH to jump tables, bit tests, range checks and a compare tree",
	Stats: map[string]string{
		statSwitchTables: "Number of jump tables built",
		statSwitchRanges: "Number of range checks (case ranges and table bounds)",
		statSwitchTree:   "Number of compare-tree nodes",
		statSwitchBits:   "Number of bit-test clusters",
	},
	Forbids: mir.PropSelected,
	Run: func(c *Ctx, f *mir.Func) error {
		info := SwitchInfo{}
		if m, ok := MachineFor(f.Arch).(SwitchMachine); ok {
			info = m.SwitchInfo()
		}
		return LowerSwitches(c, f, info)
	},
})

// LowerSwitches lowers every G_SWITCH of f with info (after the -pass-option
// overrides in c); targets that compile outside the pass plan call it
// directly. c may have a nil Cfg.
func LowerSwitches(c *Ctx, f *mir.Func, info SwitchInfo) error {
	info, err := switchOptions(c, info)
	if err != nil {
		return err
	}
	var sws []*mir.Block
	for _, b := range f.Blocks {
		if n := len(b.Instrs); n > 0 && b.Instrs[n-1].Op == mir.GSwitch {
			sws = append(sws, b)
		}
	}
	if len(sws) == 0 {
		return nil
	}
	// The phi updates read the CFG; callers outside the pass plan may
	// have changed the blocks without recomputing it.
	f.RecomputeCFG()
	for _, b := range sws {
		l := &switchLowering{c: c, f: f, info: info, opt: c.Option("O") != "0"}
		l.lower(b)
	}
	return nil
}

// switchOptions fills info's defaults and applies the pass options.
func switchOptions(c *Ctx, info SwitchInfo) (SwitchInfo, error) {
	def := func(p *int, v int) {
		if *p <= 0 {
			*p = v
		}
	}
	def(&info.MinJumpTableEntries, 4)
	def(&info.MinDensity, 10)
	def(&info.MinDensityOptSize, 40)
	def(&info.WordBits, 32)
	if v := c.Option(OptNoJumpTables); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return info, fmt.Errorf("switch-lowering: invalid %s value '%s'", OptNoJumpTables, v)
		}
		info.JumpTables = info.JumpTables && !b
	}
	for _, o := range []struct {
		name string
		p    *int
	}{{OptMinJumpTableEntries, &info.MinJumpTableEntries}, {OptJumpTableDensity, &info.MinDensity}} {
		if v := c.Option(o.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return info, fmt.Errorf("switch-lowering: invalid %s value '%s'", o.name, v)
			}
			*o.p = n
		}
	}
	return info, nil
}

// A case cluster (SwitchCG::CaseCluster): a range of values with one
// destination, a jump table or bit tests.
type swCluster struct {
	lo, hi int64
	dest   *mir.Block   // range cluster
	table  []*mir.Block // jump-table cluster: the targets of lo..hi
	bits   *swBitTests  // bit-test cluster
	weight uint64       // probability in units of caseWeight
}

// isRange reports whether cl is a plain range cluster.
func (cl *swCluster) isRange() bool { return cl.table == nil && cl.bits == nil }

// swBitTests is a bit-test cluster (SwitchCG::BitTestBlock): x - low in
// 0..rng, then one mask test per destination, heaviest first.
type swBitTests struct {
	low, rng   int64
	contiguous bool
	cases      []swBitCase
}

type swBitCase struct {
	mask   uint32
	dest   *mir.Block
	bits   int
	weight uint64
}

// caseWeight is the weight of one case edge (and of the default edge):
// large enough that halving the default weight down the tree stays exact.
const caseWeight = 1 << 32

func (cl *swCluster) String() string {
	if cl.table != nil {
		return fmt.Sprintf("table[%d..%d]", cl.lo, cl.hi)
	}
	if cl.bits != nil {
		return fmt.Sprintf("bits[%d..%d]", cl.lo, cl.hi)
	}
	if cl.lo == cl.hi {
		return fmt.Sprintf("%d->%s", cl.lo, blockLabel(cl.dest))
	}
	return fmt.Sprintf("[%d..%d]->%s", cl.lo, cl.hi, blockLabel(cl.dest))
}

// A work item: clusters still to lower from block b, with the known bounds
// of the value there (ge <= x < lt, when set).
type swWork struct {
	b           *mir.Block
	cls         []*swCluster
	ge, lt      *int64
	defaultProb uint64
}

type switchLowering struct {
	c    *Ctx
	f    *mir.Func
	info SwitchInfo
	opt  bool // not -O0

	sw     *mir.Block // the block of the G_SWITCH
	x      mir.Reg
	def    *mir.Block
	made   []*mir.Block // blocks this lowering created
	phiVal map[*mir.Instr]mir.Operand
}

func (l *switchLowering) lower(b *mir.Block) {
	f := l.f
	in := b.Instrs[len(b.Instrs)-1]
	uses := in.Uses()
	l.sw, l.x, l.def = b, uses[0].Reg, uses[1].Block
	b.Instrs = b.Instrs[:len(b.Instrs)-1]

	// The phi inputs coming from b, per target, to copy onto the new
	// predecessors.
	l.phiVal = map[*mir.Instr]mir.Operand{}
	for _, s := range b.Succs {
		for _, p := range s.Instrs {
			if p.Op != mir.GPhi {
				continue
			}
			if v, ok := mir.PhiIncoming(p, b); ok {
				l.phiVal[p] = v
			}
		}
	}

	var cls []*swCluster
	for i := 2; i+1 < len(uses); i += 2 {
		cls = append(cls, &swCluster{lo: uses[i].Imm, hi: uses[i].Imm, dest: uses[i+1].Block, weight: caseWeight})
	}
	cls = sortAndRangeify(cls)
	if len(cls) == 0 {
		b.Instrs = append(b.Instrs, mir.NewInstr(mir.GBr, mir.B(l.def)))
	} else {
		cls = l.findJumpTables(cls)
		cls = l.findBitTestClusters(cls)
		if l.c.Debugging() {
			var s []string
			for _, cl := range cls {
				s = append(s, cl.String())
			}
			l.c.Debugf("switch-lowering: %s: %s: default %s, clusters: %s", f.Name, blockLabel(b), blockLabel(l.def), strings.Join(s, " "))
		}
		work := []swWork{{b: b, cls: cls, defaultProb: caseWeight}}
		for len(work) > 0 {
			w := work[len(work)-1]
			work = work[:len(work)-1]
			if len(w.cls) > 3 && l.opt {
				work = l.splitWorkItem(work, w)
				continue
			}
			l.lowerWorkItem(w)
		}
	}
	l.fixPhis()
}

// fixPhis gives every phi of a target one input per block of the lowering
// that now branches to it, with the value it had from the switch block.
func (l *switchLowering) fixPhis() {
	f := l.f
	f.RecomputeCFG()
	from := append([]*mir.Block{l.sw}, l.made...)
	for p, v := range l.phiVal {
		blk := phiBlock(f, p)
		var ops []mir.Operand
		ops = append(ops, p.Ops[0])
		for i := 1; i+1 < len(p.Ops); i += 2 {
			if p.Ops[i+1].Block != l.sw {
				ops = append(ops, p.Ops[i], p.Ops[i+1])
			}
		}
		for _, fb := range from {
			if slices.Contains(blk.Preds, fb) {
				ops = append(ops, v, mir.B(fb))
			}
		}
		p.Ops = ops
	}
}

// phiBlock returns the block that holds phi p.
func phiBlock(f *mir.Func, p *mir.Instr) *mir.Block {
	for _, b := range f.Blocks {
		if slices.Contains(b.Instrs, p) {
			return b
		}
	}
	return nil
}

// sortAndRangeify sorts the cases by signed value and merges neighbours
// with one destination into ranges.
func sortAndRangeify(cls []*swCluster) []*swCluster {
	slices.SortFunc(cls, func(a, b *swCluster) int {
		switch {
		case a.lo < b.lo:
			return -1
		case a.lo > b.lo:
			return 1
		}
		return 0
	})
	var out []*swCluster
	for _, cl := range cls {
		if n := len(out); n > 0 && out[n-1].dest == cl.dest && out[n-1].hi+1 == cl.lo {
			out[n-1].hi = cl.hi
			out[n-1].weight += cl.weight
			continue
		}
		out = append(out, cl)
	}
	return out
}

// suitableForJumpTable is LLVM's isSuitableForJumpTable: dense enough.
// There is no optimize-for-size attribute in MIR, so MinDensity applies.
func (l *switchLowering) suitableForJumpTable(numCases, rng uint64) bool {
	return numCases*100 >= rng*uint64(l.info.MinDensity)
}

// suitableForBitTests is LLVM's isSuitableForBitTests: a range that fits
// a word with few destinations and enough compares is better tested
// with bit masks, so no table is built for it.
func (l *switchLowering) suitableForBitTests(numDests, numCmps int, lo, hi int64) bool {
	if uint64(hi-lo)+1 > uint64(l.info.WordBits) {
		return false
	}
	return (numDests == 1 && numCmps >= 3) || (numDests == 2 && numCmps >= 5) || (numDests == 3 && numCmps >= 6)
}

// findJumpTables is SwitchCG::SwitchLowering::findJumpTables.
func (l *switchLowering) findJumpTables(cls []*swCluster) []*swCluster {
	if !l.info.JumpTables {
		return cls
	}
	minEntries := l.info.MinJumpTableEntries
	small := minEntries / 2
	n := len(cls)
	if n < 2 || n < minEntries {
		return cls
	}
	total := make([]uint64, n) // cases in cls[0..i]
	for i, cl := range cls {
		total[i] = uint64(cl.hi-cl.lo) + 1
		if i > 0 {
			total[i] += total[i-1]
		}
	}
	numCases := func(i, j int) uint64 {
		if i == 0 {
			return total[j]
		}
		return total[j] - total[i-1]
	}
	rng := func(i, j int) uint64 { return uint64(cls[j].hi-cls[i].lo) + 1 }
	if l.suitableForJumpTable(numCases(0, n-1), rng(0, n-1)) {
		if t := l.buildJumpTable(cls[0:n]); t != nil {
			return []*swCluster{t}
		}
	}
	if !l.opt {
		return cls
	}
	// Kannan & Proebsting's minimum dense partitioning, built backwards;
	// ties go to the partitioning with the better score.
	const (
		scoreTable      = 1
		scoreFewCases   = 1
		scoreSingleCase = 2
	)
	minParts := make([]int, n)
	last := make([]int, n)
	score := make([]int, n)
	minParts[n-1], last[n-1], score[n-1] = 1, n-1, scoreSingleCase
	for i := n - 2; i >= 0; i-- {
		minParts[i], last[i], score[i] = minParts[i+1]+1, i, score[i+1]+scoreSingleCase
		for j := n - 1; j > i; j-- {
			if !l.suitableForJumpTable(numCases(i, j), rng(i, j)) {
				continue
			}
			parts, sc := 1, 0
			if j != n-1 {
				parts, sc = 1+minParts[j+1], score[j+1]
			}
			switch entries := j - i + 1; {
			case entries == 1:
				sc += scoreSingleCase
			case entries <= small:
				sc += scoreFewCases
			case entries >= minEntries:
				sc += scoreTable
			}
			if parts < minParts[i] || parts == minParts[i] && sc > score[i] {
				minParts[i], last[i], score[i] = parts, j, sc
			}
		}
	}
	var out []*swCluster
	for first := 0; first < n; first = last[first] + 1 {
		part := cls[first : last[first]+1]
		if len(part) >= minEntries {
			if t := l.buildJumpTable(part); t != nil {
				out = append(out, t)
				continue
			}
		}
		out = append(out, part...)
	}
	return out
}

// buildJumpTable makes a table cluster of part, or returns nil when the
// part should be bit tests.
func (l *switchLowering) buildJumpTable(part []*swCluster) *swCluster {
	t := &swCluster{lo: part[0].lo, hi: part[len(part)-1].hi}
	numCmps := 0
	var dests []*mir.Block
	for i, cl := range part {
		t.weight += cl.weight
		if cl.lo == cl.hi {
			numCmps++
		} else {
			numCmps += 2
		}
		if i > 0 {
			for v := part[i-1].hi + 1; v < cl.lo; v++ {
				t.table = append(t.table, l.def)
			}
		}
		for v := cl.lo; v <= cl.hi; v++ {
			t.table = append(t.table, cl.dest)
		}
		if !slices.Contains(dests, cl.dest) {
			dests = append(dests, cl.dest)
		}
	}
	if l.suitableForBitTests(len(dests), numCmps, t.lo, t.hi) {
		return nil
	}
	return t
}

// newBlock makes a block of the lowering, placed right before anchor (at
// the end when anchor is nil), as LLVM inserts its switch blocks after
// the block being lowered.
func (l *switchLowering) newBlock(anchor *mir.Block) *mir.Block {
	f := l.f
	name := ""
	if l.sw.Name != "" {
		name = l.sw.Name + ".sw"
	}
	nb := f.NewBlockDetached(name)
	i := slices.Index(f.Blocks, anchor)
	if anchor == nil || i < 0 {
		f.Blocks = append(f.Blocks, nb)
	} else {
		f.Blocks = slices.Insert(f.Blocks, i, nb)
	}
	l.made = append(l.made, nb)
	return nb
}

// next returns the block after b in layout, or nil.
func (l *switchLowering) next(b *mir.Block) *mir.Block {
	i := slices.Index(l.f.Blocks, b)
	if i < 0 || i+1 >= len(l.f.Blocks) {
		return nil
	}
	return l.f.Blocks[i+1]
}

// konst emits a constant into b.
func (l *switchLowering) konst(b *mir.Block, v int64) mir.Reg {
	r := l.f.NewVReg(l.f.ClassOf(l.x))
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GConst, mir.D(r), mir.I(v)))
	return r
}

// cmp emits dst = (a cond k) into b.
func (l *switchLowering) cmp(b *mir.Block, cond mir.Cond, a mir.Reg, k int64) mir.Reg {
	kr := l.konst(b, k)
	r := l.f.NewVReg(l.f.ClassOf(l.x))
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GICmp, mir.D(r), mir.C(cond), mir.R(a), mir.R(kr)))
	return r
}

// binop emits dst = a op k into b.
func (l *switchLowering) binop(b *mir.Block, op mir.Opcode, a mir.Reg, k int64) mir.Reg {
	kr := l.konst(b, k)
	r := l.f.NewVReg(l.f.ClassOf(l.x))
	b.Instrs = append(b.Instrs, mir.NewInstr(op, mir.D(r), mir.R(a), mir.R(kr)))
	return r
}

// branch ends b with "if c goto t else goto e" (just "goto t" without c).
func branch(b *mir.Block, c mir.Reg, t, e *mir.Block) {
	if c == mir.NoReg {
		b.Instrs = append(b.Instrs, mir.NewInstr(mir.GBr, mir.B(t)))
		return
	}
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GBrCond, mir.R(c), mir.B(t)), mir.NewInstr(mir.GBr, mir.B(e)))
}

// caseRank is LLVM's caseClusterRank: how many clusters of cls rank before
// cl (heavier, or as heavy with a lower value).
func caseRank(cl *swCluster, cls []*swCluster) int {
	n := 0
	for _, x := range cls {
		if x.weight != cl.weight {
			if x.weight > cl.weight {
				n++
			}
		} else if x.lo < cl.lo {
			n++
		}
	}
	return n
}

// splitWorkItem is SelectionDAGBuilder::splitWorkItem: a pivot that
// balances the weights on both sides, adjusted so that no side is left
// with fewer than three clusters while the other has more, then
// "if x < pivot" to the left half.
func (l *switchLowering) splitWorkItem(work []swWork, w swWork) []swWork {
	cls := w.cls
	lastLeft, firstRight := 0, len(cls)-1
	leftW := cls[lastLeft].weight + w.defaultProb/2
	rightW := cls[firstRight].weight + w.defaultProb/2
	for i := 0; lastLeft+1 < firstRight; i++ {
		if leftW < rightW || leftW == rightW && i&1 != 0 {
			lastLeft++
			leftW += cls[lastLeft].weight
		} else {
			firstRight--
			rightW += cls[firstRight].weight
		}
	}
	for {
		numLeft, numRight := lastLeft+1, len(cls)-firstRight
		if min(numLeft, numRight) >= 3 || max(numLeft, numRight) <= 3 {
			break
		}
		if numLeft < numRight {
			cl := cls[firstRight]
			if caseRank(cl, cls[:lastLeft+1]) <= caseRank(cl, cls[firstRight:]) {
				lastLeft++
				firstRight++
				continue
			}
		} else {
			cl := cls[lastLeft]
			if caseRank(cl, cls[firstRight:]) <= caseRank(cl, cls[:lastLeft+1]) {
				lastLeft--
				firstRight--
				continue
			}
		}
		break
	}
	left, right := cls[:lastLeft+1], cls[firstRight:]
	pivot := right[0].lo
	l.c.Count(statSwitchTree, 1)
	anchor := l.next(w.b)
	var lb, rb *mir.Block
	if len(left) == 1 && left[0].isRange() && w.ge != nil && left[0].lo == *w.ge && left[0].hi+1 == pivot {
		lb = left[0].dest
	} else {
		lb = l.newBlock(anchor)
		work = append(work, swWork{b: lb, cls: left, ge: w.ge, lt: &pivot, defaultProb: w.defaultProb / 2})
	}
	if len(right) == 1 && right[0].isRange() && w.lt != nil && right[0].hi+1 == *w.lt {
		rb = right[0].dest
	} else {
		rb = l.newBlock(anchor)
		work = append(work, swWork{b: rb, cls: right, ge: &pivot, lt: w.lt, defaultProb: w.defaultProb / 2})
	}
	c := l.cmp(w.b, mir.CondSLT, l.x, pivot)
	branch(w.b, c, lb, rb)
	return work
}

// lowerWorkItem is SelectionDAGBuilder::lowerWorkItem: the clusters in
// turn, heaviest first, each failing to the next and the last to the
// default.
func (l *switchLowering) lowerWorkItem(w swWork) {
	cls := slices.Clone(w.cls)
	if len(cls) == 2 && w.b == l.sw {
		// "x == a || x == b" to one destination, a and b one bit apart:
		// (x | (a^b)) == (a|b).
		small, big := cls[0], cls[1]
		if small.isRange() && big.isRange() && small.lo == small.hi && big.lo == big.hi && small.dest == big.dest {
			if common := uint32(small.lo) ^ uint32(big.lo); bits.OnesCount32(common) == 1 {
				or := l.binop(w.b, mir.GOr, l.x, int64(int32(common)))
				c := l.cmp(w.b, mir.CondEQ, or, int64(int32(uint32(small.lo)|uint32(big.lo))))
				branch(w.b, c, small.dest, l.def)
				return
			}
		}
	}
	slices.SortStableFunc(cls, func(a, b *swCluster) int {
		switch {
		case a.weight != b.weight && a.weight > b.weight:
			return -1
		case a.weight != b.weight:
			return 1
		case a.lo < b.lo:
			return -1
		case a.lo > b.lo:
			return 1
		}
		return 0
	})
	// Let the last cluster fall through to the next block if possible
	// without breaking the weight order.
	next := l.next(w.b)
	lastC := cls[len(cls)-1]
	for i := len(cls) - 2; i >= 0; i-- {
		if cls[i].weight > lastC.weight {
			break
		}
		if cls[i].isRange() && cls[i].dest == next {
			cls[i], cls[len(cls)-1] = cls[len(cls)-1], cls[i]
			break
		}
	}
	anchor := next
	cur := w.b
	for i, cl := range cls {
		var fall *mir.Block
		unreachable := false
		if i == len(cls)-1 {
			fall = l.def
			unreachable = defaultUnreachable(l.def)
		} else {
			fall = l.newBlock(anchor)
		}
		switch {
		case cl.table != nil:
			l.jumpTable(cur, cl, fall, unreachable, anchor)
		case cl.bits != nil:
			l.bitTests(cur, cl.bits, fall, unreachable, anchor)
		default:
			c := mir.NoReg
			switch {
			case unreachable:
			case cl.lo == cl.hi:
				c = l.cmp(cur, mir.CondEQ, l.x, cl.lo)
			case cl.lo == math.MinInt32:
				c = l.cmp(cur, mir.CondSLE, l.x, cl.hi)
				l.c.Count(statSwitchRanges, 1)
			default:
				d := l.binop(cur, mir.GSub, l.x, cl.lo)
				c = l.cmp(cur, mir.CondULE, d, int64(int32(uint32(cl.hi-cl.lo))))
				l.c.Count(statSwitchRanges, 1)
			}
			branch(cur, c, cl.dest, fall)
		}
		cur = fall
	}
}

// jumpTable emits a table cluster's header in cur (index, bound check to
// fall) and the block that branches through the table.
func (l *switchLowering) jumpTable(cur *mir.Block, cl *swCluster, fall *mir.Block, unreachable bool, anchor *mir.Block) {
	f := l.f
	idx := l.x
	if cl.lo != 0 {
		idx = l.binop(cur, mir.GSub, l.x, cl.lo)
	}
	jb := l.newBlock(anchor)
	c := mir.NoReg
	if !unreachable {
		c = l.cmp(cur, mir.CondUGT, idx, int64(int32(uint32(cl.hi-cl.lo))))
		l.c.Count(statSwitchRanges, 1)
	}
	if c == mir.NoReg {
		branch(cur, c, jb, nil)
	} else {
		branch(cur, c, fall, jb)
	}
	f.JumpTables = append(f.JumpTables, cl.table)
	jb.Instrs = append(jb.Instrs, mir.NewInstr(mir.GBrJT, mir.R(idx), mir.Operand{Kind: mir.KindJT, Imm: int64(len(f.JumpTables) - 1)}))
	l.c.Count(statSwitchTables, 1)
}

// defaultUnreachable reports whether b does nothing but G_UNREACHABLE
// (after its phis): LLVM then drops the final compare.
func defaultUnreachable(b *mir.Block) bool {
	for _, in := range b.Instrs {
		if in.Op == mir.GPhi {
			continue
		}
		return in.Op == mir.GUnreachable
	}
	return false
}

// findBitTestClusters is SwitchCG::SwitchLowering::findBitTestClusters:
// the fewest partitions of word-sized ranges with at most three
// destinations, each made bit tests where buildBitTests finds it worth it.
func (l *switchLowering) findBitTestClusters(cls []*swCluster) []*swCluster {
	if !l.opt || l.info.NoBitTests {
		return cls
	}
	n := len(cls)
	minParts := make([]int, n)
	last := make([]int, n)
	minParts[n-1], last[n-1] = 1, n-1
	for i := n - 2; i >= 0; i-- {
		minParts[i], last[i] = minParts[i+1]+1, i
		for j := min(n-1, i+l.info.WordBits-1); j > i; j-- {
			if uint64(cls[j].hi-cls[i].lo)+1 > uint64(l.info.WordBits) {
				continue
			}
			var dests []*mir.Block
			ranges := true
			for _, cl := range cls[i : j+1] {
				if !cl.isRange() {
					ranges = false
					break
				}
				if !slices.Contains(dests, cl.dest) {
					dests = append(dests, cl.dest)
				}
			}
			if !ranges || len(dests) > 3 {
				break
			}
			parts := 1
			if j != n-1 {
				parts += minParts[j+1]
			}
			if parts < minParts[i] {
				minParts[i], last[i] = parts, j
			}
		}
	}
	var out []*swCluster
	for first := 0; first < n; first = last[first] + 1 {
		part := cls[first : last[first]+1]
		if bt := l.buildBitTests(part); bt != nil {
			out = append(out, bt)
			continue
		}
		out = append(out, part...)
	}
	return out
}

// buildBitTests makes a bit-test cluster of part, or returns nil.
func (l *switchLowering) buildBitTests(part []*swCluster) *swCluster {
	if len(part) < 2 {
		return nil
	}
	var dests []*mir.Block
	numCmps := 0
	for _, cl := range part {
		if !slices.Contains(dests, cl.dest) {
			dests = append(dests, cl.dest)
		}
		numCmps += 1 + btoi(cl.lo != cl.hi)
	}
	lo, hi := part[0].lo, part[len(part)-1].hi
	if !l.suitableForBitTests(len(dests), numCmps, lo, hi) {
		return nil
	}
	bt := &swBitTests{low: lo, rng: hi - lo, contiguous: true}
	for i := 1; i < len(part); i++ {
		if part[i].lo != part[i-1].hi+1 {
			bt.contiguous = false
		}
	}
	// Values that fit a word need no subtraction.
	if lo > 0 && hi < int64(l.info.WordBits) {
		bt.low, bt.rng, bt.contiguous = 0, hi, false
	}
	t := &swCluster{lo: lo, hi: hi, bits: bt}
	for _, cl := range part {
		k := slices.IndexFunc(bt.cases, func(c swBitCase) bool { return c.dest == cl.dest })
		if k < 0 {
			bt.cases = append(bt.cases, swBitCase{dest: cl.dest})
			k = len(bt.cases) - 1
		}
		c := &bt.cases[k]
		c.mask |= uint32(uint64(1)<<(cl.hi-cl.lo+1)-1) << (cl.lo - bt.low)
		c.bits += int(cl.hi-cl.lo) + 1
		c.weight += cl.weight
		t.weight += cl.weight
	}
	slices.SortStableFunc(bt.cases, func(a, b swBitCase) int {
		switch {
		case a.weight != b.weight:
			return cmpDesc(a.weight, b.weight)
		case a.bits != b.bits:
			return cmpDesc(uint64(a.bits), uint64(b.bits))
		case a.mask < b.mask:
			return -1
		case a.mask > b.mask:
			return 1
		}
		return 0
	})
	return t
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func cmpDesc(a, b uint64) int {
	if a > b {
		return -1
	}
	return 1
}

// bitTests emits a bit-test cluster: in cur the shift amount x - low and
// its bound check to fall, then one block per destination testing its
// mask (SelectionDAGBuilder's visitBitTestHeader and visitBitTestCase).
func (l *switchLowering) bitTests(cur *mir.Block, bt *swBitTests, fall *mir.Block, unreachable bool, anchor *mir.Block) {
	l.c.Count(statSwitchBits, 1)
	idx := l.x
	if bt.low != 0 {
		idx = l.binop(cur, mir.GSub, l.x, bt.low)
	}
	var tests []*mir.Block
	for range bt.cases {
		tests = append(tests, l.newBlock(anchor))
	}
	c := mir.NoReg
	if !unreachable {
		c = l.cmp(cur, mir.CondUGT, idx, bt.rng)
		l.c.Count(statSwitchRanges, 1)
	}
	if c == mir.NoReg {
		branch(cur, c, tests[0], nil)
	} else {
		branch(cur, c, fall, tests[0])
	}
	for i, bc := range bt.cases {
		b := tests[i]
		next := fall
		if i+1 < len(tests) {
			next = tests[i+1]
		}
		var t mir.Reg
		switch pop := bits.OnesCount32(bc.mask); {
		case pop == 1:
			t = l.cmp(b, mir.CondEQ, idx, int64(bits.TrailingZeros32(bc.mask)))
		case int64(pop) == bt.rng:
			t = l.cmp(b, mir.CondNE, idx, int64(bits.TrailingZeros32(^bc.mask)))
		default:
			one := l.konst(b, 1)
			sh := l.f.NewVReg(l.f.ClassOf(l.x))
			b.Instrs = append(b.Instrs, mir.NewInstr(mir.GShl, mir.D(sh), mir.R(one), mir.R(idx)))
			and := l.binop(b, mir.GAnd, sh, int64(int32(bc.mask)))
			t = l.cmp(b, mir.CondNE, and, 0)
		}
		branch(b, t, bc.dest, next)
	}
}
