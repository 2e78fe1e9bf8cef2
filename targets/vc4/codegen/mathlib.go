package codegen

import (
	"math"

	"lltosimd/mir"
)

// The OpenCL exponential, logarithm, power and trigonometric built-ins,
// expanded inline per lane from the ALUs alone: integer range reduction
// (exponent field, multiples of ln 2 or π/2 in Cody–Waite pieces) and a
// Taylor polynomial on the reduced interval. They do not use the SFU's
// exp2/log2, whose error on the chip (spec §5: 512–1024 ulp) a refinement
// would need a precise inverse to remove. The error bounds measured
// against the correctly rounded host libm are in docs/vc4.md; they
// include the QPU's round-toward-zero adder and multiplier.

func init() {
	for name, fn := range map[string]func(l *lowerer, d mir.Operand, a []mir.Operand){
		"_Z3expf":   func(l *lowerer, d mir.Operand, a []mir.Operand) { l.exp(d, a[0], false) },
		"_Z4exp2f":  func(l *lowerer, d mir.Operand, a []mir.Operand) { l.exp(d, a[0], true) },
		"_Z3logf":   func(l *lowerer, d mir.Operand, a []mir.Operand) { l.log(d, a[0], logE) },
		"_Z4log2f":  func(l *lowerer, d mir.Operand, a []mir.Operand) { l.log(d, a[0], log2) },
		"_Z5log10f": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.log(d, a[0], log10) },
		"_Z3sinf":   func(l *lowerer, d mir.Operand, a []mir.Operand) { l.trig(d, a[0], trigSin) },
		"_Z3cosf":   func(l *lowerer, d mir.Operand, a []mir.Operand) { l.trig(d, a[0], trigCos) },
		"_Z3tanf":   func(l *lowerer, d mir.Operand, a []mir.Operand) { l.trig(d, a[0], trigTan) },
		"_Z3powff":  func(l *lowerer, d mir.Operand, a []mir.Operand) { l.pow(d, a[0], a[1]) },
		"_Z3fmafff": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.fma(d, a[0], a[1], a[2]) },
		// mad may round the product (OpenCL 1.2 §6.12.2): a·b then + c.
		"_Z3madfff": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.alu("fadd", d, l.fmul(a[0], a[1]), a[2]) },
		// mix(x, y, a) = x + (y − x)·a.
		"_Z3mixfff": func(l *lowerer, d mir.Operand, a []mir.Operand) {
			l.alu("fadd", d, a[0], l.fmul(l.fsub(a[1], a[0]), a[2]))
		},
	} {
		mathCalls[name] = fn
	}
}

func (l *lowerer) fimm(f float32) mir.Operand { return l.fconst(math.Float32bits(f)) }

func (l *lowerer) fmul(a, b mir.Operand) mir.Operand {
	t := l.tmp()
	l.mulop("fmul", t, a, b)
	return t
}

func (l *lowerer) fadd(a, b mir.Operand) mir.Operand {
	t := l.tmp()
	l.alu("fadd", t, a, b)
	return t
}

func (l *lowerer) fsub(a, b mir.Operand) mir.Operand {
	t := l.tmp()
	l.alu("fsub", t, a, b)
	return t
}

// op2 returns a fresh register holding op(srcs) on the add ALU.
func (l *lowerer) op2(op string, srcs ...mir.Operand) mir.Operand {
	t := l.tmp()
	l.alu(op, t, srcs...)
	return t
}

// horner evaluates c[0] + x·(c[1] + x·(c[2] + …)).
func (l *lowerer) horner(x mir.Operand, c []float64) mir.Operand {
	p := l.fimm(float32(c[len(c)-1]))
	for i := len(c) - 2; i >= 0; i-- {
		p = l.fadd(l.fmul(p, x), l.fimm(float32(c[i])))
	}
	return p
}

// fcmpK returns 1 where a p b holds (fcmp into a fresh register).
func (l *lowerer) fcmpK(p mir.FPred, a, b mir.Operand) mir.Operand {
	k := l.tmp()
	l.fcmp(k, p, a, b)
	return k
}

// choose returns k != 0 ? t : f in a fresh register.
func (l *lowerer) choose(k, t, f mir.Operand) mir.Operand {
	r := l.tmp()
	l.sel(r, k, t, f)
	return r
}

// roundToInt returns floor(x + 0.5) as a float and as an integer.
func (l *lowerer) roundToInt(x mir.Operand) (mir.Operand, mir.Operand) {
	nf := l.tmp()
	l.floor(nf, l.fadd(x, l.fimm(0.5)))
	return nf, l.op2("ftoi", nf)
}

// Cody–Waite pieces of ln 2 (Cephes expf/logf): hi has few enough bits
// that n·hi is exact for the exponents that occur.
const (
	ln2Hi = 0.693359375
	ln2Lo = -2.12194440e-4
)

// expTaylor are the coefficients of e^r, r ∈ [−0.35, 0.35]: the
// truncation error is below 6e-9, a tenth of an ulp.
var expTaylor = []float64{1, 1, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, 1.0 / 5040}

// exp computes e^x (base2: 2^x). x = n·ln2 + r (exp2: x = n + f, r =
// f·ln 2) with n = round(x / ln 2); 2^n scales e^r by adding n to the
// exponent field. Results below 2^-126 flush to 0 (the QPU has no
// denormals), above the largest float give +inf; NaN gives NaN.
func (l *lowerer) exp(d, x mir.Operand, base2 bool) {
	var nf, n, r mir.Operand
	if base2 {
		nf, n = l.roundToInt(x)
		r = l.fmul(l.fsub(x, nf), l.fimm(float32(math.Ln2)))
	} else {
		nf, n = l.roundToInt(l.fmul(x, l.fimm(float32(math.Log2E))))
		r = l.fsub(l.fsub(x, l.fmul(nf, l.fimm(ln2Hi))), l.fmul(nf, l.fimm(ln2Lo)))
	}
	p := l.horner(r, expTaylor)
	// The biased exponent of the result: p's (126 or 127) plus n.
	e := l.op2("add", l.op2("shr", p, imm(-9)), n) // p >> 23: p > 0
	scaled := l.op2("add", p, l.op2("shl", n, imm(-9)))
	under := l.tmp()
	l.icmp(under, mir.CondSLE, e, imm(0))
	over := l.tmp()
	l.icmp(over, mir.CondSGE, e, l.constant(255))
	// Far outside the range n is meaningless: decide by x.
	hi, lo := float32(129), float32(-151)
	if !base2 {
		hi, lo = 90, -105
	}
	inf := l.constant(0x7f800000)
	res := l.choose(under, imm(0), scaled)
	res = l.choose(over, inf, res)
	res = l.choose(l.fcmpK(mir.FPredOGE, x, l.fimm(hi)), inf, res)
	res = l.choose(l.fcmpK(mir.FPredOLE, x, l.fimm(lo)), imm(0), res)
	nan := l.tmp()
	l.isNaN(nan, x)
	l.sel(d, nan, x, res)
}

// Which logarithm log computes.
const (
	logE = iota
	log2
	log10
)

// logCore returns, for x > 0 normal, the exponent e (integer) and
// log(m) for the mantissa m = x / 2^e ∈ [√½, √2): log m = 2·atanh(s),
// s = (m − 1)/(m + 1) ∈ [−0.172, 0.172], as 2s + s·z·(2/3 + 2z/5 + …),
// z = s² (truncation error below 1e-9).
func (l *lowerer) logCore(x mir.Operand) (e, logm mir.Operand) {
	e = l.op2("sub", l.op2("shr", x, imm(-9)), l.constant(127))
	mb := l.op2("or", l.op2("and", x, l.constant(0x7fffff)), l.constant(0x3f800000))
	big := l.tmp()
	l.icmp(big, mir.CondUGT, mb, l.constant(0x3fb504f3)) // m > √2: halve it
	mb = l.op2("sub", mb, l.op2("shl", big, imm(-9)))
	e = l.op2("add", e, big)
	one := l.fimm(1)
	s := l.tmp()
	l.fdiv(s, l.fsub(mb, one), l.fadd(mb, one))
	z := l.fmul(s, s)
	q := l.horner(z, []float64{2.0 / 3, 2.0 / 5, 2.0 / 7, 2.0 / 9, 2.0 / 11})
	logm = l.fadd(l.fadd(s, s), l.fmul(l.fmul(s, z), q))
	return e, logm
}

// log computes the natural (kind logE), base-2 or base-10 logarithm.
// ±0 and denormals give −inf, negative values and NaN give NaN, +inf
// gives +inf.
func (l *lowerer) log(d, x mir.Operand, kind int) {
	e, logm := l.logCore(x)
	ef := l.op2("itof", e)
	var res mir.Operand
	switch kind {
	case logE:
		res = l.fadd(l.fadd(l.fmul(ef, l.fimm(ln2Lo)), logm), l.fmul(ef, l.fimm(ln2Hi)))
	case log2:
		res = l.fadd(ef, l.fmul(logm, l.fimm(float32(math.Log2E))))
	default: // log10 x = e·log10(2) + log(m)·log10(e)
		res = l.fadd(l.fmul(ef, l.fimm(float32(math.Ln2/math.Ln10))), l.fmul(logm, l.fimm(float32(1/math.Ln10))))
	}
	l.logSpecials(d, x, res)
}

// logSpecials sets d to the logarithm res of x, or to its value for
// special x: −inf for ±0 and denormals, NaN for x < 0 and NaN, +inf for +inf.
func (l *lowerer) logSpecials(d, x, res mir.Operand) {
	ex := l.op2("shr", l.op2("shl", x, imm(1)), imm(-8)) // exponent field
	zero := l.tmp()
	l.icmp(zero, mir.CondEQ, ex, imm(0))
	top := l.tmp()
	l.icmp(top, mir.CondEQ, x, l.constant(0x7f800000))
	neg := l.tmp()
	l.icmp(neg, mir.CondSLT, x, imm(0))
	nan := l.tmp()
	l.isNaN(nan, x)
	l.alu("and", neg, neg, l.op2("xor", zero, imm(1))) // −0 is a zero, not a negative number
	l.alu("or", nan, nan, neg)
	r := l.choose(zero, l.constant(0xff800000), res)
	r = l.choose(top, x, r)
	l.sel(d, nan, l.constant(0x7fc00000), r)
}

// Which trigonometric function trig computes.
const (
	trigSin = iota
	trigCos
	trigTan
)

// piO2 splits π/2 into three floats of 8, 12 and 24 significant bits
// (Cephes sinf's scheme): k·piO2[0] and k·piO2[1] are exact for
// |k| < 2^12, so the reduction x − k·π/2 is accurate for |x| ≲ 6000.
var piO2 = func() [3]float32 {
	trunc := func(v float64, bits uint) float32 {
		return math.Float32frombits(math.Float32bits(float32(v)) &^ (1<<(24-bits) - 1))
	}
	a := trunc(math.Pi/2, 8)
	b := trunc(math.Pi/2-float64(a), 12)
	return [3]float32{a, b, float32(math.Pi/2 - float64(a) - float64(b))}
}()

// trig computes sin, cos or tan: k = round(x·2/π), r = x − k·π/2 ∈
// [−π/4, π/4], sin r and cos r by Taylor polynomials (truncation errors
// below 2e-9), then the quadrant k mod 4 picks ±sin r or ±cos r (tan:
// sin/cos or −cos/sin). inf and NaN give NaN.
func (l *lowerer) trig(d, x mir.Operand, fn int) {
	kf, k := l.roundToInt(l.fmul(x, l.fimm(float32(2/math.Pi))))
	r := l.fsub(x, l.fmul(kf, l.fimm(piO2[0])))
	r = l.fsub(r, l.fmul(kf, l.fimm(piO2[1])))
	r = l.fsub(r, l.fmul(kf, l.fimm(piO2[2])))
	z := l.fmul(r, r)
	s := l.fadd(r, l.fmul(l.fmul(r, z), l.horner(z, []float64{-1.0 / 6, 1.0 / 120, -1.0 / 5040, 1.0 / 362880})))
	c := l.fadd(l.fsub(l.fimm(1), l.fmul(z, l.fimm(0.5))),
		l.fmul(l.fmul(z, z), l.horner(z, []float64{1.0 / 24, -1.0 / 720, 1.0 / 40320, -1.0 / 3628800})))
	if fn == trigCos {
		k = l.op2("add", k, imm(1)) // cos x = sin(x + π/2)
	}
	odd := l.op2("and", k, imm(1))
	var res mir.Operand
	if fn == trigTan {
		t, u := l.tmp(), l.tmp()
		l.fdiv(t, s, c)
		l.fdiv(u, c, s)
		u = l.op2("xor", u, l.constant(-0x80000000)) // −cos/sin
		res = l.choose(odd, u, t)
	} else {
		res = l.choose(odd, c, s)
		// Quadrants 2 and 3 negate.
		neg := l.op2("shl", l.op2("and", k, imm(2)), imm(-2)) // bit 1 → bit 31
		res = l.op2("xor", res, neg)
	}
	bad := l.tmp()
	l.icmp(bad, mir.CondUGE, l.op2("shl", x, imm(1)), l.constant(-0x1000000)) // inf or NaN
	l.sel(d, bad, l.constant(0x7fc00000), res)
}

// pow computes x^y as 2^(y·log2|x|), with the sign of x for odd integer
// y and the C99/OpenCL special cases: y = ±0 or x = 1 give 1, NaN gives
// NaN, x < 0 with a non-integer y gives NaN; ±0 and ±inf follow from
// log2 and exp2 (0 → −inf → 0 or +inf).
func (l *lowerer) pow(d, x, y mir.Operand) {
	ax := l.op2("and", x, l.constant(0x7fffffff))
	e, logm := l.logCore(ax)
	lg := l.fadd(l.op2("itof", e), l.fmul(logm, l.fimm(float32(math.Log2E))))
	zl := l.tmp()
	l.logSpecials(zl, ax, lg)
	t := l.tmp()
	l.exp(t, l.fmul(y, zl), true)
	// y an integer: floor(y) == y; odd if its low bit is set (|y| < 2^24).
	fy := l.tmp()
	l.floor(fy, y)
	isInt := l.fcmpK(mir.FPredOEQ, fy, y)
	small := l.fcmpK(mir.FPredOLT, l.op2("and", y, l.constant(0x7fffffff)), l.fimm(1<<24))
	odd := l.op2("and", l.op2("and", l.op2("ftoi", y), imm(1)), small)
	odd = l.op2("and", odd, isInt)
	neg := l.tmp()
	l.icmp(neg, mir.CondSLT, x, imm(0))
	sign := l.op2("shl", l.op2("and", odd, neg), imm(-1))
	res := l.op2("or", t, sign)
	// x < 0 (not −0) with a non-integer y: NaN.
	negNZ := l.op2("and", neg, l.fcmpK(mir.FPredONE, x, imm(0)))
	bad := l.op2("and", negNZ, l.op2("xor", isInt, imm(1)))
	nan := l.tmp()
	l.isNaN(nan, x)
	l.alu("or", bad, bad, nan)
	ny := l.tmp()
	l.isNaN(ny, y)
	l.alu("or", bad, bad, ny)
	res = l.choose(bad, l.constant(0x7fc00000), res)
	one := l.op2("or", l.fcmpK(mir.FPredOEQ, y, imm(0)), l.fcmpK(mir.FPredOEQ, x, l.fimm(1)))
	l.sel(d, one, l.fimm(1), res)
}

// cmpK returns 1 where a c b holds (icmp into a fresh register).
func (l *lowerer) cmpK(c mir.Cond, a, b mir.Operand) mir.Operand {
	k := l.tmp()
	l.icmp(k, c, a, b)
	return k
}

// shr64 shifts the 64-bit value (hi, lo) right by n ∈ [0, 64] and
// returns the result and 1 when a set bit was shifted out (the QPU's
// shifters use the amount mod 32, so the cases n = 0, n ≥ 32 and n = 64
// are computed apart and selected).
func (l *lowerer) shr64(hi, lo, n mir.Operand) (mir.Operand, mir.Operand, mir.Operand) {
	inv := l.op2("sub", l.constant(32), n) // 32 − n (mod 32 for the shifter)
	aLo := l.op2("or", l.op2("shr", lo, n), l.op2("shl", hi, inv))
	aLost := l.cmpK(mir.CondNE, l.op2("shl", lo, inv), imm(0))
	aLo = l.choose(l.cmpK(mir.CondEQ, n, imm(0)), lo, aLo)
	aLost = l.choose(l.cmpK(mir.CondEQ, n, imm(0)), imm(0), aLost)
	aHi := l.op2("shr", hi, n)
	m := l.op2("sub", n, l.constant(32))
	bLo := l.op2("shr", hi, m)
	hiLost := l.choose(l.cmpK(mir.CondEQ, m, imm(0)), imm(0), l.cmpK(mir.CondNE, l.op2("shl", hi, l.op2("sub", l.constant(32), m)), imm(0)))
	bLost := l.op2("or", l.cmpK(mir.CondNE, lo, imm(0)), hiLost)
	big := l.cmpK(mir.CondUGE, n, l.constant(32))
	all := l.cmpK(mir.CondUGE, n, l.constant(64))
	rHi := l.choose(big, imm(0), aHi)
	rLo := l.choose(big, bLo, aLo)
	lost := l.choose(big, bLost, aLost)
	rLo = l.choose(all, imm(0), rLo)
	lost = l.choose(all, l.cmpK(mir.CondNE, l.op2("or", hi, lo), imm(0)), lost)
	return rHi, rLo, lost
}

// fma computes a·b + c with one rounding (to nearest even), exactly as
// OpenCL's fma: the 48-bit product of the mantissas (mul24-based 32-bit
// products) and c's mantissa as 64-bit integers with 15 and 38 bits of
// headroom, the one with the smaller exponent shifted right with its lost
// bits jammed into bit 0, added or subtracted, normalized by a 64-bit
// count of leading zeros, rounded. Denormal inputs are zeros and denormal
// results flush to ±0 (the QPU has none); if a or b is zero, or any input
// is inf or NaN, the product is exact (0, ±inf or NaN) and a·b + c is
// computed with the ALUs.
func (l *lowerer) fma(d, a, b, c mir.Operand) {
	field := func(x mir.Operand) (mir.Operand, mir.Operand) {
		e := l.op2("shr", l.op2("shl", x, imm(1)), imm(-8))
		m := l.op2("or", l.op2("and", x, l.constant(0x7fffff)), l.constant(0x800000))
		return e, m
	}
	ea, ma := field(a)
	eb, mb := field(b)
	ec, mc := field(c)
	czero := l.cmpK(mir.CondEQ, ec, imm(0))
	mc = l.choose(czero, imm(0), mc)
	ec = l.choose(czero, l.constant(-1000), ec) // never the larger exponent
	ph, pl := l.tmp(), l.tmp()
	l.mulh(ph, ma, mb, false)
	l.mul32(pl, ma, mb)
	// P = M << 15 and C = mc << 38: leading bits at 61 or 62.
	pH := l.op2("or", l.op2("shl", ph, imm(15)), l.op2("shr", pl, l.constant(17)))
	pL := l.op2("shl", pl, imm(15))
	cH := l.op2("shl", mc, imm(6))
	ep := l.op2("sub", l.op2("add", ea, eb), l.constant(127))
	dd := l.op2("sub", ep, ec)
	pBig := l.cmpK(mir.CondSGE, dd, imm(0))
	sP := l.op2("shr", l.op2("xor", a, b), imm(-1))
	sC := l.op2("shr", c, imm(-1))
	xH, xL, xS := l.choose(pBig, pH, cH), l.choose(pBig, pL, imm(0)), l.choose(pBig, sP, sC)
	yH, yL, yS := l.choose(pBig, cH, pH), l.choose(pBig, imm(0), pL), l.choose(pBig, sC, sP)
	e := l.choose(pBig, ep, ec)
	n := l.op2("min", l.choose(pBig, dd, l.op2("sub", imm(0), dd)), l.constant(64))
	yH, yL, lost := l.shr64(yH, yL, n)
	yL = l.op2("or", yL, lost)
	// Sum, or difference of the larger minus the smaller.
	sL := l.op2("add", xL, yL)
	sH := l.op2("add", l.op2("add", xH, yH), l.cmpK(mir.CondULT, sL, xL))
	xGE := l.op2("or", l.cmpK(mir.CondUGT, xH, yH), l.op2("and", l.cmpK(mir.CondEQ, xH, yH), l.cmpK(mir.CondUGE, xL, yL)))
	bH, bL, tH, tL := l.choose(xGE, xH, yH), l.choose(xGE, xL, yL), l.choose(xGE, yH, xH), l.choose(xGE, yL, xL)
	dL := l.op2("sub", bL, tL)
	dH := l.op2("sub", l.op2("sub", bH, tH), l.cmpK(mir.CondULT, bL, tL))
	same := l.cmpK(mir.CondEQ, xS, yS)
	rH, rL := l.choose(same, sH, dH), l.choose(same, sL, dL)
	sign := l.choose(same, xS, l.choose(xGE, xS, yS))
	// Normalize: leading bit to bit 63.
	zh := l.op2("clz", rH)
	z := l.choose(l.cmpK(mir.CondEQ, rH, imm(0)), l.op2("add", l.op2("clz", rL), l.constant(32)), zh)
	inv := l.op2("sub", l.constant(32), z)
	nH := l.op2("or", l.op2("shl", rH, z), l.op2("shr", rL, inv))
	nH = l.choose(l.cmpK(mir.CondEQ, z, imm(0)), rH, nH)
	nL := l.op2("shl", rL, z)
	zBig := l.cmpK(mir.CondUGE, z, l.constant(32))
	nH = l.choose(zBig, l.op2("shl", rL, l.op2("sub", z, l.constant(32))), nH)
	nL = l.choose(zBig, imm(0), nL)
	er := l.op2("sub", l.op2("add", e, imm(2)), z)
	mant := l.op2("shr", nH, imm(8))
	guard := l.op2("and", l.op2("shr", nH, imm(7)), imm(1))
	sticky := l.cmpK(mir.CondNE, l.op2("or", l.op2("and", nH, l.constant(0x7f)), nL), imm(0))
	up := l.op2("and", guard, l.op2("or", sticky, l.op2("and", mant, imm(1))))
	bits := l.op2("add", l.op2("add", l.op2("shl", l.op2("sub", er, imm(1)), imm(-9)), mant), up)
	bits = l.choose(l.cmpK(mir.CondSGE, l.op2("shr", bits, imm(-9)), l.constant(255)), l.constant(0x7f800000), bits)
	bits = l.choose(l.cmpK(mir.CondSLE, er, imm(0)), imm(0), bits)
	bits = l.choose(l.cmpK(mir.CondSGE, er, l.constant(255)), l.constant(0x7f800000), bits)
	res := l.op2("or", bits, l.op2("shl", sign, imm(-1)))
	res = l.choose(l.op2("or", rH, rL), res, imm(0)) // exact cancellation: +0
	// Zero or non-finite a or b, non-finite c: the ALUs.
	simple := l.op2("or", l.cmpK(mir.CondEQ, ea, imm(0)), l.cmpK(mir.CondEQ, eb, imm(0)))
	for _, x := range []mir.Operand{ea, eb, ec} {
		simple = l.op2("or", simple, l.cmpK(mir.CondEQ, x, l.constant(255)))
	}
	alu := l.fadd(l.fmul(a, b), c)
	l.sel(d, simple, alu, res)
}
