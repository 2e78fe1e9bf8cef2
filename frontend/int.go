// int.go: integer arithmetic, compares, selects and casts, and the extension facts they rely on.

package frontend

import (
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
	if it, ok := x.Type().(*types.IntType); ok && it.BitSize > 32 {
		return s.wselect(cond, a, b) // wideint.go
	}
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
		return s.wideCast(mir.GZExt, a, tw)
	case castZExt:
		return s.wideCast(mir.GZExt, s.wext(a, from, false), tw)
	default: // castSExt
		return s.wideCast(mir.GSExt, s.wext(a, from, true), tw)
	}
}

// extFact records that a register holds the zero-extension of its low z
// bits and/or the sign-extension of its low s bits (0: unknown), so that
// the extensions generic MIR requires are not repeated.
type extFact struct{ z, s uint8 }

func (s *fn) setZ(r mir.Reg, n int) {
	f := s.ext[r]
	f.z = uint8(n)
	s.ext[r] = f
}

func (s *fn) setS(r mir.Reg, n int) {
	f := s.ext[r]
	f.s = uint8(n)
	s.ext[r] = f
}

// isBool reports whether r is known to hold 0 or 1.
func (s *fn) isBool(r mir.Reg) bool { return s.ext[r].z == 1 }

func (s *fn) icmpR(c mir.Cond, a, b mir.Reg) mir.Reg {
	d := s.reg()
	s.emit(mir.GICmp, mir.D(d), mir.C(c), mir.R(a), mir.R(b))
	s.setZ(d, 1)
	return d
}

func (s *fn) selectR(c, a, b mir.Reg) mir.Reg {
	if a == b {
		return a
	}
	d := s.reg()
	s.emit(mir.GSelect, mir.D(d), mir.R(c), mir.R(a), mir.R(b))
	fa, fb := s.ext[a], s.ext[b]
	if fa.z != 0 && fb.z != 0 {
		s.setZ(d, int(max(fa.z, fb.z)))
	}
	if fa.s != 0 && fb.s != 0 {
		s.setS(d, int(max(fa.s, fb.s)))
	}
	return d
}

// zext clears the bits of r above the low n (n < 32) bits.
func (s *fn) zext(r mir.Reg, n int) mir.Reg {
	if f := s.ext[r]; n >= 32 || f.z != 0 && int(f.z) <= n {
		return r
	}
	d := s.opK(mir.GAnd, r, int64(uint32(1)<<n-1))
	s.setZ(d, n)
	return d
}

// sext sign-extends the low n bits of r.
func (s *fn) sext(r mir.Reg, n int) mir.Reg {
	if f := s.ext[r]; n >= 32 || f.s != 0 && int(f.s) <= n || f.z != 0 && int(f.z) < n {
		return r
	}
	d := s.reg()
	s.emit(mir.GSExtInReg, mir.D(d), mir.R(r), mir.I(int64(n)))
	s.setS(d, n)
	return d
}
