package frontend

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"

	"lltosimd/mir"
)

// Atomics become the generic atomic ops (G_ATOMICRMW_*, G_ATOMIC_CMPXCHG,
// G_FENCE); the pass atomic-lowering expands them as the target says
// (passes/atomiclower.go: plain load-modify-store sequences on the
// single-core targets). Atomic loads and stores stay plain accesses.

// atomicOps maps the atomicrmw operations to the generic atomic ops.
var atomicOps = map[enum.AtomicOp]mir.Opcode{
	enum.AtomicOpXChg: mir.GAtomicRMWXchg, enum.AtomicOpAdd: mir.GAtomicRMWAdd, enum.AtomicOpSub: mir.GAtomicRMWSub,
	enum.AtomicOpAnd: mir.GAtomicRMWAnd, enum.AtomicOpNAnd: mir.GAtomicRMWNand, enum.AtomicOpOr: mir.GAtomicRMWOr,
	enum.AtomicOpXor: mir.GAtomicRMWXor, enum.AtomicOpMax: mir.GAtomicRMWMax, enum.AtomicOpMin: mir.GAtomicRMWMin,
	enum.AtomicOpUMax: mir.GAtomicRMWUMax, enum.AtomicOpUMin: mir.GAtomicRMWUMin,
}

// atomic translates fence, atomicrmw and cmpxchg.
func (s *fn) atomic(inst ir.Instruction) {
	switch in := inst.(type) {
	case *ir.InstFence:
		s.emit(mir.GFence, mir.I(int64(in.Ordering)))
	case *ir.InstAtomicRMW:
		t := in.X.Type()
		s.checkAtomicType(t)
		op, ok := atomicOps[in.Op]
		if !ok {
			fail("unsupported: atomicrmw %s", in.Op)
		}
		base, off := s.addr(in.Dst)
		x := s.words(in.X)
		old := s.atomicOp(op, t, base, off, x, 0)
		s.define(in, old)
	case *ir.InstCmpXchg:
		t := in.Cmp.Type()
		s.checkAtomicType(t)
		base, off := s.addr(in.Ptr)
		cmp, nw := s.words(in.Cmp), s.words(in.New)
		defs := s.atomicOp(mir.GAtomicCmpXchg, t, base, off, append(cmp, nw...), 1)
		s.setZ(defs[len(defs)-1], 1)
		s.define(in, defs)
	default:
		fail("unsupported: atomic operation '%s'", opName(inst))
	}
}

// atomicOp emits an atomic op on a value of type t at base+off with the
// given value words; it defines the old value's words and extra more
// (cmpxchg's success flag). A narrow old value is zero-extended.
func (s *fn) atomicOp(op mir.Opcode, t types.Type, base mir.Operand, off int64, vals []mir.Reg, extra int) []mir.Reg {
	size, nw := s.memType(t)
	if align := must(s.t.lay.Align(t)); align < min(size, 4) || size > 4 && size%4 != 0 || size == 3 {
		fail("unsupported: atomic operation on type '%s' of %d bytes aligned to %d", t, size, align)
	}
	defs := make([]mir.Reg, nw+extra)
	ops := make([]mir.Operand, 0, len(defs)+4+len(vals))
	for i := range defs {
		defs[i] = s.reg()
		ops = append(ops, mir.D(defs[i]))
	}
	be := int64(0)
	if s.t.opts.BigEndian {
		be = 1
	}
	ops = append(ops, base, mir.I(off), mir.I(size), mir.I(be))
	for _, r := range vals {
		ops = append(ops, mir.R(r))
	}
	s.emit(op, ops...)
	if size < 4 {
		s.setZ(defs[0], 8*int(size))
	}
	return defs
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
