package passes

import (
	"fmt"
	"slices"
	"strconv"

	"lltosimd/mir"
)

// Statistic keys of loop-strength-reduce.
const (
	statLSRPointers = "pointers"
	statLSRUses     = "uses"
	statLSRDeadIVs  = "dead-ivs"
)

// loop-strength-reduce gives each address base + iv*scale that an
// innermost loop computes from an induction variable iv (a header phi
// stepping by a constant s) and a loop-invariant base a pointer of its
// own: p = PHI(base + init*scale from the preheader, p + s*scale from the
// latch), the sum being replaced by p. Equal (base, iv, scale) share one
// pointer. It is the part of LLVM's LSR that post-modify addressing needs
// (`[Un += imm]`, see post-modify): afterwards each access reads a
// pointer that the loop increments by a constant, and the shift, multiply
// and add of the address die unless something else uses them.
//
// It runs on SSA generic MIR before selection, on loops with one latch
// and a preheader; it is target-independent (no hook), and a target opts
// in by naming it in its pipeline, as BWDSP does before post-modify.
var _ = Register(&Pass{
	Name: "loop-strength-reduce",
	Desc: "addresses base + iv*scale in innermost loops to pointer induction variables",
	Stats: map[string]string{
		statLSRPointers: "Number of pointer induction variables created",
		statLSRUses:     "Number of address computations replaced by a pointer induction variable",
		statLSRDeadIVs:  "Number of induction variables deleted because only their increment used them",
	},
	Needs:   mir.PropSSA,
	Forbids: mir.PropSelected,
	Run:     runLSR,
})

func runLSR(c *Ctx, f *mir.Func) error {
	if len(f.Blocks) == 0 {
		return nil
	}
	f.RecomputeCFG()
	minUses := 1
	if v := c.Option(OptLSRMinUses); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("loop-strength-reduce: invalid %s value '%s'", OptLSRMinUses, v)
		}
		minUses = n
	} else if m, ok := MachineFor(f.Arch).(LSRMachine); ok {
		minUses = max(1, m.LSRMinUses())
	}
	li := mir.ComputeLoops(f, mir.ComputeDominators(f))
	defs := defMap(f)
	for _, l := range li.Loops {
		if len(l.Children) == 0 {
			lsrLoop(c, f, l, defs, minUses)
		}
	}
	return nil
}

// OptLSRMinUses (-pass-option=lsr-min-uses=N) overrides the target's
// LSRMinUses.
const OptLSRMinUses = "lsr-min-uses"

// LSRMachine is implemented by a Machine that wants a pointer induction
// variable only for a (base, iv, scale) that at least LSRMinUses addresses
// of a loop share; without it every such address gets one (what
// post-modify addressing wants). A pointer costs a register live through
// the loop, its start value and its increment, and saves the shift and
// add of each address it replaces (the constant offsets fold into the
// accesses): on a target with few registers and no post-modify, one use
// does not pay (as LLVM's LSR cost model weighs registers against the
// instructions saved).
type LSRMachine interface {
	LSRMinUses() int
}

type ivInfo struct {
	phi  *mir.Instr
	init mir.Operand
	step int64
}

func lsrLoop(c *Ctx, f *mir.Func, l *mir.Loop, defs map[mir.Reg]*mir.Instr, minUses int) {
	if len(l.Latches) != 1 {
		return
	}
	// entry is the loop's one predecessor outside it: the preheader, or
	// the block whose edge into the header becomes one (below) when
	// there is something to strength-reduce.
	var entry *mir.Block
	for _, p := range l.Header.Preds {
		if !l.Contains(p) {
			if entry != nil {
				return
			}
			entry = p
		}
	}
	if entry == nil {
		return
	}
	latch := l.Latches[0]
	ivs := map[mir.Reg]ivInfo{}
	for _, in := range l.Header.Instrs {
		if in.Op != mir.GPhi {
			continue
		}
		init, ok1 := mir.PhiIncoming(in, entry)
		next := phiValue(in, latch)
		d := defs[next]
		if !ok1 || d == nil || d.Op != mir.GAdd || d.Ops[1].Kind != mir.KindReg || d.Ops[1].Reg != in.Ops[0].Reg {
			continue
		}
		s, ok := constOf(d.Ops[2], defs)
		if !ok || (init.Kind != mir.KindImm && !invariant(init, l, defs)) {
			continue
		}
		ivs[in.Ops[0].Reg] = ivInfo{phi: in, init: init, step: s}
	}
	if len(ivs) == 0 {
		return
	}
	// scaled recognizes x = iv*scale + off built from iv by shifts and
	// multiplies by constants and additions of constants, including an OR
	// with a constant below the lowest bit iv*scale + off can have set
	// (an unrolled loop's (i*8 | k) << 4 is i*128 + k*16).
	var scaled func(o mir.Operand, depth int) (iv mir.Reg, scale, off int64, ok bool)
	scaled = func(o mir.Operand, depth int) (mir.Reg, int64, int64, bool) {
		if o.Kind != mir.KindReg {
			return 0, 0, 0, false
		}
		if _, ok := ivs[o.Reg]; ok {
			return o.Reg, 1, 0, true
		}
		d := defs[o.Reg]
		if depth == 0 || d == nil || d.Ops[1].Kind != mir.KindReg {
			return 0, 0, 0, false
		}
		switch d.Op {
		case mir.GShl, mir.GMul, mir.GAdd, mir.GOr:
		default:
			return 0, 0, 0, false
		}
		k, ok := constOf(d.Ops[2], defs)
		if !ok {
			return 0, 0, 0, false
		}
		iv, scale, off, ok := scaled(d.Ops[1], depth-1)
		if !ok {
			return 0, 0, 0, false
		}
		switch d.Op {
		case mir.GShl:
			if k < 0 || k > 31 {
				return 0, 0, 0, false
			}
			scale, off = scale<<k, off<<k
		case mir.GMul:
			scale, off = scale*k, off*k
		case mir.GAdd:
			off += k
		case mir.GOr:
			// Every bit of k is zero in iv*scale + off: the OR adds.
			low := scale & -scale // the lowest bit iv*scale may set
			if low == 0 || k < 0 || k >= low || off&(low-1) != 0 {
				return 0, 0, 0, false
			}
			off += k
		}
		return iv, int64(int32(scale)), int64(int32(off)), true
	}
	// An address is base + x with x = iv*scale + off (either operand
	// order) and base invariant, or a G_GLOBAL_ADDR inside the loop: the
	// frontend materializes a global's address in every block that uses
	// it, so such a base is invariant all the same, and addresses of one
	// symbol share a pointer.
	type key struct {
		base  mir.Reg
		sym   mir.Operand // the symbol of a G_GLOBAL_ADDR base in the loop
		iv    mir.Reg
		scale int64
	}
	baseKey := func(o mir.Operand) (key, bool) {
		if invariant(o, l, defs) {
			if _, isConst := constOf(o, defs); isConst {
				return key{}, false
			}
			return key{base: o.Reg}, true
		}
		if d := defs[o.Reg]; o.Kind == mir.KindReg && d != nil && d.Op == mir.GGlobalAddr {
			return key{sym: d.Ops[1]}, true
		}
		return key{}, false
	}
	type use struct {
		in  *mir.Instr
		k   key
		off int64
	}
	var uses []use
	count := map[key]int{}
	for _, b := range l.Blocks {
		for _, in := range b.Instrs {
			if in.Op != mir.GAdd || in.Ops[1].Kind != mir.KindReg || in.Ops[2].Kind != mir.KindReg {
				continue
			}
			for _, ord := range [2][2]int{{1, 2}, {2, 1}} {
				iv, scale, off, ok := scaled(in.Ops[ord[1]], 4)
				if !ok {
					continue
				}
				k, ok := baseKey(in.Ops[ord[0]])
				if !ok {
					continue
				}
				k.iv, k.scale = iv, scale
				uses = append(uses, use{in, k, off})
				count[k]++
				break
			}
		}
	}
	uses = slices.DeleteFunc(uses, func(u use) bool { return count[u.k] < minUses })
	if len(uses) == 0 {
		return
	}
	pre := l.Preheader()
	if pre == nil {
		if pre = mir.SplitCriticalEdge(entry, l.Header); pre == nil {
			return
		}
		placeBefore(f, pre, l.Header)
	}
	ptrs := map[key]mir.Reg{}
	rename := map[mir.Reg]mir.Reg{}
	// A G_GLOBAL_ADDR base is re-created once in the preheader (one per
	// symbol and offset), so that the pointer's start value can be
	// computed there.
	hoisted := map[mir.Operand]mir.Reg{}
	for _, u := range uses {
		in, k, off := u.in, u.k, u.off
		base := k.base
		if base == mir.NoReg {
			r, ok := hoisted[k.sym]
			if !ok {
				r = f.NewVReg(f.ClassOf(in.Ops[0].Reg))
				hin := mir.NewInstr(mir.GGlobalAddr, mir.D(r), k.sym)
				insertBeforeTerminators(f, pre, []*mir.Instr{hin})
				defs[r] = hin
				hoisted[k.sym] = r
			}
			base = r
		}
		p, ok := ptrs[k]
		if !ok {
			p = newPointerIV(f, pre, latch, l.Header, ivs[k.iv], base, k.scale, defs)
			ptrs[k] = p
			c.Count(statLSRPointers, 1)
		}
		c.Count(statLSRUses, 1)
		c.Debugf("loop-strength-reduce: %s: %%%d = base %%%d + iv %%%d * %d + %d -> pointer %%%d", f.Name,
			in.Ops[0].Reg.VirtIndex(), base.VirtIndex(), k.iv.VirtIndex(), k.scale, off, p.VirtIndex())
		if off == 0 {
			rename[in.Ops[0].Reg] = p
			continue
		}
		// p + off: the constant (in the preheader, where it is
		// invariant) is for the target to fold into the access.
		cr := f.NewVReg(f.ClassOf(p))
		cin := mir.NewInstr(mir.GConst, mir.D(cr), mir.I(off))
		insertBeforeTerminators(f, pre, []*mir.Instr{cin})
		defs[cr] = cin
		in.Ops[1], in.Ops[2] = mir.R(p), mir.R(cr)
	}
	defer removeDeadIVs(c, f, ivs, latch)
	if len(rename) == 0 {
		return
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for i := range m.Ops {
					o := &m.Ops[i]
					if o.IsUse() && o.Kind == mir.KindReg {
						if r, ok := rename[o.Reg]; ok {
							o.Reg = r
						}
					}
				}
			}
		}
	}
}

// newPointerIV makes p = PHI(base + init*scale, p + step*scale) in header
// and returns p.
func newPointerIV(f *mir.Func, pre, latch, header *mir.Block, iv ivInfo, base mir.Reg, scale int64, defs map[mir.Reg]*mir.Instr) mir.Reg {
	rc := f.ClassOf(base)
	var setup []*mir.Instr
	emit := func(op mir.Opcode, ops ...mir.Operand) mir.Reg {
		r := f.NewVReg(rc)
		setup = append(setup, mir.NewInstr(op, append([]mir.Operand{mir.D(r)}, ops...)...))
		return r
	}
	konst := func(v int64) mir.Operand { return mir.R(emit(mir.GConst, mir.I(int64(int32(v))))) }
	start := base
	if v, ok := constOf(iv.init, defs); ok {
		if int32(v*scale) != 0 {
			start = emit(mir.GAdd, mir.R(base), konst(v*scale))
		}
	} else {
		start = emit(mir.GAdd, mir.R(base), mir.R(emit(mir.GMul, mir.R(iv.init.Reg), konst(scale))))
	}
	insertBeforeTerminators(f, pre, setup)
	p := f.NewVReg(rc)
	next := f.NewVReg(rc)
	phi := mir.NewInstr(mir.GPhi, mir.D(p), mir.R(start), mir.B(pre), mir.R(next), mir.B(latch))
	header.Instrs = append([]*mir.Instr{phi}, header.Instrs...)
	setup = nil
	inc := konst(iv.step * scale)
	setup = append(setup, mir.NewInstr(mir.GAdd, mir.D(next), mir.R(p), inc))
	insertBeforeTerminators(f, latch, setup)
	defs[p], defs[next] = phi, setup[len(setup)-1]
	return p
}

// removeDeadIVs deletes induction variables whose phi and increment only
// feed each other (left behind by strength reduction and hardware loops).
func removeDeadIVs(c *Ctx, f *mir.Func, ivs map[mir.Reg]ivInfo, latch *mir.Block) {
	sweepDead(f)
	uses := useCounts(f)
	for r, iv := range ivs {
		next := phiValue(iv.phi, latch)
		if uses[r] != 1 || uses[next] != 1 {
			continue
		}
		for _, b := range f.Blocks {
			b.Instrs = slices.DeleteFunc(b.Instrs, func(in *mir.Instr) bool {
				return in == iv.phi || in.Op == mir.GAdd && in.Ops[0].Reg == next
			})
		}
		c.Count(statLSRDeadIVs, 1)
	}
}

// useCounts counts the reads of each register in f.
func useCounts(f *mir.Func) map[mir.Reg]int {
	uses := map[mir.Reg]int{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for _, o := range m.Ops {
					if o.IsUse() && o.Kind == mir.KindReg {
						uses[o.Reg]++
					}
				}
			}
		}
	}
	return uses
}

// sweepDead deletes generic instructions without effects whose results
// nobody reads (the address arithmetic a pointer replaced), repeatedly.
func sweepDead(f *mir.Func) {
	const effects = mir.FlagSideEffect | mir.FlagStore | mir.FlagLoad | mir.FlagCall | mir.FlagTerminator | mir.FlagBranch
	for changed := true; changed; {
		changed = false
		uses := useCounts(f)
		for _, b := range f.Blocks {
			b.Instrs = slices.DeleteFunc(b.Instrs, func(in *mir.Instr) bool {
				if !in.Op.IsGeneric() || mir.GenericDesc(in.Op).Flags&effects != 0 || len(in.Bundle) > 0 {
					return false
				}
				ds := in.Defs()
				if len(ds) == 0 {
					return false
				}
				for _, d := range ds {
					if !d.Reg.IsVirtual() || uses[d.Reg] > 0 {
						return false
					}
				}
				changed = true
				return true
			})
		}
	}
}
