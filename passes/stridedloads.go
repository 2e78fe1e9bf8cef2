package passes

import (
	"lltosimd/mir"
)

// StridedLoads makes a vector whose lanes are memory elements at a
// constant stride one G_VLOAD_STRIDED, for a target that selects it
// (VectorMachine.VectorLegal): the splat of a loaded scalar (a broadcast,
// stride 0), a shuffle that repeats or reverses the lanes of a loaded
// vector, a G_BUILD_VECTOR of loads from one base at equal distances.
// Without it such a vector is a load and lane moves (on BWDSP an ALU copy
// and a transfer per lane), where one load reads it in the target's
// strided form (BWDSP `D Rd = [Un + #imm]:S`, spec bwdsp.md §2.3).
//
// The lanes are followed through G_SHUFFLE_VECTOR, G_INSERT_VECTOR_ELT
// and G_EXTRACT_VECTOR_ELT with constant indices and G_BUILD_VECTOR down
// to G_VLOAD, G_VLOAD_STRIDED and G_LOAD32 of the same block and the same
// base (a register, a frame object, or a symbol's address). The new load
// reads what the old ones read: it goes where the vector was when nothing
// between the first load and the vector may write memory, else right
// after the last load when nothing between the loads may; volatile and
// guarded accesses are never combined. An undefined lane (a shuffle's -1,
// IMPLICIT_DEF) reads an address between two lanes that are read, never
// one outside them. Loads nothing reads any more are deleted.
var StridedLoads = Register(&Pass{
	Name: "strided-loads",
	Desc: "vectors of memory elements at a constant stride (splats and shuffles of loaded lanes) as one strided vector load",
	Stats: map[string]string{
		"combined":      "Number of vectors made one strided load",
		"broadcasts":    "Number of them that broadcast one element (stride 0)",
		"refused-store": "Number of vectors of loaded lanes left: memory may be written between the loads and the vector",
	},
	Needs: mir.PropSSA, Forbids: mir.PropSelected,
	Run: runStridedLoads,
})

// laneWord is where one lane of a vector comes from: the element at
// base + off read by load, or nothing (undef: an undefined lane).
type laneWord struct {
	load  *mir.Instr
	base  mir.Operand // a register, a frame object, or a KindSym for a symbol's address
	off   int64
	undef bool
	// op is the load's base operand, which addresses base + opDisp (a
	// register holding sym+opDisp).
	op     mir.Operand
	opDisp int64
}

type stridedState struct {
	c    *Ctx
	f    *mir.Func
	defs map[mir.Reg]*mir.Instr
	blk  map[*mir.Instr]*mir.Block
}

func runStridedLoads(c *Ctx, f *mir.Func) error {
	vm, ok := MachineFor(f.Arch).(VectorMachine)
	if !ok || !f.HasVectors() {
		return nil
	}
	s := &stridedState{c: c, f: f, defs: map[mir.Reg]*mir.Instr{}, blk: map[*mir.Instr]*mir.Block{}}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			s.blk[in] = b
			for _, d := range in.Defs() {
				if d.Reg.IsVirtual() {
					s.defs[d.Reg] = in
				}
			}
		}
	}
	sources := map[*mir.Instr]bool{}
	uses := useCounts(f)
	for _, b := range f.Blocks {
		for i := 0; i < len(b.Instrs); i++ {
			in := b.Instrs[i]
			switch in.Op {
			case mir.GShuffleVector, mir.GBuildVector, mir.GInsertVectorElt:
			default:
				continue
			}
			if in.Pred() != nil || len(in.Defs()) != 1 {
				continue
			}
			d := in.Defs()[0].Reg
			t, ok := f.VecOf(d)
			if !ok || t.Bits != 32 || uses[d] == 0 {
				continue
			}
			lanes := make([]laneWord, t.Lanes)
			for j := range lanes {
				if lanes[j], ok = s.lane(d, j, 0); !ok {
					break
				}
			}
			if !ok {
				continue
			}
			base, off, stride, ok := progression(lanes, 4)
			if !ok || stride != 4 && !vm.VectorLegal(mir.GVLoadStrided, t) {
				continue
			}
			at, why := s.placement(b, i, lanes)
			if at < 0 {
				c.Count("refused-store", 1)
				c.Debugf("strided-loads: @%s: %s: %s", f.Name, mir.FormatInstr(f, in), why)
				continue
			}
			var ld *mir.Instr
			if stride == 4 {
				ld = mir.NewInstr(mir.GVLoad, mir.D(d), base, mir.I(off), mir.I(4))
			} else {
				ld = mir.NewInstr(mir.GVLoadStrided, mir.D(d), base, mir.I(off), mir.I(4), mir.I(stride))
			}
			ld.Mem = laneMem(lanes)
			c.Debugf("strided-loads: @%s: %s -> %s", f.Name, mir.FormatInstr(f, in), mir.FormatInstr(f, ld))
			c.Count("combined", 1)
			if stride == 0 {
				c.Count("broadcasts", 1)
			}
			for _, l := range lanes {
				if !l.undef {
					sources[l.load] = true
				}
			}
			b.Instrs[i] = ld
			if at != i {
				// After the last load: move the new load there.
				copy(b.Instrs[at+1:i+1], b.Instrs[at:i])
				b.Instrs[at] = ld
			}
			s.defs[d] = ld
			s.blk[ld] = b
		}
	}
	if len(sources) > 0 {
		sweepDeadLoads(f, sources)
	}
	return nil
}

// lane returns where lane j of vector register r comes from.
func (s *stridedState) lane(r mir.Reg, j, depth int) (laneWord, bool) {
	d := s.defs[r]
	if d == nil || d.Pred() != nil || depth > 8 {
		return laneWord{}, false
	}
	uses := d.Uses()
	switch d.Op {
	case mir.GImplicitDef:
		return laneWord{undef: true}, true
	case mir.GVLoad, mir.GVLoadStrided:
		t, _ := s.f.VecOf(r)
		stride := int64(t.Bits / 8)
		if d.Op == mir.GVLoadStrided {
			stride = uses[3].Imm
		}
		return s.word(d, uses[0], uses[1].Imm+int64(j)*stride)
	case mir.GShuffleVector:
		k := uses[2+j].Imm
		if k < 0 {
			return laneWord{undef: true}, true
		}
		if uses[0].Kind != mir.KindReg || uses[1].Kind != mir.KindReg {
			return laneWord{}, false
		}
		ta, _ := s.f.VecOf(uses[0].Reg)
		if k < int64(ta.Lanes) {
			return s.lane(uses[0].Reg, int(k), depth+1)
		}
		return s.lane(uses[1].Reg, int(k)-ta.Lanes, depth+1)
	case mir.GInsertVectorElt:
		if uses[2].Kind != mir.KindImm || uses[0].Kind != mir.KindReg {
			return laneWord{}, false
		}
		if int64(j) == uses[2].Imm {
			return s.scalar(uses[1], depth+1)
		}
		return s.lane(uses[0].Reg, j, depth+1)
	case mir.GBuildVector:
		return s.scalar(uses[j], depth+1)
	}
	return laneWord{}, false
}

// scalar returns where the scalar operand o comes from: a word load, or a
// lane of a vector.
func (s *stridedState) scalar(o mir.Operand, depth int) (laneWord, bool) {
	if o.Kind != mir.KindReg || !o.Reg.IsVirtual() {
		return laneWord{}, false
	}
	d := s.defs[o.Reg]
	if d == nil || d.Pred() != nil {
		return laneWord{}, false
	}
	uses := d.Uses()
	switch d.Op {
	case mir.GLoad32:
		return s.word(d, uses[0], uses[1].Imm)
	case mir.GExtractVectorElt:
		if uses[1].Kind != mir.KindImm || uses[0].Kind != mir.KindReg {
			return laneWord{}, false
		}
		return s.lane(uses[0].Reg, int(uses[1].Imm), depth+1)
	case mir.GImplicitDef:
		return laneWord{undef: true}, true
	}
	return laneWord{}, false
}

// word describes the element load ld reads at base + off; a base
// register holding a symbol's address is the symbol, so that loads of
// one global through different G_GLOBAL_ADDRs meet.
func (s *stridedState) word(ld *mir.Instr, base mir.Operand, off int64) (laneWord, bool) {
	if ld.Mem != nil && ld.Mem.Volatile {
		return laneWord{}, false
	}
	w := laneWord{load: ld, base: base, off: off, op: base}
	if base.Kind == mir.KindReg {
		if g := s.defs[base.Reg]; g != nil && g.Op == mir.GGlobalAddr && g.Ops[1].Kind == mir.KindSym {
			w.base, w.opDisp = mir.S(g.Ops[1].Sym, 0), g.Ops[1].Imm
			w.off += w.opDisp
		}
	}
	return w, true
}

// sameBase reports whether a and b name one base address.
func sameBase(a, b mir.Operand) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case mir.KindReg:
		return a.Reg == b.Reg
	case mir.KindFrame:
		return a.Imm == b.Imm && a.Off == b.Off
	case mir.KindSym:
		return a.Sym == b.Sym
	}
	return false
}

// progression checks that the defined lanes read base + off + j*stride
// (lane j) with every undefined lane between two defined ones (or a
// stride of 0), and returns the base operand of the load to make, the
// offset of lane 0 from it and the stride; es is the lane size, which
// the stride is a multiple of.
func progression(lanes []laneWord, es int64) (mir.Operand, int64, int64, bool) {
	first, last := -1, -1
	for j, l := range lanes {
		if !l.undef {
			if first < 0 {
				first = j
			}
			last = j
		}
	}
	if first < 0 {
		return mir.Operand{}, 0, 0, false
	}
	f := lanes[first]
	var stride int64
	if last > first {
		d := lanes[last].off - f.off
		if d%int64(last-first) != 0 {
			return mir.Operand{}, 0, 0, false
		}
		stride = d / int64(last-first)
	}
	if stride%es != 0 || stride != 0 && (first > 0 || last < len(lanes)-1) {
		return mir.Operand{}, 0, 0, false
	}
	for j, l := range lanes {
		if l.undef {
			continue
		}
		if !sameBase(l.base, f.base) || l.off != f.off+int64(j-first)*stride {
			return mir.Operand{}, 0, 0, false
		}
	}
	// The new load reads through the first lane's load's base operand,
	// which addresses f.base + f.opDisp.
	return f.op, f.off - f.opDisp - int64(first)*stride, stride, true
}

// placement returns where the load of lanes may go in b, whose i-th
// instruction makes the vector: i when no instruction between the first
// load and i may write memory, after the last load when none between the
// loads may, else -1 and why not.
func (s *stridedState) placement(b *mir.Block, i int, lanes []laneWord) (int, string) {
	first, last := len(b.Instrs), -1
	for _, l := range lanes {
		if l.undef {
			continue
		}
		if s.blk[l.load] != b {
			return -1, "a lane is loaded in another block"
		}
		k := indexOf(b.Instrs, l.load, i)
		if k < 0 {
			return -1, "a lane is loaded after the vector"
		}
		first, last = min(first, k), max(last, k)
	}
	writes := func(from, to int) bool {
		for _, in := range b.Instrs[from+1 : to] {
			if s.f.Arch.Desc(in.Op).Flags&(mir.FlagStore|mir.FlagCall|mir.FlagSideEffect) != 0 {
				return true
			}
		}
		return false
	}
	switch {
	case !writes(first, i):
		return i, ""
	case !writes(first, last+1):
		return last + 1, ""
	}
	return -1, "memory may be written between the loads"
}

// indexOf returns the position of in among the first n instructions, or -1.
func indexOf(ins []*mir.Instr, in *mir.Instr, n int) int {
	for k := range ins[:n] {
		if ins[k] == in {
			return k
		}
	}
	return -1
}

// laneMem is the memory operand of a load of lanes: the object of the
// loads it replaces, covering all their bytes (nil when they differ or
// one is unknown).
func laneMem(lanes []laneWord) *mir.MemOperand {
	var m *mir.MemOperand
	var lo, hi int64
	for _, l := range lanes {
		if l.undef {
			continue
		}
		o := l.load.Mem
		if o == nil {
			return nil
		}
		if m == nil {
			c := *o
			m, lo, hi = &c, o.Off, o.Off+o.Size
			continue
		}
		if o.Obj != m.Obj || o.Sym != m.Sym || o.Index != m.Index || o.NoAlias != m.NoAlias {
			return nil
		}
		if !o.OffKnown || o.Size <= 0 {
			m.OffKnown = false
		}
		lo, hi = min(lo, o.Off), max(hi, o.Off+o.Size)
	}
	if m != nil {
		if m.OffKnown && m.Size > 0 {
			m.Off, m.Size = lo, hi-lo
		} else {
			m.OffKnown, m.Size = false, 0
		}
	}
	return m
}

// sweepDeadLoads deletes, with the pure generic instructions nothing
// reads (sweepDead), the loads of sources that nothing reads any more.
func sweepDeadLoads(f *mir.Func, sources map[*mir.Instr]bool) {
	for changed := true; changed; {
		changed = false
		sweepDead(f)
		uses := useCounts(f)
		for _, b := range f.Blocks {
			kept := b.Instrs[:0]
			for _, in := range b.Instrs {
				if sources[in] && uses[in.Defs()[0].Reg] == 0 {
					changed = true
					continue
				}
				kept = append(kept, in)
			}
			b.Instrs = kept
		}
	}
}
