package frontend

// Wide values: integers of more than one 32-bit word. An n-bit integer
// lives in (n+31)/32 registers, low word first; the bits of the top word
// above n are undefined (any-extended, like those of i8 in a word), so the
// operations whose result depends on them extend the top word first
// (wext). Every operation here works on word slices of any length; i64 is
// the two-word case. Arithmetic, logic, shifts, compares, selects,
// division, casts and constants are ops on wide registers (wideOp,
// wideCast, konstWords; loads, stores and phis in memory.go and
// control.go), which the MIR pass wideint-legalize splits into word ops;
// what stays here is the overflow and bit intrinsics built on those ops
// and the extension facts of the words.

import (
	"math/big"
	"slices"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// maxIntBits bounds the integer widths lowered to words; the runtime's
// division helpers (runtime/cpu0/wideint.c) take up to 1024 bits.
const maxIntBits = 1024

// wext extends the top word of an n-bit value so that the bits above n
// are copies of bit n-1 (signed) or zero.
func (s *fn) wext(a []mir.Reg, n int, signed bool) []mir.Reg {
	top := n - 32*(len(a)-1)
	if top >= 32 {
		return a
	}
	out := slices.Clone(a)
	if signed {
		out[len(a)-1] = s.sext(a[len(a)-1], top)
	} else {
		out[len(a)-1] = s.zext(a[len(a)-1], top)
	}
	return out
}

// wresize extends (or truncates) an extended value to nw words.
func (s *fn) wresize(a []mir.Reg, nw int, signed bool) []mir.Reg {
	if nw <= len(a) {
		return a[:nw]
	}
	fill := s.konst(0)
	if signed {
		fill = s.opK(mir.GAShr, a[len(a)-1], 31)
	}
	out := slices.Clone(a)
	for len(out) < nw {
		out = append(out, fill)
	}
	return out
}

// wideCast resizes extended words a to tw words: G_TRUNC when fewer,
// ext (G_ZEXT or G_SEXT) when more, on wide registers (a one-word side is
// its 32-bit register), which wideint-legalize turns into the kept words
// and the fill. The words keep their extension facts, and a zero fill has
// those of 0.
func (s *fn) wideCast(ext mir.Opcode, a []mir.Reg, tw int) []mir.Reg {
	if tw == len(a) {
		return a
	}
	src := a[0]
	if len(a) > 1 {
		src = s.merge(a)
	}
	op := ext
	if tw < len(a) {
		op = mir.GTrunc
	}
	if tw == 1 {
		d := s.reg()
		s.emit(op, mir.D(d), mir.R(src))
		s.ext[d] = s.ext[a[0]]
		return []mir.Reg{d}
	}
	out := s.wideResult(op, tw, src)
	for i := range out {
		switch {
		case i < len(a):
			s.ext[out[i]] = s.ext[a[i]]
		case ext == mir.GZExt:
			s.ext[out[i]] = konstFact(0)
		}
	}
	return out
}

// The wide integer operations are G_MERGE_VALUES of the operands' words,
// the generic op on wide registers and G_UNMERGE_VALUES of the result; the
// pass wideint-legalize (passes/wideintlegalize.go) splits them into word
// ops, the sequences of mir/words.go. The frontend's own word sequences
// (the overflow intrinsics' double-length products) use the same helpers.

// wadd adds word by word with a carry chain (mir.AddWords).
func (s *fn) wadd(a, b []mir.Reg) []mir.Reg { return s.wideOp(mir.GAdd, a, b) }

// wsub subtracts word by word with a borrow chain (mir.SubWords).
func (s *fn) wsub(a, b []mir.Reg) []mir.Reg { return s.wideOp(mir.GSub, a, b) }

// wlogic applies a bitwise op word by word (mir.LogicWords).
func (s *fn) wlogic(op mir.Opcode, a, b []mir.Reg) []mir.Reg { return s.wideOp(op, a, b) }

// wmul returns the low nout words of the product of a and b
// (mir.MulWords); a double-length product stays a word sequence here.
func (s *fn) wmul(a, b []mir.Reg, nout int) []mir.Reg {
	if nout == len(a) && nout == len(b) {
		return s.wideOp(mir.GMul, a, b)
	}
	return mir.MulWords(s, a, b, nout)
}

// wshift shifts an extended value by a constant amount (mir.ShiftWords;
// right shifts need the top word extended to match k).
func (s *fn) wshift(k binKind, a []mir.Reg, c int) []mir.Reg {
	if c == 0 {
		return a
	}
	out := s.wideResult(binOps[k], len(a), s.merge(a), mir.I(int64(c)))
	// The words the shift fills with zeros are the block's zero constant
	// (wideint-legalize makes them that): the extension facts of 0 spare
	// the users' masks, and equal words stay one register.
	q := c / 32
	switch k {
	case binShl:
		for i := range q {
			out[i] = s.konst(0)
		}
	case binLShr:
		for i := len(out) - q; i < len(out); i++ {
			out[i] = s.konst(0)
		}
	}
	return out
}

// wshiftVar shifts an extended value by the amount in register amt
// (mir.ShiftWordsVar).
func (s *fn) wshiftVar(k binKind, a []mir.Reg, amt mir.Reg) []mir.Reg {
	return s.wideResult(binOps[k], len(a), s.merge(a), mir.R(amt))
}

// wicmp compares extended values (mir.CompareWords).
func (s *fn) wicmp(c mir.Cond, a, b []mir.Reg) mir.Reg {
	if len(a) == 1 {
		return s.icmpR(c, a[0], b[0])
	}
	wa, wb := s.merge(a), s.merge(b)
	d := s.reg()
	s.emit(mir.GICmp, mir.D(d), mir.C(c), mir.R(wa), mir.R(wb))
	s.setZ(d, 1)
	return d
}

// wideOp emits a binary op on the wide integers of words a and b.
func (s *fn) wideOp(op mir.Opcode, a, b []mir.Reg) []mir.Reg {
	wa := s.merge(a)
	return s.wideResult(op, len(a), wa, mir.R(s.merge(b)))
}

// merge builds the wide register of words a (G_MERGE_VALUES).
func (s *fn) merge(a []mir.Reg) mir.Reg {
	r := s.f.NewWideVReg(32 * len(a))
	ops := []mir.Operand{mir.D(r)}
	for _, w := range a {
		ops = append(ops, mir.R(w))
	}
	s.emit(mir.GMergeValues, ops...)
	return r
}

// wideResult emits d = op a, b on wide registers of nw words (b: a wide
// register, a shift's amount, or none for a unary op) and returns d's words (G_UNMERGE_VALUES).
func (s *fn) wideResult(op mir.Opcode, nw int, a mir.Reg, b ...mir.Operand) []mir.Reg {
	d := s.f.NewWideVReg(32 * nw)
	s.emit(op, append([]mir.Operand{mir.D(d), mir.R(a)}, b...)...)
	return s.unmerge(d, nw)
}

// unmerge returns the nw words of wide register d (G_UNMERGE_VALUES).
func (s *fn) unmerge(d mir.Reg, nw int) []mir.Reg {
	out := make([]mir.Reg, nw)
	ops := make([]mir.Operand, 0, nw+1)
	for i := range out {
		out[i] = s.reg()
		ops = append(ops, mir.D(out[i]))
	}
	s.emit(mir.GUnmergeValues, append(ops, mir.R(d))...)
	return out
}

// The frontend is a mir.WordBuilder for the word sequences it still
// emits itself; its compares and selects keep the extension facts.

// Op2 emits d = op a, b.
func (s *fn) Op2(op mir.Opcode, a, b mir.Reg) mir.Reg { return s.op2(op, a, b) }

// ICmp emits a compare (a 0/1 value).
func (s *fn) ICmp(c mir.Cond, a, b mir.Reg) mir.Reg { return s.icmpR(c, a, b) }

// Select emits c ? a : b.
func (s *fn) Select(c, a, b mir.Reg) mir.Reg { return s.selectR(c, a, b) }

// Const returns the block's register holding k.
func (s *fn) Const(k int64) mir.Reg { return s.konst(k) }

// or1 ors two 0/1 registers.
func (s *fn) or1(a, b mir.Reg) mir.Reg {
	d := s.op2(mir.GOr, a, b)
	s.setZ(d, 1)
	return d
}

// opNZ applies a shift or add by a constant, leaving out a zero amount.
func (s *fn) opNZ(op mir.Opcode, r mir.Reg, k int) mir.Reg {
	if k == 0 {
		return r
	}
	return s.opK(op, r, int64(k))
}

// wideConst returns the words of an integer constant when v is one
// (integers of any width, undef and poison of integer type).
func (s *fn) wideConst(v value.Value) ([]uint32, bool) {
	it, ok := v.Type().(*types.IntType)
	if !ok {
		return nil, false
	}
	switch c := v.(type) {
	case *constant.Int:
		return bigWords(c.X, int(it.BitSize)), true
	case *constant.Undef, *constant.Poison, *constant.ZeroInitializer:
		return make([]uint32, (it.BitSize+31)/32), true
	}
	return nil, false
}

// intConstWords returns the words of an integer or address-free constant
// (wideConst, or a folded constant expression of up to 64 bits).
func (s *fn) intConstWords(v value.Value, nw int) ([]uint32, bool) {
	if w, ok := s.wideConst(v); ok {
		return w, true
	}
	if isWide(v.Type()) {
		return nil, false
	}
	cv, ok := s.foldValue(v)
	if !ok || cv.sym != "" {
		return nil, false
	}
	return bigWords(new(big.Int).SetUint64(cv.off), 32*nw), true
}

// bigWords returns x modulo 2^bits (zero-extended, like folded constants)
// as (bits+31)/32 words, low word first.
func bigWords(x *big.Int, bits int) []uint32 {
	m := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	v := new(big.Int).Mod(x, m) // non-negative: two's complement of negatives
	out := make([]uint32, (bits+31)/32)
	mask := big.NewInt(0xffffffff)
	for i := range out {
		out[i] = uint32(new(big.Int).And(new(big.Int).Rsh(v, uint(32*i)), mask).Uint64())
	}
	return out
}

// konstWords materializes constant words: an integer of several words is
// a G_CONSTANT, whose words (with the facts of constants) wideint-legalize
// makes the block's G_CONSTs.
func (s *fn) konstWords(w []uint32) []mir.Reg {
	if len(w) > 1 {
		d := s.f.NewWideVReg(32 * len(w))
		ops := []mir.Operand{mir.D(d)}
		for _, x := range w {
			ops = append(ops, mir.I(int64(int32(x))))
		}
		s.emit(mir.GConstant, ops...)
		out := s.unmerge(d, len(w))
		for i, x := range w {
			s.ext[out[i]] = konstFact(int64(int32(x)))
		}
		return out
	}
	out := make([]mir.Reg, len(w))
	for i, x := range w {
		out[i] = s.konst(int64(int32(x)))
	}
	return out
}

// isWide reports whether t is an integer type of more than two words
// (i64 keeps its two-word conventions: results in registers, helpers
// named after libgcc's).
func isWide(t types.Type) bool {
	it, ok := t.(*types.IntType)
	return ok && it.BitSize > 64
}

// wideBinary lowers a binary operation on integers of two or more words.
func (s *fn) wideBinary(k binKind, n int, x, y value.Value) []mir.Reg {
	a := s.words(x)
	switch k {
	case binLShr, binUDiv, binURem:
		a = s.wext(a, n, false)
	case binAShr, binSDiv, binSRem:
		a = s.wext(a, n, true)
	}
	switch k {
	case binShl, binLShr, binAShr:
		if c, ok := constInt(y); ok {
			return s.wshift(k, a, int(c%uint64(32*len(a))))
		}
		return s.wshiftVar(k, a, s.words(y)[0])
	case binSDiv, binSRem, binUDiv, binURem:
		// wideint-legalize calls the runtime's helpers.
		b := s.wext(s.words(y), n, k == binSDiv || k == binSRem)
		return s.wideOp(binOps[k], a, b)
	}
	b := s.words(y)
	switch k {
	case binAdd:
		return s.wadd(a, b)
	case binSub:
		return s.wsub(a, b)
	case binMul:
		return s.wmul(a, b, len(a))
	}
	return s.wlogic(binOps[k], a, b)
}

// wneg negates a value.
func (s *fn) wneg(a []mir.Reg) []mir.Reg {
	zero := make([]mir.Reg, len(a))
	for i := range zero {
		zero[i] = s.konst(0)
	}
	return s.wsub(zero, a)
}

// wselect selects between integers of several words: a G_SELECT of wide
// registers, split word by word by wideint-legalize. A word that is one
// register in both stays that register, and the others keep the extension
// facts both alternatives share, as selectR keeps them.
func (s *fn) wselect(c mir.Reg, a, b []mir.Reg) []mir.Reg {
	wa, wb := s.merge(a), s.merge(b)
	d := s.f.NewWideVReg(32 * len(a))
	s.emit(mir.GSelect, mir.D(d), mir.R(c), mir.R(wa), mir.R(wb))
	out := s.unmerge(d, len(a))
	for i := range out {
		if a[i] == b[i] {
			out[i] = a[i]
			continue
		}
		fa, fb := s.ext[a[i]], s.ext[b[i]]
		if fa.z != 0 && fb.z != 0 {
			s.setZ(out[i], int(max(fa.z, fb.z)))
		}
		if fa.s != 0 && fb.s != 0 {
			s.setS(out[i], int(max(fa.s, fb.s)))
		}
	}
	return out
}

// wnonzero is 1 when any word is non-zero.
func (s *fn) wnonzero(a []mir.Reg) mir.Reg {
	x := a[0]
	for _, w := range a[1:] {
		x = s.op2(mir.GOr, x, w)
	}
	return s.icmpR(mir.CondNE, x, s.konst(0))
}

// wideOverflow lowers llvm.*.with.overflow on values of two or more words
// whose width is a multiple of 32: the result words and the overflow bit.
func (s *fn) wideOverflow(op string, a, b []mir.Reg) []mir.Reg {
	nw := len(a)
	zero := s.konst(0)
	sign := func(r mir.Reg) mir.Reg { return s.icmpR(mir.CondSLT, r, zero) }
	top := nw - 1
	switch op {
	case "uadd":
		r := s.wadd(a, b)
		return append(r, s.wicmp(mir.CondULT, r, a))
	case "usub":
		return append(s.wsub(a, b), s.wicmp(mir.CondULT, a, b))
	case "sadd": // overflow iff the sign of r differs from both a's and b's
		r := s.wadd(a, b)
		sg := s.op2(mir.GAnd, s.op2(mir.GXor, r[top], a[top]), s.op2(mir.GXor, r[top], b[top]))
		return append(r, sign(sg))
	case "ssub": // overflow iff a and b differ in sign and r's sign differs from a's
		r := s.wsub(a, b)
		sg := s.op2(mir.GAnd, s.op2(mir.GXor, a[top], b[top]), s.op2(mir.GXor, a[top], r[top]))
		return append(r, sign(sg))
	case "umul":
		return s.umulOverflow(a, b)
	}
	// smul: the product of the magnitudes (as unsigned numbers, so that
	// |MIN| = 2^(32nw-1) is exact) must not overflow and must be at most
	// 2^(32nw-1)-1 for a positive product or 2^(32nw-1) for a negative one.
	prod := s.wmul(a, b, nw) // the low words do not depend on signedness
	negA, negB := sign(a[top]), sign(b[top])
	magA, magB := s.wselect(negA, s.wneg(a), a), s.wselect(negB, s.wneg(b), b)
	m := s.umulOverflow(magA, magB)
	neg := s.op2(mir.GXor, negA, negB)
	// Above the positive limit: the high bit is set; above the negative
	// one: the high bit and any other bit are set.
	hiBit := s.opK(mir.GLShr, m[top], 31)
	rest := append(slices.Clone(m[:top]), s.opK(mir.GAnd, m[top], 0x7fffffff))
	tooBig := s.selectR(neg, s.op2(mir.GAnd, hiBit, s.wnonzero(rest)), hiBit)
	return append(prod, s.or1(m[nw], tooBig))
}

// oddOverflow lowers llvm.*.with.overflow on n-bit values whose top word
// has spare bits (n not a multiple of 32): the operation is exact on the
// extended words (the double-length product for mul), and it overflows iff
// the exact result differs from its own low n bits extended.
func (s *fn) oddOverflow(op string, n int, a, b []mir.Reg) []mir.Reg {
	signed := op[0] == 's'
	a, b = s.wext(a, n, signed), s.wext(b, n, signed)
	nw := len(a)
	var r []mir.Reg
	switch op[1:] {
	case "add":
		r = s.wadd(a, b)
	case "sub":
		r = s.wsub(a, b)
	default:
		// The product of the extended words is exact modulo 2^(64nw),
		// and the true product fits in 2n bits.
		a, b = s.wresize(a, 2*nw, signed), s.wresize(b, 2*nw, signed)
		r = s.wmul(a, b, 2*nw)
	}
	fit := s.wresize(s.wext(r[:nw], n, signed), len(r), signed)
	return append(r[:nw:nw], s.wicmp(mir.CondNE, fit, r))
}

// umulOverflow returns the low words of the unsigned product and whether
// the full product needs more words.
func (s *fn) umulOverflow(a, b []mir.Reg) []mir.Reg {
	nw := len(a)
	if nw == 2 {
		return s.umulOverflow64(a, b)
	}
	p := s.wmul(a, b, 2*nw)
	return append(p[:nw], s.wnonzero(p[nw:]))
}

// wideBitOp lowers ctlz, cttz, ctpop, bswap and bitreverse on n-bit values
// of two or more words.
func (s *fn) wideBitOp(op string, n int, a []mir.Reg) []mir.Reg {
	nw := len(a)
	pad := 32*nw - n // unused bits above the top word's n-32(nw-1)
	zero := s.konst(0)
	result := func(r mir.Reg) []mir.Reg {
		out := []mir.Reg{r}
		for len(out) < nw {
			out = append(out, zero)
		}
		return out
	}
	switch op {
	case "ctlz":
		a = s.wext(a, n, false)
		r := s.opK(mir.GAdd, s.ctlz32(a[0]), int64(32*(nw-1)-pad))
		for i := 1; i < nw; i++ {
			nz := s.icmpR(mir.CondNE, a[i], zero)
			r = s.selectR(nz, s.opK(mir.GAdd, s.ctlz32(a[i]), int64(32*(nw-1-i)-pad)), r)
		}
		return result(r)
	case "cttz":
		t := a[nw-1]
		if pad > 0 { // stop the count at n for a zero value
			t = s.opK(mir.GOr, t, int64(1)<<(32-pad))
		}
		r := s.opK(mir.GAdd, s.cttz32(t), int64(32*(nw-1)))
		for i := nw - 2; i >= 0; i-- {
			nz := s.icmpR(mir.CondNE, a[i], zero)
			r = s.selectR(nz, s.opNZ(mir.GAdd, s.cttz32(a[i]), 32*i), r)
		}
		return result(r)
	case "ctpop":
		a = s.wext(a, n, false)
		r := s.ctpop32(a[0])
		for _, w := range a[1:] {
			r = s.op2(mir.GAdd, r, s.ctpop32(w))
		}
		return result(r)
	case "bswap", "bitreverse":
		out := make([]mir.Reg, nw)
		for i := range out {
			if op == "bswap" {
				out[i] = s.bswap32(a[nw-1-i])
			} else {
				out[i] = s.bitrev32(a[nw-1-i])
			}
		}
		return s.wshift(binLShr, out, pad)
	}
	fail("unsupported: intrinsic llvm.%s.i%d", op, n)
	return nil
}
