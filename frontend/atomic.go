package frontend

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"

	"lltosimd/mir"
)

// Atomics: Cpu0 is single-core and our runtime never enables interrupts, so
// no other agent can observe memory between two instructions. A plain
// load-modify-store sequence is therefore atomic, every memory ordering is
// met by program order, and fences need no code. (A target with interrupts
// or several cores would need its own lowering of these operations.)

// atomicBin maps atomicrmw operations to the word-wise binary kinds.
var atomicBin = map[enum.AtomicOp]binKind{
	enum.AtomicOpAdd: binAdd, enum.AtomicOpSub: binSub, enum.AtomicOpAnd: binAnd,
	enum.AtomicOpOr: binOr, enum.AtomicOpXor: binXor,
}

// atomicMinMax maps the atomicrmw min/max operations to their compares.
var atomicMinMax = map[enum.AtomicOp]mir.Cond{
	enum.AtomicOpMax: mir.CondSGT, enum.AtomicOpMin: mir.CondSLT,
	enum.AtomicOpUMax: mir.CondUGT, enum.AtomicOpUMin: mir.CondULT,
}

// atomic translates fence, atomicrmw and cmpxchg.
func (s *fn) atomic(inst ir.Instruction) {
	switch in := inst.(type) {
	case *ir.InstFence:
		// Program order is the only order on a single core.
	case *ir.InstAtomicRMW:
		t := in.X.Type()
		s.checkAtomicType(t)
		base, off := s.addr(in.Dst)
		align := must(s.t.lay.Align(t))
		old := s.loadT(t, base, off, align, nil)
		oldV := s.regValue(t, old)
		var nw []mir.Reg
		if k, ok := atomicBin[in.Op]; ok {
			nw = s.binary(k, oldV, in.X)
		} else if c, ok := atomicMinMax[in.Op]; ok {
			nw = s.minMax(c, oldV, in.X)
		} else {
			switch in.Op {
			case enum.AtomicOpXChg:
				nw = s.words(in.X)
			case enum.AtomicOpNAnd:
				and := s.binary(binAnd, oldV, in.X)
				for _, w := range and {
					nw = append(nw, s.op2(mir.GXor, w, s.konst(-1)))
				}
			default:
				fail("unsupported: atomicrmw %s", in.Op)
			}
		}
		s.storeT(t, nw, base, off, align)
		s.define(in, old)
	case *ir.InstCmpXchg:
		t := in.Cmp.Type()
		s.checkAtomicType(t)
		base, off := s.addr(in.Ptr)
		align := must(s.t.lay.Align(t))
		old := s.loadT(t, base, off, align, nil)
		eq := s.icmp(enum.IPredEQ, s.regValue(t, old), in.Cmp)
		nw := s.words(in.New)
		stored := make([]mir.Reg, len(old))
		for i := range old {
			stored[i] = s.selectR(eq, nw[i], old[i])
		}
		// Storing the old value back on failure is harmless: nothing can
		// have changed the location in between.
		s.storeT(t, stored, base, off, align)
		s.define(in, append(append([]mir.Reg(nil), old...), eq))
	default:
		fail("unsupported: atomic operation '%s'", opName(inst))
	}
}

// checkAtomicType rejects atomic operations on types other than integers
// and pointers (atomicrmw fadd/fsub on floats).
func (s *fn) checkAtomicType(t types.Type) {
	switch t.(type) {
	case *types.IntType, *types.PointerType:
		return
	}
	fail("unsupported: atomic operation on type '%s'", t)
}
