package codegen

import (
	"fmt"

	"lltosimd/mir"
)

// Uniform stream layout of one wave (16 lanes on one QPU), read in the
// prologue in this order; kernel argument words follow. cmd/vc4run and any
// other launcher must supply exactly this (docs/vc4.md).
const (
	UnifGlobalBase = iota // global id of lane 0
	UnifLocalBase         // local id of lane 0
	UnifGroupID           // work-group id
	UnifGlobalSize        // get_global_size(0)
	UnifLocalSize         // get_local_size(0)
	UnifNumGroups         // get_num_groups(0)
	UnifScratch           // address of this wave's scratch area (ScratchBytes)
	NumFixedUniforms
)

// dummyBytes at the start of the scratch area receive the DMA writes of
// inactive lanes, so that masked stores never touch user memory.
const dummyBytes = 64

// lowerer turns the prepared kernel into the machine form (mbuild.go).
type lowerer struct {
	g     *flow
	f     *mir.Func
	m     mbuilder // the code
	nextV int
	konst map[mir.Reg]int64
	ndefs map[mir.Reg]int // instructions defining each register
	// vdefs counts the definitions that start a new value of the
	// register: not those that extend the value being built (extends),
	// as the instructions selected from one generic operation do.
	vdefs map[mir.Reg]int
	// open holds the values being built in a temporary under the
	// execute mask (machine.go).
	open   map[mir.Reg]pending
	defBlk map[mir.Reg]*mir.Block
	outUse map[mir.Reg]bool          // used outside the defining block
	stay   map[*mir.Block]*mir.Block // stayOf, for the blocks that have one
	unif   [NumFixedUniforms]int
	// dataBase and localBase hold the addresses of the module's data image
	// and of the work-group's __local area (-1: the kernel uses none).
	dataBase, localBase int
	globals             *Globals
	// barrierTarget counts the counter value the next barrier waits for
	// (barrier.go); -1 without barriers.
	barrierTarget int
	source        string // the input file, for positioned errors
	lanePr        int    // lane's private memory base (vreg), -1 if no private memory
	frame         []int64
	fsize         int64
	stats         Stats
	lanes         int
	labels        int // labels created inside blocks
	// coherent gives the loads (and memcpy/memmove calls) that must read
	// memory by VDR DMA instead of the TMU (coherence.go).
	coherent map[*mir.Instr]loadPath
	// strides estimates lane-to-lane steps of values (stride.go).
	strides map[mir.Reg]int64
}

// Stats are the code generator's counters.
type Stats struct {
	UniformBranches   int
	DivergentBranches int
	MaskedInstrs      int
	SkipBranches      int
	Pairs             int // instructions with an add-ALU and a mul-ALU operation
	Nops              int // instructions that do nothing (hazard gaps, delay slots)
	Instructions      int
	ScratchBytes      int
	// Register allocation: values spilled (to VPM rows or scratch
	// memory) and rematerialized, the reload and store sequences
	// inserted, and the VPM rows per QPU used for spills.
	Spilled, Rematerialized, Reloads, SpillStores, VPMSpillRows int
}

func (l *lowerer) newV() int { l.nextV++; return l.nextV - 1 }

// setExec writes block index t into the execute mask under the current Z
// flags.
func (l *lowerer) setExec(t int, why string) {
	if t <= 15 {
		l.alu("mov", execMask, imm(int32(t)), ifz()).Comment = why
	} else {
		l.ldi(execMask, uint32(t), ifz()).Comment = why
	}
}

// blockImm returns an operand holding block index t (small immediate or r2).
func (l *lowerer) blockImm(t int) mir.Operand {
	if t <= 15 {
		return imm(int32(t))
	}
	l.ldi(hw("r2"), uint32(t))
	return hw("r2")
}

// reg maps a MIR register to a machine-form operand, materializing
// constants (small immediates fold; others get an ldi).
func (l *lowerer) reg(r mir.Reg) mir.Operand {
	if c, ok := l.konst[r]; ok {
		return l.constant(c)
	}
	return vreg(int(r.VirtIndex()))
}

func (l *lowerer) constant(c int64) mir.Operand {
	v := int32(c)
	if v >= -16 && v <= 15 {
		return imm(v)
	}
	t := l.tmp()
	l.ldi(t, uint32(v))
	return t
}

// opnd maps a MIR use operand (register or immediate).
func (l *lowerer) opnd(o mir.Operand) mir.Operand {
	if o.Kind == mir.KindImm {
		return l.constant(o.Imm)
	}
	return l.reg(o.Reg)
}

// needsMask reports whether a definition in block b must be masked: the
// value survives the block (or is a variable written in several places),
// so inactive lanes must keep their old contents.
func (l *lowerer) needsMask(b *mir.Block, r mir.Reg) bool {
	return l.masked(b) && (l.vdefs[r] > 1 || l.outUse[r])
}

// masked reports whether block b is masked (facts.masked).
func (l *lowerer) masked(b *mir.Block) bool { return l.g.facts[b].masked }

func lower(g *flow, lanes int, gl *Globals, source string) (*lowerer, error) {
	l := &lowerer{g: g, f: g.f, konst: map[mir.Reg]int64{}, ndefs: map[mir.Reg]int{}, vdefs: map[mir.Reg]int{}, open: map[mir.Reg]pending{},
		defBlk: map[mir.Reg]*mir.Block{}, outUse: map[mir.Reg]bool{}, stay: map[*mir.Block]*mir.Block{}, lanes: lanes,
		dataBase: -1, localBase: -1, globals: gl, barrierTarget: -1, source: source, m: newMBuilder(g.f.Name)}
	l.nextV = g.f.NumVRegs()
	for _, b := range g.blocks {
		for _, in := range g.facts[b].instrs {
			for _, o := range in.Defs() {
				l.ndefs[o.Reg]++
				if !extends(in, o.Reg) {
					l.vdefs[o.Reg]++
				}
				l.defBlk[o.Reg] = b
			}
		}
	}
	for _, b := range g.blocks {
		x := g.facts[b]
		for _, in := range x.instrs {
			if in.Op == mir.GConst && len(in.Ops) == 2 && in.Ops[1].Kind == mir.KindImm && l.ndefs[in.Ops[0].Reg] == 1 {
				l.konst[in.Ops[0].Reg] = in.Ops[1].Imm
			}
			for _, o := range in.Uses() {
				if o.Kind == mir.KindReg && l.defBlk[o.Reg] != b {
					l.outUse[o.Reg] = true
				}
			}
		}
		if x.kind == termCondBr && l.defBlk[x.cond] != b {
			l.outUse[x.cond] = true
		}
	}
	// Private memory: frame objects that were not promoted, per lane.
	for _, fo := range g.f.Frame {
		al := fo.Align
		if al < 4 {
			al = 4
		}
		l.fsize = (l.fsize + al - 1) / al * al
		l.frame = append(l.frame, l.fsize)
		l.fsize += (fo.Size + 3) / 4 * 4
	}
	for _, b := range g.blocks {
		if s, ok := l.stayOf(b); ok {
			l.stay[b] = s
		}
	}
	usesData, usesLocal, err := l.globalUses()
	if err != nil {
		return nil, err
	}
	if usesData {
		l.dataBase = l.newV()
	}
	if l.hasBarrier() {
		usesLocal = true
		l.barrierTarget = l.newV()
	}
	if usesLocal {
		l.localBase = l.newV()
	}
	l.coherent = coherentLoads(g, gl)
	l.strides = laneStrides(g, l.fsize, l.konst)
	if err := l.prologue(); err != nil {
		return nil, err
	}
	for _, b := range g.blocks {
		if err := l.block(b); err != nil {
			return nil, err
		}
	}
	l.stats.ScratchBytes = dummyBytes + 16*int(l.fsize)
	return l, nil
}

// prologue reads the uniform stream (fixed words, then the kernel
// arguments) into registers and sets up the execute mask for partial
// waves.
func (l *lowerer) prologue() error {
	for i := range l.unif {
		l.unif[i] = l.newV()
		l.alu("mov", vreg(l.unif[i]), hw("unif"))
	}
	entry := l.g.facts[l.g.blocks[0]]
	if len(entry.instrs) > 0 && entry.instrs[0].Op == mir.GArgs {
		args := entry.instrs[0]
		for _, o := range args.Defs() {
			l.alu("mov", vreg(o.Reg.VirtIndex()), hw("unif"))
		}
		entry.instrs = entry.instrs[1:]
	}
	// The words after the arguments (Program.DataAddr, LocalAddr).
	for _, r := range []int{l.dataBase, l.localBase} {
		if r >= 0 {
			l.alu("mov", vreg(r), hw("unif"))
		}
	}
	if l.barrierTarget >= 0 {
		l.alu("mov", vreg(l.barrierTarget), imm(0))
	}
	l.lanePr = -1
	if l.fsize > 0 {
		t := l.tmp()
		l.mulop("mul24", t, hw("elem_num"), l.constant(l.fsize))
		l.lanePr = l.newV()
		pb := l.tmp()
		l.alu("add", pb, vreg(l.unif[UnifScratch]), l.constant(dummyBytes))
		l.alu("add", vreg(l.lanePr), pb, t)
	}
	return nil
}

// partialLanes sets N exactly in the lanes of a partial wave's work-group
// (elem_num < lanes); the lanes beyond it run top-level code along with
// lane 0 but never store (docs/vc4.md, "Partial waves").
func (l *lowerer) partialLanes() {
	l.alu("sub", none, hw("elem_num"), imm(int32(l.lanes)), setF()).Comment = "lanes of the work-group"
}

// stayOf chooses the successor that lanes of b may reach while staying
// active (exec = 0): the header of a loop that b closes, else the next
// block in layout (ok is false when there is none). Loop-closing blocks
// never let lanes stay for the next block, because the loop test counts
// active lanes as continuing.
func (l *lowerer) stayOf(b *mir.Block) (s *mir.Block, ok bool) {
	fa := l.g.facts
	x := fa[b]
	if x.kind == termExit {
		return nil, false
	}
	if !x.masked && !x.divergent {
		if x.kind == termBr && fa[x.t].pos == x.pos+1 {
			return x.t, true
		}
		return nil, false
	}
	closes := false
	for lp := x.loop; lp != nil; lp = lp.Parent {
		if l.g.last[lp] == b && fa[lp.Header].masked {
			for _, s := range x.succs {
				if s == lp.Header {
					return s, true
				}
			}
			closes = true
		}
	}
	if closes {
		return nil, false
	}
	for _, s := range x.succs {
		if fa[s].pos == x.pos+1 {
			return s, true
		}
	}
	return nil, false
}

// block lowers block b (nil: the virtual exit, where the thread ends).
func (l *lowerer) block(b *mir.Block) error {
	x := l.g.facts[b]
	l.label(x.pos, x.name)
	if x.masked && l.needsActivation(b) {
		// activate(b): lanes waiting for this block become active.
		l.alu("sub", none, execMask, l.blockImm(x.pos), setF()).Comment = "activate: lanes waiting here"
		l.alu("mov", execMask, imm(0), ifz())
	}
	if x.kind == termExit {
		l.ldi(hw("irq"), 1)
		l.thrend()
		return nil
	}
	done := map[*mir.Instr]bool{}
	for i, in := range x.instrs {
		if done[in] {
			continue
		}
		if l.tmuLoad(in) {
			if err := l.tmuBatch(b, x.instrs[i:], done); err != nil {
				return err
			}
			continue
		}
		var err error
		if in.Op.IsGeneric() {
			err = l.instr(b, in)
		} else {
			err = l.machine(b, in, x.instrs[i+1:])
		}
		if err != nil {
			return l.posError(in, err)
		}
	}
	return l.terminator(b)
}

// posError puts err at the input position of the IR instruction in came
// from, when known.
func (l *lowerer) posError(in *mir.Instr, err error) error {
	if in.Pos.Line > 0 && l.source != "" {
		return fmt.Errorf("%s:%d:%d: %w", l.source, in.Pos.Line, in.Pos.Col, err)
	}
	return err
}

// needsActivation reports whether some lanes may wait for b: a
// predecessor that does not let its lanes stay active for b (its layout
// successor, or the header of the loop it closes) sends them here by an
// explicit edge (exec = b).
func (l *lowerer) needsActivation(b *mir.Block) bool {
	for _, p := range l.g.facts[b].preds {
		if s, ok := l.stay[p]; !ok || s != b {
			return true
		}
	}
	return false
}

// terminator lowers the end of block b (not the exit): the branches, and
// the execute mask's updates in masked code.
func (l *lowerer) terminator(b *mir.Block) error {
	fa := l.g.facts
	x := fa[b]
	next := l.g.blocks[x.pos+1] // the exit follows the last block
	entersRun := false
	for _, s := range x.succs {
		if fa[s].masked {
			entersRun = true
		}
	}
	if !x.masked && entersRun {
		l.alu("mov", execMask, imm(0)).Comment = "execute mask: all lanes active"
		if l.lanes < 16 {
			// Lanes beyond the work-group wait for the exit.
			l.partialLanes()
			if exitPos := fa[nil].pos; exitPos <= 15 {
				l.alu("mov", execMask, imm(int32(exitPos)), ifnn())
			} else {
				l.ldi(execMask, uint32(exitPos), ifnn())
			}
		}
	}
	if !x.masked && !x.divergent {
		switch x.kind {
		case termBr:
			if x.t != next {
				l.branch("", fa[x.t].pos, "")
			}
		case termCondBr:
			l.stats.UniformBranches++
			c := l.reg(x.cond)
			l.alu("mov", none, c, setF())
			switch {
			case x.t == next:
				l.branch("allz", fa[x.f].pos, "uniform branch")
			case x.f == next:
				l.branch("allnz", fa[x.t].pos, "uniform branch")
			default:
				l.branch("allnz", fa[x.t].pos, "uniform branch")
				l.branch("", fa[x.f].pos, "")
			}
		}
		return nil
	}
	// Execute-mask lowering (spec §8; the seed's if/else and loop scheme).
	if x.kind == termCondBr {
		l.stats.DivergentBranches++
	}
	stay, hasStay := l.stay[b]
	var explicit []*mir.Block
	switch x.kind {
	case termBr:
		if !hasStay || x.t != stay {
			t := fa[x.t].pos
			l.execFlags("")
			l.setExec(t, "active lanes go to b"+itoa(t))
			explicit = append(explicit, x.t)
		}
	case termCondBr:
		c := l.reg(x.cond)
		tp, fp := fa[x.t].pos, fa[x.f].pos
		switch {
		case hasStay && stay == x.t:
			// Z = active and cond false: those lanes wait for F.
			l.alu("or", none, execMask, c, setF())
			l.setExec(fp, "active lanes with a false condition wait for b"+itoa(fp))
			explicit = append(explicit, x.f)
		case hasStay && stay == x.f:
			nc := l.tmp()
			l.alu("mov", nc, imm(0))
			l.alu("mov", none, c, setF())
			l.alu("mov", nc, imm(1), ifz())
			l.alu("or", none, execMask, nc, setF())
			l.setExec(tp, "active lanes with a true condition wait for b"+itoa(tp))
			explicit = append(explicit, x.t)
		default:
			l.alu("or", none, execMask, c, setF())
			l.setExec(fp, "active lanes with a false condition wait for b"+itoa(fp))
			l.execFlags("")
			l.setExec(tp, "the other active lanes wait for b"+itoa(tp))
			explicit = append(explicit, x.f, x.t)
		}
	}
	// Loops closed by b: run again while any lane is active or waits for the header.
	closed := false
	for lp := x.loop; lp != nil; lp = lp.Parent {
		h := fa[lp.Header]
		if l.g.last[lp] != b || !h.masked {
			continue
		}
		closed = true
		l.execFlags("loop end")
		if !l.needsActivation(lp.Header) {
			// No lane ever waits for the header (no continue).
			l.branch("anyz", h.pos, "again while a lane is active")
			continue
		}
		l.alu("sub", none, execMask, l.blockImm(h.pos), ifnz(), setF()).Comment = "or waiting for the header"
		l.branch("anyz", h.pos, "again while a lane is active or waits for the header")
	}
	// A run that ends here: every lane now waits for (or stays active for)
	// the top-level block where the run reconverges.
	if !fa[next].masked {
		for _, s := range x.succs {
			if !fa[s].masked && s != next {
				if fa[s].pos > x.pos {
					return fmt.Errorf("function '%s': unstructured control flow: %s leaves a divergent region towards %s", l.f.Name, x.name, fa[s].name)
				}
				l.branch("", fa[s].pos, "all lanes reconverge there")
				return nil
			}
		}
		return nil
	}
	if closed {
		return nil
	}
	switch {
	case !hasStay && len(explicit) == 1 && explicit[0] != next:
		// break / continue / end of then: jump if every lane waits there.
		t := fa[explicit[0]].pos
		l.alu("sub", none, execMask, l.blockImm(t), setF())
		l.branch("allz", t, "jump if every lane waits there")
		l.stats.SkipBranches++
	case hasStay && stay == next && len(explicit) > 0 && len(fa[next].preds) == 1:
		// Skip the next block(s) if no lane is active there.
		if s := l.skipTarget(b); s >= 0 {
			l.execFlags("")
			l.branch("allnz", s, "skip if no lane is active")
			l.stats.SkipBranches++
		}
	}
	return nil
}

// continuedBy reports whether lanes may wait for lp's header when b ends:
// a back edge into the header leaves a block laid out up to b.
func (l *lowerer) continuedBy(lp *mir.Loop, b *mir.Block) bool {
	for _, p := range l.g.facts[lp.Header].preds {
		if contains(lp, p) && l.g.facts[p].pos <= l.g.facts[b].pos {
			return true
		}
	}
	return false
}

// skipTarget returns the layout position of the first block after b's
// successor where some lane may be waiting (-1: none): the target of a
// forward edge from a block at or before b or in a masked loop around b,
// capped at the end of the enclosing masked loops and of the masked run
// (those must always execute their tests; a loop end that is next itself
// only where lanes may wait for the header).
func (l *lowerer) skipTarget(b *mir.Block) int {
	fa := l.g.facts
	x := fa[b]
	next := l.g.blocks[x.pos+1]
	nx := fa[next]
	best := -1
	// Inside a masked loop every block of the loop may have run in an
	// earlier iteration, parking lanes on its exits, not only the blocks
	// up to b (blocks inside the loop ran their waiting lanes in that
	// iteration).
	parked := func(p, y *mir.Block) bool {
		if fa[p].pos <= x.pos {
			return true
		}
		for lp := x.loop; lp != nil; lp = lp.Parent {
			if fa[lp.Header].masked && contains(lp, p) && !contains(lp, y) {
				return true
			}
		}
		return false
	}
	for _, y := range l.g.blocks[nx.pos+1:] {
		fy := fa[y]
		for _, p := range fy.preds {
			if parked(p, y) {
				if best < 0 || fy.pos < best {
					best = fy.pos
				}
			}
		}
		if !fy.masked && (best < 0 || fy.pos < best) {
			best = fy.pos
		}
		if best >= 0 {
			break
		}
	}
	for lp := nx.loop; lp != nil; lp = lp.Parent {
		last := fa[l.g.last[lp]].pos
		if !fa[lp.Header].masked || last < nx.pos || last >= best {
			continue
		}
		// When next itself ends the loop, skipping it skips the loop-end
		// test: right when no lane waits for the header, wrong after a
		// continue (a back edge from a block up to b), whose lanes would
		// never run again.
		if l.g.last[lp] == next && !l.continuedBy(lp, b) {
			continue
		}
		best = last
	}
	if best <= nx.pos {
		return -1
	}
	return best
}
