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
	for name, fn := range map[string]func(l *lowerer, d val, a []val){
		"_Z3expf":   func(l *lowerer, d val, a []val) { l.exp(d, a[0], false) },
		"_Z4exp2f":  func(l *lowerer, d val, a []val) { l.exp(d, a[0], true) },
		"_Z3logf":   func(l *lowerer, d val, a []val) { l.log(d, a[0], logE) },
		"_Z4log2f":  func(l *lowerer, d val, a []val) { l.log(d, a[0], log2) },
		"_Z5log10f": func(l *lowerer, d val, a []val) { l.log(d, a[0], log10) },
		"_Z3sinf":   func(l *lowerer, d val, a []val) { l.trig(d, a[0], trigSin) },
		"_Z3cosf":   func(l *lowerer, d val, a []val) { l.trig(d, a[0], trigCos) },
		"_Z3tanf":   func(l *lowerer, d val, a []val) { l.trig(d, a[0], trigTan) },
		"_Z3powff":  func(l *lowerer, d val, a []val) { l.pow(d, a[0], a[1]) },
		"_Z3fmafff": func(l *lowerer, d val, a []val) { l.fma(d, a[0], a[1], a[2]) },
		// mad may round the product (OpenCL 1.2 §6.12.2): a·b then + c.
		"_Z3madfff": func(l *lowerer, d val, a []val) { l.alu("fadd", d, l.fmul(a[0], a[1]), a[2]) },
		// mix(x, y, a) = x + (y − x)·a.
		"_Z3mixfff": func(l *lowerer, d val, a []val) {
			l.alu("fadd", d, a[0], l.fmul(l.fsub(a[1], a[0]), a[2]))
		},
	} {
		mathCalls[name] = fn
	}
}

func (l *lowerer) fimm(f float32) val { return l.fconst(math.Float32bits(f)) }

func (l *lowerer) fmul(a, b val) val {
	t := vr(l.newV())
	l.mulop("fmul", t, a, b)
	return t
}

func (l *lowerer) fadd(a, b val) val {
	t := vr(l.newV())
	l.alu("fadd", t, a, b)
	return t
}

func (l *lowerer) fsub(a, b val) val {
	t := vr(l.newV())
	l.alu("fsub", t, a, b)
	return t
}

// op2 returns a fresh register holding op(a, b) on the add ALU.
func (l *lowerer) op2(op string, a, b val) val {
	t := vr(l.newV())
	l.alu(op, t, a, b)
	return t
}

// horner evaluates c[0] + x·(c[1] + x·(c[2] + …)).
func (l *lowerer) horner(x val, c []float64) val {
	p := l.fimm(float32(c[len(c)-1]))
	for i := len(c) - 2; i >= 0; i-- {
		p = l.fadd(l.fmul(p, x), l.fimm(float32(c[i])))
	}
	return p
}

// fcmpK returns 1 where a p b holds (fcmp into a fresh register).
func (l *lowerer) fcmpK(p mir.FPred, a, b val) val {
	k := vr(l.newV())
	l.fcmp(k, p, a, b)
	return k
}

// choose returns k != 0 ? t : f in a fresh register.
func (l *lowerer) choose(k, t, f val) val {
	r := vr(l.newV())
	l.sel(r, k, t, f)
	return r
}

// roundToInt returns floor(x + 0.5) as a float and as an integer.
func (l *lowerer) roundToInt(x val) (val, val) {
	nf := vr(l.newV())
	l.floor(nf, l.fadd(x, l.fimm(0.5)))
	return nf, l.op2("ftoi", nf, nf)
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
func (l *lowerer) exp(d, x val, base2 bool) {
	var nf, n, r val
	if base2 {
		nf, n = l.roundToInt(x)
		r = l.fmul(l.fsub(x, nf), l.fimm(float32(math.Ln2)))
	} else {
		nf, n = l.roundToInt(l.fmul(x, l.fimm(float32(math.Log2E))))
		r = l.fsub(l.fsub(x, l.fmul(nf, l.fimm(ln2Hi))), l.fmul(nf, l.fimm(ln2Lo)))
	}
	p := l.horner(r, expTaylor)
	// The biased exponent of the result: p's (126 or 127) plus n.
	e := l.op2("add", l.op2("shr", p, sim(-9)), n) // p >> 23: p > 0
	scaled := l.op2("add", p, l.op2("shl", n, sim(-9)))
	under := vr(l.newV())
	l.icmp(under, mir.CondSLE, e, sim(0))
	over := vr(l.newV())
	l.icmp(over, mir.CondSGE, e, l.constant(255))
	// Far outside the range n is meaningless: decide by x.
	hi, lo := float32(129), float32(-151)
	if !base2 {
		hi, lo = 90, -105
	}
	inf := l.constant(0x7f800000)
	res := l.choose(under, sim(0), scaled)
	res = l.choose(over, inf, res)
	res = l.choose(l.fcmpK(mir.FPredOGE, x, l.fimm(hi)), inf, res)
	res = l.choose(l.fcmpK(mir.FPredOLE, x, l.fimm(lo)), sim(0), res)
	nan := vr(l.newV())
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
func (l *lowerer) logCore(x val) (e, logm val) {
	e = l.op2("sub", l.op2("shr", x, sim(-9)), l.constant(127))
	mb := l.op2("or", l.op2("and", x, l.constant(0x7fffff)), l.constant(0x3f800000))
	big := vr(l.newV())
	l.icmp(big, mir.CondUGT, mb, l.constant(0x3fb504f3)) // m > √2: halve it
	mb = l.op2("sub", mb, l.op2("shl", big, sim(-9)))
	e = l.op2("add", e, big)
	one := l.fimm(1)
	s := vr(l.newV())
	l.fdiv(s, l.fsub(mb, one), l.fadd(mb, one))
	z := l.fmul(s, s)
	q := l.horner(z, []float64{2.0 / 3, 2.0 / 5, 2.0 / 7, 2.0 / 9, 2.0 / 11})
	logm = l.fadd(l.fadd(s, s), l.fmul(l.fmul(s, z), q))
	return e, logm
}

// log computes the natural (kind logE), base-2 or base-10 logarithm.
// ±0 and denormals give −inf, negative values and NaN give NaN, +inf
// gives +inf.
func (l *lowerer) log(d, x val, kind int) {
	e, logm := l.logCore(x)
	ef := l.op2("itof", e, e)
	var res val
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
func (l *lowerer) logSpecials(d, x, res val) {
	ex := l.op2("shr", l.op2("shl", x, sim(1)), sim(-8)) // exponent field
	zero := vr(l.newV())
	l.icmp(zero, mir.CondEQ, ex, sim(0))
	top := vr(l.newV())
	l.icmp(top, mir.CondEQ, x, l.constant(0x7f800000))
	neg := vr(l.newV())
	l.icmp(neg, mir.CondSLT, x, sim(0))
	nan := vr(l.newV())
	l.isNaN(nan, x)
	l.alu("and", neg, neg, l.op2("xor", zero, sim(1))) // −0 is a zero, not a negative number
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
func (l *lowerer) trig(d, x val, fn int) {
	kf, k := l.roundToInt(l.fmul(x, l.fimm(float32(2/math.Pi))))
	r := l.fsub(x, l.fmul(kf, l.fimm(piO2[0])))
	r = l.fsub(r, l.fmul(kf, l.fimm(piO2[1])))
	r = l.fsub(r, l.fmul(kf, l.fimm(piO2[2])))
	z := l.fmul(r, r)
	s := l.fadd(r, l.fmul(l.fmul(r, z), l.horner(z, []float64{-1.0 / 6, 1.0 / 120, -1.0 / 5040, 1.0 / 362880})))
	c := l.fadd(l.fsub(l.fimm(1), l.fmul(z, l.fimm(0.5))),
		l.fmul(l.fmul(z, z), l.horner(z, []float64{1.0 / 24, -1.0 / 720, 1.0 / 40320, -1.0 / 3628800})))
	if fn == trigCos {
		k = l.op2("add", k, sim(1)) // cos x = sin(x + π/2)
	}
	odd := l.op2("and", k, sim(1))
	var res val
	if fn == trigTan {
		t, u := vr(l.newV()), vr(l.newV())
		l.fdiv(t, s, c)
		l.fdiv(u, c, s)
		u = l.op2("xor", u, l.constant(-0x80000000)) // −cos/sin
		res = l.choose(odd, u, t)
	} else {
		res = l.choose(odd, c, s)
		// Quadrants 2 and 3 negate.
		neg := l.op2("shl", l.op2("and", k, sim(2)), sim(-2)) // bit 1 → bit 31
		res = l.op2("xor", res, neg)
	}
	bad := vr(l.newV())
	l.icmp(bad, mir.CondUGE, l.op2("shl", x, sim(1)), l.constant(-0x1000000)) // inf or NaN
	l.sel(d, bad, l.constant(0x7fc00000), res)
}

// pow computes x^y as 2^(y·log2|x|), with the sign of x for odd integer
// y and the C99/OpenCL special cases: y = ±0 or x = 1 give 1, NaN gives
// NaN, x < 0 with a non-integer y gives NaN; ±0 and ±inf follow from
// log2 and exp2 (0 → −inf → 0 or +inf).
func (l *lowerer) pow(d, x, y val) {
	ax := l.op2("and", x, l.constant(0x7fffffff))
	e, logm := l.logCore(ax)
	lg := l.fadd(l.op2("itof", e, e), l.fmul(logm, l.fimm(float32(math.Log2E))))
	zl := vr(l.newV())
	l.logSpecials(zl, ax, lg)
	t := vr(l.newV())
	l.exp(t, l.fmul(y, zl), true)
	// y an integer: floor(y) == y; odd if its low bit is set (|y| < 2^24).
	fy := vr(l.newV())
	l.floor(fy, y)
	isInt := l.fcmpK(mir.FPredOEQ, fy, y)
	small := l.fcmpK(mir.FPredOLT, l.op2("and", y, l.constant(0x7fffffff)), l.fimm(1<<24))
	odd := l.op2("and", l.op2("and", l.op2("ftoi", y, y), sim(1)), small)
	odd = l.op2("and", odd, isInt)
	neg := vr(l.newV())
	l.icmp(neg, mir.CondSLT, x, sim(0))
	sign := l.op2("shl", l.op2("and", odd, neg), sim(-1))
	res := l.op2("or", t, sign)
	// x < 0 (not −0) with a non-integer y: NaN.
	negNZ := l.op2("and", neg, l.fcmpK(mir.FPredONE, x, sim(0)))
	bad := l.op2("and", negNZ, l.op2("xor", isInt, sim(1)))
	nan := vr(l.newV())
	l.isNaN(nan, x)
	l.alu("or", bad, bad, nan)
	ny := vr(l.newV())
	l.isNaN(ny, y)
	l.alu("or", bad, bad, ny)
	res = l.choose(bad, l.constant(0x7fc00000), res)
	one := l.op2("or", l.fcmpK(mir.FPredOEQ, y, sim(0)), l.fcmpK(mir.FPredOEQ, x, l.fimm(1)))
	l.sel(d, one, l.fimm(1), res)
}

// cmpK returns 1 where a c b holds (icmp into a fresh register).
func (l *lowerer) cmpK(c mir.Cond, a, b val) val {
	k := vr(l.newV())
	l.icmp(k, c, a, b)
	return k
}

// shr64 shifts the 64-bit value (hi, lo) right by n ∈ [0, 64] and
// returns the result and 1 when a set bit was shifted out (the QPU's
// shifters use the amount mod 32, so the cases n = 0, n ≥ 32 and n = 64
// are computed apart and selected).
func (l *lowerer) shr64(hi, lo, n val) (val, val, val) {
	inv := l.op2("sub", l.constant(32), n) // 32 − n (mod 32 for the shifter)
	aLo := l.op2("or", l.op2("shr", lo, n), l.op2("shl", hi, inv))
	aLost := l.cmpK(mir.CondNE, l.op2("shl", lo, inv), sim(0))
	aLo = l.choose(l.cmpK(mir.CondEQ, n, sim(0)), lo, aLo)
	aLost = l.choose(l.cmpK(mir.CondEQ, n, sim(0)), sim(0), aLost)
	aHi := l.op2("shr", hi, n)
	m := l.op2("sub", n, l.constant(32))
	bLo := l.op2("shr", hi, m)
	hiLost := l.choose(l.cmpK(mir.CondEQ, m, sim(0)), sim(0), l.cmpK(mir.CondNE, l.op2("shl", hi, l.op2("sub", l.constant(32), m)), sim(0)))
	bLost := l.op2("or", l.cmpK(mir.CondNE, lo, sim(0)), hiLost)
	big := l.cmpK(mir.CondUGE, n, l.constant(32))
	all := l.cmpK(mir.CondUGE, n, l.constant(64))
	rHi := l.choose(big, sim(0), aHi)
	rLo := l.choose(big, bLo, aLo)
	lost := l.choose(big, bLost, aLost)
	rLo = l.choose(all, sim(0), rLo)
	lost = l.choose(all, l.cmpK(mir.CondNE, l.op2("or", hi, lo), sim(0)), lost)
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
func (l *lowerer) fma(d, a, b, c val) {
	field := func(x val) (val, val) {
		e := l.op2("shr", l.op2("shl", x, sim(1)), sim(-8))
		m := l.op2("or", l.op2("and", x, l.constant(0x7fffff)), l.constant(0x800000))
		return e, m
	}
	ea, ma := field(a)
	eb, mb := field(b)
	ec, mc := field(c)
	czero := l.cmpK(mir.CondEQ, ec, sim(0))
	mc = l.choose(czero, sim(0), mc)
	ec = l.choose(czero, l.constant(-1000), ec) // never the larger exponent
	ph, pl := vr(l.newV()), vr(l.newV())
	l.mulh(ph, ma, mb, false)
	l.mul32(pl, ma, mb)
	// P = M << 15 and C = mc << 38: leading bits at 61 or 62.
	pH := l.op2("or", l.op2("shl", ph, sim(15)), l.op2("shr", pl, l.constant(17)))
	pL := l.op2("shl", pl, sim(15))
	cH := l.op2("shl", mc, sim(6))
	ep := l.op2("sub", l.op2("add", ea, eb), l.constant(127))
	dd := l.op2("sub", ep, ec)
	pBig := l.cmpK(mir.CondSGE, dd, sim(0))
	sP := l.op2("shr", l.op2("xor", a, b), sim(-1))
	sC := l.op2("shr", c, sim(-1))
	xH, xL, xS := l.choose(pBig, pH, cH), l.choose(pBig, pL, sim(0)), l.choose(pBig, sP, sC)
	yH, yL, yS := l.choose(pBig, cH, pH), l.choose(pBig, sim(0), pL), l.choose(pBig, sC, sP)
	e := l.choose(pBig, ep, ec)
	n := l.op2("min", l.choose(pBig, dd, l.op2("sub", sim(0), dd)), l.constant(64))
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
	zh := l.op2("clz", rH, rH)
	z := l.choose(l.cmpK(mir.CondEQ, rH, sim(0)), l.op2("add", l.op2("clz", rL, rL), l.constant(32)), zh)
	inv := l.op2("sub", l.constant(32), z)
	nH := l.op2("or", l.op2("shl", rH, z), l.op2("shr", rL, inv))
	nH = l.choose(l.cmpK(mir.CondEQ, z, sim(0)), rH, nH)
	nL := l.op2("shl", rL, z)
	zBig := l.cmpK(mir.CondUGE, z, l.constant(32))
	nH = l.choose(zBig, l.op2("shl", rL, l.op2("sub", z, l.constant(32))), nH)
	nL = l.choose(zBig, sim(0), nL)
	er := l.op2("sub", l.op2("add", e, sim(2)), z)
	mant := l.op2("shr", nH, sim(8))
	guard := l.op2("and", l.op2("shr", nH, sim(7)), sim(1))
	sticky := l.cmpK(mir.CondNE, l.op2("or", l.op2("and", nH, l.constant(0x7f)), nL), sim(0))
	up := l.op2("and", guard, l.op2("or", sticky, l.op2("and", mant, sim(1))))
	bits := l.op2("add", l.op2("add", l.op2("shl", l.op2("sub", er, sim(1)), sim(-9)), mant), up)
	bits = l.choose(l.cmpK(mir.CondSGE, l.op2("shr", bits, sim(-9)), l.constant(255)), l.constant(0x7f800000), bits)
	bits = l.choose(l.cmpK(mir.CondSLE, er, sim(0)), sim(0), bits)
	bits = l.choose(l.cmpK(mir.CondSGE, er, l.constant(255)), l.constant(0x7f800000), bits)
	res := l.op2("or", bits, l.op2("shl", sign, sim(-1)))
	res = l.choose(l.op2("or", rH, rL), res, sim(0)) // exact cancellation: +0
	// Zero or non-finite a or b, non-finite c: the ALUs.
	simple := l.op2("or", l.cmpK(mir.CondEQ, ea, sim(0)), l.cmpK(mir.CondEQ, eb, sim(0)))
	for _, x := range []val{ea, eb, ec} {
		simple = l.op2("or", simple, l.cmpK(mir.CondEQ, x, l.constant(255)))
	}
	alu := l.fadd(l.fmul(a, b), c)
	l.sel(d, simple, alu, res)
}
