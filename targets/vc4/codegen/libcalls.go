package codegen

import "lltosimd/mir"

// libCalls lowers the OpenCL C scalar built-ins that clang leaves as calls
// (Itanium-mangled overloads) inline. Semantics follow the OpenCL 1.2
// definitions as the reference implementation tests/vc4/ref/builtins.cl
// spells them (e.g. fmin(a, b) = a < b ? a : b).
var libCalls = map[string]func(l *lowerer, d val, a []val){
	"_Z3minii": func(l *lowerer, d val, a []val) { l.alu("min", d, a[0], a[1]) },
	"_Z3maxii": func(l *lowerer, d val, a []val) { l.alu("max", d, a[0], a[1]) },
	"_Z3minjj": func(l *lowerer, d val, a []val) { l.pick(d, mir.CondULT, a[0], a[1], a[0], a[1]) },
	"_Z3maxjj": func(l *lowerer, d val, a []val) { l.pick(d, mir.CondUGT, a[0], a[1], a[0], a[1]) },
	"_Z5clampiii": func(l *lowerer, d val, a []val) {
		t := vr(l.newV())
		l.alu("max", t, a[0], a[1])
		l.alu("min", d, t, a[2])
	},
	"_Z5clampjjj": func(l *lowerer, d val, a []val) {
		t := vr(l.newV())
		l.pick(t, mir.CondUGT, a[0], a[1], a[0], a[1])
		l.pick(d, mir.CondULT, t, a[2], t, a[2])
	},
	"_Z3absi": func(l *lowerer, d val, a []val) {
		n := vr(l.newV())
		l.alu("sub", n, sim(0), a[0])
		l.pick(d, mir.CondSLT, a[0], sim(0), n, a[0])
	},
	"_Z8abs_diffii": func(l *lowerer, d val, a []val) {
		x, y := vr(l.newV()), vr(l.newV())
		l.alu("sub", x, a[0], a[1])
		l.alu("sub", y, a[1], a[0])
		l.pick(d, mir.CondSGT, a[0], a[1], x, y)
	},
	"_Z6selectiii": selectLib,
	"_Z6selectjji": selectLib,
	"_Z6selectffi": selectLib,
	"_Z5mul24ii":   func(l *lowerer, d val, a []val) { l.mul32(d, a[0], a[1]) },
	"_Z5mad24iii": func(l *lowerer, d val, a []val) {
		t := vr(l.newV())
		l.mul32(t, a[0], a[1])
		l.alu("add", d, t, a[2])
	},
	"_Z6rotateii":  rotateLib,
	"_Z6rotatejj":  rotateLib,
	"_Z3clzi":      func(l *lowerer, d val, a []val) { l.alu("clz", d, a[0], a[0]) },
	"_Z3clzj":      func(l *lowerer, d val, a []val) { l.alu("clz", d, a[0], a[0]) },
	"_Z8popcounti": popcountLib,
	"_Z8popcountj": popcountLib,
	"_Z4fabsf": func(l *lowerer, d val, a []val) {
		m := vr(l.newV())
		l.ldi(m, 0x7fffffff, "")
		l.alu("and", d, a[0], m)
	},
	"_Z4fminff": fminLib,
	"_Z3minff":  fminLib,
	"_Z4fmaxff": fmaxLib,
	"_Z3maxff":  fmaxLib,
	"_Z5clampfff": func(l *lowerer, d val, a []val) {
		t := vr(l.newV())
		fmaxLib(l, t, a[:2])
		fminLib(l, d, []val{t, a[2]})
	},
}

// pick sets d = (x cond y) ? t : f.
func (l *lowerer) pick(d val, c mir.Cond, x, y, t, f val) {
	k := vr(l.newV())
	l.icmp(k, c, x, y)
	l.sel(d, k, t, f)
}

// sel sets d = k != 0 ? t : f.
func (l *lowerer) sel(d, k, t, f val) {
	r := vr(l.newV())
	l.alu("mov", r, f, f)
	l.emit(&lins{op: "mov", a: k, b: k, setf: true})
	l.emit(&lins{op: "mov", d: r, a: t, b: t, cond: "ifnz"})
	l.alu("mov", d, r, r)
}

func selectLib(l *lowerer, d val, a []val) { l.sel(d, a[2], a[1], a[0]) }

func rotateLib(l *lowerer, d val, a []val) {
	t := vr(l.newV())
	l.alu("sub", t, sim(0), a[1])
	l.alu("ror", d, a[0], t)
}

func popcountLib(l *lowerer, d val, a []val) {
	// Sum the bits one at a time (branch-free, exact).
	s, t := vr(l.newV()), vr(l.newV())
	l.alu("and", s, a[0], sim(1))
	for i := 1; i < 32; i++ {
		sh := int32(i)
		if sh > 15 {
			sh -= 32
		}
		l.alu("shr", t, a[0], sim(sh))
		l.alu("and", t, t, sim(1))
		l.alu("add", s, s, t)
	}
	l.alu("mov", d, s, s)
}

func fminLib(l *lowerer, d val, a []val) {
	k := vr(l.newV())
	l.fcmp(k, mir.FPredOLT, a[0], a[1])
	l.sel(d, k, a[0], a[1])
}

func fmaxLib(l *lowerer, d val, a []val) {
	k := vr(l.newV())
	l.fcmp(k, mir.FPredOGT, a[0], a[1])
	l.sel(d, k, a[0], a[1])
}
