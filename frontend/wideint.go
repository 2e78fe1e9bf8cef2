package frontend

// Wide values: integers of more than one 32-bit word. An n-bit integer
// lives in (n+31)/32 registers, low word first; the bits of the top word
// above n are undefined (any-extended, like those of i8 in a word), so the
// operations whose result depends on them extend the top word first
// (wext). Every operation here works on word slices of any length; i64 is
// the two-word case. The helpers only emit generic ops, so this file can
// move into a MIR legalization pass unchanged in substance.

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

// wideDivHelpers are the runtime routines for division and remainder of
// integers wider than 64 bits: compiler-rt's arbitrary-width interface
// (void f(u32 *res, u32 *a, u32 *b, unsigned bits), the operands in memory
// in the target's byte order, bits a multiple of 32).
var wideDivHelpers = map[binKind]string{
	binSDiv: "__divei4", binUDiv: "__udivei4", binSRem: "__modei4", binURem: "__umodei4",
}

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

// wadd adds word by word with an unsigned-compare carry chain.
func (s *fn) wadd(a, b []mir.Reg) []mir.Reg { return mir.AddWords(s, a, b) }

// wsub subtracts word by word with an unsigned-compare borrow chain.
func (s *fn) wsub(a, b []mir.Reg) []mir.Reg { return mir.SubWords(s, a, b) }

// The frontend is a mir.WordBuilder for the multi-word helpers; its
// compares and selects keep the extension facts.

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

// wmul returns the low nout words of the product of a and b (schoolbook:
// column k sums the low halves of the partial products a[i]*b[j] with
// i+j = k, their G_UMULH high halves with i+j = k-1, and the carries out
// of column k-1).
func (s *fn) wmul(a, b []mir.Reg, nout int) []mir.Reg {
	out := make([]mir.Reg, nout)
	carries := make([][]mir.Reg, nout+1)
	for k := range nout {
		var terms []mir.Reg
		for i := range a {
			if j := k - 1 - i; j >= 0 && j < len(b) {
				terms = append(terms, s.op2(mir.GUMulH, a[i], b[j]))
			}
		}
		for i := range a {
			if j := k - i; j >= 0 && j < len(b) {
				terms = append(terms, s.op2(mir.GMul, a[i], b[j]))
			}
		}
		terms = append(terms, carries[k]...)
		if len(terms) == 0 {
			out[k] = s.konst(0)
			continue
		}
		acc := terms[0]
		for _, t := range terms[1:] {
			sum := s.op2(mir.GAdd, acc, t)
			if k+1 < nout {
				carries[k+1] = append(carries[k+1], s.icmpR(mir.CondULT, sum, t))
			}
			acc = sum
		}
		out[k] = acc
	}
	return out
}

// wlogic applies a bitwise op word by word.
func (s *fn) wlogic(op mir.Opcode, a, b []mir.Reg) []mir.Reg {
	out := make([]mir.Reg, len(a))
	for i := range a {
		out[i] = s.op2(op, a[i], b[i])
	}
	return out
}

// opNZ applies a shift or add by a constant, leaving out a zero amount.
func (s *fn) opNZ(op mir.Opcode, r mir.Reg, k int) mir.Reg {
	if k == 0 {
		return r
	}
	return s.opK(op, r, int64(k))
}

// wshift shifts an extended value by a constant amount (right shifts need
// the top word extended to match k). Amounts of the width or more are
// poison in IR; they give the fill.
func (s *fn) wshift(k binKind, a []mir.Reg, c int) []mir.Reg {
	n := len(a)
	if c == 0 {
		return a
	}
	q, r := c/32, c%32
	zero := mir.NoReg
	fill := func() mir.Reg {
		if k == binAShr {
			return s.opK(mir.GAShr, a[n-1], 31)
		}
		if zero == mir.NoReg {
			zero = s.konst(0)
		}
		return zero
	}
	out := make([]mir.Reg, n)
	for i := range out {
		if k == binShl {
			src := i - q
			if src < 0 {
				out[i] = fill()
				continue
			}
			w := s.opNZ(mir.GShl, a[src], r)
			if r > 0 && src > 0 {
				w = s.op2(mir.GOr, w, s.opK(mir.GLShr, a[src-1], int64(32-r)))
			}
			out[i] = w
			continue
		}
		src := i + q
		switch {
		case src >= n:
			out[i] = fill()
		case src == n-1:
			op := mir.GLShr
			if k == binAShr {
				op = mir.GAShr
			}
			out[i] = s.opNZ(op, a[src], r)
		default:
			w := s.opNZ(mir.GLShr, a[src], r)
			if r > 0 {
				w = s.op2(mir.GOr, w, s.opK(mir.GShl, a[src+1], int64(32-r)))
			}
			out[i] = w
		}
	}
	return out
}

// wshiftVar shifts an extended value by a variable amount inline: every
// word is shifted by amount&31 (the bits crossing between words shifted
// in two steps so that no shift reaches 32), then one select stage per
// bit of amount>>5 moves whole words.
func (s *fn) wshiftVar(k binKind, a []mir.Reg, amt mir.Reg) []mir.Reg {
	n := len(a)
	s5 := s.opK(mir.GAnd, amt, 31)
	inv := s.op2(mir.GSub, s.konst(31), s5)
	cur := make([]mir.Reg, n)
	if k == binShl {
		for i := range cur {
			cur[i] = s.op2(mir.GShl, a[i], s5)
			if i > 0 {
				cur[i] = s.op2(mir.GOr, cur[i], s.op2(mir.GLShr, s.opK(mir.GLShr, a[i-1], 1), inv))
			}
		}
	} else {
		for i := range cur {
			if i == n-1 {
				op := mir.GLShr
				if k == binAShr {
					op = mir.GAShr
				}
				cur[i] = s.op2(op, a[i], s5)
				continue
			}
			cur[i] = s.op2(mir.GOr, s.op2(mir.GLShr, a[i], s5), s.op2(mir.GShl, s.opK(mir.GShl, a[i+1], 1), inv))
		}
	}
	fill := s.konst(0)
	if k == binAShr {
		fill = s.opK(mir.GAShr, a[n-1], 31)
	}
	for st := 1; st < n; st *= 2 {
		big := s.icmpR(mir.CondNE, s.opK(mir.GAnd, amt, int64(32*st)), s.konst(0))
		next := make([]mir.Reg, n)
		for i := range next {
			src := i + st
			if k == binShl {
				src = i - st
			}
			from := fill
			if src >= 0 && src < n {
				from = cur[src]
			}
			next[i] = s.selectR(big, from, cur[i])
		}
		cur = next
	}
	return cur
}

// wicmp compares extended values (mir.CompareWords).
func (s *fn) wicmp(c mir.Cond, a, b []mir.Reg) mir.Reg { return mir.CompareWords(s, c, a, b) }

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

// konstWords materializes constant words.
func (s *fn) konstWords(w []uint32) []mir.Reg {
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

// wdivide calls a runtime division helper on n-bit values: the operands,
// extended to whole words, are stored into stack slots in the module's
// byte order and the result is loaded from a third one.
func (s *fn) wdivide(k binKind, n int, a, b []mir.Reg) []mir.Reg {
	signed := k == binSDiv || k == binSRem
	a, b = s.wext(a, n, signed), s.wext(b, n, signed)
	nw := len(a)
	wt := types.NewInt(uint64(32 * nw))
	slot := func(name string) mir.Reg {
		fi := s.f.NewFrameObject(mir.FrameObject{Size: int64(4 * nw), Align: 4, Name: name})
		r := s.reg()
		s.emit(mir.GFrameAddr, mir.D(r), mir.FI(fi, 0))
		return r
	}
	res, pa, pb := slot("quo"), slot("lhs"), slot("rhs")
	s.storeT(wt, a, mir.R(pa), 0, 4)
	s.storeT(wt, b, mir.R(pb), 0, 4)
	s.callLib(wideDivHelpers[k], res, pa, pb, s.konst(int64(32*nw)))
	return s.loadT(wt, mir.R(res), 0, 4, nil)
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
		b := s.wext(s.words(y), n, k == binSDiv || k == binSRem)
		if len(a) == 2 {
			return s.libCall(divHelpers[k], 2, a, b)
		}
		return s.wdivide(k, n, a, b)
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

// wselect selects word by word.
func (s *fn) wselect(c mir.Reg, a, b []mir.Reg) []mir.Reg {
	out := make([]mir.Reg, len(a))
	for i := range a {
		out[i] = s.selectR(c, a[i], b[i])
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
