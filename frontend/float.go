package frontend

import (
	"fmt"
	"math"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"lltosimd/mir"
)

// Floating point: float is one 32-bit word and double two words (like
// i64), holding the IEEE-754 bit patterns. Arithmetic, comparisons and
// conversions become the generic float ops (G_FADD ...), whose two-word
// operands are listed in memory order; targets without an FPU lower them to
// runtime calls (passes/softfloat.go). Sign operations (fneg, fabs,
// copysign) and bitcasts are integer operations on the sign word.

// floatSize returns the byte size of a supported floating-point type.
func floatSize(t *types.FloatType) (int64, error) {
	switch t.Kind {
	case types.FloatKindFloat:
		return 4, nil
	case types.FloatKindDouble:
		return 8, nil
	}
	return 0, fmt.Errorf("unsupported: floating-point type '%s'", t)
}

// floatBits returns the width of a supported floating-point type.
func floatBits(t *types.FloatType) int { return 8 * int(must(floatSize(t))) }

// floatConstBits returns the bit pattern of a float or double constant.
// The IR parser keeps only the sign of a NaN constant: a NaN that reaches
// here is the default quiet NaN, because rewriteNaNPayloads turned every
// other NaN literal into a bitcast of its bits.
func floatConstBits(c *constant.Float) uint64 {
	double := floatBits(c.Typ) == 64
	switch {
	case c.NaN:
		neg := c.X != nil && c.X.Signbit()
		if double {
			return uint64(b2u(neg))<<63 | 0x7ff8000000000000
		}
		return uint64(b2u(neg))<<31 | 0x7fc00000
	case double:
		f, _ := c.X.Float64()
		return math.Float64bits(f)
	}
	f, _ := c.X.Float32()
	return uint64(math.Float32bits(f))
}

// fpreds maps LLVM fcmp predicates to MIR ones.
var fpreds = map[enum.FPred]mir.FPred{
	enum.FPredFalse: mir.FPredFalse, enum.FPredOEQ: mir.FPredOEQ, enum.FPredOGT: mir.FPredOGT,
	enum.FPredOGE: mir.FPredOGE, enum.FPredOLT: mir.FPredOLT, enum.FPredOLE: mir.FPredOLE,
	enum.FPredONE: mir.FPredONE, enum.FPredORD: mir.FPredORD, enum.FPredUEQ: mir.FPredUEQ,
	enum.FPredUGT: mir.FPredUGT, enum.FPredUGE: mir.FPredUGE, enum.FPredULT: mir.FPredULT,
	enum.FPredULE: mir.FPredULE, enum.FPredUNE: mir.FPredUNE, enum.FPredUNO: mir.FPredUNO,
	enum.FPredTrue: mir.FPredTrue,
}

// floatInst translates a floating-point instruction.
func (s *fn) floatInst(inst ir.Instruction) {
	switch in := inst.(type) {
	case *ir.InstFAdd:
		s.define(in, s.fbinary(mir.GFAdd, in.X, in.Y))
	case *ir.InstFSub:
		s.define(in, s.fbinary(mir.GFSub, in.X, in.Y))
	case *ir.InstFMul:
		s.define(in, s.fbinary(mir.GFMul, in.X, in.Y))
	case *ir.InstFDiv:
		s.define(in, s.fbinary(mir.GFDiv, in.X, in.Y))
	case *ir.InstFRem:
		s.define(in, s.fbinary(mir.GFRem, in.X, in.Y))
	case *ir.InstFNeg:
		s.define(in, s.signOp(in.X, nil, false))
	case *ir.InstFCmp:
		s.define(in, []mir.Reg{s.fcmp(in.Pred, in.X, in.Y)})
	case *ir.InstFPExt:
		s.define(in, s.fop(mir.GFPExt, 2, s.fwords(in.From)))
	case *ir.InstFPTrunc:
		s.define(in, s.fop(mir.GFPTrunc, 1, s.fwords(in.From)))
	case *ir.InstFPToSI:
		s.define(in, s.fpToInt(mir.GFPToSI, in.From, in.To))
	case *ir.InstFPToUI:
		s.define(in, s.fpToInt(mir.GFPToUI, in.From, in.To))
	case *ir.InstSIToFP:
		s.define(in, s.intToFP(mir.GSIToFP, true, in.From, in.To))
	case *ir.InstUIToFP:
		s.define(in, s.intToFP(mir.GUIToFP, false, in.From, in.To))
	default:
		fail("unsupported: floating-point operation '%s'", opName(inst))
	}
}

// fwords returns the words of a float or double value, rejecting other
// types (vectors) with the usual error.
func (s *fn) fwords(v value.Value) []mir.Reg {
	if _, ok := v.Type().(*types.FloatType); !ok {
		fail("%s", unsupportedType(v.Type()).Error())
	}
	s.bitsOf(v.Type())
	return s.words(v)
}

// fop emits a float op with ndefs result words over the given operand
// groups (each low word first) and returns the result low word first.
func (s *fn) fop(op mir.Opcode, ndefs int, groups ...[]mir.Reg) []mir.Reg {
	return s.fopImm(op, ndefs, nil, groups...)
}

// fopImm is fop with leading immediate operands (G_FCMP's predicate).
func (s *fn) fopImm(op mir.Opcode, ndefs int, imms []mir.Operand, groups ...[]mir.Reg) []mir.Reg {
	res := make([]mir.Reg, ndefs)
	for i := range res {
		res[i] = s.reg()
	}
	var ops []mir.Operand
	for _, r := range s.abiOrder(res) {
		ops = append(ops, mir.D(r))
	}
	ops = append(ops, imms...)
	for _, g := range groups {
		for _, r := range s.abiOrder(g) {
			ops = append(ops, mir.R(r))
		}
	}
	s.emit(op, ops...)
	return res
}

func (s *fn) fbinary(op mir.Opcode, x, y value.Value) []mir.Reg {
	a := s.fwords(x)
	return s.fop(op, len(a), a, s.fwords(y))
}

func (s *fn) fcmp(pred enum.FPred, x, y value.Value) mir.Reg {
	p, ok := fpreds[pred]
	if !ok {
		fail("unsupported: fcmp predicate %s", pred)
	}
	a, b := s.fwords(x), s.fwords(y)
	var d mir.Reg
	switch p {
	case mir.FPredFalse:
		d = s.konst(0)
	case mir.FPredTrue:
		d = s.konst(1)
	default:
		d = s.fopImm(mir.GFCmp, 1, []mir.Operand{mir.I(int64(p))}, a, b)[0]
	}
	s.setZ(d, 1)
	return d
}

// signOp computes the sign operations on the high (sign) word of x: fneg
// (y nil, abs false), fabs (abs true) and copysign (y the sign source).
func (s *fn) signOp(x, y value.Value, abs bool) []mir.Reg {
	a := s.fwords(x)
	out := append([]mir.Reg(nil), a...)
	hi := len(a) - 1
	sign := s.konst(math.MinInt32)
	switch {
	case y != nil:
		b := s.fwords(y)
		mag := s.op2(mir.GAnd, a[hi], s.konst(math.MaxInt32))
		out[hi] = s.op2(mir.GOr, mag, s.op2(mir.GAnd, b[len(b)-1], sign))
	case abs:
		out[hi] = s.op2(mir.GAnd, a[hi], s.konst(math.MaxInt32))
	default:
		out[hi] = s.op2(mir.GXor, a[hi], sign)
	}
	return out
}

// fpToInt converts to an integer of up to 64 bits; narrower results are
// converted as 32-bit ones (out-of-range values are poison in IR).
func (s *fn) fpToInt(op mir.Opcode, x value.Value, to types.Type) []mir.Reg {
	a := s.fwords(x)
	if isWide(to) {
		fail("unsupported: conversion of floating point to %s", to)
	}
	return s.fop(op, s.nwords(to), a)
}

// intToFP converts an integer of up to 64 bits, extended to 32 or 64 bits.
func (s *fn) intToFP(op mir.Opcode, signed bool, x value.Value, to types.Type) []mir.Reg {
	n := s.bitsOf(x.Type())
	a := s.words(x)
	switch {
	case len(a) > 2:
		fail("unsupported: conversion of i%d to floating point", n)
	case len(a) == 2:
		a = s.wext(a, n, signed)
	case signed:
		a = []mir.Reg{s.sext(a[0], n)}
	default:
		a = []mir.Reg{s.zext(a[0], n)}
	}
	if _, ok := to.(*types.FloatType); !ok {
		fail("%s", unsupportedType(to).Error())
	}
	return s.fop(op, s.nwords(to), a)
}

// libCall calls a runtime routine with one argument group per element of
// args (each low word first) and returns its nres result words, low word
// first.
func (s *fn) libCall(name string, nres int, args ...[]mir.Reg) []mir.Reg {
	s.t.useSym(name)
	res := make([]mir.Reg, nres)
	ops := make([]mir.Operand, 0, nres+1+3*len(args))
	for i := range res {
		res[i] = s.reg()
	}
	for _, r := range s.abiOrder(res) {
		ops = append(ops, mir.D(r))
	}
	ops = append(ops, mir.S(name, 0))
	for _, arg := range args {
		var flags mir.ArgDesc
		if len(arg) == 2 {
			flags = mir.ArgAlign8
		}
		ops = append(ops, mir.I(int64(mir.MakeArgDesc(len(arg), flags))))
		for _, r := range s.abiOrder(arg) {
			ops = append(ops, mir.R(r))
		}
	}
	s.emit(mir.GCall, ops...)
	s.f.HasCalls = true
	return res
}

// libmNames maps the floating-point intrinsics that become runtime calls
// to the C library's double function ("f" is appended for float).
var libmNames = map[string]string{
	"sqrt": "sqrt", "floor": "floor", "ceil": "ceil", "trunc": "trunc", "round": "round",
	"rint": "rint", "nearbyint": "nearbyint", "minnum": "fmin", "maxnum": "fmax", "fma": "fma",
	"sin": "sin", "cos": "cos", "exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2",
	"log10": "log10", "pow": "pow",
}

// floatIntrinsic translates the floating-point intrinsics; it reports
// false for other names.
func (s *fn) floatIntrinsic(in *ir.InstCall, base string, args []value.Value) bool {
	switch base {
	case "fabs":
		s.define(in, s.signOp(args[0], nil, true))
	case "copysign":
		s.define(in, s.signOp(args[0], args[1], false))
	case "sqrt", "floor", "ceil", "trunc", "round", "rint", "nearbyint", "minnum", "maxnum", "fma",
		"sin", "cos", "exp", "exp2", "log", "log2", "log10", "pow":
		// The runtime's libm functions: exact or correctly rounded
		// (softfloat.c, math.c), like the host's libm and SSE, or within
		// the ulp bounds of libm_*.c (clang emits llvm.sin ... llvm.pow
		// for the C functions under -fno-math-errno).
		var ws [][]mir.Reg
		for _, a := range args {
			ws = append(ws, s.fwords(a))
		}
		name := libmNames[base]
		if len(ws[0]) == 1 {
			name += "f"
		}
		s.define(in, s.libCall(name, len(ws[0]), ws...))
	case "lround", "llround", "lrint", "llrint":
		// round/rint to an integral value, then convert it (exact); out of
		// range the result is unspecified, as in C.
		a := s.fwords(args[0])
		name := libmNames[strings.TrimLeft(base, "l")]
		if len(a) == 1 {
			name += "f"
		}
		r := s.regValue(args[0].Type(), s.libCall(name, len(a), a))
		cvt := &ir.InstFPToSI{From: r, To: in.Typ}
		s.floatInst(cvt)
		s.define(in, s.vals[cvt])
	case "fmuladd":
		// Rounded twice, as lli computes it for clang's x86-64 IR (whose
		// target-cpu x86-64 has no FMA). lli fuses only IR without CPU
		// attributes on an FMA host, and LLVM's constant folder fuses.
		p := s.fbinary(mir.GFMul, args[0], args[1])
		s.define(in, s.fop(mir.GFAdd, len(p), p, s.fwords(args[2])))
	default:
		return false
	}
	return true
}
