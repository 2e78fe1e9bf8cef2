// calls.go: calls, arguments and parameters, returns and varargs.

package frontend

import (
	"fmt"
	"slices"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"

	"lltosimd/mir"
)

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
	var lib LibProto
	isLib := false
	if f, ok := callee.(*ir.Func); ok {
		lib, isLib = s.libProtoOf(f.Name())
	}
	widen, signed := lib.widensRet(sig.RetType)
	nres := s.nwords(sig.RetType)
	resSlot := -1
	switch {
	case isLib && lib.memRet(sig.RetType):
		resSlot = s.libRetSlot(lib)
		nres = 0
	case widen:
		nres = 1
	case s.t.returnsInMemory(sig.RetType):
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
	lp64Entry := false
	if f, ok := callee.(*ir.Func); ok {
		name := s.libSymbol(f.Name())
		lp64Entry = name != f.Name()
		s.t.useSym(name)
		uses = append(uses, mir.S(name, 0))
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
		if i < len(declared) {
			attrs = append(attrs, declared[i].Attrs...)
		}
		d, _ := s.paramDesc(a.Type(), attrs)
		if sig.Variadic && i >= len(sig.Params) {
			if !lp64Entry {
				s.warnLP64Vararg(a.Type())
			}
			d |= mir.ArgVariadic
		}
		regs := abiExtend[ir.ParamAttribute](s, a.Type(), s.words(a), attrs,
			enum.ParamAttrSignExt, enum.ParamAttrZeroExt)
		if sh := s.inregShift(a.Type(), attrs); sh > 0 {
			regs = []mir.Reg{s.opK(mir.GShl, regs[0], sh)}
		}
		if isLib && lib.narrowsParam(i, a.Type()) {
			// The runtime's long or size_t: one word, the low one.
			d, regs = mir.MakeArgDesc(1, 0), regs[:1]
		}
		uses = append(uses, mir.I(int64(d)))
		for _, r := range s.abiOrderT(a.Type(), regs) {
			uses = append(uses, mir.R(r))
		}
	}
	s.emit(mir.GCall, append(defs, uses...)...)
	s.f.HasCalls = true
	switch {
	case isLib && lib.memRet(sig.RetType):
		s.define(in, s.libRetWords(lib, resSlot, sig.RetType))
	case resSlot >= 0:
		s.define(in, s.loadT(sig.RetType, mir.FI(resSlot, 0), 0, must(s.t.lay.Align(sig.RetType)), nil))
	case widen:
		s.define(in, s.wresize(res, 2, signed))
	case nres > 0:
		s.define(in, res)
	}
	return false
}

// abiExtend applies the signext (sign) and zeroext (zero) attributes among
// attrs, in their order, to the register of a sub-word integer of type t:
// a call argument or a function result, whose receiver may rely on them.
func abiExtend[A comparable](s *fn, t types.Type, regs []mir.Reg, attrs []A, sign, zero A) []mir.Reg {
	it, ok := t.(*types.IntType)
	if !ok || len(regs) != 1 || it.BitSize >= 32 {
		return regs
	}
	bits := int(it.BitSize)
	for _, a := range attrs {
		switch a {
		case sign:
			regs = []mir.Reg{s.sext(regs[0], bits)}
		case zero:
			regs = []mir.Reg{s.zext(regs[0], bits)}
		}
	}
	return regs
}

// warnLP64Vararg warns, once per module, about a variadic i64 argument
// in IR whose datalayout has 64-bit pointers (x86-64): there C's long is
// 64 bits, while the Cpu0 runtime is ILP32, so a callee reading a long
// would read half of it (the printf family has LP64 entry points instead:
// LP64Entries).
func (s *fn) warnLP64Vararg(t types.Type) {
	if s.t.warnedLP64 || s.t.opts.Warn == nil || !s.t.lp64() || !t.Equal(types.I64) {
		return
	}
	s.t.warnedLP64 = true
	e := s.t.funcError(s.irf, s.instNo, fmt.Sprintf("warning: variadic i64 argument in LP64 %s: if it is a C 'long' (64 bits in this IR, 32 in the Cpu0 runtime), a callee reading a long reads only half of it; compile with %s",
		s.t.tripleName(), s.t.mipsTargetFlag()))
	s.t.opts.Warn(e)
}

// callLib calls a C library routine with one-word arguments.
func (s *fn) callLib(name string, args ...mir.Reg) {
	groups := make([][]mir.Reg, len(args))
	for i, a := range args {
		groups[i] = []mir.Reg{a}
	}
	s.libCall(name, 0, groups...)
}

// --- parameters and results ---

// paramDesc returns the argument descriptor of a parameter of type t with
// attributes attrs.
func (s *fn) paramDesc(t types.Type, attrs []ir.ParamAttribute) (mir.ArgDesc, int) {
	for _, a := range attrs {
		switch a := a.(type) {
		case ir.Byval:
			bt := a.Typ
			if bt == nil {
				bt = t.(*types.PointerType).ElemType
			}
			// The copy has the parameter's `align`, else its type's; its
			// argument slot follows O32's rule.
			align := must(s.t.lay.Align(bt))
			for _, b := range attrs {
				if b, ok := b.(ir.Align); ok && b > 0 {
					align = int64(b)
				}
			}
			d := mir.MakeByValDesc(must(s.t.lay.AllocSize(bt)), align)
			if o32Align8(bt) {
				d |= mir.ArgAlign8
			}
			return d, 1
		case ir.SRet:
			return mir.MakeArgDesc(1, mir.ArgSRet), 1
		}
	}
	n := s.nwords(t)
	if n > int(mir.ArgWordsMask) {
		fail("unsupported: argument of type '%s' (%d words; at most %d)", t, n, mir.ArgWordsMask)
	}
	var flags mir.ArgDesc
	if n >= 2 && o32Align8(t) {
		flags = mir.ArgAlign8
	}
	return mir.MakeArgDesc(n, flags), n
}

// o32Align8 reports whether O32 gives an argument of type t an 8-byte
// aligned register pair or stack slot: i64, double, vectors of 8 bytes or
// more, and aggregates containing one. This is O32's own rule, not the
// IR's datalayout (i386 IR aligns i64 and double to 4 only): the runtime
// and every other file expect O32's placement whatever the source triple.
func o32Align8(t types.Type) bool {
	switch t := t.(type) {
	case *types.IntType:
		return t.BitSize > 32
	case *types.FloatType:
		return t.Kind != types.FloatKindFloat && t.Kind != types.FloatKindHalf
	case *types.VectorType:
		// A MIPS vector is naturally aligned: 8 bytes from 64 bits on.
		bits := uint64(32)
		switch e := t.ElemType.(type) {
		case *types.IntType:
			bits = e.BitSize
		case *types.FloatType:
			if sz, err := floatSize(e); err == nil {
				bits = 8 * uint64(sz)
			}
		}
		return t.Len*bits >= 64
	case *types.ArrayType:
		return t.Len > 0 && o32Align8(t.ElemType)
	case *types.StructType:
		if t.Packed {
			return false
		}
		for _, f := range t.Fields {
			if o32Align8(f) {
				return true
			}
		}
	}
	return false
}

func (s *fn) args() {
	var defs, uses []mir.Operand
	if s.t.returnsInMemory(s.irf.Sig.RetType) {
		s.retPtr = s.reg()
		defs = append(defs, mir.D(s.retPtr))
		uses = append(uses, mir.I(int64(mir.MakeArgDesc(1, mir.ArgSRet))))
	}
	for _, p := range s.irf.Params {
		d, n := s.paramDesc(p.Typ, p.Attrs)
		uses = append(uses, mir.I(int64(d)))
		regs := make([]mir.Reg, n)
		for i := range regs {
			regs[i] = s.reg()
		}
		s.vals[p] = regs
		s.nameRegs(p, regs)
		if s.inregShift(p.Typ, p.Attrs) == 0 { // a left-justified word holds no extension
			s.paramFacts(regs, p.Typ, p.Attrs)
		}
		for _, r := range s.abiOrderT(p.Typ, regs) {
			defs = append(defs, mir.D(r))
		}
	}
	s.emit(mir.GArgs, append(defs, uses...)...)
	for _, p := range s.irf.Params {
		if sh := s.inregShift(p.Typ, p.Attrs); sh > 0 {
			r := s.opK(mir.GLShr, s.vals[p][0], sh)
			s.setZ(r, 32-int(sh))
			s.vals[p] = []mir.Reg{r}
		}
	}
	// Vector parameters arrive as words: build their vector registers.
	for _, p := range s.irf.Params {
		if vt, ok := s.vecType(p.Typ); ok {
			s.defineVec(p, s.buildVec(vt, regOps(s.vals[p])))
		}
	}
}

// abiOrder returns the words of a value in the order G_ARGS, G_CALL and
// G_RET list them: memory order, so high word first on big-endian targets
// (as O32 passes an i64 in $a0:$a1). Values are kept low word first
// everywhere else.
func (s *fn) abiOrder(regs []mir.Reg) []mir.Reg {
	if len(regs) == 2 && s.t.opts.BigEndian {
		return []mir.Reg{regs[1], regs[0]}
	}
	return regs
}

// abiOrderT is abiOrder for a value of type t: integers of more than two
// words are listed in memory order too (aggregates keep their field order).
func (s *fn) abiOrderT(t types.Type, regs []mir.Reg) []mir.Reg {
	if isWide(t) && s.t.opts.BigEndian {
		out := slices.Clone(regs)
		slices.Reverse(out)
		return out
	}
	return s.abiOrder(regs)
}

func (s *fn) sretParam() *ir.Param {
	for _, p := range s.irf.Params {
		for _, a := range p.Attrs {
			if _, ok := a.(ir.SRet); ok {
				return p
			}
		}
	}
	return nil
}

// paramFacts records the extension a signext/zeroext argument arrives with.
// inregShift is the left shift that places an argument of type t with
// attributes attrs in its register word: MIPS IR marks the pieces of a
// struct passed by value inreg, and big-endian O32 left-justifies a piece
// narrower than a word (its bytes come first in the word, as in memory,
// so that the callee's va_arg, which reads the argument area, finds the
// struct's bytes at the slot's start). 0 for everything else.
func (s *fn) inregShift(t types.Type, attrs []ir.ParamAttribute) int64 {
	it, ok := t.(*types.IntType)
	if !ok || it.BitSize >= 32 || !s.t.opts.BigEndian || !slices.Contains(attrs, ir.ParamAttribute(enum.ParamAttrInReg)) {
		return 0
	}
	return 32 - int64(it.BitSize)
}

func (s *fn) paramFacts(regs []mir.Reg, t types.Type, attrs []ir.ParamAttribute) {
	it, ok := t.(*types.IntType)
	if !ok || len(regs) != 1 || it.BitSize >= 32 {
		return
	}
	for _, a := range attrs {
		switch a {
		case enum.ParamAttrSignExt:
			s.setS(regs[0], int(it.BitSize))
		case enum.ParamAttrZeroExt:
			s.setZ(regs[0], int(it.BitSize))
		}
	}
}

// returnsInMemory reports whether a function returning t gets a hidden
// result pointer: any first-class value of more than the two words G_RET
// can carry ($2/$3), such as x86-64's { i64, i32 }, _Complex double's
// { double, double }, [4 x i32] or <4 x i32>. The rule depends on the type
// alone, so every caller (direct, indirect, in another file) and the
// callee agree; the hidden argument is marked ArgSRet and the callee
// returns it, like a C sret (which is what O32 does for such results).
func (t *translator) returnsInMemory(rt types.Type) bool {
	return regWords(rt) > 2
}

// regWords counts the register words of a value of type t (the frontend's
// nwords) without failing on types nwords refuses, saturating early so
// that huge array types cost nothing.
func regWords(t types.Type) uint64 {
	switch tt := t.(type) {
	case *types.VoidType:
		return 0
	case *types.StructType:
		var n uint64
		for _, f := range tt.Fields {
			n += regWords(f)
			if n > maxRegWords {
				return n
			}
		}
		return n
	case *types.ArrayType:
		return arrayWords(tt.Len, tt.ElemType)
	case *types.VectorType:
		return arrayWords(tt.Len, tt.ElemType)
	case *types.IntType:
		return (tt.BitSize + 31) / 32
	case *types.FloatType:
		if sz, err := floatSize(tt); err == nil {
			return uint64(sz+3) / 4
		}
	}
	return 1
}

// arrayWords is regWords of n elements of type et.
func arrayWords(n uint64, et types.Type) uint64 {
	if n == 0 {
		return 0
	}
	e := regWords(et)
	if e > 0 && n > maxRegWords {
		return maxRegWords + 1
	}
	return e * n
}
