package passes

import (
	"lltosimd/mir"
)

// HardwareLoopMachine is implemented by the passes.Machine of a target
// with zero-overhead loop counters (BWDSP's `LCn = count` and
// `if LCn b L`, spec bwdsp.md §2.3). Without it, hardware-loops leaves
// the code alone.
type HardwareLoopMachine interface {
	// HardwareLoops describes the counters; nil means none.
	HardwareLoops() *HWLoopInfo
}

// HWLoopInfo is what hardware-loops needs to know about a target's loop
// counters. The counter semantics it assumes are BWDSP's: the latch
// branch decrements the counter and branches back while the result is
// not zero, so a counter set to n runs the body n times, and to 0 runs it
// 2^32 times (the decrement wraps).
type HWLoopInfo struct {
	// Counters are the loop counter registers, the one for innermost
	// loops first; a loop gets the counter after the highest one its
	// nested loops use. Only counters a call may clobber without the
	// loop noticing are excluded by not listing them: the pass never
	// converts a loop that contains a call.
	Counters []mir.Reg
	// SetCount returns the instructions (selected, or generic ops that
	// selection lowers) that set counter lc to count, an immediate or an
	// integer vreg.
	SetCount func(f *mir.Func, lc mir.Reg, count mir.Operand) []*mir.Instr
	// LoopEnd returns the latch branch: decrement lc and branch to header
	// while it is not zero.
	LoopEnd func(lc mir.Reg, header *mir.Block) *mir.Instr

	// The hooks software-pipeline needs (optional: without them it leaves
	// the target's loops alone), on selected code.
	//
	// CountOf recognizes an instruction of SetCount's that sets counter lc
	// to count (an immediate or a register).
	CountOf func(in *mir.Instr) (lc mir.Reg, count mir.Operand, ok bool)
	// SetCountMinus returns selected instructions that set lc to count − k
	// (count as CountOf returned it; k > 0, count ≥ k).
	SetCountMinus func(f *mir.Func, lc mir.Reg, count mir.Operand, k int64) []*mir.Instr
	// BranchCountBelow returns the selected instructions that branch to
	// target when the register count (as CountOf returned it) is below k,
	// unsigned, and fall through otherwise.
	BranchCountBelow func(f *mir.Func, count mir.Operand, k int64, target *mir.Block) []*mir.Instr
}

// Statistic keys of hardware-loops.
const (
	statHWLoops   = "loops"
	statHWNested  = "nested"
	statHWNoCount = "no-count"
	statHWCall    = "has-call"
)

// hardware-loops is LLVM's HardwareLoops plus the target's loop-end
// instruction in one generic pass over SSA generic MIR (before
// selection). A natural loop becomes a counted hardware loop when
//
//   - its only exiting block is its only latch, which ends in
//     G_BRCOND %c, X; G_BR Y with one of X, Y the header and the other an
//     exit;
//   - %c = G_ICMP eq/ne of an induction value and a loop-invariant bound
//     n, leaving the loop exactly when they are equal; the induction value
//     is a header phi iv = PHI(init from outside, next from the latch) with
//     next = iv ± 1, and the compare reads next or iv itself;
//   - no instruction of the loop is a call (the callee may use the
//     counters) and a counter is left after those of its nested loops.
//
// The trip count is then computable at loop entry: the body runs
// count = ±(n - init) times when the test reads next, one more when it
// reads iv, modulo 2^32, a wrapped 0 meaning 2^32 iterations — exactly the
// counter's semantics, so no zero-trip guard is needed: the loop is
// bottom-tested and its body runs at least once, as the original did. The
// count is computed in the preheader (made by splitting the entry edge if
// needed); the latch ends in LoopEnd instead of the compare and branch.
// The induction variable stays for its other uses and dies otherwise.
var _ = Register(&Pass{
	Name: "hardware-loops",
	Desc: "counted loops to zero-overhead loop counters (targets implementing passes.HardwareLoopMachine)",
	Stats: map[string]string{
		statHWLoops:   "Number of loops converted to hardware loops",
		statHWNested:  "Number of converted loops that contain a converted loop",
		statHWNoCount: "Number of loops without a computable trip count",
		statHWCall:    "Number of loops left alone because they contain a call",
	},
	Needs:   mir.PropSSA,
	Forbids: mir.PropSelected,
	Run:     runHardwareLoops,
})

func runHardwareLoops(c *Ctx, f *mir.Func) error {
	m, ok := MachineFor(f.Arch).(HardwareLoopMachine)
	if !ok || len(f.Blocks) == 0 {
		return nil
	}
	info := m.HardwareLoops()
	if info == nil || len(info.Counters) == 0 {
		return nil
	}
	f.RecomputeCFG()
	li := mir.ComputeLoops(f, mir.ComputeDominators(f))
	defs := defMap(f)
	// level[l] is the counter index a converted loop uses, -1 for loops
	// left alone; a loop's counter follows its nested loops' ones.
	level := map[*mir.Loop]int{}
	var visit func(l *mir.Loop) int // highest counter used in l, or -1
	visit = func(l *mir.Loop) int {
		inner := -1
		for _, ch := range l.Children {
			inner = max(inner, visit(ch))
		}
		level[l] = -1
		if inner+1 >= len(info.Counters) {
			return inner
		}
		if hasCall(f, l) {
			c.Count(statHWCall, 1)
			c.Debugf("hardware-loops: %s: loop at bb%d contains a call", f.Name, l.Header.ID)
			return inner
		}
		lc := info.Counters[inner+1]
		if !convertLoop(c, f, l, defs, info, lc) {
			return inner
		}
		level[l] = inner + 1
		c.Count(statHWLoops, 1)
		if inner >= 0 {
			c.Count(statHWNested, 1)
		}
		return inner + 1
	}
	for _, l := range li.TopLevel {
		visit(l)
	}
	f.RecomputeCFG()
	return nil
}

// defMap maps each vreg to its defining instruction.
func defMap(f *mir.Func) map[mir.Reg]*mir.Instr {
	defs := map[mir.Reg]*mir.Instr{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, o := range in.Defs() {
				if o.Reg.IsVirtual() {
					defs[o.Reg] = in
				}
			}
		}
	}
	return defs
}

func hasCall(f *mir.Func, l *mir.Loop) bool {
	for _, b := range l.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				if f.Arch.Desc(m.Op).Flags&mir.FlagCall != 0 {
					return true
				}
			}
		}
	}
	return false
}

// constOf returns the value of an immediate operand or of a vreg that
// G_CONST defines.
func constOf(o mir.Operand, defs map[mir.Reg]*mir.Instr) (int64, bool) {
	if o.Kind == mir.KindImm {
		return o.Imm, true
	}
	if o.Kind == mir.KindReg {
		if d := defs[o.Reg]; d != nil && d.Op == mir.GConst && d.Ops[1].Kind == mir.KindImm {
			return d.Ops[1].Imm, true
		}
	}
	return 0, false
}

// invariant reports whether o has the same value in every iteration of l
// and is available in its preheader: an immediate, a constant, or a vreg
// defined outside l (which then dominates the header).
func invariant(o mir.Operand, l *mir.Loop, defs map[mir.Reg]*mir.Instr) bool {
	if _, ok := constOf(o, defs); ok {
		return true
	}
	if o.Kind != mir.KindReg || !o.Reg.IsVirtual() {
		return false
	}
	d := defs[o.Reg]
	return d != nil && !l.Contains(blockOfInstr(d, l))
}

// blockOfInstr finds the block holding in among the function's blocks.
func blockOfInstr(in *mir.Instr, l *mir.Loop) *mir.Block {
	for _, b := range l.Header.Func.Blocks {
		for _, x := range b.Instrs {
			if x == in {
				return b
			}
		}
	}
	return nil
}

// convertLoop turns l into a hardware loop on counter lc if its trip
// count is computable at entry (see the pass comment).
func convertLoop(c *Ctx, f *mir.Func, l *mir.Loop, defs map[mir.Reg]*mir.Instr, info *HWLoopInfo, lc mir.Reg) bool {
	fail := func(why string) bool {
		c.Count(statHWNoCount, 1)
		c.Debugf("hardware-loops: %s: loop at bb%d: %s", f.Name, l.Header.ID, why)
		return false
	}
	if len(l.Latches) != 1 {
		return fail("not one latch")
	}
	latch := l.Latches[0]
	for _, b := range l.Blocks {
		if b == latch {
			continue
		}
		for _, s := range b.Succs {
			if !l.Contains(s) {
				return fail("exits from a block other than the latch")
			}
		}
	}
	n := len(latch.Instrs)
	if n < 2 || latch.Instrs[n-2].Op != mir.GBrCond || latch.Instrs[n-1].Op != mir.GBr {
		return fail("latch does not end in G_BRCOND, G_BR")
	}
	bc, br := latch.Instrs[n-2], latch.Instrs[n-1]
	tgt, other := bc.Ops[1].Block, br.Ops[0].Block
	var exitOnTrue bool
	switch {
	case other == l.Header && !l.Contains(tgt):
		exitOnTrue = true
	case tgt == l.Header && !l.Contains(other):
	default:
		return fail("latch branch is not header/exit")
	}
	cmp := defs[bc.Ops[0].Reg]
	if bc.Ops[0].Kind != mir.KindReg || cmp == nil || cmp.Op != mir.GICmp {
		return fail("latch condition is not G_ICMP")
	}
	// Normalize to "continue while a REL bnd", bnd loop-invariant.
	cond := cmp.Ops[1].Cond
	a, bnd := cmp.Ops[2], cmp.Ops[3]
	if !invariant(bnd, l, defs) {
		a, bnd = bnd, a
		cond = cond.Swapped()
	}
	if !invariant(bnd, l, defs) || a.Kind != mir.KindReg {
		return fail("no loop-invariant bound")
	}
	if exitOnTrue {
		cond = cond.Inverse()
	}
	// a is next (= iv ± 1) or iv itself, iv a header phi.
	pre := l.Preheader()
	var outside *mir.Block
	for _, p := range l.Header.Preds {
		if !l.Contains(p) {
			if outside != nil {
				return fail("header has several entries")
			}
			outside = p
		}
	}
	if outside == nil {
		return fail("no entry")
	}
	ivOf := func(r mir.Reg) (phi *mir.Instr, step int64, ok bool) {
		d := defs[r]
		if d == nil || d.Op != mir.GAdd && d.Op != mir.GSub {
			return nil, 0, false
		}
		s, ok := constOf(d.Ops[2], defs)
		if !ok {
			return nil, 0, false
		}
		if d.Op == mir.GSub {
			s = -s
		}
		s = int64(int32(s))
		if s != 1 && s != -1 {
			return nil, 0, false
		}
		p := defs[d.Ops[1].Reg]
		if d.Ops[1].Kind != mir.KindReg || p == nil || p.Op != mir.GPhi || !inBlock(p, l.Header) {
			return nil, 0, false
		}
		return p, s, true
	}
	var phi *mir.Instr
	var step int64
	extra := int64(0) // 1 when the test reads iv rather than next
	if p, s, ok := ivOf(a.Reg); ok && phiValue(p, latch) == a.Reg {
		phi, step = p, s
	} else if d := defs[a.Reg]; d != nil && d.Op == mir.GPhi && inBlock(d, l.Header) {
		next := phiValue(d, latch)
		if p, s, ok := ivOf(next); ok && p == d {
			phi, step, extra = d, s, 1
		}
	}
	if phi == nil {
		return fail("no induction variable with step ±1 in the exit test")
	}
	init, ok := mir.PhiIncoming(phi, outside)
	if !ok || (init.Kind != mir.KindImm && !invariant(init, l, defs)) {
		return fail("no loop-invariant initial value")
	}
	// The continue test must move toward its bound one step at a time.
	var rel mir.Cond // the strict relation t0 REL bnd that decides the count, or CondNE
	switch {
	case cond == mir.CondNE:
		rel = mir.CondNE
	case step == 1 && (cond == mir.CondSLT || cond == mir.CondULT):
		rel = cond
	case step == -1 && (cond == mir.CondSGT || cond == mir.CondUGT):
		rel = cond
	default:
		return fail("latch compare " + cond.String() + " does not bound a step " + map[bool]string{true: "+1", false: "-1"}[step == 1] + " induction")
	}
	if pre == nil {
		pre = mir.SplitCriticalEdge(outside, l.Header)
		if pre == nil {
			return fail("cannot make a preheader")
		}
		placeBefore(f, pre, l.Header)
	}
	count, setup := tripCount(f, f.ClassOf(a.Reg), defs, init, bnd, step, 1-extra, rel)
	setup = append(setup, info.SetCount(f, lc, count)...)
	insertBeforeTerminators(f, pre, setup)
	// The latch: if lc b header; b exit.
	exit := tgt
	if !exitOnTrue {
		exit = other
	}
	latch.Instrs[n-2] = info.LoopEnd(lc, l.Header)
	latch.Instrs[n-1] = mir.NewInstr(mir.GBr, mir.B(exit))
	if !usedAnywhere(f, cmp.Ops[0].Reg) {
		removeInstr(latch, cmp)
	}
	c.Debugf("hardware-loops: %s: loop at bb%d: %s, continue while %s, step %d, counter %s", f.Name, l.Header.ID,
		map[bool]string{true: "count from constants", false: "count computed in the preheader"}[count.Kind == mir.KindImm],
		rel, step, f.Arch.Regs[lc].Name)
	return true
}

func inBlock(in *mir.Instr, b *mir.Block) bool {
	for _, x := range b.Instrs {
		if x == in {
			return true
		}
	}
	return false
}

// phiValue returns the vreg phi takes from pred, or NoReg.
func phiValue(phi *mir.Instr, pred *mir.Block) mir.Reg {
	if o, ok := mir.PhiIncoming(phi, pred); ok && o.Kind == mir.KindReg {
		return o.Reg
	}
	return mir.NoReg
}

// insertBeforeTerminators puts ins at the end of b, before its branches.
func insertBeforeTerminators(f *mir.Func, b *mir.Block, ins []*mir.Instr) {
	i := len(b.Instrs)
	for i > 0 && f.Arch.Desc(b.Instrs[i-1].Op).Flags&(mir.FlagBranch|mir.FlagTerminator) != 0 {
		i--
	}
	b.Instrs = append(b.Instrs[:i], append(ins, b.Instrs[i:]...)...)
}

// usedAnywhere reports whether some instruction of f reads vreg r.
func usedAnywhere(f *mir.Func, r mir.Reg) bool {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for _, o := range m.Ops {
					if o.IsUse() && o.Reg == r {
						return true
					}
				}
			}
		}
	}
	return false
}

// removeInstr deletes in from b if it is there.
func removeInstr(b *mir.Block, in *mir.Instr) {
	for i, x := range b.Instrs {
		if x == in {
			b.Instrs = append(b.Instrs[:i], b.Instrs[i+1:]...)
			return
		}
	}
}

// tripCount returns the number of times a bottom-tested loop runs, as an
// immediate or a vreg computed by the returned generic instructions. The
// loop's induction value starts at init and moves by step (±1); the
// latch tests t = iv + off*step (off 0: the phi, 1: the next value) and
// continues while t != bnd (rel CondNE) or t REL bnd. With t0 the first
// tested value and d = step*(bnd - t0) + 1 (modulo 2^32, where 0 stands
// for 2^32 — the counter's own reading of 0):
//
//   - t != bnd runs d times (t reaches bnd after d - 1 steps, wrapping);
//   - t < bnd (step +1) or t > bnd (step -1) runs d times when t0 REL bnd
//     holds (t moves to bnd without wrapping) and once otherwise.
func tripCount(f *mir.Func, rc mir.RegClass, defs map[mir.Reg]*mir.Instr, init, bnd mir.Operand, step, off int64, rel mir.Cond) (mir.Operand, []*mir.Instr) {
	w := func(v int64) int64 { return int64(int32(v)) }
	iv, ik := constOf(init, defs)
	bv, bk := constOf(bnd, defs)
	if ik && bk {
		t0 := w(iv + off*step)
		d := w(step*(bv-t0) + 1)
		if rel != mir.CondNE && !holds(rel, t0, bv) {
			d = 1
		}
		return mir.I(d), nil
	}
	var setup []*mir.Instr
	emit := func(op mir.Opcode, ops ...mir.Operand) mir.Operand {
		r := f.NewVReg(rc)
		setup = append(setup, mir.NewInstr(op, append([]mir.Operand{mir.D(r)}, ops...)...))
		return mir.R(r)
	}
	val := func(o mir.Operand) mir.Operand {
		if v, ok := constOf(o, defs); ok {
			return emit(mir.GConst, mir.I(w(v)))
		}
		return mir.R(o.Reg)
	}
	// addc is x + c, folded when c is 0.
	addc := func(x mir.Operand, c int64) mir.Operand {
		if w(c) == 0 {
			return x
		}
		return emit(mir.GAdd, x, val(mir.I(c)))
	}
	var t0, b, d mir.Operand
	switch {
	case ik: // t0 constant
		t0v := w(iv + off*step)
		t0, b = val(mir.I(t0v)), val(bnd)
		if step > 0 {
			d = addc(b, 1-t0v)
		} else {
			d = emit(mir.GSub, val(mir.I(t0v+1)), b)
		}
	case bk: // t0 varies: d = step*(bv - t0) + 1
		t0 = addc(val(init), off*step)
		b = val(bnd)
		if step > 0 {
			d = emit(mir.GSub, val(mir.I(bv+1)), t0)
		} else {
			d = addc(t0, 1-bv)
		}
	default:
		t0 = addc(val(init), off*step)
		b = val(bnd)
		if step > 0 {
			d = addc(emit(mir.GSub, b, t0), 1)
		} else {
			d = addc(emit(mir.GSub, t0, b), 1)
		}
	}
	if rel != mir.CondNE {
		one := val(mir.I(1))
		p := emit(mir.GICmp, mir.C(rel), t0, b)
		d = emit(mir.GSelect, p, d, one)
	}
	return d, setup
}

// holds evaluates a strict relation on 32-bit values.
func holds(c mir.Cond, a, b int64) bool {
	switch c {
	case mir.CondSLT:
		return int32(a) < int32(b)
	case mir.CondSGT:
		return int32(a) > int32(b)
	case mir.CondULT:
		return uint32(a) < uint32(b)
	case mir.CondUGT:
		return uint32(a) > uint32(b)
	}
	return false
}

// placeBefore moves block b right before block at in the layout, so that
// a preheader ending in a jump to at falls through to it (del-jmp then
// deletes the jump). Blocks that fell through into at now fall into b,
// which is wrong for them, so b stays put when at has a layout
// predecessor that falls through.
func placeBefore(f *mir.Func, b, at *mir.Block) {
	idx := func(x *mir.Block) int {
		for i, y := range f.Blocks {
			if y == x {
				return i
			}
		}
		return -1
	}
	i, j := idx(b), idx(at)
	if i < 0 || j <= 0 || mir.FallsThrough(f.Blocks[j-1]) {
		return
	}
	f.Blocks = append(f.Blocks[:i], f.Blocks[i+1:]...)
	j = idx(at)
	f.Blocks = append(f.Blocks[:j], append([]*mir.Block{b}, f.Blocks[j:]...)...)
}
