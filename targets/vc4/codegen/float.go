package codegen

import (
	"fmt"

	"lltosimd/mir"
)

// Floats are IEEE single words. fadd, fsub, fmul and itof use the QPU
// ALUs (which flush denormals and, as modelled, round toward zero: results
// are within 1 ulp of IEEE round-to-nearest); division uses the SFU
// reciprocal refined by two Newton steps and one residual correction
// (within 2 ulp); comparisons are exact integer compares of the bit
// patterns. Doubles are not supported.

// floatOp lowers one generic float op.
func (l *lowerer) floatOp(b *mir.Block, in *mir.Instr) error {
	defs, uses := in.Defs(), in.Uses()
	if len(defs) != 1 || (in.Op != mir.GFCmp && len(uses) > 2) || (in.Op == mir.GFCmp && len(uses) != 3) {
		return fmt.Errorf("function '%s': double-precision operation %s is not supported on vc4", l.f.Name, mir.GenericDesc(in.Op).Name)
	}
	d, fin := l.dest(b, defs[0].Reg)
	switch in.Op {
	case mir.GFDiv:
		l.fdiv(d, l.opnd(uses[0]), l.opnd(uses[1]))
	case mir.GFCmp:
		l.fcmp(d, mir.FPred(uses[0].Imm), l.opnd(uses[1]), l.opnd(uses[2]))
	default:
		return fmt.Errorf("function '%s': operation %s is not supported on vc4", l.f.Name, mir.GenericDesc(in.Op).Name)
	}
	fin()
	return nil
}

// fdiv computes a / b: x ≈ 1/b from the SFU, two Newton steps
// x' = x(2 - bx), then q = ax corrected by the residual: q + (a - bq)x.
func (l *lowerer) fdiv(d, a, b mir.Operand) {
	x, t, u := l.tmp(), l.tmp(), l.tmp()
	l.sfuOp(x, "recip", b)
	two := imm(floatImm2)
	for i := 0; i < 2; i++ {
		l.mulop("fmul", t, b, x)
		l.alu("fsub", t, two, t)
		l.mulop("fmul", x, x, t)
	}
	q, r := l.tmp(), l.tmp()
	l.mulop("fmul", q, a, x)
	l.mulop("fmul", t, b, q)
	l.alu("fsub", r, a, t)
	l.mulop("fmul", u, r, x)
	l.alu("fadd", d, q, u)
}

// floatImm2 marks the small immediate float 2.0 (spec §4.3 code 33).
const floatImm2 = 1 << 30

// orderedKey maps a float's bits to an integer whose signed order is the
// float order (−0 and +0 both map to 0): negative values become
// (x ^ 0x7fffffff) + 1.
func (l *lowerer) orderedKey(x mir.Operand) mir.Operand {
	s, m, k := l.tmp(), l.tmp(), l.tmp()
	l.alu("asr", s, x, imm(-1))
	l.alu("shr", m, s, imm(1))
	l.alu("xor", k, x, m)
	l.alu("sub", k, k, s)
	return k
}

// isNaN sets d to 1 when x is a NaN: (x & 0x7fffffff) >u 0x7f800000.
func (l *lowerer) isNaN(d, x mir.Operand) {
	m := l.tmp()
	l.alu("shl", m, x, imm(1))
	inf := l.tmp()
	l.ldi(inf, 0xff000000)
	l.icmp(d, mir.CondUGT, m, inf)
}

// fcmp evaluates an LLVM fcmp predicate exactly.
func (l *lowerer) fcmp(d mir.Operand, p mir.FPred, a, b mir.Operand) {
	ord := p &^ mir.FPredUNO
	var r mir.Operand
	if ord == mir.FPredEQ|mir.FPredLT|mir.FPredGT {
		r = imm(1)
	} else if ord == 0 {
		r = imm(0)
	} else {
		ka, kb := l.orderedKey(a), l.orderedKey(b)
		c := map[mir.FPred]mir.Cond{
			mir.FPredEQ: mir.CondEQ, mir.FPredGT: mir.CondSGT, mir.FPredLT: mir.CondSLT,
			mir.FPredGT | mir.FPredEQ: mir.CondSGE, mir.FPredLT | mir.FPredEQ: mir.CondSLE,
			mir.FPredLT | mir.FPredGT: mir.CondNE,
		}[ord]
		r = l.tmp()
		l.icmp(r, c, ka, kb)
	}
	na, nb, nan := l.tmp(), l.tmp(), l.tmp()
	l.isNaN(na, a)
	l.isNaN(nb, b)
	l.alu("or", nan, na, nb)
	if p&mir.FPredUNO != 0 {
		l.alu("or", d, r, nan)
	} else {
		t := l.tmp()
		l.alu("xor", t, nan, imm(1))
		l.alu("and", d, r, t)
	}
}
