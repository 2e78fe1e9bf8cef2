package codegen

import (
	"strconv"
	"strings"

	"lltosimd/mir"
)

// libCalls lowers the OpenCL C scalar built-ins that clang leaves as calls
// (Itanium-mangled overloads) inline. Semantics follow the OpenCL 1.2
// definitions as the reference implementation tests/vc4/ref/builtins.cl
// spells them (e.g. fmin(a, b) = a < b ? a : b).
var libCalls = map[string]func(l *lowerer, d mir.Operand, a []mir.Operand){
	"_Z3minii": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.alu("min", d, a[0], a[1]) },
	"_Z3maxii": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.alu("max", d, a[0], a[1]) },
	"_Z3minjj": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.pick(d, mir.CondULT, a[0], a[1], a[0], a[1]) },
	"_Z3maxjj": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.pick(d, mir.CondUGT, a[0], a[1], a[0], a[1]) },
	"_Z5clampiii": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		t := l.tmp()
		l.alu("max", t, a[0], a[1])
		l.alu("min", d, t, a[2])
	},
	"_Z5clampjjj": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		t := l.tmp()
		l.pick(t, mir.CondUGT, a[0], a[1], a[0], a[1])
		l.pick(d, mir.CondULT, t, a[2], t, a[2])
	},
	"_Z3absi": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		n := l.tmp()
		l.alu("sub", n, imm(0), a[0])
		l.pick(d, mir.CondSLT, a[0], imm(0), n, a[0])
	},
	"_Z8abs_diffii": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		x, y := l.tmp(), l.tmp()
		l.alu("sub", x, a[0], a[1])
		l.alu("sub", y, a[1], a[0])
		l.pick(d, mir.CondSGT, a[0], a[1], x, y)
	},
	"_Z6selectiii": selectLib,
	"_Z6selectjji": selectLib,
	"_Z6selectffi": selectLib,
	"_Z5mul24ii":   func(l *lowerer, d mir.Operand, a []mir.Operand) { l.mul32(d, a[0], a[1]) },
	"_Z5mad24iii": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		t := l.tmp()
		l.mul32(t, a[0], a[1])
		l.alu("add", d, t, a[2])
	},
	"_Z6rotateii":  rotateLib,
	"_Z6rotatejj":  rotateLib,
	"_Z3clzi":      func(l *lowerer, d mir.Operand, a []mir.Operand) { l.alu("clz", d, a[0]) },
	"_Z3clzj":      func(l *lowerer, d mir.Operand, a []mir.Operand) { l.alu("clz", d, a[0]) },
	"_Z8popcounti": popcountLib,
	"_Z8popcountj": popcountLib,
	"_Z4fabsf": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		m := l.tmp()
		l.ldi(m, 0x7fffffff)
		l.alu("and", d, a[0], m)
	},
	"_Z4fminff": fminLib,
	"_Z3minff":  fminLib,
	"_Z4fmaxff": fmaxLib,
	"_Z3maxff":  fmaxLib,
	"_Z5clampfff": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		t := l.tmp()
		fmaxLib(l, t, a[:2])
		fminLib(l, d, []mir.Operand{t, a[2]})
	},
}

// clBuiltinName splits an Itanium-mangled function name into its source
// name and the mangled parameter types ("_Z10atomic_addPU3AS1Vii" →
// "atomic_add", "PU3AS1Vii"); name is "" when sym is not mangled. OpenCL C
// built-ins are overloadable, so clang mangles them.
func clBuiltinName(sym string) (name, params string) {
	rest, ok := strings.CutPrefix(sym, "_Z")
	if !ok {
		return "", ""
	}
	l := 0
	for l < len(rest) && rest[l] >= '0' && rest[l] <= '9' {
		l++
	}
	n, err := strconv.Atoi(rest[:l])
	if err != nil || n <= 0 || l+n >= len(rest) {
		return "", ""
	}
	return rest[l : l+n], rest[l+n:]
}

// pick sets d = (x cond y) ? t : f.
func (l *lowerer) pick(d mir.Operand, c mir.Cond, x, y, t, f mir.Operand) {
	k := l.tmp()
	l.icmp(k, c, x, y)
	l.sel(d, k, t, f)
}

// sel sets d = k != 0 ? t : f.
func (l *lowerer) sel(d, k, t, f mir.Operand) {
	r := l.tmp()
	l.alu("mov", r, f)
	l.alu("mov", none, k, setF())
	l.alu("mov", r, t, ifnz())
	l.alu("mov", d, r)
}

func selectLib(l *lowerer, d mir.Operand, a []mir.Operand) { l.sel(d, a[2], a[1], a[0]) }

func rotateLib(l *lowerer, d mir.Operand, a []mir.Operand) {
	t := l.tmp()
	l.alu("sub", t, imm(0), a[1])
	l.alu("ror", d, a[0], t)
}

func popcountLib(l *lowerer, d mir.Operand, a []mir.Operand) {
	// Sum the bits one at a time (branch-free, exact).
	s, t := l.tmp(), l.tmp()
	l.alu("and", s, a[0], imm(1))
	for i := 1; i < 32; i++ {
		sh := int32(i)
		if sh > 15 {
			sh -= 32
		}
		l.alu("shr", t, a[0], imm(sh))
		l.alu("and", t, t, imm(1))
		l.alu("add", s, s, t)
	}
	l.alu("mov", d, s)
}

func fminLib(l *lowerer, d mir.Operand, a []mir.Operand) {
	k := l.tmp()
	l.fcmp(k, mir.FPredOLT, a[0], a[1])
	l.sel(d, k, a[0], a[1])
}

func fmaxLib(l *lowerer, d mir.Operand, a []mir.Operand) {
	k := l.tmp()
	l.fcmp(k, mir.FPredOGT, a[0], a[1])
	l.sel(d, k, a[0], a[1])
}

// mathCalls are the OpenCL float math built-ins lowered through the SFU
// (§5: recip, recipsqrt, exp = 2^x, log = log2|x|). The full-precision ones
// refine the SFU's estimate (the spec gives it 512–1024 ulp) by Newton
// steps; the native_ ones return the SFU's result as it is (their precision
// is implementation-defined in OpenCL 1.2 §7.4). docs/vc4.md lists the
// error bounds.
var mathCalls = map[string]func(l *lowerer, d mir.Operand, a []mir.Operand){
	"_Z4sqrtf":          func(l *lowerer, d mir.Operand, a []mir.Operand) { l.sqrt(d, a[0], false) },
	"_Z5rsqrtf":         func(l *lowerer, d mir.Operand, a []mir.Operand) { l.sqrt(d, a[0], true) },
	"_Z5floorf":         func(l *lowerer, d mir.Operand, a []mir.Operand) { l.floor(d, a[0]) },
	"_Z12native_rsqrtf": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.sfuOp(d, "recipsqrt", a[0]) },
	"_Z12native_recipf": func(l *lowerer, d mir.Operand, a []mir.Operand) { l.sfuOp(d, "recip", a[0]) },
	"_Z11native_exp2f":  func(l *lowerer, d mir.Operand, a []mir.Operand) { l.sfuOp(d, "exp", a[0]) },
	"_Z11native_log2f":  func(l *lowerer, d mir.Operand, a []mir.Operand) { l.sfuOp(d, "log", a[0]) },
	"_Z11native_sqrtf": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		// 1/(1/sqrt(x)): 0 gives 1/inf = 0, where x·rsqrt(x) gives NaN.
		t := l.tmp()
		l.sfuOp(t, "recipsqrt", a[0])
		l.sfuOp(d, "recip", t)
	},
	"_Z13native_divideff": func(l *lowerer, d mir.Operand, a []mir.Operand) {
		t := l.tmp()
		l.sfuOp(t, "recip", a[1])
		l.mulop("fmul", d, a[0], t)
	},
}

// sfuOp sets d to the SFU function reg ("recip", "recipsqrt", "exp",
// "log") of x: the result is in r4 from the third instruction after the
// write (§5, §7.8).
func (l *lowerer) sfuOp(d mir.Operand, reg string, x mir.Operand) {
	l.alu("mov", hw(reg), x)
	l.nop()
	l.nop()
	l.alu("mov", d, hw("r4"))
}

// fconst loads the float constant with bits b.
func (l *lowerer) fconst(b uint32) mir.Operand {
	t := l.tmp()
	l.ldi(t, b)
	return t
}

// sqrt computes sqrt(x), or 1/sqrt(x) when recip: the SFU estimate y of
// 1/sqrt(x) refined by two Newton steps y(1.5 − (x/2)y²); sqrt is then
// s = xy corrected by the residual, s + (x − s²)(y/2). Special inputs
// follow IEEE with denormals flushed: ±0 (and denormals) give ±0 (rsqrt:
// ±inf), +inf gives +inf (rsqrt: +0), a NaN or a negative x gives NaN.
func (l *lowerer) sqrt(d, x mir.Operand, recip bool) {
	y, h, t := l.tmp(), l.tmp(), l.tmp()
	l.sfuOp(y, "recipsqrt", x)
	l.mulop("fmul", h, x, l.fconst(0x3f000000)) // x/2
	c15 := l.fconst(0x3fc00000)
	for i := 0; i < 2; i++ {
		l.mulop("fmul", t, y, y)
		l.mulop("fmul", t, h, t)
		l.alu("fsub", t, c15, t)
		l.mulop("fmul", y, y, t)
	}
	res := y
	if !recip {
		s, r, hy := l.tmp(), l.tmp(), l.tmp()
		l.mulop("fmul", s, x, y)
		l.mulop("fmul", t, s, s)
		l.alu("fsub", r, x, t)
		l.mulop("fmul", hy, y, l.fconst(0x3f000000))
		l.mulop("fmul", t, r, hy)
		res = l.tmp()
		l.alu("fadd", res, s, t)
	}
	// Special inputs by the exponent e and the sign.
	e, zero, top := l.tmp(), l.tmp(), l.tmp()
	l.alu("shl", e, x, imm(1))
	l.alu("shr", e, e, imm(-8)) // >> 24
	l.icmp(zero, mir.CondEQ, e, imm(0))
	l.icmp(top, mir.CondEQ, e, l.constant(255))
	sign, zval, tval := l.tmp(), l.tmp(), l.tmp()
	l.alu("shr", sign, x, imm(-1))
	l.alu("shl", sign, sign, imm(-1)) // the sign bit alone
	if recip {
		l.alu("or", zval, sign, l.constant(0x7f800000)) // ±inf
		l.alu("mov", tval, imm(0))                      // 1/sqrt(inf) = +0
	} else {
		l.alu("mov", zval, sign) // ±0
		l.alu("mov", tval, x)    // +inf
	}
	r1, r2 := l.tmp(), l.tmp()
	l.sel(r1, zero, zval, res)
	l.sel(r2, top, tval, r1)
	// NaN for a NaN or a negative non-zero input.
	bad, neg, nz := l.tmp(), l.tmp(), l.tmp()
	l.isNaN(bad, x)
	l.icmp(neg, mir.CondNE, sign, imm(0))
	l.icmp(nz, mir.CondEQ, zero, imm(0))
	l.alu("and", neg, neg, nz)
	l.alu("or", bad, bad, neg)
	l.sel(d, bad, l.fconst(0x7fc00000), r2)
}

// floor rounds x down to an integer: x itself when |x| ≥ 2^23 (already an
// integer, or inf/NaN) or x is ±0; else t = itof(ftoi(x)) (ftoi truncates),
// minus 1 when t > x.
func (l *lowerer) floor(d, x mir.Operand) {
	i, t, t1, k := l.tmp(), l.tmp(), l.tmp(), l.tmp()
	l.alu("ftoi", i, x)
	l.alu("itof", t, i)
	l.alu("fsub", t1, t, l.fconst(0x3f800000))
	l.fcmp(k, mir.FPredGT, t, x)
	r := l.tmp()
	l.sel(r, k, t1, t)
	a, big := l.tmp(), l.tmp()
	l.alu("shl", a, x, imm(1)) // |x| bits << 1: 2^23 is 0x4b000000 << 1
	l.icmp(big, mir.CondUGE, a, l.constant(0x96000000))
	z := l.tmp()
	l.icmp(z, mir.CondEQ, a, imm(0))
	l.alu("or", big, big, z)
	l.sel(d, big, x, r)
}
