package frontend

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// Vectors whose lanes fit a word (i1, i8, i16, i32, pointers, float) are
// values of one vector register (mir.VecType, docs/generic-mir.md,
// Vectors; vecreg.go); the vector-legalize pass splits them into their
// lanes for targets without vectors. Operations on vectors of whole words
// (i32, pointers, float) become vector ops (vecops.go); the others (narrow
// lanes, most casts, intrinsics, i64 and double lanes) reuse the scalar
// lowering lane by lane
// by presenting each lane as a value of its own (a constant element, or a
// regVal bound to the lane's register), so that extension facts, i64 pairs
// and constant folding apply lane by lane, and their results are built
// into a vector register again. Vectors of i64 or double lanes live in
// registers as the concatenation of their lanes' words.

// regVal is an IR value whose registers are already known: a lane of a
// vector or an intermediate result (a reduction's accumulator).
type regVal struct{ typ types.Type }

func (r *regVal) String() string   { return r.typ.String() + " " + r.Ident() }
func (r *regVal) Type() types.Type { return r.typ }
func (r *regVal) Ident() string    { return "%lane" }

// regValue wraps registers as a value of type t.
func (s *fn) regValue(t types.Type, regs []mir.Reg) value.Value {
	v := &regVal{typ: t}
	s.vals[v] = regs
	return v
}

// vectorOf returns t as a vector type, rejecting element types that cannot
// be scalarized yet.
func vectorOf(t types.Type) (*types.VectorType, bool) {
	vt, ok := t.(*types.VectorType)
	if !ok {
		return nil, false
	}
	if vt.Scalable {
		fail("unsupported: scalable vector type '%s'", vt)
	}
	switch e := vt.ElemType.(type) {
	case *types.IntType, *types.PointerType:
	case *types.FloatType:
		if _, err := floatSize(e); err != nil {
			fail("unsupported: vector of floating-point type '%s'", vt)
		}
	default:
		fail("unsupported: vector type '%s'", vt)
	}
	return vt, true
}

func isVector(t types.Type) bool {
	_, ok := t.(*types.VectorType)
	return ok
}

// vecWords is the register word count of a vector type.
func (s *fn) vecWords(vt *types.VectorType) int {
	n := uint64(s.nwords(vt.ElemType)) * vt.Len
	if vt.Len > maxRegWords || n > maxRegWords {
		fail("unsupported: vector '%s' as a register value", vt)
	}
	return int(n)
}

// vecConstWords materializes a constant vector.
func (s *fn) vecConstWords(c constant.Constant) []mir.Reg {
	vt, _ := vectorOf(c.Type())
	var out []mir.Reg
	for i := range int(vt.Len) {
		out = append(out, s.words(s.lane(c, i))...)
	}
	return out
}

// perLane builds a vector result of n lanes from f's words for each lane.
func perLane(n uint64, f func(i int) []mir.Reg) []mir.Reg {
	var out []mir.Reg
	for i := range int(n) {
		out = append(out, f(i)...)
	}
	return out
}

// vectorInst translates inst if it involves vectors and reports whether it
// did.
func (s *fn) vectorInst(inst ir.Instruction) bool {
	switch in := inst.(type) {
	case *ir.InstAdd:
		return s.vecBinary(in, binAdd, in.X, in.Y)
	case *ir.InstSub:
		return s.vecBinary(in, binSub, in.X, in.Y)
	case *ir.InstMul:
		return s.vecBinary(in, binMul, in.X, in.Y)
	case *ir.InstSDiv:
		return s.vecBinary(in, binSDiv, in.X, in.Y)
	case *ir.InstUDiv:
		return s.vecBinary(in, binUDiv, in.X, in.Y)
	case *ir.InstSRem:
		return s.vecBinary(in, binSRem, in.X, in.Y)
	case *ir.InstURem:
		return s.vecBinary(in, binURem, in.X, in.Y)
	case *ir.InstShl:
		return s.vecBinary(in, binShl, in.X, in.Y)
	case *ir.InstLShr:
		return s.vecBinary(in, binLShr, in.X, in.Y)
	case *ir.InstAShr:
		return s.vecBinary(in, binAShr, in.X, in.Y)
	case *ir.InstAnd:
		return s.vecBinary(in, binAnd, in.X, in.Y)
	case *ir.InstOr:
		return s.vecBinary(in, binOr, in.X, in.Y)
	case *ir.InstXor:
		return s.vecBinary(in, binXor, in.X, in.Y)
	case *ir.InstTrunc:
		return s.vecCast(in, castTrunc, in.From, in.To)
	case *ir.InstZExt:
		return s.vecCast(in, castZExt, in.From, in.To)
	case *ir.InstSExt:
		return s.vecCast(in, castSExt, in.From, in.To)
	case *ir.InstPtrToInt:
		return s.vecCast(in, castPtrToInt, in.From, in.To)
	case *ir.InstIntToPtr:
		return s.vecCast(in, castIntToPtr, in.From, in.To)
	case *ir.InstBitCast:
		return s.vecCast(in, castBitCast, in.From, in.To)
	case *ir.InstICmp:
		vt, ok := vectorOf(in.X.Type())
		if !ok {
			return false
		}
		if wt, ok := s.wordVec(in.X.Type()); ok {
			c, ok := condOf[in.Pred]
			if !ok {
				fail("unsupported: icmp predicate %s", in.Pred)
			}
			s.defineMask(in, s.vecOp(mir.GICmp, laneMask(wt), mir.C(c), mir.R(s.vec(in.X)), mir.R(s.vec(in.Y))))
			return true
		}
		s.define(in, perLane(vt.Len, func(i int) []mir.Reg {
			return []mir.Reg{s.icmp(in.Pred, s.lane(in.X, i), s.lane(in.Y, i))}
		}))
	case *ir.InstSelect:
		if wt, ok := s.wordVec(in.Typ); ok && s.maskReady(in.Cond) {
			var c mir.Reg
			if isVector(in.Cond.Type()) {
				c = s.vec(in.Cond)
			} else {
				c = s.zext(s.word(in.Cond), 1)
			}
			s.defineVec(in, s.vecOp(mir.GSelect, wt, mir.R(c), mir.R(s.vec(in.ValueTrue)), mir.R(s.vec(in.ValueFalse))))
			return true
		}
		vt, ok := vectorOf(in.Cond.Type())
		if !ok {
			return false
		}
		s.define(in, perLane(vt.Len, func(i int) []mir.Reg {
			return s.selectV(s.lane(in.Cond, i), s.lane(in.ValueTrue, i), s.lane(in.ValueFalse, i))
		}))
	case *ir.InstLoad:
		vt, ok := vectorOf(in.ElemType)
		if !ok {
			return false
		}
		s.checkAtomic(in.Atomic, "load")
		align := s.vecAlign(vt, int64(in.Align))
		align = s.checkAlign(in.Src, align, "load")
		base, off := s.addr(in.Src)
		s.beginAccess(in.Src, off, accessOf(in.Volatile, in.Atomic))
		defer s.endAccess()
		if wt, ok := s.wordVec(vt); ok && align >= 4 {
			s.vecWords(vt)
			d := s.f.NewVecVReg(wt)
			s.emit(mir.GVLoad, mir.D(d), base, mir.I(off), mir.I(align)).Mem = s.memAt(off, int64(vt.Len)*s.elemStride(vt))
			s.defineVec(in, d)
			return true
		}
		s.define(in, s.vecLoad(vt, base, off, align))
	case *ir.InstStore:
		vt, ok := vectorOf(in.Src.Type())
		if !ok {
			return false
		}
		s.checkAtomic(in.Atomic, "store")
		align := s.vecAlign(vt, int64(in.Align))
		align = s.checkAlign(in.Dst, align, "store")
		base, off := s.addr(in.Dst)
		if _, ok := s.wordVec(vt); ok && align >= 4 {
			v := s.vec(in.Src)
			s.beginAccess(in.Dst, off, accessOf(in.Volatile, in.Atomic))
			defer s.endAccess()
			s.emit(mir.GVStore, mir.R(v), base, mir.I(off), mir.I(align)).Mem = s.memAt(off, int64(vt.Len)*s.elemStride(vt))
			return true
		}
		words := s.words(in.Src)
		s.beginAccess(in.Dst, off, accessOf(in.Volatile, in.Atomic))
		defer s.endAccess()
		s.vecStore(vt, words, base, off, align)
	case *ir.InstGetElementPtr:
		vt, ok := vectorOf(in.Typ)
		if !ok {
			return false
		}
		s.define(in, perLane(vt.Len, func(i int) []mir.Reg {
			idx := make([]value.Value, len(in.Indices))
			for k, x := range in.Indices {
				idx[k] = s.laneOrSelf(x, i)
			}
			return []mir.Reg{s.gep(in.ElemType, s.laneOrSelf(in.Src, i), idx)}
		}))
	case *ir.InstFAdd, *ir.InstFSub, *ir.InstFMul, *ir.InstFDiv, *ir.InstFRem, *ir.InstFNeg, *ir.InstFCmp,
		*ir.InstFPExt, *ir.InstFPTrunc, *ir.InstFPToSI, *ir.InstFPToUI, *ir.InstSIToFP, *ir.InstUIToFP:
		return s.vecFloat(inst)
	case *ir.InstExtractElement:
		s.define(in, s.extractElement(in.X, in.Index))
	case *ir.InstInsertElement:
		if wt, ok := s.wordVec(in.Typ); ok && s.vecInsert(in, wt) {
			return true
		}
		s.define(in, s.insertElement(in.X, in.Elem, in.Index))
	case *ir.InstShuffleVector:
		if r, ok := s.vecShuffle(in); ok {
			s.defineVec(in, r)
			return true
		}
		s.define(in, s.shuffle(in))
	default:
		return false
	}
	return true
}

func (s *fn) checkAtomic(atomic bool, what string) {
	if atomic {
		fail("unsupported: atomic vector %s", what)
	}
}

func (s *fn) vecBinary(in value.Value, k binKind, x, y value.Value) bool {
	vt, ok := vectorOf(x.Type())
	if !ok {
		return false
	}
	if wt, ok := s.wordVec(x.Type()); ok {
		if amt, ok := s.vecShiftAmount(k, wt, y); ok {
			s.defineVec(in, s.vecOp(binOps[k], wt, mir.R(s.vec(x)), mir.R(amt)))
			return true
		}
	}
	s.define(in, perLane(vt.Len, func(i int) []mir.Reg {
		return s.binary(k, s.lane(x, i), s.lane(y, i))
	}))
	return true
}

func (s *fn) vecCast(in value.Value, k castKind, x value.Value, to types.Type) bool {
	fv, fromVec := vectorOf(x.Type())
	tv, toVec := vectorOf(to)
	if !fromVec && !toVec {
		return false
	}
	if k == castBitCast {
		// Between vectors of whole words with the same lanes (<4 x i32>
		// and <4 x float>) a bitcast only renames the lanes' type.
		ft, ok1 := s.wordVec(x.Type())
		tt, ok2 := s.wordVec(to)
		if ok1 && ok2 && ft.Lanes == tt.Lanes && ft != tt {
			s.defineVec(in, s.vecOp(mir.GCopy, tt, mir.R(s.vec(x))))
			return true
		}
		s.define(in, s.vecBitcast(x, to))
		return true
	}
	if !fromVec || !toVec || fv.Len != tv.Len {
		fail("bad vector cast from '%s' to '%s'", x.Type(), to)
	}
	s.define(in, perLane(fv.Len, func(i int) []mir.Reg {
		return s.cast(k, s.lane(x, i), tv.ElemType)
	}))
	return true
}

// vecBitcast reinterprets the bits of x as type to. Vectors of i1 convert
// to and from integers in registers; everything else goes through a stack
// slot, which gets the byte order of lanes and words right for free.
func (s *fn) vecBitcast(x value.Value, to types.Type) []mir.Reg {
	from := x.Type()
	if from.Equal(to) {
		return s.words(x)
	}
	// A one-element vector has its element's words: cast the scalars.
	if sf, st := oneLaneElem(from), oneLaneElem(to); !isVector(sf) && !isVector(st) {
		return s.cast(castBitCast, s.regValue(sf, s.words(x)), st)
	}
	if fv, ok := from.(*types.VectorType); ok && fv.ElemType.Equal(types.I1) {
		return s.boolsToInt(x, fv, to)
	}
	if tv, ok := to.(*types.VectorType); ok && tv.ElemType.Equal(types.I1) {
		return s.intToBools(x, tv)
	}
	size := max(must(s.t.lay.AllocSize(from)), must(s.t.lay.AllocSize(to)))
	align := max(must(s.t.lay.Align(from)), must(s.t.lay.Align(to)))
	slot := mir.FI(s.f.NewFrameObject(mir.FrameObject{Size: size, Align: align, Name: "bitcast"}), 0)
	s.storeT(from, s.words(x), slot, 0, align)
	return s.loadT(to, slot, 0, align, nil)
}

// oneLaneElem returns the element type of a one-element vector type, and
// any other type unchanged.
func oneLaneElem(t types.Type) types.Type {
	if vt, ok := t.(*types.VectorType); ok && vt.Len == 1 && !vt.Scalable {
		return vt.ElemType
	}
	return t
}

// boolsToInt packs a vector of i1 into an integer, lane 0 in bit 0 on
// little-endian targets and in the most significant bit on big-endian ones
// (LLVM defines the bitcast as a store and a load).
func (s *fn) boolsToInt(x value.Value, fv *types.VectorType, to types.Type) []mir.Reg {
	it, ok := to.(*types.IntType)
	if !ok || uint64(it.BitSize) != fv.Len || it.BitSize > 64 {
		fail("unsupported: bitcast from '%s' to '%s'", fv, to)
	}
	n := int(fv.Len)
	words := make([]mir.Reg, (n+31)/32)
	for i := range n {
		bit := i
		if s.t.opts.BigEndian {
			bit = n - 1 - i
		}
		b := s.zext(s.word(s.lane(x, i)), 1)
		if sh := bit % 32; sh != 0 {
			b = s.opK(mir.GShl, b, int64(sh))
		}
		if w := bit / 32; words[w] == mir.NoReg {
			words[w] = b
		} else {
			words[w] = s.op2(mir.GOr, words[w], b)
		}
	}
	if n < 32 {
		s.setZ(words[0], n)
	}
	return words
}

// intToBools unpacks an integer into a vector of i1 (see boolsToInt).
func (s *fn) intToBools(x value.Value, tv *types.VectorType) []mir.Reg {
	it, ok := x.Type().(*types.IntType)
	if !ok || uint64(it.BitSize) != tv.Len || it.BitSize > 64 {
		fail("unsupported: bitcast from '%s' to '%s'", x.Type(), tv)
	}
	n := int(tv.Len)
	words := s.words(x)
	return perLane(tv.Len, func(i int) []mir.Reg {
		bit := i
		if s.t.opts.BigEndian {
			bit = n - 1 - i
		}
		w := words[bit/32]
		if sh := bit % 32; sh != 0 {
			w = s.opK(mir.GLShr, w, int64(sh))
		}
		return []mir.Reg{w} // i1 lanes have undefined high bits
	})
}

// vecAlign is the alignment of a vector access (the type's when the IR
// gives none).
func (s *fn) vecAlign(vt *types.VectorType, align int64) int64 {
	if align == 0 {
		return must(s.t.lay.Align(vt))
	}
	return align
}

// elemStride is the distance in bytes between vector lanes in memory.
func (s *fn) elemStride(vt *types.VectorType) int64 {
	bits := must(s.t.lay.StoreSize(vt.ElemType)) * 8
	if it, ok := vt.ElemType.(*types.IntType); ok && int64(it.BitSize) != bits {
		fail("unsupported: vector '%s' in memory (lanes are not whole bytes)", vt)
	}
	return bits / 8
}

func (s *fn) vecLoad(vt *types.VectorType, base mir.Operand, off, align int64) []mir.Reg {
	s.vecWords(vt)
	if it, ok := packedBools(vt); ok {
		return s.intToBools(s.regValue(it, s.loadT(it, base, off, align, nil)), vt)
	}
	es := s.elemStride(vt)
	var out []mir.Reg
	for i := range int64(vt.Len) {
		out = s.loadT(vt.ElemType, base, off+i*es, alignAt(align, i*es), out)
	}
	return out
}

func (s *fn) vecStore(vt *types.VectorType, words []mir.Reg, base mir.Operand, off, align int64) {
	if it, ok := packedBools(vt); ok {
		s.storeT(it, s.boolsToInt(s.regValue(vt, words[:vt.Len]), vt, it), base, off, align)
		return
	}
	es := s.elemStride(vt)
	for i := range int64(vt.Len) {
		words = s.storeT(vt.ElemType, words, base, off+i*es, alignAt(align, i*es))
	}
}

// packedBools returns the integer type whose bits a vector of up to 64 i1
// lanes occupies in memory (as LLVM stores it: like its bitcast to iN).
func packedBools(vt *types.VectorType) (*types.IntType, bool) {
	if !vt.ElemType.Equal(types.I1) || vt.Len > 64 {
		return nil, false
	}
	return types.NewInt(vt.Len), true
}

// extractElement returns lane idx of x; a variable index selects among
// all lanes.
func (s *fn) extractElement(x, idx value.Value) []mir.Reg {
	vt, _ := vectorOf(x.Type())
	if k, ok := constInt(idx); ok {
		if k >= vt.Len {
			return s.words(constant.NewUndef(vt.ElemType)) // poison
		}
		return s.words(s.lane(x, int(k)))
	}
	i := s.vecIndex(idx)
	if _, ok := s.wordVec(vt); ok {
		d := s.reg()
		s.emit(mir.GExtractVectorElt, mir.D(d), mir.R(s.vec(x)), mir.R(i))
		return []mir.Reg{d}
	}
	res := append([]mir.Reg(nil), s.words(s.lane(x, 0))...)
	for l := 1; l < int(vt.Len); l++ {
		eq := s.icmpR(mir.CondEQ, i, s.konst(int64(l)))
		for w, r := range s.words(s.lane(x, l)) {
			res[w] = s.selectR(eq, r, res[w])
		}
	}
	return res
}

// insertElement replaces lane idx of x by elem.
func (s *fn) insertElement(x, elem, idx value.Value) []mir.Reg {
	vt, _ := vectorOf(x.Type())
	e := s.words(elem)
	if k, ok := constInt(idx); ok {
		if k >= vt.Len {
			return s.words(constant.NewUndef(vt)) // poison
		}
		return perLane(vt.Len, func(l int) []mir.Reg {
			if l == int(k) {
				return e
			}
			return s.words(s.lane(x, l))
		})
	}
	i := s.vecIndex(idx)
	return perLane(vt.Len, func(l int) []mir.Reg {
		eq := s.icmpR(mir.CondEQ, i, s.konst(int64(l)))
		old := s.words(s.lane(x, l))
		out := make([]mir.Reg, len(old))
		for w := range old {
			out[w] = s.selectR(eq, e[w], old[w])
		}
		return out
	})
}

// vecIndex returns a variable lane index as a zero-extended word (an index
// beyond 32 bits yields poison unless its high word is zero, so the low
// word suffices).
func (s *fn) vecIndex(idx value.Value) mir.Reg {
	n := s.bitsOf(idx.Type())
	return s.zext(s.word(idx), min(n, 32))
}

// shuffle builds a shufflevector result from its constant mask.
func (s *fn) shuffle(in *ir.InstShuffleVector) []mir.Reg {
	xv, _ := vectorOf(in.X.Type())
	rt, _ := vectorOf(in.Typ)
	nx := int(xv.Len)
	mask, ok := in.Mask.(constant.Constant)
	if !ok {
		fail("unsupported: shufflevector with a non-constant mask")
	}
	return perLane(rt.Len, func(i int) []mir.Reg {
		// Mask lanes are integers, undef or (in a zeroinitializer) zero.
		cv, ok := s.t.fold(s.lane(mask, i).(constant.Constant))
		k := cv.off
		switch {
		case !ok: // undef lane
			return s.words(constant.NewUndef(rt.ElemType))
		case int(k) < nx:
			return s.words(s.lane(in.X, int(k)))
		case int(k) < 2*nx:
			return s.words(s.lane(in.Y, int(k)-nx))
		}
		fail("bad shufflevector mask index %d", k)
		return nil
	})
}

// reduceKinds are the llvm.vector.reduce.* intrinsics that fold with a
// binary operation.
var reduceKinds = map[string]binKind{
	"add": binAdd, "mul": binMul, "and": binAnd, "or": binOr, "xor": binXor,
}

// reduceMinMax are those that fold with a comparison.
var reduceMinMax = map[string]mir.Cond{
	"smax": mir.CondSGT, "smin": mir.CondSLT, "umax": mir.CondUGT, "umin": mir.CondULT,
}

// lanewiseIntrinsics are the intrinsics that apply their scalar form to
// each lane of vector operands (scalar operands, such as abs's
// is_int_min_poison flag, are passed to every lane unchanged).
var lanewiseIntrinsics = map[string]bool{
	"smax": true, "smin": true, "umax": true, "umin": true, "abs": true,
	"ctlz": true, "cttz": true, "ctpop": true, "bswap": true, "bitreverse": true,
	"fshl": true, "fshr": true, "fabs": true, "copysign": true, "fmuladd": true,
	"uadd.sat": true, "usub.sat": true, "sadd.sat": true, "ssub.sat": true,
	"sqrt": true, "lround": true, "llround": true, "lrint": true, "llrint": true, "floor": true, "ceil": true, "trunc": true, "round": true, "rint": true,
	"nearbyint": true, "minnum": true, "maxnum": true, "fma": true,
	"sin": true, "cos": true, "exp": true, "exp2": true, "log": true, "log2": true, "log10": true, "pow": true,
}

// vectorIntrinsic translates an intrinsic call with vector operands or
// result and reports whether it did.
func (s *fn) vectorIntrinsic(in *ir.InstCall, name string, args []value.Value) bool {
	vecArg := -1
	for i, a := range args {
		if isVector(a.Type()) {
			vecArg = i
			break
		}
	}
	rt, vecRes := vectorOf(in.Typ)
	if vecArg < 0 && !vecRes {
		return false
	}
	base := intrinsicBase(name)
	if op, ok := strings.CutPrefix(base, "vector.reduce."); ok && vecArg == 0 && len(args) == 1 {
		vt, _ := vectorOf(args[0].Type())
		acc := s.lane(args[0], 0)
		for i := 1; i < int(vt.Len); i++ {
			var regs []mir.Reg
			if k, ok := reduceKinds[op]; ok && !isFloat(vt.ElemType) {
				regs = s.binary(k, acc, s.lane(args[0], i))
			} else if c, ok := reduceMinMax[op]; ok {
				regs = s.minMax(c, acc, s.lane(args[0], i))
			} else {
				fail("unsupported: intrinsic @%s", name)
			}
			acc = s.regValue(vt.ElemType, regs)
		}
		s.define(in, s.words(acc))
		return true
	}
	if op, ok := strings.CutPrefix(base, "vector.reduce."); ok && (op == "fadd" || op == "fmul") && len(args) == 2 && vecArg == 1 {
		s.define(in, s.floatReduce(op, args[0], args[1]))
		return true
	}
	if wt, ok := s.wordVec(in.Typ); ok && wt.Float && base == "fmuladd" && len(args) == 3 {
		// Whole, rounded twice like the scalar fmuladd (float.go).
		p := s.vecOp(mir.GFMul, wt, mir.R(s.vec(args[0])), mir.R(s.vec(args[1])))
		s.defineVec(in, s.vecOp(mir.GFAdd, wt, mir.R(p), mir.R(s.vec(args[2]))))
		return true
	}
	if r, ok := s.vecMinMax(base, in.Typ, args); ok {
		s.defineVec(in, r)
		return true
	}
	if s.maskedMemory(in, base, args) {
		return true
	}
	if !vecRes || !lanewiseIntrinsics[base] {
		fail("unsupported: vector intrinsic @%s", name)
	}
	s.define(in, perLane(rt.Len, func(i int) []mir.Reg {
		lane := &ir.InstCall{Callee: in.Callee, Typ: rt.ElemType}
		for _, a := range args {
			lane.Args = append(lane.Args, s.laneOrSelf(a, i))
		}
		s.intrinsic(lane, name)
		return s.vals[lane]
	}))
	return true
}

// emitVectorData appends a vector constant's lanes to a global initializer.
func (t *translator) emitVectorData(d *data, c constant.Constant, typ types.Type) {
	vt, ok := typ.(*types.VectorType)
	if !ok {
		fail("unsupported: vector constant of type '%s'", typ)
	}
	switch vt.ElemType.(type) {
	case *types.IntType, *types.PointerType, *types.FloatType:
	default:
		fail("unsupported: vector type '%s' in initializer", vt)
	}
	cv, ok := c.(*constant.Vector)
	if !ok {
		fail("unsupported: vector constant %s in initializer", c.Ident())
	}
	if it, ok := packedBools(vt); ok {
		var v uint64
		for i, e := range cv.Elems {
			bit := i
			if t.opts.BigEndian {
				bit = len(cv.Elems) - 1 - i
			}
			if b, ok := t.fold(e); ok && b.sym == "" && b.off&1 != 0 {
				v |= 1 << bit
			}
		}
		t.emitInt(d, v, must(t.lay.StoreSize(it)))
		return
	}
	bits := must(t.lay.StoreSize(vt.ElemType)) * 8
	if it, ok := vt.ElemType.(*types.IntType); ok && int64(it.BitSize) != bits {
		fail("unsupported: vector '%s' in initializer (lanes are not whole bytes)", vt)
	}
	for _, e := range cv.Elems {
		t.emitData(d, e, vt.ElemType)
	}
}

func isFloat(t types.Type) bool {
	_, ok := t.(*types.FloatType)
	return ok
}

// vecFloat translates a floating-point instruction on vectors lane by lane
// through the scalar lowering (float.go), and reports whether it did.
func (s *fn) vecFloat(inst ir.Instruction) bool {
	if s.vecFloatWhole(inst) {
		return true
	}
	var n uint64
	var mk func(i int) ir.Instruction
	switch in := inst.(type) {
	case *ir.InstFAdd:
		n, mk = s.floatLanes(in.X), func(i int) ir.Instruction {
			return &ir.InstFAdd{X: s.lane(in.X, i), Y: s.lane(in.Y, i), Typ: s.lane(in.X, i).Type()}
		}
	case *ir.InstFSub:
		n, mk = s.floatLanes(in.X), func(i int) ir.Instruction {
			return &ir.InstFSub{X: s.lane(in.X, i), Y: s.lane(in.Y, i), Typ: s.lane(in.X, i).Type()}
		}
	case *ir.InstFMul:
		n, mk = s.floatLanes(in.X), func(i int) ir.Instruction {
			return &ir.InstFMul{X: s.lane(in.X, i), Y: s.lane(in.Y, i), Typ: s.lane(in.X, i).Type()}
		}
	case *ir.InstFDiv:
		n, mk = s.floatLanes(in.X), func(i int) ir.Instruction {
			return &ir.InstFDiv{X: s.lane(in.X, i), Y: s.lane(in.Y, i), Typ: s.lane(in.X, i).Type()}
		}
	case *ir.InstFRem:
		n, mk = s.floatLanes(in.X), func(i int) ir.Instruction {
			return &ir.InstFRem{X: s.lane(in.X, i), Y: s.lane(in.Y, i), Typ: s.lane(in.X, i).Type()}
		}
	case *ir.InstFNeg:
		n, mk = s.floatLanes(in.X), func(i int) ir.Instruction {
			return &ir.InstFNeg{X: s.lane(in.X, i), Typ: s.lane(in.X, i).Type()}
		}
	case *ir.InstFCmp:
		n, mk = s.floatLanes(in.X), func(i int) ir.Instruction {
			return &ir.InstFCmp{Pred: in.Pred, X: s.lane(in.X, i), Y: s.lane(in.Y, i), Typ: types.I1}
		}
	case *ir.InstFPExt:
		n, mk = s.floatLanes(in.From), func(i int) ir.Instruction {
			return &ir.InstFPExt{From: s.lane(in.From, i), To: elemOf(in.To)}
		}
	case *ir.InstFPTrunc:
		n, mk = s.floatLanes(in.From), func(i int) ir.Instruction {
			return &ir.InstFPTrunc{From: s.lane(in.From, i), To: elemOf(in.To)}
		}
	case *ir.InstFPToSI:
		n, mk = s.floatLanes(in.From), func(i int) ir.Instruction {
			return &ir.InstFPToSI{From: s.lane(in.From, i), To: elemOf(in.To)}
		}
	case *ir.InstFPToUI:
		n, mk = s.floatLanes(in.From), func(i int) ir.Instruction {
			return &ir.InstFPToUI{From: s.lane(in.From, i), To: elemOf(in.To)}
		}
	case *ir.InstSIToFP:
		n, mk = s.floatLanes(in.From), func(i int) ir.Instruction {
			return &ir.InstSIToFP{From: s.lane(in.From, i), To: elemOf(in.To)}
		}
	case *ir.InstUIToFP:
		n, mk = s.floatLanes(in.From), func(i int) ir.Instruction {
			return &ir.InstUIToFP{From: s.lane(in.From, i), To: elemOf(in.To)}
		}
	}
	if n == 0 {
		return false
	}
	s.define(inst.(value.Value), perLane(n, func(i int) []mir.Reg {
		lane := mk(i)
		s.floatInst(lane)
		return s.vals[lane.(value.Value)]
	}))
	return true
}

// floatLanes returns the lane count of a vector operand, 0 for a scalar.
func (s *fn) floatLanes(v value.Value) uint64 {
	if vt, ok := vectorOf(v.Type()); ok {
		return vt.Len
	}
	return 0
}

func elemOf(t types.Type) types.Type { return t.(*types.VectorType).ElemType }

// floatReduce lowers the ordered llvm.vector.reduce.fadd/fmul: the lanes
// are combined one after the other into the start value, which is what
// the intrinsic means without the reassoc flag and one valid order with it.
func (s *fn) floatReduce(op string, start, v value.Value) []mir.Reg {
	vt, _ := vectorOf(v.Type())
	acc := start
	for i := range int(vt.Len) {
		var in ir.Instruction
		if op == "fadd" {
			in = &ir.InstFAdd{X: acc, Y: s.lane(v, i), Typ: vt.ElemType}
		} else {
			in = &ir.InstFMul{X: acc, Y: s.lane(v, i), Typ: vt.ElemType}
		}
		s.floatInst(in)
		acc = s.regValue(vt.ElemType, s.vals[in.(value.Value)])
	}
	return s.words(acc)
}

// maskedMemory lowers llvm.masked.load/store/gather/scatter (x86 AVX2 and
// AVX-512 vectorized loops) lane by lane and reports whether in was one.
// A masked-off lane must not be accessed (its address may be outside any
// object), so each lane's access sits in a block of its own, entered when
// its mask bit is set; a load's lane is a PHI of the loaded value and the
// pass-through lane. Everything the lanes need is computed before the
// first branch, so it dominates all of them.
func (s *fn) maskedMemory(in *ir.InstCall, base string, args []value.Value) bool {
	// Operand positions: value, address (pointer or vector of pointers),
	// alignment, mask, pass-through (-1: none).
	var val, ptr, al, mask, pass int
	switch base {
	case "masked.load", "masked.gather":
		val, ptr, al, mask, pass = -1, 0, 1, 2, 3
	case "masked.store", "masked.scatter":
		val, ptr, al, mask, pass = 0, 1, 2, 3, -1
	default:
		return false
	}
	gather := base == "masked.gather" || base == "masked.scatter"
	vt, ok := vectorOf(args[mask].Type())
	if !ok || len(args) != 4 {
		fail("unsupported: intrinsic @%s", base)
	}
	var et types.Type
	if val >= 0 {
		et = elemOf(args[val].Type())
	} else {
		et = elemOf(in.Typ)
	}
	es := must(s.t.lay.AllocSize(et))
	align, _ := constInt(args[al])
	if align == 0 {
		align = uint64(must(s.t.lay.Align(et)))
	}
	n := int(vt.Len)
	conds := make([]mir.Reg, n)
	addrs := make([]mir.Operand, n)
	offs := make([]int64, n)
	vals := make([][]mir.Reg, n)
	var b mir.Operand
	var off int64
	if !gather {
		b, off = s.addr(args[ptr])
	}
	for i := range n {
		conds[i] = s.zext(s.word(s.lane(args[mask], i)), 1)
		if gather {
			addrs[i] = mir.R(s.word(s.lane(args[ptr], i)))
		} else {
			addrs[i], offs[i] = b, off+int64(i)*es
		}
		if val >= 0 {
			vals[i] = s.words(s.lane(args[val], i))
		} else {
			vals[i] = s.words(s.lane(args[pass], i))
		}
	}
	var out []mir.Reg
	for i := range n {
		lane, join := s.newBlock(), s.newBlock()
		from := s.cur
		s.emit(mir.GBrCond, mir.R(conds[i]), mir.B(lane))
		s.emit(mir.GBr, mir.B(join))
		s.setBlock(lane)
		a := int64(alignAt(int64(align), offs[i]))
		var loaded []mir.Reg
		if val >= 0 {
			s.storeT(et, vals[i], addrs[i], offs[i], a)
		} else {
			loaded = s.loadT(et, addrs[i], offs[i], a, nil)
		}
		s.emit(mir.GBr, mir.B(join))
		s.setBlock(join)
		for k, r := range loaded {
			d := s.reg()
			s.emit(mir.GPhi, mir.D(d), mir.R(r), mir.B(lane), mir.R(vals[i][k]), mir.B(from))
			out = append(out, d)
		}
	}
	if pass >= 0 {
		s.define(in, out)
	}
	return true
}
