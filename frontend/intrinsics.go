package frontend

import (
	"math/big"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// intrinsicBase strips the type suffixes of an intrinsic name
// ("llvm.memcpy.p0i8.p0i8.i32" -> "memcpy", "llvm.lifetime.start.p0i8" ->
// "lifetime.start").
func intrinsicBase(name string) string {
	name = strings.TrimPrefix(name, "llvm.")
	parts := strings.Split(name, ".")
	n := len(parts)
	for n > 1 && isTypeSuffix(parts[n-1]) {
		n--
	}
	return strings.Join(parts[:n], ".")
}

func isTypeSuffix(p string) bool {
	if p == "" {
		return false
	}
	if (p[0] == 'i' || p[0] == 'p' || p[0] == 'v' || p[0] == 'f') && len(p) > 1 && p[1] >= '0' && p[1] <= '9' {
		return true
	}
	return false
}

// intrinsic translates a call to an llvm.* intrinsic. It reports true when
// control does not continue (llvm.trap).
func (s *fn) intrinsic(in *ir.InstCall, name string) bool {
	args := make([]value.Value, len(in.Args))
	for i, a := range in.Args {
		if arg, ok := a.(*ir.Arg); ok {
			a = arg.Value
		}
		args[i] = a
	}
	if s.vectorIntrinsic(in, name, args) {
		return false
	}
	base := intrinsicBase(name)
	switch base {
	case "dbg.declare", "dbg.value", "dbg.label", "lifetime.start", "lifetime.end", "assume",
		"experimental.noalias.scope.decl", "invariant.start", "invariant.end", "sideeffect",
		"va_end", "donothing":
		if s.nwords(in.Typ) > 0 {
			s.define(in, []mir.Reg{s.konst(0)}) // invariant.start's token; never used
		}
	case "flt.rounds":
		// The soft-float runtime always rounds to nearest (float.h's
		// FLT_ROUNDS; there is no fesetround).
		s.define(in, []mir.Reg{s.konst(1)})
	case "expect", "expect.with.probability":
		s.define(in, s.words(args[0]))
	case "memcpy", "memmove", "memset":
		dst := s.word(args[0])
		var src mir.Reg
		if base == "memset" {
			src = s.zext(s.word(args[1]), 8)
		} else {
			src = s.word(args[1])
		}
		s.callLib(base, dst, src, s.word(args[2]))
	case "trap", "debugtrap", "ubsantrap":
		// Without a debugger to resume from, a breakpoint ends the program;
		// ubsantrap's argument (the check's kind, for -ftrapv and
		// -fsanitize-trap) only tells the traps apart.
		s.emit(mir.GTrap)
		return true
	case "returnaddress", "frameaddress":
		s.define(in, []mir.Reg{s.frameInfo(base, args[0])})
	case "stacksave":
		d := s.reg()
		s.emit(mir.GStackSave, mir.D(d))
		s.define(in, []mir.Reg{d})
	case "stackrestore":
		s.emit(mir.GStackRestore, mir.R(s.word(args[0])))
	case "va_start":
		s.checkVAList(args[0])
		d := s.reg()
		s.emit(mir.GVAStart, mir.D(d))
		s.storeWords([]mir.Reg{d}, args[0], s.t.lay.PtrSize)
	case "va_copy":
		s.checkVAList(args[0])
		base, off := s.addr(args[1])
		v := s.reg()
		s.emit(mir.GLoad32, mir.D(v), base, mir.I(off+s.ptrLowOffset()))
		s.storeWords([]mir.Reg{v}, args[0], s.t.lay.PtrSize)
	case "smax", "smin", "umax", "umin":
		c := map[string]mir.Cond{"smax": mir.CondSGT, "smin": mir.CondSLT, "umax": mir.CondUGT, "umin": mir.CondULT}[base]
		s.define(in, s.minMax(c, args[0], args[1]))
	case "abs":
		s.define(in, s.abs(args[0]))
	case "fshl", "fshr":
		s.define(in, s.funnel(base == "fshl", args[0], args[1], args[2]))
	case "sadd.with.overflow", "uadd.with.overflow", "ssub.with.overflow", "usub.with.overflow",
		"smul.with.overflow", "umul.with.overflow":
		s.define(in, s.overflowOp(base[:4], args[0], args[1]))
	case "uadd.sat", "usub.sat", "sadd.sat", "ssub.sat":
		s.define(in, s.saturate(base[:4], args[0], args[1]))
	case "objectsize": // unknown size: -1, or 0 when asked for the minimum
		v := int64(-1)
		if min, ok := constInt(args[1]); ok && min&1 != 0 {
			v = 0
		}
		regs := []mir.Reg{s.konst(v)}
		if s.nwords(in.Typ) == 2 {
			regs = append(regs, s.konst(v>>32))
		}
		s.define(in, regs)
	case "load.relative":
		s.define(in, s.loadRelative(args[0], args[1]))
	case "is.constant":
		s.define(in, []mir.Reg{s.konst(0)})
	case "prefetch":
	case "ctlz", "cttz", "ctpop", "bswap", "bitreverse":
		s.define(in, s.bitOp(base, args[0]))
	default:
		if !s.floatIntrinsic(in, base, args) {
			fail("unsupported: intrinsic @%s", name)
		}
	}
	return false
}

// frameInfo lowers llvm.returnaddress and llvm.frameaddress. Depth 0 is
// this function's return address (its $lr at entry, G_RETURNADDR) and the
// address of a word in its own frame, which, like a frame pointer, is
// distinct per activation and lower in callees (the stack grows down).
// Without frame-pointer chains to walk, deeper frames give 0, which GCC
// and LLVM also allow.
func (s *fn) frameInfo(what string, depth value.Value) mir.Reg {
	if d, ok := constInt(depth); !ok || d != 0 {
		return s.konst(0)
	}
	r := s.reg()
	if what == "returnaddress" {
		s.emit(mir.GReturnAddr, mir.D(r))
		return r
	}
	if s.fpObj < 0 {
		s.fpObj = s.f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Name: "frameaddress"})
	}
	s.emit(mir.GFrameAddr, mir.D(r), mir.FI(s.fpObj, 0))
	return r
}

// ptrLowOffset is the offset of a pointer's register word in its memory slot.
func (s *fn) ptrLowOffset() int64 {
	if s.t.opts.BigEndian {
		return s.t.lay.PtrSize - 4
	}
	return 0
}

// storeWords stores a pointer-sized value (one word, zero-extended in memory).
func (s *fn) storeWords(w []mir.Reg, p value.Value, size int64) {
	base, off := s.addr(p)
	for k := int64(0); k < size; k += 4 {
		x := s.konst(0)
		if k == s.ptrLowOffset() {
			x = w[0]
		}
		s.emit(mir.GStore32, mir.R(x), base, mir.I(off+k))
	}
}

func (s *fn) minMax(c mir.Cond, x, y value.Value) []mir.Reg {
	n := s.bitsOf(x.Type())
	signed := !c.IsUnsigned()
	a, b := s.wext(s.words(x), n, signed), s.wext(s.words(y), n, signed)
	return s.wselect(s.wicmp(c, a, b), a, b)
}

func (s *fn) abs(x value.Value) []mir.Reg {
	n := s.bitsOf(x.Type())
	a := s.wext(s.words(x), n, true)
	c := s.icmpR(mir.CondSLT, a[len(a)-1], s.konst(0))
	return s.wselect(c, s.wneg(a), a)
}

// funnel lowers fshl/fshr: the n-bit window of the 2n-bit concatenation a:b
// shifted by c mod n. Rotates (a == b) of 32-bit values become G_ROTL/R,
// and power-of-two widths up to 32 have shorter sequences; every other
// width (wide, or like i24 not a power of two) takes funnelWords.
func (s *fn) funnel(left bool, x, y, z value.Value) []mir.Reg {
	n := s.bitsOf(x.Type())
	if n > 32 || n&(n-1) != 0 {
		return s.funnelWords(left, n, x, y, z)
	}
	a, b := s.word(x), s.word(y)
	var amt mir.Reg
	if c, ok := constInt(z); ok {
		amt = s.konst(int64(c) & int64(n-1))
	} else {
		amt = s.opK(mir.GAnd, s.word(z), int64(n-1))
	}
	if n == 32 {
		if x == y {
			op := mir.GRotr
			if left {
				op = mir.GRotl
			}
			return []mir.Reg{s.op2(op, a, amt)}
		}
		inv := s.op2(mir.GSub, s.konst(31), amt)
		if left { // (a << c) | ((b >> 1) >> (31 - c))
			return []mir.Reg{s.op2(mir.GOr, s.op2(mir.GShl, a, amt), s.op2(mir.GLShr, s.opK(mir.GLShr, b, 1), inv))}
		}
		// (b >> c) | ((a << 1) << (31 - c))
		return []mir.Reg{s.op2(mir.GOr, s.op2(mir.GLShr, b, amt), s.op2(mir.GShl, s.opK(mir.GShl, a, 1), inv))}
	}
	// Narrow: build the 2n-bit concatenation in one word and shift it.
	cat := s.op2(mir.GOr, s.opK(mir.GShl, a, int64(n)), s.zext(b, n))
	if left {
		return []mir.Reg{s.opK(mir.GLShr, s.op2(mir.GShl, cat, amt), int64(n))}
	}
	return []mir.Reg{s.op2(mir.GLShr, cat, amt)}
}

// funnelWords lowers a funnel shift of any width n on word sequences, with
// k = c mod n: fshl is (a << k) | (b >> (n - k)) and fshr is
// (b >> k) | (a << (n - k)), a when fshl's k is 0 and b when fshr's is.
// A variable k splits the shift by n - k into one by 1 and one by
// n - 1 - k, so no shift reaches the width. b is zero-extended above n
// (bits of it would otherwise shift into the window); a's bits above n
// stay undefined, as in any n-bit value.
func (s *fn) funnelWords(left bool, n int, x, y, z value.Value) []mir.Reg {
	a, b := s.words(x), s.wext(s.words(y), n, false)
	// sh shifts a word sequence by a constant or a register (k < 32*len).
	sh := func(k binKind, v []mir.Reg, c int, r mir.Reg) []mir.Reg {
		if len(v) == 1 {
			amt := r
			if r == 0 {
				amt = s.konst(int64(c))
			}
			return []mir.Reg{s.op2(binOps[k], v[0], amt)}
		}
		if r == 0 {
			return s.wshift(k, v, c)
		}
		return s.wshiftVar(k, v, r)
	}
	or := func(p, q []mir.Reg) []mir.Reg { return s.wlogic(mir.GOr, p, q) }
	if c, ok := z.(*constant.Int); ok {
		// c mod n of the unsigned n-bit amount (c.X may be negative).
		u := new(big.Int).Mod(c.X, new(big.Int).Lsh(big.NewInt(1), uint(n)))
		k := int(u.Mod(u, big.NewInt(int64(n))).Int64())
		switch {
		case k == 0 && left:
			return a
		case k == 0:
			return b
		case left:
			return or(sh(binShl, a, k, 0), sh(binLShr, b, n-k, 0))
		}
		return or(sh(binLShr, b, k, 0), sh(binShl, a, n-k, 0))
	}
	var amt mir.Reg
	if n&(n-1) == 0 {
		amt = s.opK(mir.GAnd, s.words(z)[0], int64(n-1))
	} else {
		amt = s.binary(binURem, z, constant.NewInt(z.Type().(*types.IntType), int64(n)))[0]
	}
	inv := s.op2(mir.GSub, s.konst(int64(n-1)), amt)
	if left {
		return or(sh(binShl, a, 0, amt), sh(binLShr, sh(binLShr, b, 1, 0), 0, inv))
	}
	return or(sh(binLShr, b, 0, amt), sh(binShl, sh(binShl, a, 1, 0), 0, inv))
}

func (s *fn) bitOp(op string, x value.Value) []mir.Reg {
	a := s.words(x)
	n := s.bitsOf(x.Type())
	if n > 64 || n > 32 && n < 64 {
		return s.wideBitOp(op, n, a) // wideint.go
	}
	if len(a) == 2 {
		lo, hi := a[0], a[1]
		zero := s.konst(0)
		switch op {
		case "ctlz":
			h := s.icmpR(mir.CondNE, hi, zero)
			l := s.opK(mir.GAdd, s.ctlz32(lo), 32)
			return []mir.Reg{s.selectR(h, s.ctlz32(hi), l), zero}
		case "cttz":
			l := s.icmpR(mir.CondNE, lo, zero)
			h := s.opK(mir.GAdd, s.cttz32(hi), 32)
			return []mir.Reg{s.selectR(l, s.cttz32(lo), h), zero}
		case "ctpop":
			return []mir.Reg{s.op2(mir.GAdd, s.ctpop32(lo), s.ctpop32(hi)), zero}
		case "bswap":
			return []mir.Reg{s.bswap32(hi), s.bswap32(lo)}
		case "bitreverse":
			return []mir.Reg{s.bitrev32(hi), s.bitrev32(lo)}
		}
		fail("unsupported: intrinsic llvm.%s.i64", op)
	}
	v := a[0]
	switch op {
	case "ctlz":
		r := s.ctlz32(s.zext(v, n))
		if n < 32 {
			r = s.opK(mir.GSub, r, int64(32-n))
		}
		return []mir.Reg{r}
	case "cttz":
		if n < 32 {
			v = s.opK(mir.GOr, v, int64(1)<<n)
		}
		return []mir.Reg{s.cttz32(v)}
	case "ctpop":
		return []mir.Reg{s.ctpop32(s.zext(v, n))}
	case "bswap", "bitreverse":
		var r mir.Reg
		if op == "bswap" {
			r = s.bswap32(v)
		} else {
			r = s.bitrev32(v)
		}
		if n < 32 {
			r = s.opK(mir.GLShr, r, int64(32-n))
		}
		return []mir.Reg{r}
	}
	fail("unsupported: intrinsic llvm.%s", op)
	return nil
}

func (s *fn) ctlz32(v mir.Reg) mir.Reg {
	d := s.reg()
	s.emit(mir.GCtlz, mir.D(d), mir.R(v))
	return d
}

// cttz32 counts trailing zeros as the width of the mask ~v & (v-1).
func (s *fn) cttz32(v mir.Reg) mir.Reg {
	mask := s.op2(mir.GAnd, s.opK(mir.GXor, v, -1), s.opK(mir.GSub, v, 1))
	return s.op2(mir.GSub, s.konst(32), s.ctlz32(mask))
}

func (s *fn) ctpop32(v mir.Reg) mir.Reg {
	v = s.op2(mir.GSub, v, s.opK(mir.GAnd, s.opK(mir.GLShr, v, 1), 0x55555555))
	v = s.op2(mir.GAdd, s.opK(mir.GAnd, v, 0x33333333), s.opK(mir.GAnd, s.opK(mir.GLShr, v, 2), 0x33333333))
	v = s.opK(mir.GAnd, s.op2(mir.GAdd, v, s.opK(mir.GLShr, v, 4)), 0x0f0f0f0f)
	return s.opK(mir.GLShr, s.opK(mir.GMul, v, 0x01010101), 24)
}

// bswap32 = rotr(v & 0x00ff00ff, 8) | rotl(v & 0xff00ff00, 8).
func (s *fn) bswap32(v mir.Reg) mir.Reg {
	a := s.opK(mir.GRotr, s.opK(mir.GAnd, v, 0x00ff00ff), 8)
	b := s.opK(mir.GRotl, s.opK(mir.GAnd, v, -0x00ff0100), 8)
	return s.op2(mir.GOr, a, b)
}

// overflowOp lowers llvm.{s,u}{add,sub,mul}.with.overflow: the result
// words followed by the overflow bit.
func (s *fn) overflowOp(op string, x, y value.Value) []mir.Reg {
	n := s.bitsOf(x.Type())
	if n > 32 {
		if n%32 != 0 {
			return s.oddOverflow(op, n, s.words(x), s.words(y)) // wideint.go
		}
		return s.wideOverflow(op, s.words(x), s.words(y)) // wideint.go
	}
	a, b := s.word(x), s.word(y)
	signed := op[0] == 's'
	if n < 32 {
		// Compute exactly in 32 bits from extended operands and check
		// that the result fits in n bits.
		if signed {
			a, b = s.sext(a, n), s.sext(b, n)
		} else {
			a, b = s.zext(a, n), s.zext(b, n)
		}
		var r, ov mir.Reg
		switch op[1:] {
		case "add":
			r = s.op2(mir.GAdd, a, b)
		case "sub":
			r = s.op2(mir.GSub, a, b)
		default:
			r = s.op2(mir.GMul, a, b)
		}
		if signed {
			ov = s.icmpR(mir.CondNE, s.sext(r, n), r)
			if op == "smul" && n > 16 {
				hi := s.op2(mir.GSMulH, a, b)
				ov = s.op2(mir.GOr, ov, s.icmpR(mir.CondNE, hi, s.opK(mir.GAShr, r, 31)))
			}
		} else {
			ov = s.icmpR(mir.CondNE, s.zext(r, n), r)
			if op == "umul" && n > 16 {
				ov = s.op2(mir.GOr, ov, s.icmpR(mir.CondNE, s.op2(mir.GUMulH, a, b), s.konst(0)))
			}
		}
		s.setZ(ov, 1)
		return []mir.Reg{r, ov}
	}
	zero := s.konst(0)
	switch op {
	case "uadd":
		r := s.op2(mir.GAdd, a, b)
		return []mir.Reg{r, s.icmpR(mir.CondULT, r, a)}
	case "usub":
		return []mir.Reg{s.op2(mir.GSub, a, b), s.icmpR(mir.CondULT, a, b)}
	case "sadd", "ssub":
		var r, sg mir.Reg
		if op == "sadd" { // overflow iff the sign of r differs from both a's and b's
			r = s.op2(mir.GAdd, a, b)
			sg = s.op2(mir.GAnd, s.op2(mir.GXor, r, a), s.op2(mir.GXor, r, b))
		} else { // overflow iff a and b differ in sign and r's sign differs from a's
			r = s.op2(mir.GSub, a, b)
			sg = s.op2(mir.GAnd, s.op2(mir.GXor, a, b), s.op2(mir.GXor, a, r))
		}
		return []mir.Reg{r, s.icmpR(mir.CondSLT, sg, zero)}
	case "umul":
		return []mir.Reg{s.op2(mir.GMul, a, b), s.icmpR(mir.CondNE, s.op2(mir.GUMulH, a, b), zero)}
	default: // smul
		r := s.op2(mir.GMul, a, b)
		return []mir.Reg{r, s.icmpR(mir.CondNE, s.op2(mir.GSMulH, a, b), s.opK(mir.GAShr, r, 31))}
	}
}

// umulOverflow64 multiplies (lo, hi) pairs: the low 64 bits of the
// product and whether the 128-bit product overflows 64 bits: iff both high
// words are non-zero, a cross product has a high part, or the middle sum
// carries (cheaper than the full product wideOverflow needs otherwise).
func (s *fn) umulOverflow64(a, b []mir.Reg) []mir.Reg {
	zero := s.konst(0)
	lo := s.op2(mir.GMul, a[0], b[0])
	c1, c2 := s.op2(mir.GMul, a[1], b[0]), s.op2(mir.GMul, a[0], b[1])
	s1 := s.op2(mir.GAdd, c1, c2)
	h := s.op2(mir.GUMulH, a[0], b[0])
	hi := s.op2(mir.GAdd, s1, h)
	ov := s.op2(mir.GAnd, s.icmpR(mir.CondNE, a[1], zero), s.icmpR(mir.CondNE, b[1], zero))
	ov = s.op2(mir.GOr, ov, s.icmpR(mir.CondNE, s.op2(mir.GUMulH, a[1], b[0]), zero))
	ov = s.op2(mir.GOr, ov, s.icmpR(mir.CondNE, s.op2(mir.GUMulH, a[0], b[1]), zero))
	ov = s.op2(mir.GOr, ov, s.icmpR(mir.CondULT, s1, c1))
	ov = s.op2(mir.GOr, ov, s.icmpR(mir.CondULT, hi, s1))
	s.setZ(ov, 1)
	return []mir.Reg{lo, hi, ov}
}

// checkVAList rejects va_lists whose reading code cannot work on the O32
// argument area G_VASTART points at: struct va_lists (x86-64, ARM and
// AArch64 IR read their va_list structs themselves), and pointer va_lists
// of IR whose va_arg steps over 8-byte arguments at 4-byte alignment
// (i386's datalayout aligns i64 and double to 4), where O32 calls, the
// runtime's included, put them in 8-byte aligned slots, or over every
// argument in 8-byte slots (LP64 IR with a pointer va_list: RISC-V 64,
// MIPS n64), where O32 passes a word in a 4-byte slot.
func (s *fn) checkVAList(v value.Value) {
	for {
		if x, ok := v.(*ir.InstBitCast); ok {
			v = x.From
		} else if x, ok := v.(*ir.InstGetElementPtr); ok {
			v = x.Src
		} else {
			break
		}
	}
	if x, ok := v.(*ir.InstAlloca); ok {
		et := x.ElemType
		if at, ok := et.(*types.ArrayType); ok {
			et = at.ElemType
		}
		if _, ok := et.(*types.PointerType); !ok {
			fail("unsupported: va_list of type '%s' from %s (only the pointer va_list of MIPS O32 is supported: compile with %s)",
				x.ElemType, s.t.tripleName(), s.t.mipsTargetFlag())
		}
	}
	// Only a datalayout says how the producer aligned; hand-written IR
	// without one is taken at its word.
	if s.t.lp64() {
		fail("unsupported: va_list from %s (its va_arg reads every argument from an 8-byte slot, as LP64 calls pass them; Cpu0 calls pass words in O32's 4-byte slots: compile with %s)",
			s.t.tripleName(), s.t.mipsTargetFlag())
	}
	i64a, f64a := must(s.t.lay.Align(types.I64)), must(s.t.lay.Align(types.Double))
	if s.t.hasLayout && (i64a < 8 || f64a < 8) {
		fail("unsupported: va_list from %s (its va_arg reads 8-byte arguments at %d-byte alignment; Cpu0 calls place them 8-byte aligned, as MIPS O32 does: compile with %s)",
			s.t.tripleName(), min(i64a, f64a), s.t.mipsTargetFlag())
	}
}

// bitrev32 reverses the bits of v: swap bits, pairs and nibbles within
// bytes, then reverse the bytes.
func (s *fn) bitrev32(v mir.Reg) mir.Reg {
	for _, st := range []struct {
		sh   int64
		mask int64
	}{{1, 0x55555555}, {2, 0x33333333}, {4, 0x0f0f0f0f}} {
		a := s.opK(mir.GAnd, s.opK(mir.GLShr, v, st.sh), st.mask)
		b := s.opK(mir.GShl, s.opK(mir.GAnd, v, st.mask), st.sh)
		v = s.op2(mir.GOr, a, b)
	}
	return s.bswap32(v)
}

// saturate lowers llvm.{u,s}{add,sub}.sat: the wrapped result unless the
// operation overflows, then the limit in the direction of the overflow.
func (s *fn) saturate(op string, x, y value.Value) []mir.Reg {
	n := s.bitsOf(x.Type())
	res := s.overflowOp(op, x, y)
	r, ov := res[:len(res)-1], res[len(res)-1]
	words := len(r)
	limit := func(v *big.Int) []mir.Reg { return s.konstWords(bigWords(v, 32*words)) }
	one := big.NewInt(1)
	umax := new(big.Int).Sub(new(big.Int).Lsh(one, uint(n)), one)
	var lim []mir.Reg
	switch op {
	case "uadd":
		lim = limit(umax)
	case "usub":
		lim = limit(new(big.Int))
	default:
		// Signed overflow goes toward the sign of the first operand.
		smax := new(big.Int).Rsh(umax, 1)
		smin := new(big.Int).Neg(new(big.Int).Lsh(one, uint(n-1)))
		a := s.wext(s.words(x), n, true)
		neg := s.icmpR(mir.CondSLT, a[len(a)-1], s.konst(0))
		lim = s.wselect(neg, limit(smin), limit(smax))
	}
	return s.wselect(ov, lim, r)
}
