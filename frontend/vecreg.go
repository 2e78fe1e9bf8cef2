// vecreg.go: vector values in vector registers: their shapes, building and reading lanes, what is known of each lane.

package frontend

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// vecType returns the vector register shape of IR type t, if values of t
// live in one vector register.
func (s *fn) vecType(t types.Type) (mir.VecType, bool) {
	vt, ok := t.(*types.VectorType)
	if !ok || vt.Scalable {
		return mir.VecType{}, false
	}
	r := mir.VecType{Lanes: int(vt.Len), Bits: 32}
	switch e := vt.ElemType.(type) {
	case *types.IntType:
		r.Bits = int(e.BitSize)
	case *types.PointerType:
	case *types.FloatType:
		if e.Kind != types.FloatKindFloat {
			return mir.VecType{}, false
		}
		r.Float = true
	default:
		return mir.VecType{}, false
	}
	if vt.Len > 64 || !r.Valid() {
		return mir.VecType{}, false
	}
	return r, true
}

// wordVec returns the shape of a vector type whose lanes are whole words:
// the vectors whose operations the frontend emits whole. Narrower lanes
// go lane by lane through the scalar lowering, which knows their
// extension state.
func (s *fn) wordVec(t types.Type) (mir.VecType, bool) {
	vt, ok := s.vecType(t)
	return vt, ok && vt.Bits == 32
}

// vec returns the vector register holding v, building it at the current
// point from v's known lanes or constant elements when v has none.
func (s *fn) vec(v value.Value) mir.Reg {
	vt, _ := s.vecType(v.Type())
	if r, ok := s.vecs[v]; ok {
		return r
	}
	if lanes, ok := s.vals[v]; ok {
		return s.buildVec(vt, regOps(lanes))
	}
	if c, ok := v.(constant.Constant); ok {
		return s.constVec(c, vt)
	}
	// A use before the definition in layout order: reserve the register.
	r := s.f.NewVecVReg(vt)
	s.vecs[v], s.vpend[v] = r, true
	s.nameRegs(v, []mir.Reg{r})
	return r
}

func regOps(regs []mir.Reg) []mir.Operand {
	ops := make([]mir.Operand, len(regs))
	for i, r := range regs {
		ops[i] = mir.R(r)
	}
	return ops
}

// vecOp emits a vector op defining a new vector register of shape vt.
func (s *fn) vecOp(op mir.Opcode, vt mir.VecType, srcs ...mir.Operand) mir.Reg {
	d := s.f.NewVecVReg(vt)
	s.emit(op, append([]mir.Operand{mir.D(d)}, srcs...)...)
	return d
}

func (s *fn) buildVec(vt mir.VecType, lanes []mir.Operand) mir.Reg {
	return s.vecOp(mir.GBuildVector, vt, lanes...)
}

// constVec builds a constant vector. Integer (and float) lanes are
// immediates: a target without vectors materializes them where each lane
// is used, as the scalar lowering does (undefined lanes are 0, like
// constWords's).
func (s *fn) constVec(c constant.Constant, vt mir.VecType) mir.Reg {
	ops := make([]mir.Operand, vt.Lanes)
	for i := range ops {
		e := s.lane(c, i).(constant.Constant)
		switch cv, ok := s.t.fold(e); {
		case ok && cv.sym == "":
			ops[i] = mir.I(int64(int32(cv.off)))
		case isUndef(e):
			ops[i] = mir.I(0)
		default:
			ops[i] = mir.R(s.word(e))
		}
	}
	return s.buildVec(vt, ops)
}

func isUndef(c constant.Constant) bool {
	switch c.(type) {
	case *constant.Undef, *constant.Poison:
		return true
	}
	return false
}

// extractLane reads lane i of r, once per block (so that the scalar
// lowering sees one register per lane, as it folds selects of equal
// values); the facts known of r hold for each lane.
func (s *fn) extractLane(r mir.Reg, i int) mir.Reg {
	key := [2]mir.Reg{r, mir.Reg(i)}
	if d, ok := s.laneRd[key]; ok {
		return d
	}
	d := s.reg()
	s.laneRd[key] = d
	s.emit(mir.GExtractVectorElt, mir.D(d), mir.R(r), mir.I(int64(i)))
	if f, ok := s.ext[r]; ok {
		s.ext[d] = f
	}
	return d
}

// defineLanes binds vector value v to lanes computed one by one: they are
// its known lanes (lane reads use them directly, with their facts) and the
// elements of its vector register.
func (s *fn) defineLanes(v value.Value, vt mir.VecType, lanes []mir.Reg) {
	s.defineVec(v, s.buildVec(vt, regOps(lanes)))
	s.vals[v] = lanes
}

// defineVec binds vector value v to vector register r, copying into the
// register reserved by an earlier forward reference.
func (s *fn) defineVec(v value.Value, r mir.Reg) {
	if s.vpend[v] {
		old := s.vecs[v]
		s.emit(mir.GCopy, mir.D(old), mir.R(r))
		if f, ok := s.ext[r]; ok {
			s.ext[old] = f
		}
		delete(s.vpend, v)
		return
	}
	s.vecs[v] = r
	s.nameRegs(v, []mir.Reg{r})
}

// lane returns lane i of vector v as a scalar value.
func (s *fn) lane(v value.Value, i int) value.Value {
	vt, _ := vectorOf(v.Type())
	if c, ok := v.(constant.Constant); ok {
		switch c := c.(type) {
		case *constant.Vector:
			return c.Elems[i]
		case *constant.ZeroInitializer:
			return constant.NewZeroInitializer(vt.ElemType)
		case *constant.Undef, *constant.Poison:
			return constant.NewUndef(vt.ElemType)
		}
		fail("unsupported: vector constant %s", c.Ident())
	}
	if _, ok := s.vecType(vt); ok {
		if src := s.vsrc[v]; src != nil && src[i] != nil {
			return src[i]
		}
		if lanes, ok := s.vals[v]; ok {
			return s.regValue(vt.ElemType, lanes[i:i+1])
		}
		return s.regValue(vt.ElemType, []mir.Reg{s.extractLane(s.vec(v), i)})
	}
	ew := s.nwords(vt.ElemType)
	return s.regValue(vt.ElemType, s.words(v)[i*ew:(i+1)*ew])
}

// lanes returns v's lane i when v is a vector, else v itself (the scalar
// operands of mixed instructions such as vector getelementptr).
func (s *fn) laneOrSelf(v value.Value, i int) value.Value {
	if isVector(v.Type()) {
		return s.lane(v, i)
	}
	return v
}

// knownLanes returns what the frontend knows of each lane of vector v
// without reading the vector register: constant elements, computed lanes,
// the values earlier inserts and shuffles moved (nil: unknown). Lane reads
// of vectors built by inserts and shuffles then see the scalar values
// themselves, with their constants and extension facts, as when the
// frontend scalarized vectors.
func (s *fn) knownLanes(v value.Value, n int) []value.Value {
	out := make([]value.Value, n)
	_, isConst := v.(constant.Constant)
	lanes, hasLanes := s.vals[v]
	src := s.vsrc[v]
	for i := range out {
		switch {
		case isConst:
			out[i] = s.lane(v, i)
		case src != nil:
			out[i] = src[i]
		case hasLanes:
			out[i] = s.regValue(elemOf(v.Type()), lanes[i:i+1])
		}
	}
	return out
}
