// vecops.go: operations on vectors of whole words (i32, pointers, float) emitted as one vector op each.

package frontend

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"math"

	"lltosimd/mir"
)

// vecConvert emits a conversion between vectors of i32 and float lanes as
// one vector op (each lane is one G_SITOFP ... as the scalar lowering
// makes it) and reports whether it did.
func (s *fn) vecConvert(inst ir.Instruction, op mir.Opcode, x value.Value, to types.Type) bool {
	ft, ok1 := s.wordVec(x.Type())
	tt, ok2 := s.wordVec(to)
	if !ok1 || !ok2 || ft.Float == tt.Float || ft.Lanes != tt.Lanes {
		return false
	}
	s.defineVec(inst.(value.Value), s.vecOp(op, tt, mir.R(s.vec(x))))
	return true
}

// laneMask is the shape of the lane mask a compare of vectors of shape vt
// produces.
func laneMask(vt mir.VecType) mir.VecType { return mir.VecType{Lanes: vt.Lanes, Bits: 1} }

// defineMask defines v as the mask a vector compare produced: its lanes
// are 0 or 1.
func (s *fn) defineMask(v value.Value, r mir.Reg) {
	s.setZ(r, 1)
	s.defineVec(v, r)
}

// maskPhiSet finds the mask phis of the function (fn.maskPhis): the
// largest set of <N x i1> phis whose incoming values are whole-vector
// compares (word lanes: one G_ICMP/G_FCMP, lanes 0 or 1, defineMask) or
// phis of the set — every phi starts in it and leaves when an input is
// anything else, until nothing changes (a cycle of phis through a back
// edge stays).
func (s *fn) maskPhiSet() map[*ir.InstPhi]bool {
	set := map[*ir.InstPhi]bool{}
	for _, b := range s.irf.Blocks {
		for _, in := range b.Insts {
			if p, ok := in.(*ir.InstPhi); ok {
				if vt, ok := vectorOf(p.Typ); ok && types.Equal(vt.ElemType, types.I1) {
					set[p] = true
				}
			}
		}
	}
	isMask := func(v value.Value) bool {
		switch v := v.(type) {
		case *ir.InstICmp:
			_, ok := s.wordVec(v.X.Type())
			return ok
		case *ir.InstFCmp: // what vecFloatWhole emits whole
			vt, ok := s.wordVec(v.X.Type())
			p, known := fpreds[v.Pred]
			return ok && vt.Float && known && p != mir.FPredFalse && p != mir.FPredTrue
		case *ir.InstPhi:
			return set[v]
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for p := range set {
			for _, inc := range p.Incs {
				if !isMask(inc.X) {
					delete(set, p)
					changed = true
					break
				}
			}
		}
	}
	return set
}

// maskReady reports whether a select condition can drive a whole vector
// select: a scalar, or a mask whose lanes are known to be 0 or 1 (a
// vector G_SELECT tests its lanes like G_SELECT tests its condition).
func (s *fn) maskReady(c value.Value) bool {
	if !isVector(c.Type()) {
		return true
	}
	if _, ok := c.(constant.Constant); ok {
		return false // folded lane by lane
	}
	if lanes, ok := s.vals[c]; ok {
		for _, r := range lanes {
			if !s.isBool(r) {
				return false
			}
		}
		return true
	}
	r, ok := s.vecs[c]
	return ok && !s.vpend[c] && s.isBool(r)
}

// vecShiftAmount returns the second operand of a whole vector op: for
// shifts, the amounts brought into 0..31 as the scalar shiftAmount does
// (false when a constant amount has undefined lanes: those go lane by
// lane).
func (s *fn) vecShiftAmount(k binKind, vt mir.VecType, y value.Value) (mir.Reg, bool) {
	if k != binShl && k != binLShr && k != binAShr {
		return s.vec(y), true
	}
	splat := func(v int64) []mir.Operand {
		ops := make([]mir.Operand, vt.Lanes)
		for i := range ops {
			ops[i] = mir.I(v)
		}
		return ops
	}
	c, ok := y.(constant.Constant)
	if !ok {
		return s.vecOp(mir.GAnd, vt, mir.R(s.vec(y)), mir.R(s.buildVec(vt, splat(31)))), true
	}
	ops := make([]mir.Operand, vt.Lanes)
	for i := range ops {
		k, ok := constInt(s.lane(c, i))
		if !ok {
			if _, zero := c.(*constant.ZeroInitializer); !zero {
				return mir.NoReg, false
			}
		}
		ops[i] = mir.I(int64(k & 31))
	}
	return s.buildVec(vt, ops), true
}

// vecInsert inserts elem into lane idx of a vector of whole words.
func (s *fn) vecInsert(in *ir.InstInsertElement, vt mir.VecType) bool {
	k, isConst := constInt(in.Index)
	if isConst && k >= uint64(vt.Lanes) {
		return false // poison
	}
	e := s.word(in.Elem)
	i := mir.I(int64(k))
	if !isConst {
		i = mir.R(s.vecIndex(in.Index))
	}
	s.defineVec(in, s.vecOp(mir.GInsertVectorElt, vt, mir.R(s.vec(in.X)), mir.R(e), i))
	if isConst {
		src := s.knownLanes(in.X, vt.Lanes)
		src[k] = in.Elem
		if _, ok := in.Elem.(constant.Constant); !ok {
			src[k] = s.regValue(in.Elem.Type(), []mir.Reg{e})
		}
		s.vsrc[in] = src
	}
	return true
}

// vecShuffle builds a shufflevector of vectors of whole words.
func (s *fn) vecShuffle(in *ir.InstShuffleVector) (mir.Reg, bool) {
	rt, ok1 := s.wordVec(in.Typ)
	xt, ok2 := s.wordVec(in.X.Type())
	mask, ok3 := in.Mask.(constant.Constant)
	if !ok1 || !ok2 || !ok3 {
		return mir.NoReg, false
	}
	ops := []mir.Operand{mir.R(s.vec(in.X)), mir.R(s.vec(in.Y))}
	src := append(s.knownLanes(in.X, xt.Lanes), s.knownLanes(in.Y, xt.Lanes)...)
	var res []value.Value
	for i := range rt.Lanes {
		k := int64(mir.ShuffleUndef)
		if cv, ok := s.t.fold(s.lane(mask, i).(constant.Constant)); ok {
			k = int64(cv.off)
			if k >= 2*int64(xt.Lanes) {
				fail("bad shufflevector mask index %d", k)
			}
			res = append(res, src[k])
		} else {
			res = append(res, constant.NewUndef(elemOf(in.Typ)))
		}
		ops = append(ops, mir.I(k))
	}
	r := s.vecOp(mir.GShuffleVector, rt, ops...)
	s.vsrc[in] = res
	return r, true
}

// vecFloatWhole emits a float instruction on vectors of floats as one
// vector op and reports whether it did.
func (s *fn) vecFloatWhole(inst ir.Instruction) bool {
	var op mir.Opcode
	var x, y value.Value
	switch in := inst.(type) {
	case *ir.InstFAdd:
		op, x, y = mir.GFAdd, in.X, in.Y
	case *ir.InstFSub:
		op, x, y = mir.GFSub, in.X, in.Y
	case *ir.InstFMul:
		op, x, y = mir.GFMul, in.X, in.Y
	case *ir.InstFDiv:
		op, x, y = mir.GFDiv, in.X, in.Y
	case *ir.InstFRem:
		op, x, y = mir.GFRem, in.X, in.Y
	case *ir.InstFNeg:
		// The sign bit flipped, as the scalar lowering does (signOp), on
		// the whole vector: one vector XOR with a constant splat that
		// hoist-vector-constants takes out of loops, instead of a scalar
		// XOR and a lane move per lane.
		// A vector whose lanes' scalars are known (a splat) stays per
		// lane: equal lanes share one scalar XOR.
		vt, ok := s.wordVec(in.X.Type())
		if !ok || !vt.Float || s.vsrc[in.X] != nil {
			return false
		}
		it := vt
		it.Float = false
		sign := make([]mir.Operand, vt.Lanes)
		for i := range sign {
			sign[i] = mir.I(math.MinInt32)
		}
		bits := s.vecOp(mir.GCopy, it, mir.R(s.vec(in.X)))
		neg := s.vecOp(mir.GXor, it, mir.R(bits), mir.R(s.buildVec(it, sign)))
		s.defineVec(in, s.vecOp(mir.GCopy, vt, mir.R(neg)))
		return true
	case *ir.InstSIToFP:
		return s.vecConvert(inst, mir.GSIToFP, in.From, in.To)
	case *ir.InstUIToFP:
		return s.vecConvert(inst, mir.GUIToFP, in.From, in.To)
	case *ir.InstFPToSI:
		return s.vecConvert(inst, mir.GFPToSI, in.From, in.To)
	case *ir.InstFPToUI:
		return s.vecConvert(inst, mir.GFPToUI, in.From, in.To)
	case *ir.InstFCmp:
		vt, ok := s.wordVec(in.X.Type())
		p, known := fpreds[in.Pred]
		if !ok || !vt.Float || !known || p == mir.FPredFalse || p == mir.FPredTrue {
			return false
		}
		s.defineMask(in, s.vecOp(mir.GFCmp, laneMask(vt), mir.I(int64(p)), mir.R(s.vec(in.X)), mir.R(s.vec(in.Y))))
		return true
	default:
		return false
	}
	vt, ok := s.wordVec(x.Type())
	if !ok || !vt.Float {
		return false
	}
	s.defineVec(inst.(value.Value), s.vecOp(op, vt, mir.R(s.vec(x)), mir.R(s.vec(y))))
	return true
}

// vecMinMax emits the min/max/abs intrinsics on vectors of whole words as
// whole vector compares and selects, the shape of their scalar lowering
// (intrinsics.go) that a SIMD target selects per lane (or as its min/max
// forms), and reports whether it did:
//
//	smin/smax/umin/umax(a, b) = a REL b ? a : b
//	abs(a)                    = a < 0 ? 0 - a : a
//	minnum(a, b)              = a < b ? a : (b != b ? a : b)   (maxnum: >)
//
// minnum/maxnum return the other operand when one is a NaN (IEEE minNum);
// for equal operands LLVM lets them return either, -0 and +0 included.
func (s *fn) vecMinMax(base string, typ types.Type, args []value.Value) (mir.Reg, bool) {
	vt, ok := s.wordVec(typ)
	if !ok {
		return mir.NoReg, false
	}
	sel := func(m, t, f mir.Reg) mir.Reg {
		s.setZ(m, 1)
		return s.vecOp(mir.GSelect, vt, mir.R(m), mir.R(t), mir.R(f))
	}
	c, isMinMax := reduceMinMax[base]
	switch {
	case !vt.Float && len(args) == 2 && isMinMax:
		a, b := s.vec(args[0]), s.vec(args[1])
		return sel(s.vecOp(mir.GICmp, laneMask(vt), mir.C(c), mir.R(a), mir.R(b)), a, b), true
	case !vt.Float && len(args) == 2 && base == "abs":
		a := s.vec(args[0])
		zeros := make([]mir.Operand, vt.Lanes)
		for i := range zeros {
			zeros[i] = mir.I(0)
		}
		zero := s.buildVec(vt, zeros)
		neg := s.vecOp(mir.GSub, vt, mir.R(zero), mir.R(a))
		return sel(s.vecOp(mir.GICmp, laneMask(vt), mir.C(mir.CondSLT), mir.R(a), mir.R(zero)), neg, a), true
	case vt.Float && len(args) == 2 && (base == "minnum" || base == "maxnum"):
		a, b := s.vec(args[0]), s.vec(args[1])
		p := mir.FPredOLT
		if base == "maxnum" {
			p = mir.FPredOGT
		}
		nan := s.vecOp(mir.GFCmp, laneMask(vt), mir.I(int64(mir.FPredUNE)), mir.R(b), mir.R(b))
		t := sel(nan, a, b)
		return sel(s.vecOp(mir.GFCmp, laneMask(vt), mir.I(int64(p)), mir.R(a), mir.R(b)), a, t), true
	}
	return mir.NoReg, false
}
