package passes

import (
	"fmt"
	"sort"
	"strconv"

	"lltosimd/mir"
)

// Statistic keys of split-simd-stores: one per outcome, so that -stats
// says why loops were left alone.
const (
	statSplitLoops   = "split"
	statSplitNew     = "loops-created"
	statSplitBlocks  = "refused-multi-block"
	statSplitEntry   = "refused-entry"
	statSplitEffects = "refused-side-effect"
	statSplitCounted = "refused-uncounted"
	statSplitDep     = "refused-dependence"
)

// SplitSIMDStoresOption is the pass option holding N (-pass-option
// split-simd-stores=N; BWDSP's driver flag -bwdsp-split-simd-stores=N).
// Unset or 0: the pass does nothing.
const SplitSIMDStoresOption = "split-simd-stores"

// split-simd-stores is OCC's loop splitting (spec bwdsp.md §3.2, seed
// 004 §3.2.2): a loop whose body does more than N vector stores becomes
// consecutive loops of at most N vector stores each (loop distribution),
// so that the values a loop keeps live fit the registers the local
// allocator has. It runs on generic SSA MIR before hardware-loops, and
// only when the option gives N. A loop is split when
//
//   - it is one block (header = latch) entered from one block outside it,
//     ending in G_BRCOND %c, X; G_BR Y, one of X, Y the loop and the
//     other its exit;
//   - nothing in it is a call or has side effects other than its stores;
//   - the exit test does not depend on memory (each new loop recomputes
//     it from the same phis and invariants, so all run the same number
//     of iterations: a counted loop);
//   - no dependence runs backward between partitions. The stores are cut
//     in program order into partitions of N vector stores (scalar stores
//     join the partition they are in); each load belongs to every
//     partition whose stores (or live-out values: the last partition)
//     use it. Two accesses of different partitions, one a store, must
//     touch distinct objects (different globals or stack objects: an
//     access never leaves the object its address is based on), or have
//     affine addresses obj + a*k + b (k the iteration number, same
//     invariant terms, same a) whose overlaps, at iteration distances
//     t, keep their order: after splitting, all of the earlier
//     partition runs first, which is the original order only if every
//     overlap has the earlier partition's access first (t > 0, or t = 0
//     and it comes first in the body). Anything else is refused.
//
// Partition p < last is a copy of the block placed before it (fresh
// registers, its phis entered from the previous copy), keeping only what
// its stores and the exit test need; the original block keeps the last
// partition and the values used after the loop. Register recurrences
// (phis) are recomputed by every copy that needs them.
var _ = Register(&Pass{
	Name: "split-simd-stores",
	Desc: "split loops with more than N vector stores into loops of at most N (OCC; -pass-option split-simd-stores=N)",
	Stats: map[string]string{
		statSplitLoops:   "Number of loops split",
		statSplitNew:     "Number of loops created by splitting",
		statSplitBlocks:  "Number of loops not split: body not one block",
		statSplitEntry:   "Number of loops not split: not entered from one block or no explicit branches",
		statSplitEffects: "Number of loops not split: call or side effect in the body",
		statSplitCounted: "Number of loops not split: exit test depends on memory",
		statSplitDep:     "Number of loops not split: a dependence between partitions forbids it",
	},
	Needs:   mir.PropSSA,
	Forbids: mir.PropSelected,
	Run:     runSplitSIMDStores,
})

func runSplitSIMDStores(c *Ctx, f *mir.Func) error {
	s := c.Option(SplitSIMDStoresOption)
	if s == "" || len(f.Blocks) == 0 {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("%s: invalid value '%s' (want a number of stores, 0 = off)", SplitSIMDStoresOption, s)
	}
	if n == 0 {
		return nil
	}
	f.RecomputeCFG()
	li := mir.ComputeLoops(f, mir.ComputeDominators(f))
	defs := defMap(f)
	for _, l := range li.Loops {
		if len(l.Children) > 0 || vectorStores(f, l.Blocks) <= n {
			continue
		}
		if why, key := splitLoop(c, f, l, defs, n); key != "" {
			c.Count(key, 1)
			c.Debugf("split-simd-stores: %s: loop at bb%d not split: %s", f.Name, l.Header.ID, why)
		}
	}
	f.RecomputeCFG()
	return nil
}

// vectorStores counts the G_VSTOREs of blocks.
func vectorStores(f *mir.Func, blocks []*mir.Block) int {
	k := 0
	for _, b := range blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GVStore {
				k++
			}
		}
	}
	return k
}

// splitLoop splits l into loops of at most n vector stores, or returns
// why not and the statistic to count.
func splitLoop(c *Ctx, f *mir.Func, l *mir.Loop, defs map[mir.Reg]*mir.Instr, n int) (string, string) {
	if len(l.Blocks) != 1 {
		return fmt.Sprintf("%d blocks", len(l.Blocks)), statSplitBlocks
	}
	b := l.Header
	var pre *mir.Block
	for _, p := range b.Preds {
		if p != b {
			if pre != nil {
				return "entered from several blocks", statSplitEntry
			}
			pre = p
		}
	}
	k := len(b.Instrs)
	if pre == nil || k < 2 || b.Instrs[k-2].Op != mir.GBrCond || b.Instrs[k-1].Op != mir.GBr {
		return "no G_BRCOND, G_BR pair ending the body", statSplitEntry
	}
	for _, in := range pre.Instrs {
		for _, o := range in.Ops {
			if o.Kind == mir.KindJT || f.Arch.Desc(in.Op).Flags&mir.FlagIndirect != 0 {
				return "entered through a jump table", statSplitEntry
			}
		}
	}
	br := b.Instrs[k-2]
	if (br.Ops[1].Block == b) == (b.Instrs[k-1].Ops[0].Block == b) {
		return "no exit edge", statSplitEntry
	}
	// local maps the body's definitions to their instruction index.
	local := map[mir.Reg]int{}
	for i, in := range b.Instrs {
		fl := f.Arch.Desc(in.Op).Flags
		if len(in.Bundle) > 0 || !in.Op.IsGeneric() && fl&(mir.FlagBranch|mir.FlagTerminator) == 0 ||
			fl&(mir.FlagCall|mir.FlagSideEffect) != 0 || fl&mir.FlagStore != 0 && !isPlainStore(in.Op) ||
			fl&mir.FlagLoad != 0 && !isPlainLoad(in.Op) {
			return fmt.Sprintf("%s in the body", f.Arch.Desc(in.Op).Name), statSplitEffects
		}
		for _, o := range in.Ops {
			if o.IsDef() && !o.Reg.IsVirtual() {
				return fmt.Sprintf("%s defines a physical register", f.Arch.Desc(in.Op).Name), statSplitEffects
			}
			if o.IsDef() {
				local[o.Reg] = i
			}
		}
	}
	// slice marks the in-block instructions that the roots read,
	// transitively (phis through their back-edge values).
	slice := func(roots []int) []bool {
		mark := make([]bool, len(b.Instrs))
		work := append([]int(nil), roots...)
		for len(work) > 0 {
			i := work[len(work)-1]
			work = work[:len(work)-1]
			if mark[i] {
				continue
			}
			mark[i] = true
			for _, o := range b.Instrs[i].Ops {
				if o.IsUse() {
					if j, ok := local[o.Reg]; ok && !mark[j] {
						work = append(work, j)
					}
				}
			}
		}
		return mark
	}
	term := slice([]int{k - 2, k - 1})
	for i, m := range term {
		if m && f.Arch.Desc(b.Instrs[i].Op).Flags&mir.FlagLoad != 0 {
			return "the exit test reads memory", statSplitCounted
		}
	}
	// Partitions: stores in order, a new one after every n vector stores.
	var parts [][]int
	cur, vs := []int(nil), 0
	for i, in := range b.Instrs {
		if f.Arch.Desc(in.Op).Flags&mir.FlagStore == 0 {
			continue
		}
		if in.Op == mir.GVStore {
			if vs == n {
				parts, cur, vs = append(parts, cur), nil, 0
			}
			vs++
		}
		cur = append(cur, i)
	}
	parts = append(parts, cur)
	if len(parts) < 2 {
		return "", ""
	}
	// The last partition also keeps what is used after the loop.
	liveOut := map[int]bool{}
	for _, ob := range f.Blocks {
		if ob == b {
			continue
		}
		for _, in := range ob.Instrs {
			for _, m := range in.Flatten() {
				for _, o := range m.Ops {
					if j, ok := local[o.Reg]; ok && o.IsUse() {
						liveOut[j] = true
					}
				}
			}
		}
	}
	marks := make([][]bool, len(parts))
	for p, st := range parts {
		roots := append([]int{k - 2, k - 1}, st...)
		if p == len(parts)-1 {
			for j := range liveOut {
				roots = append(roots, j)
			}
		}
		marks[p] = slice(roots)
	}
	if why := splitDependences(f, b, pre, defs, marks); why != "" {
		return why, statSplitDep
	}
	// Copies before b, in layout order; b keeps the last partition.
	at := 0
	for i, x := range f.Blocks {
		if x == b {
			at = i
		}
	}
	prev := pre
	var copies []*mir.Block
	for p := 0; p < len(parts)-1; p++ {
		nb := f.NewBlockDetached("")
		copyPartition(f, b, nb, pre, prev, marks[p])
		copies = append(copies, nb)
		prev = nb
	}
	// Exits of the copies go to the next copy, the last one to b.
	for i, nb := range copies {
		next := b
		if i+1 < len(copies) {
			next = copies[i+1]
		}
		for _, in := range nb.Instrs[len(nb.Instrs)-2:] {
			for j := range in.Ops {
				if in.Ops[j].Kind == mir.KindBlock && in.Ops[j].Block != nb {
					in.Ops[j].Block = next
				}
			}
		}
	}
	// The entry now goes to the first copy; b's phis come from the last.
	retarget(f, pre, b, copies[0])
	for _, in := range b.Instrs {
		if in.Op != mir.GPhi {
			continue
		}
		for j := 2; j < len(in.Ops); j += 2 {
			if in.Ops[j].Block == pre {
				in.Ops[j].Block = copies[len(copies)-1]
			}
		}
	}
	keep := b.Instrs[:0]
	last := marks[len(marks)-1]
	for i, in := range b.Instrs {
		if last[i] {
			keep = append(keep, in)
		}
	}
	b.Instrs = keep
	f.Blocks = append(f.Blocks[:at], append(copies, f.Blocks[at:]...)...)
	c.Count(statSplitLoops, 1)
	c.Count(statSplitNew, int64(len(copies)))
	c.Debugf("split-simd-stores: %s: loop at bb%d split into %d loops of at most %d vector stores each", f.Name, b.ID, len(parts), n)
	return "", ""
}

// copyPartition fills nb with the instructions of b that mark keeps,
// their definitions renamed, b's self-references turned into nb and its
// phis' entry from pre into an entry from from.
func copyPartition(f *mir.Func, b, nb, pre, from *mir.Block, mark []bool) {
	ren := map[mir.Reg]mir.Reg{}
	for i, in := range b.Instrs {
		if !mark[i] {
			continue
		}
		for _, o := range in.Defs() {
			r := f.NewVReg(f.ClassOf(o.Reg))
			if t, ok := f.VecOf(o.Reg); ok {
				f.SetVecType(r, t)
			}
			ren[o.Reg] = r
		}
	}
	for i, in := range b.Instrs {
		if !mark[i] {
			continue
		}
		// The copy makes the same accesses in the same iterations: it
		// keeps the memory operand.
		cp := &mir.Instr{Op: in.Op, Ops: append([]mir.Operand(nil), in.Ops...), Comment: in.Comment, Mem: in.Mem}
		for j := range cp.Ops {
			o := &cp.Ops[j]
			switch {
			case o.Kind == mir.KindReg || o.Kind == mir.KindPred:
				if r, ok := ren[o.Reg]; ok {
					o.Reg = r
				}
			case o.Kind == mir.KindBlock && o.Block == b:
				o.Block = nb
			case o.Kind == mir.KindBlock && o.Block == pre && in.Op == mir.GPhi:
				o.Block = from
			}
		}
		nb.Instrs = append(nb.Instrs, cp)
	}
}

// retarget makes the branches of from that go to old go to nw.
func retarget(f *mir.Func, from, old, nw *mir.Block) {
	for _, in := range from.Instrs {
		for _, m := range in.Flatten() {
			for j := range m.Ops {
				if m.Ops[j].Kind == mir.KindBlock && m.Ops[j].Block == old {
					m.Ops[j].Block = nw
				}
			}
		}
	}
}

// isPlainStore and isPlainLoad name the generic memory accesses whose
// address and size affine analysis understands.
func isPlainStore(op mir.Opcode) bool {
	_, ok := accessSize[op]
	return op == mir.GVStore || ok && mir.GenericDesc(op).Flags&mir.FlagStore != 0
}

func isPlainLoad(op mir.Opcode) bool {
	_, ok := accessSize[op]
	return op == mir.GVLoad || ok && mir.GenericDesc(op).Flags&mir.FlagLoad != 0
}

// access is one memory access of the loop body: its address as an affine
// function of the iteration number, its size and place.
type access struct {
	in    *mir.Instr
	pos   int
	store bool
	parts []int // the partitions it belongs to
	addr  affine
	size  int64
}

// affine is obj + Σ terms[r]*r + k*iteration + c, r invariant registers;
// obj is "" when the address is not based on a known object (a global
// or a stack object). unknown: some part varies in a way we do not model.
type affine struct {
	obj     string
	terms   map[mir.Reg]int64
	k, c    int64
	unknown bool
}

func (a affine) add(b affine, sign int64) affine {
	r := affine{obj: a.obj, terms: map[mir.Reg]int64{}, k: a.k + sign*b.k, c: a.c + sign*b.c, unknown: a.unknown || b.unknown}
	switch {
	case b.obj != "" && (sign < 0 || a.obj != ""):
		r.obj, r.unknown = "", true // object differences, sums of two objects
	case b.obj != "":
		r.obj = b.obj
	}
	for t, v := range a.terms {
		r.terms[t] += v
	}
	for t, v := range b.terms {
		r.terms[t] += sign * v
		if r.terms[t] == 0 {
			delete(r.terms, t)
		}
	}
	return r
}

func (a affine) scale(s int64) affine {
	if a.obj != "" {
		return affine{unknown: true}
	}
	r := affine{terms: map[mir.Reg]int64{}, k: a.k * s, c: a.c * s, unknown: a.unknown}
	for t, v := range a.terms {
		if v*s != 0 {
			r.terms[t] = v * s
		}
	}
	return r
}

// lowZero reports whether every value of a has zero in the bits of m:
// each coefficient and the constant are multiples of a power of two
// above m.
func (a affine) lowZero(m int64) bool {
	p := int64(1)
	for p <= m {
		p <<= 1
	}
	ok := a.k%p == 0 && a.c%p == 0
	for _, v := range a.terms {
		ok = ok && v%p == 0
	}
	return ok
}

// affineOf evaluates operand o of the single-block loop b.
func affineOf(f *mir.Func, b *mir.Block, pre *mir.Block, defs map[mir.Reg]*mir.Instr, o mir.Operand, depth int) affine {
	if o.Kind == mir.KindImm {
		return affine{c: o.Imm}
	}
	if o.Kind != mir.KindReg || !o.Reg.IsVirtual() || depth > 32 {
		return affine{unknown: true}
	}
	d := defs[o.Reg]
	if d == nil {
		return affine{unknown: true}
	}
	ev := func(x mir.Operand) affine { return affineOf(f, b, pre, defs, x, depth+1) }
	switch d.Op {
	case mir.GConst:
		return affine{c: d.Ops[1].Imm}
	case mir.GGlobalAddr:
		return affine{obj: "@" + d.Ops[1].Sym, c: d.Ops[1].Imm}
	case mir.GFrameAddr:
		return affine{obj: "frame " + strconv.FormatInt(d.Ops[1].Imm, 10), c: d.Ops[1].Off}
	case mir.GCopy:
		return ev(d.Ops[1])
	case mir.GAdd:
		return ev(d.Ops[1]).add(ev(d.Ops[2]), 1)
	case mir.GSub:
		return ev(d.Ops[1]).add(ev(d.Ops[2]), -1)
	case mir.GOr:
		// x | m is x + m when the low bits m occupies are zero in x
		// (clang turns such adds into ors).
		x, mo := d.Ops[1], d.Ops[2]
		if _, ok := constOf(x, defs); ok {
			x, mo = mo, x
		}
		m, ok := constOf(mo, defs)
		if a := ev(x); ok && m >= 0 && a.obj == "" && !a.unknown && a.lowZero(m) {
			a.c += m
			return a
		}
	case mir.GShl, mir.GMul:
		if s, ok := constOf(d.Ops[2], defs); ok {
			if d.Op == mir.GShl {
				s = 1 << (s & 31)
			}
			return ev(d.Ops[1]).scale(s)
		}
	case mir.GPhi:
		if !inBlock(d, b) {
			break
		}
		// An induction phi: init from outside, phi + step from b.
		init, ok := mir.PhiIncoming(d, pre)
		next := defs[phiValue(d, b)]
		if !ok || next == nil || next.Op != mir.GAdd || next.Ops[1].Kind != mir.KindReg || next.Ops[1].Reg != d.Ops[0].Reg {
			break
		}
		step, ok := constOf(next.Ops[2], defs)
		if !ok {
			break
		}
		a := ev(init)
		a.k += step
		return a
	}
	if !inBlock(d, b) {
		return affine{terms: map[mir.Reg]int64{o.Reg: 1}} // invariant
	}
	return affine{unknown: true}
}

// memSize is the number of bytes an access touches (0: unknown).
func memSize(f *mir.Func, in *mir.Instr) int64 {
	if n, ok := accessSize[in.Op]; ok {
		return n
	}
	if in.Op == mir.GVLoadStrided {
		return 0 // its lanes need not start at base + off: unknown
	}
	v := in.Ops[0].Reg // G_VLOAD defines, G_VSTORE stores the vector
	if t, ok := f.VecOf(v); ok && t.Bits%8 == 0 {
		return int64(t.Lanes * t.Bits / 8)
	}
	return 0
}

// splitDependences checks that the partitions (marks) can run one after
// the other; it returns why not, or "".
func splitDependences(f *mir.Func, b, pre *mir.Block, defs map[mir.Reg]*mir.Instr, marks [][]bool) string {
	var acc []access
	for i, in := range b.Instrs {
		fl := f.Arch.Desc(in.Op).Flags
		if fl&(mir.FlagLoad|mir.FlagStore) == 0 {
			continue
		}
		a := access{in: in, pos: i, store: fl&mir.FlagStore != 0, size: memSize(f, in)}
		for p, m := range marks {
			if m[i] {
				a.parts = append(a.parts, p)
			}
		}
		if len(a.parts) == 0 {
			continue // a dead load
		}
		// Loads: dst = base, off; stores: val, base, off (isPlainLoad,
		// isPlainStore: nothing else reaches here).
		base, off := in.Ops[1], in.Ops[2]
		a.addr = affineOf(f, b, pre, defs, base, 0).add(affineOf(f, b, pre, defs, off, 0), 1)
		if a.size == 0 {
			a.addr.unknown = true
		}
		acc = append(acc, a)
	}
	for i := range acc {
		for j := range acc {
			x, y := &acc[i], &acc[j]
			volatile := mir.MustOrder(x.in.Mem, y.in.Mem)
			if i == j || !x.store && !y.store && !volatile {
				continue
			}
			for _, px := range x.parts {
				for _, py := range y.parts {
					if px >= py {
						continue // each unordered pair once, x the earlier partition
					}
					if volatile {
						// Every iteration's y would come after every x.
						return fmt.Sprintf("volatile %s at %d and %s at %d in two loops", f.Arch.Desc(x.in.Op).Name, x.pos, f.Arch.Desc(y.in.Op).Name, y.pos)
					}
					if why := orderKept(f, x, y); why != "" {
						return why
					}
				}
			}
		}
	}
	return ""
}

// orderKept reports "" when every overlap of x (in an earlier partition)
// and y (in a later one) has x's access first in the original loop too.
func orderKept(f *mir.Func, x, y *access) string {
	name := func(a *access) string {
		return fmt.Sprintf("%s at %d", f.Arch.Desc(a.in.Op).Name, a.pos)
	}
	ax, ay := x.addr, y.addr
	if ax.obj != "" && ay.obj != "" && ax.obj != ay.obj {
		return "" // distinct objects
	}
	if !mir.MayAlias(x.in.Mem, y.in.Mem) {
		return "" // disjoint in every execution of the function (noalias arguments, ...)
	}
	if ax.unknown || ay.unknown || ax.obj != ay.obj || !sameTerms(ax.terms, ay.terms) {
		return fmt.Sprintf("%s and %s may overlap (addresses not comparable)", name(x), name(y))
	}
	if ax.k != ay.k {
		return fmt.Sprintf("%s and %s may overlap (strides %d and %d)", name(x), name(y), ax.k, ay.k)
	}
	// x at iteration i covers [ax.c + k*i, +x.size), y at i+t covers
	// [ay.c + k*(i+t), +y.size): they overlap iff -x.size < d + k*t < y.size.
	d, k := ay.c-ax.c, ax.k
	if k == 0 {
		if -x.size < d && d < y.size {
			return fmt.Sprintf("%s and %s overlap in every iteration pair", name(x), name(y))
		}
		return ""
	}
	lo, hi := -x.size-d, y.size-d // k*t in (lo, hi)
	if k < 0 {
		lo, hi, k = -hi, -lo, -k
	}
	tmin, tmax := floorDiv(lo, k)+1, -floorDiv(-hi, k)-1 // t in (lo/k, hi/k)
	if tmax-tmin > 1<<16 {
		return fmt.Sprintf("%s and %s overlap too often", name(x), name(y))
	}
	ts := []int64{}
	for t := tmin; t <= tmax; t++ {
		if t < 0 || t == 0 && y.pos < x.pos {
			ts = append(ts, t)
		}
	}
	if len(ts) > 0 {
		sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
		return fmt.Sprintf("%s and %s: dependence from the later partition back to the earlier one (iteration distance %d)", name(y), name(x), -ts[0])
	}
	return ""
}

func sameTerms(a, b map[mir.Reg]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for r, v := range a {
		if b[r] != v {
			return false
		}
	}
	return true
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
