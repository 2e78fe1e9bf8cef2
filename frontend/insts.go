package frontend

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

type binKind uint8

const (
	binAdd binKind = iota
	binSub
	binMul
	binSDiv
	binUDiv
	binSRem
	binURem
	binShl
	binLShr
	binAShr
	binAnd
	binOr
	binXor
)

// binOps maps the word-wise binary kinds to generic ops.
var binOps = [...]mir.Opcode{
	binAdd: mir.GAdd, binSub: mir.GSub, binMul: mir.GMul,
	binSDiv: mir.GSDiv, binUDiv: mir.GUDiv, binSRem: mir.GSRem, binURem: mir.GURem,
	binShl: mir.GShl, binLShr: mir.GLShr, binAShr: mir.GAShr,
	binAnd: mir.GAnd, binOr: mir.GOr, binXor: mir.GXor,
}

// divHelpers are the runtime routines for i64 division.
var divHelpers = map[binKind]string{
	binSDiv: "__divdi3", binUDiv: "__udivdi3", binSRem: "__moddi3", binURem: "__umoddi3",
}

type castKind uint8

const (
	castTrunc castKind = iota
	castZExt
	castSExt
	castPtrToInt
	castIntToPtr
	castBitCast
)

var condOf = map[enum.IPred]mir.Cond{
	enum.IPredEQ: mir.CondEQ, enum.IPredNE: mir.CondNE,
	enum.IPredSLT: mir.CondSLT, enum.IPredSLE: mir.CondSLE, enum.IPredSGT: mir.CondSGT, enum.IPredSGE: mir.CondSGE,
	enum.IPredULT: mir.CondULT, enum.IPredULE: mir.CondULE, enum.IPredUGT: mir.CondUGT, enum.IPredUGE: mir.CondUGE,
}

// inst translates one non-phi instruction. It reports true when the rest
// of the block is unreachable (after llvm.trap).
func (s *fn) inst(inst ir.Instruction) bool {
	if s.vectorInst(inst) {
		return false
	}
	switch in := inst.(type) {
	case *ir.InstAdd:
		s.define(in, s.binary(binAdd, in.X, in.Y))
	case *ir.InstSub:
		s.define(in, s.binary(binSub, in.X, in.Y))
	case *ir.InstMul:
		s.define(in, s.binary(binMul, in.X, in.Y))
	case *ir.InstSDiv:
		s.define(in, s.binary(binSDiv, in.X, in.Y))
	case *ir.InstUDiv:
		s.define(in, s.binary(binUDiv, in.X, in.Y))
	case *ir.InstSRem:
		s.define(in, s.binary(binSRem, in.X, in.Y))
	case *ir.InstURem:
		s.define(in, s.binary(binURem, in.X, in.Y))
	case *ir.InstShl:
		s.define(in, s.binary(binShl, in.X, in.Y))
	case *ir.InstLShr:
		s.define(in, s.binary(binLShr, in.X, in.Y))
	case *ir.InstAShr:
		s.define(in, s.binary(binAShr, in.X, in.Y))
	case *ir.InstAnd:
		s.define(in, s.binary(binAnd, in.X, in.Y))
	case *ir.InstOr:
		s.define(in, s.binary(binOr, in.X, in.Y))
	case *ir.InstXor:
		s.define(in, s.binary(binXor, in.X, in.Y))
	case *ir.InstTrunc:
		s.define(in, s.cast(castTrunc, in.From, in.To))
	case *ir.InstZExt:
		s.define(in, s.cast(castZExt, in.From, in.To))
	case *ir.InstSExt:
		s.define(in, s.cast(castSExt, in.From, in.To))
	case *ir.InstPtrToInt:
		s.define(in, s.cast(castPtrToInt, in.From, in.To))
	case *ir.InstIntToPtr:
		s.define(in, s.cast(castIntToPtr, in.From, in.To))
	case *ir.InstBitCast:
		s.define(in, s.cast(castBitCast, in.From, in.To))
	case *ir.InstAddrSpaceCast:
		s.define(in, s.cast(castBitCast, in.From, in.To))
	case *ir.InstICmp:
		s.define(in, []mir.Reg{s.icmp(in.Pred, in.X, in.Y)})
	case *ir.InstSelect:
		s.define(in, s.selectV(in.Cond, in.ValueTrue, in.ValueFalse))
	case *ir.InstFreeze:
		s.define(in, s.words(in.X))
	case *ir.InstGetElementPtr:
		s.define(in, []mir.Reg{s.gep(in.ElemType, in.Src, in.Indices)})
	case *ir.InstAlloca:
		s.alloca(in)
	case *ir.InstLoad:
		s.define(in, s.load(in.ElemType, in.Src, int64(in.Align)))
	case *ir.InstStore:
		s.store(in.Src, in.Dst, int64(in.Align))
	case *ir.InstCall:
		return s.call(in)
	case *ir.InstExtractValue:
		s.define(in, s.extractValue(in.X, in.Indices))
	case *ir.InstInsertValue:
		s.define(in, s.insertValue(in.X, in.Elem, in.Indices))
	case *ir.InstFence, *ir.InstCmpXchg, *ir.InstAtomicRMW:
		s.atomic(inst) // atomic.go: plain memory operations on one core
	case *ir.InstFAdd, *ir.InstFSub, *ir.InstFMul, *ir.InstFDiv, *ir.InstFRem, *ir.InstFNeg, *ir.InstFCmp,
		*ir.InstFPExt, *ir.InstFPTrunc, *ir.InstFPToSI, *ir.InstFPToUI, *ir.InstSIToFP, *ir.InstUIToFP:
		s.floatInst(inst)
	case *ir.InstLandingPad, *ir.InstCatchPad, *ir.InstCleanupPad:
		fail("unsupported: exception handling ('%s')", opName(inst))
	default:
		fail("unsupported: instruction '%s'", opName(inst))
	}
	return false
}

// opName returns the IR mnemonic of an instruction.
func opName(inst ir.Instruction) string {
	f := strings.Fields(inst.LLString())
	for i, w := range f {
		if w == "=" && i+1 < len(f) {
			return f[i+1]
		}
	}
	if len(f) > 0 {
		return f[0]
	}
	return "?"
}

// --- arithmetic ---

func (s *fn) binary(k binKind, x, y value.Value) []mir.Reg {
	n := s.bitsOf(x.Type())
	if n > 32 {
		return s.wideBinary(k, n, x, y) // wideint.go
	}
	a, b := s.word(x), s.word(y)
	switch k {
	case binShl, binLShr, binAShr:
		amt := s.shiftAmount(y, b, n)
		switch k {
		case binLShr:
			a = s.zext(a, n)
		case binAShr:
			a = s.sext(a, n)
		}
		return []mir.Reg{s.op2(binOps[k], a, amt)}
	case binSDiv, binSRem:
		a, b = s.sext(a, n), s.sext(b, n)
	case binUDiv, binURem:
		a, b = s.zext(a, n), s.zext(b, n)
	}
	d := s.op2(binOps[k], a, b)
	if k == binAnd || k == binOr || k == binXor {
		if fa, fb := s.ext[a], s.ext[b]; fa.z != 0 && fb.z != 0 {
			s.setZ(d, int(max(fa.z, fb.z)))
		}
	}
	return []mir.Reg{d}
}

// shiftAmount brings a shift amount of an n-bit shift into 0..31 (larger
// amounts are poison in IR; masking keeps the simulators happy).
func (s *fn) shiftAmount(y value.Value, b mir.Reg, n int) mir.Reg {
	if k, ok := constInt(y); ok {
		return s.konst(int64(k & 31))
	}
	m := n
	if m > 5 {
		m = 5
	}
	return s.opK(mir.GAnd, b, int64(1)<<m-1)
}

// helper calls a runtime routine taking two word groups (i64 values) and
// returning nres words.
func (s *fn) helper(name string, nres int, a, b []mir.Reg) []mir.Reg {
	s.t.useSym(name)
	var defs []mir.Operand
	res := make([]mir.Reg, nres)
	for i := range res {
		res[i] = s.reg()
	}
	for _, r := range s.abiOrder(res) {
		defs = append(defs, mir.D(r))
	}
	ops := append(defs, mir.S(name, 0))
	for _, w := range [][]mir.Reg{s.abiOrder(a), s.abiOrder(b)} {
		var flags mir.ArgDesc
		if len(w) == 2 {
			flags = mir.ArgAlign8
		}
		ops = append(ops, mir.I(int64(mir.MakeArgDesc(len(w), flags))))
		for _, r := range w {
			ops = append(ops, mir.R(r))
		}
	}
	s.emit(mir.GCall, ops...)
	s.f.HasCalls = true
	return res
}

// icmp compares two values of any integer or pointer type.
func (s *fn) icmp(pred enum.IPred, x, y value.Value) mir.Reg {
	c, ok := condOf[pred]
	if !ok {
		fail("unsupported: icmp predicate %s", pred)
	}
	n := s.bitsOf(x.Type())
	if n > 32 {
		signed := !c.IsUnsigned() && c != mir.CondEQ && c != mir.CondNE
		return s.wicmp(c, s.wext(s.words(x), n, signed), s.wext(s.words(y), n, signed))
	}
	a, b := s.word(x), s.word(y)
	switch c {
	case mir.CondSLT, mir.CondSLE, mir.CondSGT, mir.CondSGE:
		a, b = s.sext(a, n), s.sext(b, n)
	default:
		a, b = s.zext(a, n), s.zext(b, n)
	}
	return s.icmpR(c, a, b)
}

func (s *fn) selectV(c, x, y value.Value) []mir.Reg {
	cond := s.zext(s.word(c), 1)
	if _, ok := c.Type().(*types.IntType); !ok {
		fail("unsupported: vector select")
	}
	a, b := s.words(x), s.words(y)
	out := make([]mir.Reg, len(a))
	for i := range a {
		out[i] = s.selectR(cond, a[i], b[i])
	}
	return out
}

func (s *fn) cast(k castKind, x value.Value, to types.Type) []mir.Reg {
	from := s.bitsOf(x.Type())
	tw := (s.bitsOf(to) + 31) / 32
	a := s.words(x)
	switch k {
	case castTrunc, castPtrToInt, castIntToPtr, castBitCast:
		// Truncation keeps the low words; a pointer converted to a wider
		// integer is zero-extended.
		return s.wresize(a, tw, false)
	case castZExt:
		return s.wresize(s.wext(a, from, false), tw, false)
	default: // castSExt
		return s.wresize(s.wext(a, from, true), tw, true)
	}
}

// --- addresses and memory ---

// gepWalk visits the indices of a getelementptr: constant parts are summed
// into the returned offset, variable indices are passed to vari with their
// scale.
func (t *translator) gepWalk(elem types.Type, idx []value.Value, vari func(v value.Value, scale int64)) int64 {
	var off int64
	// scaled adds index x times sz: to off when constant, else through vari.
	scaled := func(x value.Value, sz int64) {
		if c, ok := constInt(x); ok {
			off += sextBits(c, x.Type()) * sz
		} else if vari != nil {
			vari(x, sz)
		} else {
			fail("unsupported: non-constant index")
		}
	}
	cur := elem
	for i, x := range idx {
		if i == 0 {
			scaled(x, must(t.lay.AllocSize(elem)))
			continue
		}
		switch ct := cur.(type) {
		case *types.StructType:
			c, ok := constInt(x)
			if !ok || int(c) >= len(ct.Fields) {
				fail("bad struct index in getelementptr")
			}
			sl := must(t.lay.Struct(ct))
			off += sl.Offsets[c]
			cur = ct.Fields[c]
		case *types.ArrayType:
			scaled(x, must(t.lay.AllocSize(ct.ElemType)))
			cur = ct.ElemType
		case *types.VectorType: // lanes at their store size, packed
			scaled(x, must(t.lay.StoreSize(ct.ElemType)))
			cur = ct.ElemType
		default:
			fail("unsupported: getelementptr into type '%s'", cur)
		}
	}
	return off
}

// sextBits sign-extends an integer constant of type t to 64 bits.
func sextBits(v uint64, t types.Type) int64 {
	if it, ok := t.(*types.IntType); ok && it.BitSize < 64 {
		sh := 64 - it.BitSize
		return int64(v<<sh) >> sh
	}
	return int64(v)
}

func (s *fn) gep(elem types.Type, src value.Value, idx []value.Value) mir.Reg {
	if _, ok := src.Type().(*types.PointerType); !ok {
		fail("unsupported: vector getelementptr")
	}
	base := s.word(src)
	off := s.t.gepWalk(elem, idx, func(x value.Value, scale int64) {
		i := s.word(x)
		if n := s.bitsOf(x.Type()); n < 32 {
			i = s.sext(i, n)
		}
		switch {
		case scale == 1:
		case scale > 0 && scale&(scale-1) == 0:
			sh := int64(0)
			for int64(1)<<sh != scale {
				sh++
			}
			i = s.opK(mir.GShl, i, sh)
		default:
			i = s.opK(mir.GMul, i, scale)
		}
		base = s.op2(mir.GAdd, base, i)
	})
	if int32(off) != 0 {
		base = s.opK(mir.GAdd, base, off)
	}
	return base
}

func (s *fn) alloca(in *ir.InstAlloca) {
	size := must(s.t.lay.AllocSize(in.ElemType))
	align := must(s.t.lay.Align(in.ElemType))
	if int64(in.Align) > align {
		align = int64(in.Align)
	}
	n, constN := uint64(1), true
	if in.NElems != nil {
		n, constN = constInt(in.NElems)
	}
	if size < 0 || size > 1<<30 || n > 1<<30 || size*int64(n) > 1<<30 {
		fail("unsupported: alloca of more than 1 GiB")
	}
	if constN && s.irBlock == s.irf.Blocks[0] {
		idx := s.f.NewFrameObject(mir.FrameObject{Size: size * int64(n), Align: align, Name: in.Name()})
		s.frame[in] = idx
		if s.pending[in] { // only in invalid IR: a use before the entry alloca
			r := s.reg()
			s.emit(mir.GFrameAddr, mir.D(r), mir.FI(idx, 0))
			s.define(in, []mir.Reg{r})
		}
		return
	}
	var bytes mir.Reg
	if constN {
		bytes = s.konst(size * int64(n))
	} else {
		c := s.word(in.NElems)
		if nb := s.bitsOf(in.NElems.Type()); nb < 32 {
			c = s.zext(c, nb)
		}
		bytes = s.opK(mir.GMul, c, size)
	}
	d := s.reg()
	s.emit(mir.GDynAlloca, mir.D(d), mir.R(bytes), mir.I(align))
	s.define(in, []mir.Reg{d})
}

// addr returns the base operand and offset of a memory access to p.
// Constant-offset getelementptrs and bitcasts fold into the access's
// offset (the address computation then usually dies in selection), and
// allocas become frame operands.
func (s *fn) addr(p value.Value) (mir.Operand, int64) {
	switch q := p.(type) {
	case *ir.InstBitCast:
		return s.addr(q.From)
	case *ir.InstGetElementPtr:
		if _, ok := q.Src.Type().(*types.PointerType); ok && allConstInts(q.Indices) {
			off := s.t.gepWalk(q.ElemType, q.Indices, nil)
			if base, o := s.addr(q.Src); o+off >= -1<<15 && o+off < 1<<15 {
				return base, o + off
			}
		}
	}
	if idx, ok := s.frame[p]; ok {
		return mir.FI(idx, 0), 0
	}
	return mir.R(s.word(p)), 0
}

// checkAlign returns the alignment a load or store may rely on: its IR
// alignment, unless the access's address is known (a frame object or a
// global defined in the module, plus a constant offset) and the claim
// exceeds what the layout guarantees there. Accesses are split by this
// alignment, so an unfounded claim would become a misaligned word access.
// A frame object is ours to place, so it gets the alignment its accesses
// claim (unoptimized IR, e.g. llvm-stress's, stores with align 4 to an
// align 1 alloca). Otherwise the claim is lowered, with a warning, to the
// alignment that holds, and the access is made of smaller aligned pieces:
// clang emits such claims for C pointers to members of packed structs
// (align 2 for an i16 at an odd offset), which run as written under lli.
func (s *fn) checkAlign(p value.Value, align int64, what string) int64 {
	name, objAlign, off, idx, ok := s.knownAlign(p)
	if !ok || align <= alignAt(objAlign, off) {
		return align
	}
	if idx >= 0 && align&(align-1) == 0 && off%align == 0 {
		s.f.Frame[idx].Align = align
		return align
	}
	known := alignAt(objAlign, off)
	if s.t.opts.Warn != nil {
		s.t.opts.Warn(s.t.funcError(s.irf, s.instNo, fmt.Sprintf(
			"warning: %s with align %d at %s%+d, which is only %d-byte aligned: accessed in %d-byte pieces",
			what, align, name, off, known, known)))
	}
	return known
}

// knownAlign returns the frame object (idx, or -1) or defined global that
// p points into through bitcasts and constant getelementptrs, its
// alignment and p's offset in it.
func (s *fn) knownAlign(p value.Value) (name string, align, off int64, idx int, ok bool) {
	for {
		switch q := p.(type) {
		case *ir.InstBitCast:
			p = q.From
			continue
		case *constant.ExprBitCast:
			p = q.From
			continue
		case *ir.InstGetElementPtr:
			if !allConstInts(q.Indices) {
				return "", 0, 0, -1, false
			}
			off += s.t.gepWalk(q.ElemType, q.Indices, nil)
			p = q.Src
			continue
		case *constant.ExprGetElementPtr:
			ix := make([]value.Value, len(q.Indices))
			for i, x := range q.Indices {
				if in, ok := x.(*constant.Index); ok {
					x = in.Constant
				}
				ix[i] = x
			}
			if !allConstInts(ix) {
				return "", 0, 0, -1, false
			}
			off += s.t.gepWalk(q.ElemType, ix, nil)
			p = q.Src
			continue
		case *ir.Global:
			if q.Init == nil {
				return "", 0, 0, -1, false
			}
			return "@" + q.Name(), must(s.t.lay.GlobalAlign(q.ContentType, int64(q.Align), q.Section != "")), off, -1, true
		}
		if idx, ok := s.frame[p]; ok {
			name = "alloca"
			if n := s.f.Frame[idx].Name; n != "" {
				name = "%" + n
			}
			return name, s.f.Frame[idx].Align, off, idx, true
		}
		return "", 0, 0, -1, false
	}
}

func allConstInts(vs []value.Value) bool {
	for _, v := range vs {
		if _, ok := v.(*constant.Int); !ok {
			return false
		}
	}
	return true
}

// memType returns the store size and register words of a loadable type.
func (s *fn) memType(t types.Type) (size int64, words int) {
	switch t := t.(type) {
	case *types.IntType, *types.FloatType:
		return must(s.t.lay.StoreSize(t)), s.nwords(t)
	case *types.PointerType:
		return s.t.lay.PtrSize, 1
	}
	fail("unsupported: load or store of type '%s'", t)
	return 0, 0
}

// piece is one naturally aligned access of an integer in memory: bytes
// [k, k+size) of the value, holding its bits [bit, bit+8*size).
type piece struct {
	k, size int64
	bit     int
}

// pieces splits a size-byte integer at alignment align into accesses of at
// most 4 bytes that are naturally aligned, in the module's byte order.
func (s *fn) pieces(size, align int64) []piece {
	if align <= 0 {
		align = 1
	}
	var ps []piece
	for k := int64(0); k < size; {
		p := int64(4)
		for p > size-k || p > align || (k%p != 0) {
			p /= 2
		}
		bit := int(8 * k)
		if s.t.opts.BigEndian {
			bit = int(8 * (size - k - p))
		}
		ps = append(ps, piece{k, p, bit})
		k += p
	}
	return ps
}

var loadOps = map[int64]mir.Opcode{1: mir.GLoad8U, 2: mir.GLoad16U, 4: mir.GLoad32}
var storeOps = map[int64]mir.Opcode{1: mir.GStore8, 2: mir.GStore16, 4: mir.GStore32}

func (s *fn) load(t types.Type, p value.Value, align int64) []mir.Reg {
	s.nwords(t) // rejects aggregates too large for registers
	if align == 0 {
		align = must(s.t.lay.Align(t))
	}
	align = s.checkAlign(p, align, "load")
	base, off := s.addr(p)
	return s.loadT(t, base, off, align, nil)
}

// alignAt is the alignment known for offset off into an object aligned to a.
func alignAt(a, off int64) int64 {
	for a > 1 && off%a != 0 {
		a /= 2
	}
	return a
}

// loadT appends the words of a value of type t at base+off to out;
// aggregates field by field.
func (s *fn) loadT(t types.Type, base mir.Operand, off, align int64, out []mir.Reg) []mir.Reg {
	switch tt := t.(type) {
	case *types.StructType:
		sl := must(s.t.lay.Struct(tt))
		for i, f := range tt.Fields {
			out = s.loadT(f, base, off+sl.Offsets[i], alignAt(align, sl.Offsets[i]), out)
		}
		return out
	case *types.ArrayType:
		es := must(s.t.lay.AllocSize(tt.ElemType))
		for i := int64(0); i < int64(tt.Len); i++ {
			out = s.loadT(tt.ElemType, base, off+i*es, alignAt(align, i*es), out)
		}
		return out
	case *types.VectorType: // also inside aggregates (x86-64's { <2 x float>, float })
		vt, _ := vectorOf(tt)
		return append(out, s.vecLoad(vt, base, off, align)...)
	}
	size, nw := s.memType(t)
	words := make([]mir.Reg, nw)
	for _, pc := range s.pieces(size, align) {
		w, sh := pc.bit/32, pc.bit%32
		if w >= nw {
			continue
		}
		v := s.reg()
		s.emit(loadOps[pc.size], mir.D(v), base, mir.I(off+pc.k))
		switch {
		case pc.size == 1 && t.Equal(types.I1):
			s.setZ(v, 1)
		case pc.size < 4:
			s.setZ(v, 8*int(pc.size))
		}
		s.orInto(words, w, v, sh)
		if sh+8*int(pc.size) > 32 && w+1 < nw {
			s.orInto(words, w+1, s.opK(mir.GLShr, v, int64(32-sh)), 0)
		}
	}
	for i, r := range words {
		if r == mir.NoReg {
			words[i] = s.konst(0)
		}
	}
	return append(out, words...)
}

func (s *fn) orInto(out []mir.Reg, w int, v mir.Reg, sh int) {
	if sh > 0 {
		v = s.opK(mir.GShl, v, int64(sh))
	}
	if out[w] == mir.NoReg {
		out[w] = v
	} else {
		out[w] = s.op2(mir.GOr, out[w], v)
	}
}

func (s *fn) store(v, p value.Value, align int64) {
	t := v.Type()
	s.nwords(t) // rejects aggregates too large for registers
	if align == 0 {
		align = must(s.t.lay.Align(t))
	}
	align = s.checkAlign(p, align, "store")
	base, off := s.addr(p)
	s.storeT(t, s.words(v), base, off, align)
}

// storeT stores the words of a value of type t at base+off and returns the
// words not consumed (the rest of an aggregate).
func (s *fn) storeT(t types.Type, words []mir.Reg, base mir.Operand, off, align int64) []mir.Reg {
	switch tt := t.(type) {
	case *types.StructType:
		sl := must(s.t.lay.Struct(tt))
		for i, f := range tt.Fields {
			words = s.storeT(f, words, base, off+sl.Offsets[i], alignAt(align, sl.Offsets[i]))
		}
		return words
	case *types.ArrayType:
		es := must(s.t.lay.AllocSize(tt.ElemType))
		for i := int64(0); i < int64(tt.Len); i++ {
			words = s.storeT(tt.ElemType, words, base, off+i*es, alignAt(align, i*es))
		}
		return words
	case *types.VectorType:
		vt, _ := vectorOf(tt)
		n := s.vecWords(vt)
		s.vecStore(vt, words[:n], base, off, align)
		return words[n:]
	}
	size, nw := s.memType(t)
	mine := words[:nw]
	for _, pc := range s.pieces(size, align) {
		w, sh := pc.bit/32, pc.bit%32
		var x mir.Reg
		if w >= nw {
			x = s.konst(0)
		} else {
			x = mine[w]
			if sh > 0 {
				x = s.opK(mir.GLShr, x, int64(sh))
			}
			if sh+8*int(pc.size) > 32 && w+1 < nw {
				x = s.op2(mir.GOr, x, s.opK(mir.GShl, mine[w+1], int64(32-sh)))
			}
		}
		s.emit(storeOps[pc.size], mir.R(x), base, mir.I(off+pc.k))
	}
	return words[nw:]
}

// aggregatePart returns the word range of the element an extractvalue or
// insertvalue index path selects.
func (s *fn) aggregatePart(t types.Type, path []uint64) (first, n int) {
	for _, i := range path {
		switch tt := t.(type) {
		case *types.StructType:
			if int(i) >= len(tt.Fields) {
				fail("bad aggregate index %d", i)
			}
			for _, f := range tt.Fields[:i] {
				first += s.nwords(f)
			}
			t = tt.Fields[i]
		case *types.ArrayType:
			first += int(i) * s.nwords(tt.ElemType)
			t = tt.ElemType
		default:
			fail("bad aggregate index path")
		}
	}
	return first, s.nwords(t)
}

func (s *fn) extractValue(x value.Value, path []uint64) []mir.Reg {
	first, n := s.aggregatePart(x.Type(), path)
	return s.words(x)[first : first+n]
}

func (s *fn) insertValue(x, elem value.Value, path []uint64) []mir.Reg {
	first, n := s.aggregatePart(x.Type(), path)
	out := append([]mir.Reg(nil), s.words(x)...)
	copy(out[first:first+n], s.words(elem))
	return out
}

// --- calls ---

func (s *fn) call(in *ir.InstCall) bool {
	callee := in.Callee
	for {
		bc, ok := callee.(*constant.ExprBitCast)
		if !ok {
			break
		}
		callee = bc.From
	}
	switch c := callee.(type) {
	case *ir.InlineAsm:
		s.inlineAsm(in, c)
		return false
	case *ir.Func:
		if strings.HasPrefix(c.Name(), "llvm.") {
			return s.intrinsic(in, c.Name())
		}
	}
	sig := in.Sig()
	var defs, uses []mir.Operand
	nres := s.nwords(sig.RetType)
	resSlot := -1
	if s.t.returnsInMemory(sig.RetType) {
		resSlot = s.f.NewFrameObject(mir.FrameObject{
			Size:  must(s.t.lay.AllocSize(sig.RetType)),
			Align: must(s.t.lay.Align(sig.RetType)),
			Name:  "result",
		})
		nres = 0
	}
	res := make([]mir.Reg, nres)
	for i := range res {
		res[i] = s.reg()
	}
	for _, r := range s.abiOrder(res) {
		defs = append(defs, mir.D(r))
	}
	if f, ok := callee.(*ir.Func); ok {
		s.t.useSym(f.Name())
		uses = append(uses, mir.S(f.Name(), 0))
	} else if cv, ok := s.foldValue(callee); ok && cv.sym != "" {
		s.t.useSym(cv.sym)
		uses = append(uses, mir.S(cv.sym, int64(cv.off)))
	} else {
		uses = append(uses, mir.R(s.word(callee)))
	}
	if resSlot >= 0 {
		p := s.reg()
		s.emit(mir.GFrameAddr, mir.D(p), mir.FI(resSlot, 0))
		uses = append(uses, mir.I(int64(mir.MakeArgDesc(1, mir.ArgSRet))), mir.R(p))
	}
	var declared []*ir.Param
	if f, ok := callee.(*ir.Func); ok {
		declared = f.Params
	}
	for i, a := range in.Args {
		var attrs []ir.ParamAttribute
		if arg, ok := a.(*ir.Arg); ok {
			attrs = arg.Attrs
			a = arg.Value
		}
		if sig.Variadic && i >= len(sig.Params) {
			s.warnLP64Vararg(a.Type())
		}
		if i < len(declared) {
			attrs = append(attrs, declared[i].Attrs...)
		}
		d, _ := s.paramDesc(a.Type(), attrs)
		uses = append(uses, mir.I(int64(d)))
		regs := s.words(a)
		if it, ok := a.Type().(*types.IntType); ok && len(regs) == 1 {
			if bits := int(it.BitSize); bits < 32 {
				for _, at := range attrs {
					switch at {
					case enum.ParamAttrSignExt:
						regs = []mir.Reg{s.sext(regs[0], bits)}
					case enum.ParamAttrZeroExt:
						regs = []mir.Reg{s.zext(regs[0], bits)}
					}
				}
			}
		}
		for _, r := range s.abiOrderT(a.Type(), regs) {
			uses = append(uses, mir.R(r))
		}
	}
	s.emit(mir.GCall, append(defs, uses...)...)
	s.f.HasCalls = true
	switch {
	case resSlot >= 0:
		s.define(in, s.loadT(sig.RetType, mir.FI(resSlot, 0), 0, must(s.t.lay.Align(sig.RetType)), nil))
	case nres > 0:
		s.define(in, res)
	}
	return false
}

// warnLP64Vararg warns, once per module, about a variadic i64 argument
// in IR whose datalayout has 64-bit pointers (x86-64): there C's long is
// 64 bits, while the Cpu0 runtime is ILP32, so printf's %ld would read
// half of it.
func (s *fn) warnLP64Vararg(t types.Type) {
	if s.t.warnedLP64 || s.t.opts.Warn == nil || !s.t.hasLayout || s.t.lay.PtrSize != 8 || !t.Equal(types.I64) {
		return
	}
	s.t.warnedLP64 = true
	e := s.t.funcError(s.irf, s.instNo, fmt.Sprintf("warning: variadic i64 argument in LP64 %s: if it is a C 'long' (64 bits in this IR, 32 in the Cpu0 runtime), printf's %%ld reads only half of it; compile with %s",
		s.t.tripleName(), s.t.mipsTargetFlag()))
	s.t.opts.Warn(e)
}

func (s *fn) foldValue(v value.Value) (cval, bool) {
	if c, ok := v.(constant.Constant); ok {
		return s.t.fold(c)
	}
	return cval{}, false
}

// callLib calls a C library routine with one-word arguments.
func (s *fn) callLib(name string, args ...mir.Reg) {
	s.t.useSym(name)
	ops := []mir.Operand{mir.S(name, 0)}
	for _, a := range args {
		ops = append(ops, mir.I(int64(mir.MakeArgDesc(1, 0))), mir.R(a))
	}
	s.emit(mir.GCall, ops...)
	s.f.HasCalls = true
}

// --- switch ---

// switchTerm emits a G_SWITCH for a switch on at most 32 bits: the value
// and the case values sign-extended from the switch's width, so that
// signed order is the type's order, as LLVM's switch lowering sorts them.
// The switch-lowering pass decides on tables and compares. Several cases
// to one block are one CFG edge; its phis get one entry (see fillPhis).
func (s *fn) switchTerm(t *ir.TermSwitch) {
	n := s.bitsOf(t.X.Type())
	if n > 32 {
		s.switchWide(t)
		return
	}
	x := s.sext(s.word(t.X), n)
	ops := []mir.Operand{mir.R(x), s.target(t.TargetDefault)}
	seen := map[int64]bool{}
	for _, c := range t.Cases {
		cv, ok := s.foldValue(c.X)
		if !ok || cv.sym != "" {
			fail("unsupported: non-integer switch case")
		}
		v := int64(int32(uint32(cv.off)<<(32-n)) >> (32 - n))
		if seen[v] {
			fail("duplicate integer as switch case")
		}
		seen[v] = true
		ops = append(ops, mir.I(v), s.target(c.Target))
	}
	s.emit(mir.GSwitch, ops...)
}

// switchWide lowers a switch on an integer of two or more words to a chain
// of compares.
func (s *fn) switchWide(t *ir.TermSwitch) {
	x := s.wext(s.words(t.X), s.bitsOf(t.X.Type()), false)
	for _, c := range t.Cases {
		cw, ok := s.intConstWords(c.X, len(x))
		if !ok {
			fail("unsupported: non-integer switch case")
		}
		eq := s.wicmp(mir.CondEQ, x, s.konstWords(cw))
		s.emit(mir.GBrCond, mir.R(eq), s.target(c.Target))
		next := s.newBlock()
		s.emit(mir.GBr, mir.B(next))
		s.setBlock(next)
	}
	s.emit(mir.GBr, s.target(t.TargetDefault))
}
