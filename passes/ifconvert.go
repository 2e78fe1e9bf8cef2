package passes

import (
	"fmt"
	"sort"
	"strings"

	"lltosimd/mir"
)

// Statistic keys of if-convert.
const (
	statICRegions   = "regions"
	statICBranches  = "branches"
	statICCmpps     = "cmpps"
	statICCompacted = "compacted"
	statICPredOps   = "predicated"
	statICRejected  = "rejected"
)

// if-convert is the RK if-conversion of /work/shared/spec/ifconv.md §2 on
// generic MIR: a single-entry region (an innermost loop body, or the blocks
// between a branch and its immediate post-dominator) becomes straight-line
// predicated code. Every operation of block n is guarded by R[n]
// (pred:%p), predicates are defined by G_CMPP with the HPL-PD actions, and
// only side exits and the back edge remain as branches.
//
// Phis of non-entry region blocks become guarded copies at the end of their
// predecessors: in the topological layout the last predecessor that runs
// is the one control came from, so its copy is the one that survives. The
// result is no longer SSA; registers with guarded definitions start the
// region as IMPLICIT_DEF (their old value is never read).
//
// A target's Machine may describe its if-conversion (IfConvMachine): what
// may be guarded (without predication, only speculable instructions) and
// a cost model that keeps unprofitable regions as branches
// (-if-conversion-threshold). Without one the pass converts every region
// it can, for an abstract predicated machine. The pass is off by default
// (-enable-if-conversion); Cpu0 runs it before predicate-lowering; VC4
// turns it on when optimizing (DefaultOnMachine).
var ifConvertPass = Register(&Pass{
	Name:       "if-convert",
	Desc:       "if-conversion into predicated generic MIR (RK algorithm)",
	DefaultOff: true,
	Stats: map[string]string{
		statICRegions:   "Number of regions if-converted",
		statICBranches:  "Number of branches removed",
		statICCmpps:     "Number of CMPPs inserted",
		statICCompacted: "Number of CMPPs removed by compaction",
		statICPredOps:   "Number of instructions predicated",
		statICRejected:  "Number of regions the target's model keeps as branches",
	},
	Needs: mir.PropSSA, Forbids: mir.PropSelected | mir.PropNoVRegs, Clears: mir.PropSSA,
	Run: runIfConvert,
})

func runIfConvert(c *Ctx, f *mir.Func) error {
	if _, err := ifcvtThreshold(c); err != nil {
		return err
	}
	if f.Props&mir.PropSSA == 0 {
		// The plan checked the pipeline, but a pass may lose SSA on the
		// way (VC4's inliner copying a selected helper): the guarded
		// registers' old values would then be wrong.
		c.Debugf("if-convert: @%s: not in SSA form, skipped", f.Name)
		return nil
	}
	info := ifConvInfoFor(c, f)
	// A loop body that stays as it is may still hold acyclic regions, its
	// header's included: loops and acyclic regions are tried apart.
	tried, triedLoop := map[*mir.Block]bool{}, map[*mir.Block]bool{}
	for {
		dom := mir.ComputeDominators(f)
		li := mir.ComputeLoops(f, dom)
		if li.Irreducible() {
			c.Debugf("if-convert: @%s: irreducible CFG, skipped", f.Name)
			break
		}
		r := pickRegion(f, dom, li, tried, triedLoop)
		if r == nil {
			break
		}
		if r.loop != nil {
			triedLoop[r.entry] = true
		} else {
			tried[r.entry] = true
		}
		if r.convert(c, info) {
			c.Count(statICRegions, 1)
		}
	}
	f.Props &^= mir.PropSSA
	return nil
}

// icRegion is one region being if-converted.
type icRegion struct {
	f     *mir.Func
	entry *mir.Block
	in    map[*mir.Block]bool
	// end is the block every path of the region ends at: the loop header
	// (through the back edge) or the acyclic region's join.
	end    *mir.Block
	loop   *mir.Loop
	blocks []*mir.Block // topological order of the region graph, entry first

	// Branch shape of each block (explicit after makeExplicit).
	cond        map[*mir.Block]mir.Reg
	taken, fall map[*mir.Block]*mir.Block
}

// pickRegion returns the next region to try: innermost loops first, then
// acyclic regions in reverse postorder (outermost first).
func pickRegion(f *mir.Func, dom *mir.DomTree, li *mir.LoopInfo, tried, triedLoop map[*mir.Block]bool) *icRegion {
	for _, l := range li.Loops {
		if len(l.Children) > 0 || triedLoop[l.Header] || len(l.Blocks) < 2 {
			continue
		}
		r := &icRegion{f: f, entry: l.Header, end: l.Header, loop: l, in: map[*mir.Block]bool{}}
		for _, b := range l.Blocks {
			r.in[b] = true
		}
		if !r.singleEntry() {
			triedLoop[l.Header] = true
			continue
		}
		return r
	}
	pdt := mir.ComputePostDominators(f)
	for _, b := range mir.ReversePostorder(f) {
		if tried[b] || len(b.Succs) != 2 {
			continue
		}
		j := pdt.IDom(b)
		if j == nil {
			continue
		}
		r := &icRegion{f: f, entry: b, end: j, in: map[*mir.Block]bool{b: true}}
		stack := []*mir.Block{b}
		ok := true
		for len(stack) > 0 && ok {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, s := range x.Succs {
				switch {
				case s == j || r.in[s] && s != b:
				case s == b || !dom.Dominates(b, s) || li.IsHeader(s) || li.LoopFor(s) != li.LoopFor(b):
					ok = false
				default:
					r.in[s] = true
					stack = append(stack, s)
				}
			}
		}
		if ok && r.singleEntry() {
			return r
		}
		tried[b] = true
	}
	return nil
}

// singleEntry reports whether control enters the region only at its
// entry: an unreachable block (dominance says nothing about it) may
// still branch into the middle, and the region's blocks go away.
func (r *icRegion) singleEntry() bool {
	for b := range r.in {
		if b == r.entry {
			continue
		}
		for _, p := range b.Preds {
			if !r.in[p] {
				return false
			}
		}
	}
	return true
}

// convertible reports whether an instruction may be predicated inside a
// region. Calls, inline asm and stack effects stay out (no target can
// guard them); guarded code and CMPPs mean the block is already converted.
func convertible(f *mir.Func, in *mir.Instr) bool {
	d := f.Arch.Desc(in.Op)
	if in.Pred() != nil || in.Op == mir.GCmpp || d.Flags&(mir.FlagCall|mir.FlagSideEffect|mir.FlagReturn|mir.FlagIndirect) != 0 {
		return false
	}
	switch in.Op {
	case mir.GArgs, mir.GVAStart, mir.GUnreachable, mir.GReturnAddr:
		return false
	}
	return true
}

// shape reads b's terminators: "G_BRCOND c, T; G_BR F", "G_BR F" or a fall
// through. It fails on anything else.
func (r *icRegion) shape(b *mir.Block, next *mir.Block) bool {
	ins := b.Instrs
	n := len(ins)
	var fall *mir.Block
	switch {
	case n > 0 && ins[n-1].Op == mir.GBr:
		fall = ins[n-1].Ops[0].Block
		n--
	case n > 0 && b.Func.Arch.Desc(ins[n-1].Op).Flags&mir.FlagTerminator != 0 && ins[n-1].Op != mir.GBrCond:
		return false
	default:
		fall = next
	}
	if n > 0 && ins[n-1].Op == mir.GBrCond {
		r.cond[b] = ins[n-1].Ops[0].Reg
		r.taken[b] = ins[n-1].Ops[1].Block
		n--
	}
	for _, in := range ins[:n] {
		// The entry runs under T: only the other blocks get guards.
		if b.Func.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0 || b != r.entry && !convertible(b.Func, in) {
			return false
		}
	}
	if fall == nil {
		return false
	}
	r.fall[b] = fall
	return true
}

// icLabel is a control-dependence label: block x's taken (−x) or
// fall-through (+x) edge.
type icLabel struct {
	b     *mir.Block
	taken bool
}

func (l icLabel) String() string {
	if l.taken {
		return fmt.Sprintf("-%d", l.b.ID)
	}
	return fmt.Sprint(l.b.ID)
}

// icCmpp is one predicate define before it is emitted.
type icCmpp struct {
	dst   []int // predicate numbers (1-based)
	acts  []mir.CmppAction
	cond  mir.Cond
	a, b  mir.Operand
	guard int // 0 = T
}

// convert runs §2.2–§2.9 on the region. It reports whether it changed f.
func (r *icRegion) convert(c *Ctx, info *IfConvInfo) bool {
	f := r.f
	r.cond = map[*mir.Block]mir.Reg{}
	r.taken, r.fall = map[*mir.Block]*mir.Block{}, map[*mir.Block]*mir.Block{}
	pos := map[*mir.Block]int{}
	for i, b := range f.Blocks {
		pos[b] = i
	}
	nextOf := func(b *mir.Block) *mir.Block {
		if i := pos[b] + 1; i < len(f.Blocks) {
			return f.Blocks[i]
		}
		return nil
	}
	var latches []*mir.Block
	twoWay := false
	for _, b := range f.Blocks {
		if !r.in[b] {
			continue
		}
		if !r.shape(b, nextOf(b)) {
			c.Debugf("if-convert: region bb%d: bb%d cannot be predicated, skipped", r.entry.ID, b.ID)
			return false
		}
		if r.loop != nil && (r.fall[b] == r.end || r.taken[b] == r.end) {
			latches = append(latches, b)
		}
		// A branch to remove: both ways stay in the region graph (a
		// triangle's branch to its join counts).
		kept := func(s *mir.Block) bool { return r.inside(s) || r.loop == nil && s == r.end }
		if t := r.taken[b]; t != nil && t != r.fall[b] && kept(t) && kept(r.fall[b]) {
			twoWay = true
		}
	}
	if !twoWay {
		return false
	}
	// A branch on a predicate (a side exit an earlier region left) has
	// no compare to redo as a CMPP: such regions stay.
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != mir.GCmpp {
				continue
			}
			for _, d := range in.Defs() {
				for x, cr := range r.cond {
					if cr == d.Reg {
						c.Debugf("if-convert: region bb%d: bb%d branches on a predicate, skipped", r.entry.ID, x.ID)
						return false
					}
				}
			}
		}
	}
	// Blocks whose every successor leaves the region would reach ex
	// without passing the end: not handled.
	for _, b := range f.Blocks {
		if r.in[b] && !r.inside(r.taken[b]) && !r.inside(r.fall[b]) && r.taken[b] != r.end && r.fall[b] != r.end {
			c.Debugf("if-convert: region bb%d: bb%d only leaves the region, skipped", r.entry.ID, b.ID)
			return false
		}
	}
	// The target's model decides before anything changes.
	if info != nil && !r.profitable(c, info, nextOf) {
		c.Count(statICRejected, 1)
		return false
	}
	// Make every fall-through explicit: the layout changes below.
	for _, b := range f.Blocks {
		if ins := b.Instrs; r.in[b] && (len(ins) == 0 || ins[len(ins)-1].Op != mir.GBr) {
			b.Instrs = append(b.Instrs, mir.NewInstr(mir.GBr, mir.B(r.fall[b])))
		}
	}
	// One latch that only jumps back (and maybe exits): otherwise
	// coalesce the back edges into a new one (§2.2).
	if r.loop != nil && (len(latches) > 1 || r.inside(r.taken[latches[0]]) || r.inside(r.fall[latches[0]])) {
		r.coalesce(c, latches)
	}
	for i, b := range f.Blocks {
		pos[b] = i
	}
	// §2.3: the region graph as a function of its own, with a node for ex
	// (the end), so that mir.ComputePostDominators computes its tree.
	rf, orig, toR := r.regionGraph()
	pdt := mir.ComputePostDominators(rf)
	ex := rf.Blocks[len(rf.Blocks)-1]
	r.blocks = r.topoOrder(pos)
	if c.Debugging() {
		kind := "acyclic, join"
		if r.loop != nil {
			kind = "loop, header"
		}
		var ids []string
		for _, b := range r.blocks {
			ids = append(ids, fmt.Sprintf("BB%d", b.ID))
		}
		c.Debugf("if-convert: @%s: region (%s bb%d): %s", f.Name, kind, r.end.ID, strings.Join(ids, " "))
		for _, b := range r.blocks {
			var chain []string
			for x := toR[b]; x != nil; x = pdt.IDom(x) {
				if x == ex {
					chain = append(chain, "ex")
				} else {
					chain = append(chain, fmt.Sprint(x.ID))
				}
			}
			ip := "ex"
			if d := pdt.IDom(toR[b]); d != ex {
				ip = fmt.Sprint(d.ID)
			}
			c.Debugf("if-convert: pdom(BB%d) = {%s} ipdom = %s", b.ID, strings.Join(chain, ", "), ip)
		}
	}
	// §2.4: control dependence by the ipdom walk, per region edge.
	cd := map[*mir.Block][]icLabel{}
	for _, x := range r.blocks {
		rx := toR[x]
		if len(rx.Succs) != 2 {
			continue
		}
		for _, taken := range []bool{true, false} {
			y := r.fall[x]
			if taken {
				y = r.taken[x]
			}
			ry := toR[y]
			if y == r.end {
				ry = ex
			}
			if pdt.Dominates(ry, rx) {
				continue
			}
			stop := pdt.IDom(rx)
			for t := ry; t != stop; t = pdt.IDom(t) {
				ob := orig[t]
				cd[ob] = append(cd[ob], icLabel{x, taken})
			}
		}
	}
	// §2.5: R and K; predicates numbered in layout order of their blocks.
	index := map[*mir.Block]int{}
	for i, b := range r.blocks {
		index[b] = i
	}
	key := func(ls []icLabel) string {
		sort.Slice(ls, func(i, j int) bool {
			if ls[i].b != ls[j].b {
				return index[ls[i].b] < index[ls[j].b]
			}
			return ls[i].taken && !ls[j].taken
		})
		var s []string
		for _, l := range ls {
			s = append(s, l.String())
		}
		return strings.Join(s, ", ")
	}
	predOf := map[string]int{}
	var K [][]icLabel
	R := map[*mir.Block]int{}
	byLayout := append([]*mir.Block(nil), r.blocks...)
	sort.SliceStable(byLayout, func(i, j int) bool { return pos[byLayout[i]] < pos[byLayout[j]] })
	for _, b := range byLayout {
		if len(cd[b]) == 0 {
			continue
		}
		k := key(cd[b])
		if predOf[k] == 0 {
			K = append(K, cd[b])
			predOf[k] = len(K)
		}
		R[b] = predOf[k]
	}
	pname := func(p int) string {
		if p == 0 {
			return "T"
		}
		return fmt.Sprintf("p%d", p)
	}
	if c.Debugging() {
		for _, b := range r.blocks {
			set := "none"
			if len(cd[b]) > 0 {
				set = "{" + key(cd[b]) + "}"
			}
			c.Debugf("if-convert: CD(BB%d) = %s R = %s", b.ID, set, pname(R[b]))
		}
		for p, k := range K {
			c.Debugf("if-convert: K(%s) = {%s}", pname(p+1), key(k))
		}
	}
	// §2.7: one define per label, in block x, guarded by R[x]. With the
	// option if-convert-or-defines every define starts as ON/OC (the
	// lecture's uniform CMPP creation) and compaction makes them UN/UC.
	orDefines := c.Option("if-convert-or-defines") == "true"
	defs := map[*mir.Block][]*icCmpp{}
	for p, k := range K {
		for _, l := range k {
			act := mir.ActUC
			if l.taken {
				act = mir.ActUN
			}
			if len(k) > 1 || orDefines {
				act = mir.ActOC
				if l.taken {
					act = mir.ActON
				}
			}
			cond, a, b := r.compare(l.b)
			defs[l.b] = append(defs[l.b], &icCmpp{dst: []int{p + 1}, acts: []mir.CmppAction{act}, cond: cond, a: a, b: b, guard: R[l.b]})
		}
	}
	// §2.6: Augment K — predicates live-in at the entry of the linear code
	// (read by a guard or an OR/AND-type define before an UN/UC kills them)
	// are initialised there: OR-type to 0 (UC on an always-true compare,
	// §1.2), AND-type to 1 (UN on it).
	augmentK := func() []*icCmpp {
		killed := map[int]bool{}
		live := map[int]bool{}
		andType := map[int]bool{}
		read := func(p int) {
			if p != 0 && !killed[p] {
				live[p] = true
			}
		}
		for _, b := range r.blocks {
			read(R[b])
			for _, d := range defs[b] {
				read(d.guard)
				if d.acts[0].IsUnconditional() {
					killed[d.dst[0]] = true
				} else {
					read(d.dst[0])
					andType[d.dst[0]] = andType[d.dst[0]] || d.acts[0].IsAnd()
				}
			}
		}
		var inits []*icCmpp
		for p := 1; p <= len(K); p++ {
			if live[p] {
				act := mir.ActUC
				if andType[p] {
					act = mir.ActUN
				}
				inits = append(inits, &icCmpp{dst: []int{p}, acts: []mir.CmppAction{act}, cond: mir.CondEQ, a: mir.I(0), b: mir.I(0)})
			}
		}
		return inits
	}
	inits := augmentK()
	if c.Debugging() {
		for _, in := range inits {
			c.Debugf("if-convert: init %s = 0", pname(in.dst[0]))
		}
		for _, b := range r.blocks {
			for _, d := range defs[b] {
				c.Debugf("if-convert: BB%d: %s", b.ID, r.cmppString(d, pname))
			}
		}
	}
	ncmpp := len(inits)
	for _, d := range defs {
		ncmpp += len(d)
	}
	// §2.9: compaction. A predicate with a single OR-type define needs no
	// wired OR: ON becomes UN, OC becomes UC, and its initialisation goes
	// unless something reads it before the define.
	before := ncmpp
	ndefs := map[int]int{}
	for _, ds := range defs {
		for _, d := range ds {
			ndefs[d.dst[0]]++
		}
	}
	for _, ds := range defs {
		for _, d := range ds {
			if ndefs[d.dst[0]] == 1 && d.acts[0].IsOr() {
				d.acts[0] = map[mir.CmppAction]mir.CmppAction{mir.ActON: mir.ActUN, mir.ActOC: mir.ActUC}[d.acts[0]]
			}
		}
	}
	inits = augmentK()
	// Then defines with the same compare and guard pair up (within each
	// block's defines and among the initialisations).
	inits = compactCmpps(inits)
	for b := range defs {
		defs[b] = compactCmpps(defs[b])
	}
	after := len(inits)
	for _, d := range defs {
		after += len(d)
	}
	if c.Debugging() {
		for _, in := range inits {
			var names []string
			for _, p := range in.dst {
				names = append(names, pname(p))
			}
			c.Debugf("if-convert: compacted: %s = 0", strings.Join(names, " = "))
		}
		for _, b := range r.blocks {
			for _, d := range defs[b] {
				c.Debugf("if-convert: compacted: %s", r.cmppString(d, pname))
			}
		}
	}
	c.Count(statICCmpps, int64(before))
	c.Count(statICCompacted, int64(before-after))
	// §2.8: guard, remove branches, lay out.
	preds := make([]mir.Reg, len(K)+1)
	for p := 1; p <= len(K); p++ {
		preds[p] = f.NewVReg(0)
	}
	r.emit(c, info, R, defs, inits, preds)
	return true
}

// inside reports whether b is a region block other than the entry (a
// region-graph successor).
func (r *icRegion) inside(b *mir.Block) bool { return b != nil && r.in[b] && b != r.entry }

// coalesce sends every back edge to one new latch (§2.2).
func (r *icRegion) coalesce(c *Ctx, latches []*mir.Block) {
	f := r.f
	l := f.NewBlock("latch")
	l.Instrs = []*mir.Instr{mir.NewInstr(mir.GBr, mir.B(r.entry))}
	var ids []string
	for _, b := range latches {
		ids = append(ids, fmt.Sprintf("bb%d", b.ID))
		for _, in := range b.Instrs {
			in.ReplaceBlockOperand(r.entry, l)
		}
		if r.taken[b] == r.entry {
			r.taken[b] = l
		}
		if r.fall[b] == r.entry {
			r.fall[b] = l
		}
	}
	// Header phis: the inputs from the old latches meet in a phi of l.
	for _, in := range r.entry.Instrs {
		if in.Op != mir.GPhi {
			break
		}
		var keep []mir.Operand
		phi := mir.NewInstr(mir.GPhi, mir.D(f.NewVReg(f.ClassOf(in.Ops[0].Reg))))
		for k := 1; k+1 < len(in.Ops); k += 2 {
			if r.in[in.Ops[k+1].Block] {
				phi.Ops = append(phi.Ops, in.Ops[k], in.Ops[k+1])
			} else {
				keep = append(keep, in.Ops[k], in.Ops[k+1])
			}
		}
		l.Instrs = append([]*mir.Instr{phi}, l.Instrs...)
		in.Ops = append(append(in.Ops[:1:1], keep...), mir.R(phi.Ops[0].Reg), mir.B(l))
	}
	r.in[l] = true
	r.fall[l] = r.entry
	f.RecomputeCFG()
	c.Debugf("if-convert: backedge coalescing: %s -> BB%d -> bb%d", strings.Join(ids, ", "), l.ID, r.entry.ID)
}

// regionGraph builds the region graph (§2.3) as a throwaway function whose
// blocks mirror the region's (same IDs), plus a last block for ex; the back
// edge and side exits are left out.
func (r *icRegion) regionGraph() (*mir.Func, map[*mir.Block]*mir.Block, map[*mir.Block]*mir.Block) {
	rf := mir.NewFunc("region", r.f.Arch)
	orig := map[*mir.Block]*mir.Block{}
	toR := map[*mir.Block]*mir.Block{}
	add := func(b *mir.Block, id int) *mir.Block {
		x := rf.NewBlock("")
		x.ID = id
		orig[x], toR[b] = b, x
		return x
	}
	maxID := 0
	add(r.entry, r.entry.ID)
	for _, b := range r.f.Blocks {
		maxID = max(maxID, b.ID)
		if r.in[b] && b != r.entry {
			add(b, b.ID)
		}
	}
	ex := rf.NewBlock("ex")
	ex.ID = maxID + 1
	for _, b := range r.f.Blocks {
		x := toR[b]
		if !r.in[b] {
			continue
		}
		for _, s := range []*mir.Block{r.taken[b], r.fall[b]} {
			var y *mir.Block
			switch {
			case s == r.end:
				y = ex
			case r.inside(s):
				y = toR[s]
			default:
				continue
			}
			if len(x.Succs) == 1 && x.Succs[0] == y {
				continue
			}
			x.Succs = append(x.Succs, y)
			y.Preds = append(y.Preds, x)
		}
	}
	return rf, orig, toR
}

// regionSuccs returns b's distinct successors inside the region graph
// (the entry excluded: it is reached only by the back edge).
func (r *icRegion) regionSuccs(b *mir.Block) []*mir.Block {
	var out []*mir.Block
	if t := r.taken[b]; r.inside(t) {
		out = append(out, t)
	}
	if fl := r.fall[b]; r.inside(fl) && fl != r.taken[b] {
		out = append(out, fl)
	}
	return out
}

// topoOrder orders the region's blocks topologically, preferring layout
// order (Kahn's algorithm).
func (r *icRegion) topoOrder(pos map[*mir.Block]int) []*mir.Block {
	indeg := map[*mir.Block]int{}
	for b := range r.in {
		for _, s := range r.regionSuccs(b) {
			indeg[s]++
		}
	}
	ready := []*mir.Block{r.entry}
	var out []*mir.Block
	for len(ready) > 0 {
		sort.Slice(ready, func(i, j int) bool { return pos[ready[i]] < pos[ready[j]] })
		b := ready[0]
		ready = ready[1:]
		out = append(out, b)
		for _, s := range r.regionSuccs(b) {
			if indeg[s]--; indeg[s] == 0 {
				ready = append(ready, s)
			}
		}
	}
	return out
}

// compare returns the compare of x's branch: the G_ICMP in x that computes
// the condition, or "c != 0".
func (r *icRegion) compare(x *mir.Block) (mir.Cond, mir.Operand, mir.Operand) {
	c := r.cond[x]
	for _, in := range x.Instrs {
		if in.Op == mir.GICmp && in.Ops[0].Reg == c {
			return in.Ops[1].Cond, in.Ops[2], in.Ops[3]
		}
	}
	return mir.CondNE, mir.R(c), mir.I(0)
}

var condSyms = map[mir.Cond]string{
	mir.CondEQ: "==", mir.CondNE: "!=", mir.CondSLT: "<", mir.CondSLE: "<=", mir.CondSGT: ">", mir.CondSGE: ">=",
	mir.CondULT: "<u", mir.CondULE: "<=u", mir.CondUGT: ">u", mir.CondUGE: ">=u",
}

// operandString prints a compare operand as the spec does: constants by
// value.
func (r *icRegion) operandString(o mir.Operand) string {
	if o.Kind == mir.KindImm {
		return fmt.Sprint(o.Imm)
	}
	for _, b := range r.f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == mir.GConst && in.Ops[0].Reg == o.Reg && in.Ops[1].Kind == mir.KindImm {
				return fmt.Sprint(in.Ops[1].Imm)
			}
		}
	}
	if n := r.f.VRegName[o.Reg]; n != "" {
		return n
	}
	return fmt.Sprintf("%%%d", o.Reg.VirtIndex())
}

// cmppString prints a define in the spec's notation:
// "p1, p2 = cmpp.UN.UC (%1 < 0) if T".
func (r *icRegion) cmppString(d *icCmpp, pname func(int) string) string {
	var names, acts []string
	for i, p := range d.dst {
		names = append(names, pname(p))
		acts = append(acts, d.acts[i].String())
	}
	return fmt.Sprintf("%s = cmpp.%s (%s %s %s) if %s", strings.Join(names, ", "), strings.Join(acts, "."),
		r.operandString(d.a), condSyms[d.cond], r.operandString(d.b), pname(d.guard))
}

// compactCmpps pairs defines with the same compare and guard into
// two-destination CMPPs (§2.9). The defines of one block are contiguous
// and none of them reads another's destination (their guard is the
// block's own predicate, which the block cannot define), so any two may
// merge.
func compactCmpps(ds []*icCmpp) []*icCmpp {
	var out []*icCmpp
	for _, d := range ds {
		merged := false
		for _, o := range out {
			if len(o.dst) == 1 && o.cond == d.cond && o.a == d.a && o.b == d.b && o.guard == d.guard &&
				o.dst[0] != d.dst[0] && o.dst[0] != d.guard && d.dst[0] != o.guard {
				o.dst = append(o.dst, d.dst[0])
				o.acts = append(o.acts, d.acts[0])
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, d)
		}
	}
	return out
}

// cmppInstr builds a G_CMPP.
func cmppInstr(d *icCmpp, preds []mir.Reg) *mir.Instr {
	in := &mir.Instr{Op: mir.GCmpp}
	for _, p := range d.dst {
		in.Ops = append(in.Ops, mir.D(preds[p]))
	}
	in.Ops = append(in.Ops, mir.Str(mir.CmppActionString(d.acts...)), mir.C(d.cond), d.a, d.b)
	if d.guard != 0 {
		in.Ops = append(in.Ops, mir.P(preds[d.guard], false))
	}
	return in
}

// emit guards the region's operations, inserts the CMPPs, turns phis into
// guarded copies, removes the internal branches and lays the region out
// as straight-line chunks that end only at side exits (§2.8).
func (r *icRegion) emit(c *Ctx, info *IfConvInfo, R map[*mir.Block]int, defs map[*mir.Block][]*icCmpp, inits []*icCmpp, preds []mir.Reg) {
	f := r.f
	// Registers with guarded definitions start the region undefined: in
	// the SSA input their value from before the region (or from an
	// earlier iteration) is never read where the guard is false, and the
	// IMPLICIT_DEF says so to predicate-lowering, which then speculates
	// without a select.
	var undef []mir.Reg
	seen := map[mir.Reg]bool{}
	guard := func(in *mir.Instr, p int) *mir.Instr {
		if p != 0 {
			in.Ops = append(in.Ops, mir.P(preds[p], false))
			for _, d := range in.Defs() {
				if !seen[d.Reg] {
					seen[d.Reg] = true
					undef = append(undef, d.Reg)
				}
			}
		}
		return in
	}
	orig := map[*mir.Block][]*mir.Instr{}
	for b := range r.in {
		orig[b] = b.Instrs
	}
	// Phis of non-entry region blocks (and, for an acyclic region, the
	// join's inputs from the region) become guarded copies at the end of
	// the predecessor.
	copies := map[*mir.Block][]*mir.Instr{}
	copyOf := func(dst mir.Reg, v mir.Operand, from *mir.Block) {
		var in *mir.Instr
		if v.Kind == mir.KindImm {
			in = mir.NewInstr(mir.GConst, mir.D(dst), v)
		} else {
			in = mir.NewInstr(mir.GCopy, mir.D(dst), v)
		}
		copies[from] = append(copies[from], guard(in, R[from]))
	}
	for _, b := range r.blocks[1:] {
		ins := orig[b]
		n := 0
		for n < len(ins) && ins[n].Op == mir.GPhi {
			in := ins[n]
			for k := 1; k+1 < len(in.Ops); k += 2 {
				copyOf(in.Ops[0].Reg, in.Ops[k], in.Ops[k+1].Block)
			}
			n++
		}
		orig[b] = ins[n:]
	}
	var joinPhis []*mir.Instr
	if r.loop == nil {
		for _, in := range r.end.Instrs {
			if in.Op != mir.GPhi {
				break
			}
			t := f.NewVReg(f.ClassOf(in.Ops[0].Reg))
			keep := in.Ops[:1:1]
			for k := 1; k+1 < len(in.Ops); k += 2 {
				if r.in[in.Ops[k+1].Block] {
					copyOf(t, in.Ops[k], in.Ops[k+1].Block)
				} else {
					keep = append(keep, in.Ops[k], in.Ops[k+1])
				}
			}
			in.Ops = append(keep, mir.R(t), mir.Operand{}) // the block is the last chunk, set below
			joinPhis = append(joinPhis, in)
		}
	}
	chunkOf := map[*mir.Block]*mir.Block{}
	chunks := []*mir.Block{r.entry}
	cur := r.entry
	var body []*mir.Instr
	ins := orig[r.entry]
	for len(ins) > 0 && (ins[0].Op == mir.GPhi || ins[0].Op == mir.GArgs) {
		body = append(body, ins[0])
		ins = ins[1:]
	}
	orig[r.entry] = ins
	nphis := len(body) // the IMPLICIT_DEFs go after the phis and G_ARGS
	for _, d := range inits {
		body = append(body, cmppInstr(d, preds))
	}
	last := r.blocks[len(r.blocks)-1]
	for i, b := range r.blocks {
		for _, in := range orig[b] {
			if f.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0 {
				continue
			}
			if R[b] != 0 {
				c.Count(statICPredOps, 1)
			}
			// A predicated target may run what is speculable
			// unguarded (SSA input: every use is where its one
			// definition ran before); the merges stay guarded.
			if info != nil && info.Predicated && info.GuardUnsafeOnly && SpeculationSafe(f, in, info.NoSpeculate) {
				body = append(body, in)
				continue
			}
			body = append(body, guard(in, R[b]))
		}
		for _, d := range defs[b] {
			body = append(body, cmppInstr(d, preds))
		}
		if r.loop != nil && b == last {
			// The latch keeps its back edge (and exit), under T.
			for _, in := range orig[b] {
				if f.Arch.Desc(in.Op).Flags&mir.FlagTerminator != 0 {
					body = append(body, in)
				}
			}
			chunkOf[b] = cur
			break
		}
		for _, in := range orig[b] {
			if in.Op == mir.GBrCond || in.Op == mir.GBr && r.inside(in.Ops[0].Block) {
				c.Count(statICBranches, 1)
			}
		}
		var exit *mir.Block
		exitTaken := false
		if t := r.taken[b]; t != nil && !r.inside(t) && t != r.end {
			exit, exitTaken = t, true
		} else if fl := r.fall[b]; !r.inside(fl) && fl != r.end {
			exit = fl
		}
		if exit != nil {
			c.Count(statICBranches, -1)
			cond, a, bb := r.compare(b)
			if exitTaken && R[b] == 0 {
				body = append(body, mir.NewInstr(mir.GBrCond, mir.R(r.cond[b]), mir.B(exit)))
			} else {
				// e = R[b] ∧ (taken ? r : ¬r): one CMPP folds the guard.
				act := mir.ActUC
				if exitTaken {
					act = mir.ActUN
				}
				e := f.NewVReg(0)
				d := &icCmpp{dst: []int{0}, acts: []mir.CmppAction{act}, cond: cond, a: a, b: bb, guard: R[b]}
				in := cmppInstr(d, append([]mir.Reg{e}, preds[1:]...))
				body = append(body, in, mir.NewInstr(mir.GBrCond, mir.R(e), mir.B(exit)))
				c.Count(statICCmpps, 1)
			}
			cur.Instrs = body
			chunkOf[b] = cur
			cur = r.blocks[i+1]
			chunks = append(chunks, cur)
			body = nil
		}
		body = append(body, copies[b]...)
	}
	if r.loop == nil {
		body = append(body, mir.NewInstr(mir.GBr, mir.B(r.end)))
		for _, in := range joinPhis {
			in.Ops[len(in.Ops)-1] = mir.B(cur)
		}
	}
	cur.Instrs = body
	var defs0 []*mir.Instr
	for _, x := range undef {
		defs0 = append(defs0, mir.NewInstr(mir.GImplicitDef, mir.D(x)))
	}
	r.entry.Instrs = append(r.entry.Instrs[:nphis:nphis], append(defs0, r.entry.Instrs[nphis:]...)...)
	// Phis outside the region name the chunk that now ends in the edge.
	for _, b := range f.Blocks {
		if r.in[b] && b != r.end {
			continue
		}
		for _, in := range b.Instrs {
			if in.Op != mir.GPhi {
				break
			}
			for k := 2; k < len(in.Ops); k += 2 {
				if ch := chunkOf[in.Ops[k].Block]; ch != nil {
					in.Ops[k].Block = ch
				}
			}
		}
	}
	var layout []*mir.Block
	for _, b := range f.Blocks {
		switch {
		case b == r.entry:
			layout = append(layout, chunks...)
		case r.in[b]:
		default:
			layout = append(layout, b)
		}
	}
	f.Blocks = layout
	f.RecomputeCFG()
}
