package passes

import (
	"sort"

	"lltosimd/mir"
)

// Statistic keys of pressure-sink.
const (
	statSinkMoved  = "sunk"
	statSinkBlocks = "blocks"
)

// pressure-sink moves, in blocks where more values are live at once than
// the registers of their class, each single-use pure instruction (or
// load) down to just before its user, when that lengthens no other live
// range but that of one value other instructions read too (a shared base
// address): every other register it reads is live there anyway or is
// computed by an instruction that moves along with it. Vector legalization and
// selection emit a split operation lane by lane, op by op (four loads,
// then four multiplies, then four adds), which keeps every lane's
// intermediate value live at once; sinking regroups each lane's chain,
// so a lane needs one register at a time (as a register-pressure
// scheduler such as LLVM's pre-RA list scheduler would). Blocks that fit
// in the registers keep their order, so loads stay away from their users
// there (no load-use stalls).
//
// A load moves only over instructions that do not touch memory (no load,
// store, call or side effect between): loads keep their order among
// themselves, as volatile ones (mir.MustOrder) must. Instructions with an implicit
// register effect (BranchInfo.RegEffects: a compare writing a flag
// register), a physical register operand other than a reserved register
// nothing writes, tied operands or a guard stay. It runs on SSA MIR,
// generic or selected; Cpu0 runs it twice: before soft-float, where a
// split float vector op is still pure generic ops (a lane's multiply
// then moves next to its add, before both become calls), and again on
// the selected code.
var PressureSink = Register(&Pass{
	Name: "pressure-sink",
	Desc: "sink single-use instructions to their users in blocks with more live values than registers",
	Stats: map[string]string{
		statSinkMoved:  "Number of instructions moved down to their user",
		statSinkBlocks: "Number of blocks over the register count that were reordered",
	},
	Needs: mir.PropSSA, Forbids: mir.PropNoVRegs,
	Run: runPressureSink,
})

func runPressureSink(c *Ctx, f *mir.Func) error {
	bi := BranchInfoFor(f.Arch)
	if bi == nil || len(f.Blocks) == 0 {
		return nil
	}
	f.RecomputeCFG()
	written := physWritten(f, bi)
	uses := useCounts(f)
	lv := mir.ComputeLiveness(f)
	s := &sinker{f: f, bi: bi, written: written, uses: uses}
	for _, b := range f.Blocks {
		if !s.overPressure(b, lv.LiveOut[lv.BlockIndex(b)]) {
			continue
		}
		if n := s.block(b, lv.LiveOut[lv.BlockIndex(b)]); n > 0 {
			c.Count(statSinkMoved, int64(n))
			c.Count(statSinkBlocks, 1)
			c.Debugf("pressure-sink: %s: bb%d: %d instructions sunk", f.Name, b.ID, n)
		}
	}
	return nil
}

type sinker struct {
	f       *mir.Func
	bi      BranchInfo
	written map[mir.Reg]bool
	uses    map[mir.Reg]int
	// Per block being reordered:
	pos     map[*mir.Instr]int // original position
	final   []int              // final position (that of the anchor) by original position
	anchor  []int              // the user an instruction moves before (-1: stays)
	instrs  []*mir.Instr
	def     map[mir.Reg]int // position of the defining instruction in the block
	users   map[mir.Reg][]int
	liveOut map[mir.Reg]bool
	barrier []int // positions of the memory accesses, calls and side effects
}

// overPressure reports whether more values of some class are live at one
// point of b than the class has registers.
func (s *sinker) overPressure(b *mir.Block, liveOut []mir.Reg) bool {
	ncl := len(s.f.Arch.Classes)
	live := map[mir.Reg]bool{}
	count := make([]int, ncl)
	for _, r := range liveOut {
		if r.IsVirtual() && !live[r] {
			live[r] = true
			count[s.f.ClassOf(r)]++
		}
	}
	over := func() bool {
		for cl, n := range count {
			if n > len(s.f.Arch.Classes[cl].Alloc) {
				return true
			}
		}
		return false
	}
	if over() {
		return true
	}
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		in := b.Instrs[i]
		if in.Op == mir.GPhi {
			break
		}
		mir.ForEachReg(in, func(r mir.Reg, def bool) {
			if !r.IsVirtual() {
				return
			}
			if def && live[r] {
				delete(live, r)
				count[s.f.ClassOf(r)]--
			}
		})
		mir.ForEachReg(in, func(r mir.Reg, def bool) {
			if r.IsVirtual() && !def && !live[r] {
				live[r] = true
				count[s.f.ClassOf(r)]++
			}
		})
		if over() {
			return true
		}
	}
	return false
}

// movable reports whether in may move down within its block: one virtual
// definition and no other register effect, no control flow, store, call
// or side effect, register inputs virtual or never-written reserved ones.
func (s *sinker) movable(in *mir.Instr) bool {
	// G_ARGS stays the first instruction of the entry block, where call
	// lowering binds the incoming registers.
	if len(in.Bundle) > 0 || in.Pred() != nil || in.Op == mir.GPhi || in.Op == mir.GArgs {
		return false
	}
	d := s.f.Arch.Desc(in.Op)
	const fixed = mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier | mir.FlagCall | mir.FlagReturn |
		mir.FlagStore | mir.FlagSideEffect | mir.FlagHasDelaySlot | mir.FlagCopy | mir.FlagIndirect
	if d.Flags&fixed != 0 || len(d.Tied) > 0 {
		return false
	}
	ds := in.Defs()
	if len(ds) != 1 || !ds[0].Reg.IsVirtual() {
		return false
	}
	defs, uses := s.bi.RegEffects(in)
	for _, r := range defs {
		if r != ds[0].Reg {
			return false
		}
	}
	for _, r := range uses {
		if r.IsPhys() && (int(r) >= len(s.f.Arch.Regs) || !s.f.Arch.Regs[r].Reserved || s.written[r]) {
			return false
		}
	}
	return true
}

// block reorders b and returns the number of instructions moved.
func (s *sinker) block(b *mir.Block, liveOut []mir.Reg) int {
	n := len(b.Instrs)
	s.instrs = b.Instrs
	s.pos = make(map[*mir.Instr]int, n)
	s.final = make([]int, n)
	s.anchor = make([]int, n)
	s.def = map[mir.Reg]int{}
	s.users = map[mir.Reg][]int{}
	s.liveOut = map[mir.Reg]bool{}
	s.barrier = s.barrier[:0]
	for _, r := range liveOut {
		s.liveOut[r] = true
	}
	for i, in := range b.Instrs {
		s.pos[in] = i
		s.final[i] = i
		s.anchor[i] = -1
		if s.f.Arch.Desc(in.Op).Flags&(mir.FlagStore|mir.FlagCall|mir.FlagSideEffect|mir.FlagLoad) != 0 {
			s.barrier = append(s.barrier, i)
		}
		for _, o := range in.Ops {
			if o.Kind != mir.KindReg || !o.Reg.IsVirtual() {
				continue
			}
			if o.IsDef() {
				s.def[o.Reg] = i
			} else if o.IsUse() {
				s.users[o.Reg] = append(s.users[o.Reg], i)
			}
		}
	}
	moved := 0
	for u := n - 1; u >= 0; u-- {
		in := s.instrs[u]
		if in.Op == mir.GPhi {
			break
		}
		for _, o := range in.Ops {
			if !o.IsUse() || o.Kind != mir.KindReg || !o.Reg.IsVirtual() {
				continue
			}
			d, ok := s.producer(o.Reg, u)
			if !ok || s.anchor[d] >= 0 || !s.canSink(d, s.final[u], 3) {
				continue
			}
			s.anchor[d] = u
			s.final[d] = s.final[u]
			moved++
		}
	}
	if moved == 0 {
		return 0
	}
	attached := make([][]int, n)
	for i := 0; i < n; i++ {
		if a := s.anchor[i]; a >= 0 {
			attached[a] = append(attached[a], i)
		}
	}
	out := make([]*mir.Instr, 0, n)
	var emit func(i int)
	emit = func(i int) {
		for _, d := range attached[i] {
			emit(d)
		}
		out = append(out, s.instrs[i])
	}
	for i := 0; i < n; i++ {
		if s.anchor[i] < 0 {
			emit(i)
		}
	}
	// Count the instructions that changed places (one already next to
	// its user keeps its index).
	moved = 0
	for i, in := range out {
		if s.anchor[s.pos[in]] >= 0 && s.pos[in] != i {
			moved++
		}
	}
	b.Instrs = out
	return moved
}

// producer returns the position of the instruction defining r in the block
// before position u, when r has no other use than the one at u.
func (s *sinker) producer(r mir.Reg, u int) (int, bool) {
	d, ok := s.def[r]
	if !ok || d >= u || s.uses[r] != 1 || len(s.users[r]) != 1 || s.users[r][0] != u {
		return 0, false
	}
	return d, true
}

// canSink reports whether the instruction at d may move to final position
// to without lengthening another live range: each register it reads is
// live at to anyway, or comes from a producer that can move there too.
func (s *sinker) canSink(d, to, depth int) bool {
	in := s.instrs[d]
	if !s.movable(in) {
		return false
	}
	if s.f.Arch.Desc(in.Op).Flags&mir.FlagLoad != 0 {
		// x stays after d unless it ends up before d's new place (an
		// access moved before takes its anchor's final position, never
		// above its own); only the accesses between d and to can.
		for i := sort.SearchInts(s.barrier, d+1); i < len(s.barrier) && s.barrier[i] < to; i++ {
			if s.final[s.barrier[i]] < to {
				return false
			}
		}
	}
	extended := 0
	for _, o := range in.Ops {
		if !o.IsUse() || o.Kind != mir.KindReg || !o.Reg.IsVirtual() {
			continue
		}
		if s.liveAt(o.Reg, d, to) {
			continue
		}
		if p, ok := s.producer(o.Reg, d); ok && depth > 0 && s.anchor[p] < 0 && s.canSink(p, to, depth-1) {
			continue
		}
		// One value other instructions read too (the base of several
		// loads) may live on to the new place: the first instruction
		// moved pays for it, the others then find it live.
		if s.uses[o.Reg] > 1 && extended == 0 {
			extended++
			continue
		}
		return false
	}
	return true
}

// liveAt reports whether r is read at or after final position to by an
// instruction other than the one at d, or is live out of the block.
func (s *sinker) liveAt(r mir.Reg, d, to int) bool {
	if s.liveOut[r] {
		return true
	}
	for _, x := range s.users[r] {
		if x != d && s.final[x] >= to {
			return true
		}
	}
	return false
}
