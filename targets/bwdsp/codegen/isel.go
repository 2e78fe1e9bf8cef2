package codegen

import (
	"fmt"

	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// Constants are compared as 32-bit words whatever their int64 spelling.
func s32(c int64) int64 { return int64(int32(c)) }

func isSimm16(c int64) bool { c = s32(c); return c >= -32768 && c <= 32767 }

// Leaves of the BWDSP rules.
var (
	reg    = isel.Reg
	simm16 = isel.ImmConv("simm16", func(c int64) (int64, bool) { return s32(c), isSimm16(c) })
	// negSimm16 turns "x - c" into "x + (-c)".
	negSimm16 = isel.ImmConv("-simm16", func(c int64) (int64, bool) { return -s32(c), isSimm16(-s32(c)) })
	shamt     = isel.ImmConv("shamt", func(c int64) (int64, bool) { return c, c >= 0 && c <= 31 })
	anyImm    = isel.ImmConv("imm32", func(c int64) (int64, bool) { return s32(c), true })
	// ext8/ext16 match G_SEXT_INREG's and the zero-extension mask's width.
	bits8  = isel.ImmConv("8", func(c int64) (int64, bool) { return c, c == 8 })
	bits16 = isel.ImmConv("16", func(c int64) (int64, bool) { return c, c == 16 })
	mask8  = isel.ImmConv("0xff", func(c int64) (int64, bool) { return c, uint32(c) == 0xff })
	mask16 = isel.ImmConv("0xffff", func(c int64) (int64, bool) { return c, uint32(c) == 0xffff })
	bitsSh = isel.ImmConv("32-bits", func(c int64) (int64, bool) { return 32 - c, c >= 1 && c <= 31 })
)

var (
	d0 = isel.Def(0)
	c0 = isel.Cap(0)
	c1 = isel.Cap(1)
	c2 = isel.Cap(2)
)

func rrr(op string) []isel.Inst { return []isel.Inst{isel.I(op, d0, c0, c1)} }
func rri(op string) []isel.Inst { return []isel.Inst{isel.I(op, d0, c0, c1)} }

// rels maps an integer condition to the BWL relation and whether it is
// the unsigned `(U)` form (spec §2.3: == != < <= > >=).
var rels = map[mir.Cond]struct {
	rel      bw.Rel
	unsigned bool
}{
	mir.CondEQ: {bw.RelEQ, false}, mir.CondNE: {bw.RelNE, false},
	mir.CondSLT: {bw.RelLT, false}, mir.CondSLE: {bw.RelLE, false},
	mir.CondSGT: {bw.RelGT, false}, mir.CondSGE: {bw.RelGE, false},
	mir.CondULT: {bw.RelLT, true}, mir.CondULE: {bw.RelLE, true},
	mir.CondUGT: {bw.RelGT, true}, mir.CondUGE: {bw.RelGE, true},
}

// minMax returns the min or max form (spec §2.3 `min(Rs,Rt)`,
// `max(Rs,Rt)` [(U)]) that `(a cond b) ? t : f` computes when t and f are
// a and b: a < b ? a : b is min(a, b) (equal operands give either).
func minMax(cond mir.Cond, a, b, t, f mir.Operand) (string, bool) {
	for _, o := range []mir.Operand{a, b, t, f} {
		if o.Kind != mir.KindReg {
			return "", false
		}
	}
	var takeA bool
	switch {
	case t.Reg == a.Reg && f.Reg == b.Reg:
		takeA = true
	case t.Reg == b.Reg && f.Reg == a.Reg:
	default:
		return "", false
	}
	r := rels[cond]
	var less bool
	switch r.rel {
	case bw.RelLT, bw.RelLE:
		less = true
	case bw.RelGT, bw.RelGE:
	default:
		return "", false
	}
	op := "MAX"
	if less == takeA {
		op = "MIN"
	}
	if r.unsigned {
		op += "U"
	}
	return op, true
}

// compare emits `xCPk = a REL b` (or `REL #imm` when b is an immediate
// that fits) into a fresh predicate and returns it.
func compare(e *isel.Emitter, cond mir.Cond, a, b mir.Operand) mir.Reg {
	r := rels[cond]
	p := e.Func().NewVReg(bw.ClassPred)
	code := mir.I(bw.CmpCode(r.rel, bw.ActCN))
	op := map[bool]string{false: "CMP", true: "CMPU"}[r.unsigned]
	if b.Kind == mir.KindImm {
		if isSimm16(b.Imm) {
			op += "I"
			if r.unsigned {
				op = "CMPIU"
			}
			b = mir.I(s32(b.Imm))
		} else {
			b = e.Const(b.Imm)
		}
	}
	e.Emit(op, mir.D(p), code, a, b)
	return p
}

// fpreds gives each LLVM fcmp predicate as one or two float compares
// (relation and action CN, or CC for the negation) joined by PAND/POR.
// A BWL float compare is false when an operand is NaN, except `!=`
// (docs/bwdsp.md), so the ordered predicates are one compare, the
// unordered ones the negation of the opposite ordered one, and one, ueq,
// ord and uno two.
var fpreds = map[mir.FPred]struct {
	a, b   fterm
	join   string // "", "PAND" or "POR"
	swapAB bool   // the terms compare a with a and b with b (ord, uno)
}{
	mir.FPredOEQ: {a: fterm{bw.RelEQ, bw.ActCN}}, mir.FPredOGT: {a: fterm{bw.RelGT, bw.ActCN}},
	mir.FPredOGE: {a: fterm{bw.RelGE, bw.ActCN}}, mir.FPredOLT: {a: fterm{bw.RelLT, bw.ActCN}},
	mir.FPredOLE: {a: fterm{bw.RelLE, bw.ActCN}}, mir.FPredUNE: {a: fterm{bw.RelNE, bw.ActCN}},
	mir.FPredUGT: {a: fterm{bw.RelLE, bw.ActCC}}, mir.FPredUGE: {a: fterm{bw.RelLT, bw.ActCC}},
	mir.FPredULT: {a: fterm{bw.RelGE, bw.ActCC}}, mir.FPredULE: {a: fterm{bw.RelGT, bw.ActCC}},
	mir.FPredONE: {a: fterm{bw.RelLT, bw.ActCN}, b: fterm{bw.RelGT, bw.ActCN}, join: "POR"},
	mir.FPredUEQ: {a: fterm{bw.RelLT, bw.ActCC}, b: fterm{bw.RelGT, bw.ActCC}, join: "PAND"},
	mir.FPredORD: {a: fterm{bw.RelEQ, bw.ActCN}, b: fterm{bw.RelEQ, bw.ActCN}, join: "PAND", swapAB: true},
	mir.FPredUNO: {a: fterm{bw.RelNE, bw.ActCN}, b: fterm{bw.RelNE, bw.ActCN}, join: "POR", swapAB: true},
}

type fterm struct {
	rel bw.Rel
	act bw.Action
}

// fcompare computes the float predicate p of a and b into a predicate.
func fcompare(e *isel.Emitter, p mir.FPred, a, b mir.Operand) mir.Reg {
	newPred := func() mir.Reg { return e.Func().NewVReg(bw.ClassPred) }
	d := newPred()
	if p == mir.FPredFalse || p == mir.FPredTrue {
		e.Emit("PSET", mir.D(d), mir.I(int64(p&1)))
		return d
	}
	fp := fpreds[p]
	cmp := func(dst mir.Reg, t fterm, x, y mir.Operand) {
		e.Emit("CMPF", mir.D(dst), mir.I(bw.CmpCode(t.rel, t.act)), x, y)
	}
	if fp.join == "" {
		cmp(d, fp.a, a, b)
		return d
	}
	p1, p2 := newPred(), newPred()
	if fp.swapAB {
		cmp(p1, fp.a, a, a)
		cmp(p2, fp.b, b, b)
	} else {
		cmp(p1, fp.a, a, b)
		cmp(p2, fp.b, a, b)
	}
	e.Emit(fp.join, mir.D(d), mir.R(p1), mir.R(p2))
	return d
}

// emitFPToUI converts a float to u32: FTOI saturates at 2^31-1, so values
// from 2^31 up are converted after subtracting 2^31 and get the top bit
// back (LLVM leaves values outside [0, 2^32) undefined).
func emitFPToUI(e *isel.Emitter) error {
	x := e.Cap(0)
	const two31 = 0x4f000000 // 2^31 as float
	lo, shifted, hi, top, big := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
	e.EmitOp(mir.GFPToSI, mir.D(lo), x)
	e.EmitOp(mir.GFSub, mir.D(shifted), x, e.Const(two31))
	e.EmitOp(mir.GFPToSI, mir.D(hi), mir.R(shifted))
	e.EmitOp(mir.GXor, mir.D(top), mir.R(hi), e.Const(-1<<31))
	e.EmitOp(mir.GFCmp, mir.D(big), mir.I(int64(mir.FPredOGE)), x, e.Const(two31))
	e.EmitOp(mir.GSelect, e.Def(0), mir.R(big), mir.R(top), mir.R(lo))
	return nil
}

// branch emits `if x a REL b b L` (or `REL #imm`).
func branch(e *isel.Emitter, cond mir.Cond, a, b, target mir.Operand) {
	r := rels[cond]
	code := mir.I(bw.CmpCode(r.rel, bw.ActCN))
	op := "BCMP"
	if b.Kind == mir.KindImm {
		if isSimm16(b.Imm) {
			op = "BCMPI"
			b = mir.I(s32(b.Imm))
		} else {
			b = e.Const(b.Imm)
		}
	}
	if r.unsigned {
		op += "U"
	}
	e.Emit(op, code, a, b, target)
}

// regOrImm is a compare operand: an immediate (folded when it fits) or a
// register.
var regOrImm = isel.NewLeaf("reg|imm", func(v isel.Value) (mir.Operand, bool) {
	if v.IsConst {
		return mir.I(v.Const), true
	}
	return v.Op, v.Op.Kind == mir.KindReg
})

// toAddr returns an address register holding the general register value p.
func toAddr(e *isel.Emitter, p mir.Operand) mir.Operand {
	a := e.Func().NewVReg(bw.ClassAddr)
	e.Emit("MOVTA", mir.D(a), p)
	return mir.R(a)
}

// Rules is the BWDSP selection table: scalar code on macro x; the same
// rules and vectorRules select vectors on tuple registers (vector.go).
var Rules = []isel.Rule{
	{Name: "const", Match: isel.Op(mir.GConst, anyImm), Emit: []isel.Inst{isel.I("MOVI", d0, c0)}},
	{Name: "globaladdr", Match: isel.Op(mir.GGlobalAddr, isel.Sym), Emit: []isel.Inst{isel.I("MOVI", d0, c0)}},
	{Name: "frameaddr", Match: isel.Op(mir.GFrameAddr, isel.Frame), EmitFunc: func(e *isel.Emitter) error {
		a := e.Func().NewVReg(bw.ClassAddr)
		e.Emit("AADDI", mir.D(a), e.Cap(0), mir.I(0))
		e.Emit("MOVFA", e.Def(0), mir.R(a))
		return nil
	}},

	{Name: "add.ri", Match: isel.Op(mir.GAdd, reg, simm16), Emit: rri("ADDI")},
	{Name: "add", Match: isel.Op(mir.GAdd, reg, reg), Emit: rrr("ADD")},
	{Name: "sub.ri", Match: isel.Op(mir.GSub, reg, negSimm16), Emit: rri("ADDI")},
	{Name: "sub", Match: isel.Op(mir.GSub, reg, reg), Emit: rrr("SUB")},
	{Name: "and.ri", Match: isel.Op(mir.GAnd, reg, simm16), Emit: rri("ANDI")},
	{Name: "zext8", Priority: 1, Match: isel.Op(mir.GAnd, reg, mask8), Emit: []isel.Inst{isel.I("ZEXT8", d0, c0)}},
	{Name: "zext16", Priority: 1, Match: isel.Op(mir.GAnd, reg, mask16), Emit: []isel.Inst{isel.I("ZEXT16", d0, c0)}},
	{Name: "and", Match: isel.Op(mir.GAnd, reg, reg), Emit: rrr("AND")},
	{Name: "or.ri", Match: isel.Op(mir.GOr, reg, simm16), Emit: rri("ORI")},
	{Name: "or", Match: isel.Op(mir.GOr, reg, reg), Emit: rrr("OR")},
	{Name: "xor.not", Priority: 1, Match: isel.Op(mir.GXor, reg, isel.ImmIf("-1", func(c int64) bool { return uint32(c) == 0xFFFFFFFF })),
		Emit: []isel.Inst{isel.I("NOT", d0, c0)}},
	{Name: "xor.ri", Match: isel.Op(mir.GXor, reg, simm16), Emit: rri("XORI")},
	{Name: "xor", Match: isel.Op(mir.GXor, reg, reg), Emit: rrr("XOR")},
	{Name: "shl.ri", Match: isel.Op(mir.GShl, reg, shamt), Emit: rri("SHLI")},
	{Name: "shl", Match: isel.Op(mir.GShl, reg, reg), Emit: rrr("SHL")},
	{Name: "lshr.ri", Match: isel.Op(mir.GLShr, reg, shamt), Emit: rri("SHRI")},
	{Name: "lshr", Match: isel.Op(mir.GLShr, reg, reg), Emit: rrr("SHR")},
	{Name: "ashr.ri", Match: isel.Op(mir.GAShr, reg, shamt), Emit: rri("SARI")},
	{Name: "ashr", Match: isel.Op(mir.GAShr, reg, reg), Emit: rrr("SAR")},
	// Rotates: (x << n) | (x >> (32 - n)), with the amount in 0..31.
	{Name: "rotl", Match: isel.Op(mir.GRotl, reg, reg), EmitFunc: rotate(mir.GShl, mir.GLShr)},
	{Name: "rotr", Match: isel.Op(mir.GRotr, reg, reg), EmitFunc: rotate(mir.GLShr, mir.GShl)},
	{Name: "ctlz", Match: isel.Op(mir.GCtlz, reg), EmitFunc: emitCtlz},
	{Name: "mul", Match: isel.Op(mir.GMul, reg, reg), Emit: rrr("MUL")},
	{Name: "smulh", Match: isel.Op(mir.GSMulH, reg, reg), Emit: rrr("MULH")},
	{Name: "umulh", Match: isel.Op(mir.GUMulH, reg, reg), Emit: rrr("MULHU")},
	{Name: "sdiv", Match: isel.Op(mir.GSDiv, reg, reg), Emit: rrr("DIV")},
	{Name: "udiv", Match: isel.Op(mir.GUDiv, reg, reg), Emit: rrr("DIVU")},
	{Name: "srem", Match: isel.Op(mir.GSRem, reg, reg), Emit: rrr("REM")},
	{Name: "urem", Match: isel.Op(mir.GURem, reg, reg), Emit: rrr("REMU")},
	{Name: "sext8", Priority: 1, Match: isel.Op(mir.GSExtInReg, reg, bits8), Emit: []isel.Inst{isel.I("SEXT8", d0, c0)}},
	{Name: "sext16", Priority: 1, Match: isel.Op(mir.GSExtInReg, reg, bits16), Emit: []isel.Inst{isel.I("SEXT16", d0, c0)}},
	{Name: "sextinreg", Match: isel.Op(mir.GSExtInReg, reg, bitsSh), Emit: []isel.Inst{
		isel.I("SHLI", isel.Tmp(0), c0, c1), isel.I("SARI", d0, isel.Tmp(0), c1)}},

	// Compares: a predicate, then 0/1 by a select (spec §2.3).
	{Name: "icmp", Match: isel.Op(mir.GICmp, isel.AnyCond, reg, regOrImm), EmitFunc: func(e *isel.Emitter) error {
		p := compare(e, e.Cap(0).Cond, e.Cap(1), e.Cap(2))
		e.Emit("SEL", e.Def(0), mir.R(p), e.Const(1), e.Const(0))
		return nil
	}},
	{Name: "select.icmp", Match: isel.Op(mir.GSelect, isel.Op(mir.GICmp, isel.AnyCond, reg, regOrImm), reg, reg), EmitFunc: func(e *isel.Emitter) error {
		if op, ok := minMax(e.Cap(0).Cond, e.Cap(1), e.Cap(2), e.Cap(3), e.Cap(4)); ok {
			e.Emit(op, e.Def(0), e.Cap(1), e.Cap(2))
			return nil
		}
		p := compare(e, e.Cap(0).Cond, e.Cap(1), e.Cap(2))
		e.Emit("SEL", e.Def(0), mir.R(p), e.Cap(3), e.Cap(4))
		return nil
	}},
	{Name: "select", Match: isel.Op(mir.GSelect, reg, reg, reg), EmitFunc: func(e *isel.Emitter) error {
		p := compare(e, mir.CondNE, e.Cap(0), mir.I(0))
		e.Emit("SEL", e.Def(0), mir.R(p), e.Cap(1), e.Cap(2))
		return nil
	}},

	// Single-precision float (spec §2.3 `(F)` forms); double is soft-float.
	{Name: "fadd", Match: isel.Op(mir.GFAdd, reg, reg), Emit: rrr("FADD")},
	{Name: "fsub", Match: isel.Op(mir.GFSub, reg, reg), Emit: rrr("FSUB")},
	{Name: "fmul", Match: isel.Op(mir.GFMul, reg, reg), Emit: rrr("FMUL")},
	{Name: "fdiv", Match: isel.Op(mir.GFDiv, reg, reg), Emit: rrr("FDIV")},
	{Name: "sitofp", Match: isel.Op(mir.GSIToFP, reg), Emit: []isel.Inst{isel.I("ITOF", d0, c0)}},
	{Name: "uitofp", Match: isel.Op(mir.GUIToFP, reg), Emit: []isel.Inst{isel.I("UTOF", d0, c0)}},
	{Name: "fptosi", Match: isel.Op(mir.GFPToSI, reg), Emit: []isel.Inst{isel.I("FTOI", d0, c0)}},
	{Name: "fptoui", Match: isel.Op(mir.GFPToUI, reg), EmitFunc: emitFPToUI},
	{Name: "fcmp", Match: isel.Op(mir.GFCmp, isel.AnyImm, reg, reg), EmitFunc: func(e *isel.Emitter) error {
		p := fcompare(e, mir.FPred(e.Cap(0).Imm), e.Cap(1), e.Cap(2))
		e.Emit("SEL", e.Def(0), mir.R(p), e.Const(1), e.Const(0))
		return nil
	}},
	{Name: "select.fcmp", Priority: 1, Match: isel.Op(mir.GSelect, isel.Op(mir.GFCmp, isel.AnyImm, reg, reg), reg, reg), EmitFunc: func(e *isel.Emitter) error {
		p := fcompare(e, mir.FPred(e.Cap(0).Imm), e.Cap(1), e.Cap(2))
		e.Emit("SEL", e.Def(0), mir.R(p), e.Cap(3), e.Cap(4))
		return nil
	}},
	{Name: "brcond.fcmp", Match: isel.Op(mir.GBrCond, isel.Op(mir.GFCmp, isel.AnyImm, reg, reg), isel.Block), EmitFunc: func(e *isel.Emitter) error {
		p := fcompare(e, mir.FPred(e.Cap(0).Imm), e.Cap(1), e.Cap(2))
		e.Emit("BPRED", mir.R(p), e.Cap(3))
		return nil
	}},

	// Branches: compare-and-branch on macro x.
	{Name: "brcond.icmp", Match: isel.Op(mir.GBrCond, isel.Op(mir.GICmp, isel.AnyCond, reg, regOrImm), isel.Block), EmitFunc: func(e *isel.Emitter) error {
		branch(e, e.Cap(0).Cond, e.Cap(1), e.Cap(2), e.Cap(3))
		return nil
	}},
	{Name: "brcond", Match: isel.Op(mir.GBrCond, reg, isel.Block), EmitFunc: func(e *isel.Emitter) error {
		branch(e, mir.CondNE, e.Cap(0), mir.I(0), e.Cap(1))
		return nil
	}},
	{Name: "br", Match: isel.Op(mir.GBr, isel.Block), Emit: []isel.Inst{isel.I("B", c0)}},
	{Name: "brindirect", Match: isel.Op(mir.GBrIndirect, reg), EmitFunc: func(e *isel.Emitter) error {
		in, _ := e.Emit("BR", toAddr(e, e.Cap(0)))
		keepTargets(in, e.Root().Ops[1:])
		return nil
	}},
	{Name: "brjt", Match: isel.Op(mir.GBrJT, reg, isel.JT), EmitFunc: func(e *isel.Emitter) error {
		// The table holds bundle indices (.word label).
		f := e.Func()
		off, base, addr, tgt := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
		e.Emit("SHLI", mir.D(off), e.Cap(0), mir.I(2))
		e.Emit("MOVI", mir.D(base), mir.S(jtLabel(f, int(e.Cap(1).Imm)), 0))
		e.Emit("ADD", mir.D(addr), mir.R(base), mir.R(off))
		e.Emit("LD", mir.D(tgt), toAddr(e, mir.R(addr)), mir.I(0))
		in, _ := e.Emit("BR", toAddr(e, mir.R(tgt)))
		keepTargets(in, []mir.Operand{e.Cap(1)})
		return nil
	}},
	// A trap calls abort, which does not return.
	{Name: "trap", Match: isel.Op(mir.GTrap), EmitFunc: func(e *isel.Emitter) error {
		e.Func().HasCalls = true
		e.Emit("CALL", mir.S("abort", 0))
		e.EmitOp(mir.GUnreachable)
		return nil
	}},

	// The stack pointer as a value; the function then needs a frame pointer.
	{Name: "stacksave", Match: isel.Op(mir.GStackSave), EmitFunc: func(e *isel.Emitter) error {
		e.Func().FramePointer = true
		e.Emit("MOVFA", e.Def(0), mir.R(bw.SP))
		return nil
	}},
	{Name: "stackrestore", Match: isel.Op(mir.GStackRestore, reg), EmitFunc: func(e *isel.Emitter) error {
		e.Func().FramePointer = true
		e.Emit("MOVTA", mir.D(bw.SP), e.Cap(0))
		return nil
	}},
	{Name: "dynalloca", Match: isel.Op(mir.GDynAlloca, reg, isel.AnyImm), EmitFunc: emitDynAlloca},
}

// keepTargets makes the possible targets of an indirect branch implicit
// operands, so that the CFG sees them.
func keepTargets(in *mir.Instr, ops []mir.Operand) {
	for _, o := range ops {
		if o.Kind == mir.KindBlock || o.Kind == mir.KindJT {
			o.Flags |= mir.FlagImplicit
			in.Ops = append(in.Ops, o)
		}
	}
}

// rotate expands a rotate into two shifts and an or (generic ops,
// selected in turn).
func rotate(first, second mir.Opcode) func(e *isel.Emitter) error {
	return func(e *isel.Emitter) error {
		x, n := e.Cap(0), e.Cap(1)
		a, m, m31, b := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
		e.EmitOp(first, mir.D(a), x, n)
		e.EmitOp(mir.GSub, mir.D(m), e.Const(0), n)
		e.EmitOp(mir.GAnd, mir.D(m31), mir.R(m), e.Const(31))
		e.EmitOp(second, mir.D(b), x, mir.R(m31))
		e.EmitOp(mir.GOr, e.Def(0), mir.R(a), mir.R(b))
		return nil
	}
}

// emitCtlz counts leading zeros by binary search with selects: five
// stages test the top 16, 8, 4, 2, 1 bits, a last one the top bit
// (32 for 0).
func emitCtlz(e *isel.Emitter) error {
	x, n := e.Cap(0), e.Const(0)
	for _, s := range []int64{16, 8, 4, 2, 1} {
		top, c, n2, x2, nn, xn := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
		e.EmitOp(mir.GLShr, mir.D(top), x, e.Const(32-s))
		e.EmitOp(mir.GICmp, mir.D(c), mir.C(mir.CondEQ), mir.R(top), e.Const(0))
		e.EmitOp(mir.GAdd, mir.D(n2), n, e.Const(s))
		e.EmitOp(mir.GShl, mir.D(x2), x, e.Const(s))
		e.EmitOp(mir.GSelect, mir.D(nn), mir.R(c), mir.R(n2), n)
		e.EmitOp(mir.GSelect, mir.D(xn), mir.R(c), mir.R(x2), x)
		n, x = mir.R(nn), mir.R(xn)
	}
	top := e.Tmp()
	e.EmitOp(mir.GLShr, mir.D(top), x, e.Const(31))
	one := e.Tmp()
	e.EmitOp(mir.GXor, mir.D(one), mir.R(top), e.Const(1))
	e.EmitOp(mir.GAdd, e.Def(0), n, mir.R(one))
	return nil
}

// emitDynAlloca moves U8 down by the size rounded to the alignment and
// returns the block's address above the outgoing argument area.
func emitDynAlloca(e *isel.Emitter) error {
	f := e.Func()
	f.FramePointer = true
	align := max(e.Cap(1).Imm, stackAlign)
	if align&(align-1) != 0 || align > 1<<15 {
		return fmt.Errorf("G_DYN_ALLOCA alignment %d", align)
	}
	out := f.MaxCallArgs
	sp, sz, rounded, top, block := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
	// plusOut adds the outgoing argument area's size (none: no add).
	plusOut := func(r mir.Reg, k int64) mir.Reg {
		if out == 0 {
			return r
		}
		t := e.Tmp()
		e.EmitOp(mir.GAdd, mir.D(t), mir.R(r), e.Const(k))
		return t
	}
	e.Emit("MOVFA", mir.D(sp), mir.R(bw.SP))
	e.Emit("ADDI", mir.D(sz), e.Cap(0), mir.I(align-1))
	e.Emit("ANDI", mir.D(rounded), mir.R(sz), mir.I(-align))
	e.Emit("SUB", mir.D(top), mir.R(sp), mir.R(rounded))
	// The block lies above the outgoing argument area at the new U8.
	e.Emit("ANDI", mir.D(block), mir.R(plusOut(top, -out)), mir.I(-align))
	e.Emit("MOVTA", mir.D(bw.SP), mir.R(plusOut(block, -out)))
	e.EmitOp(mir.GCopy, e.Def(0), mir.R(block))
	return nil
}

// memRules are the rules of one load or store: a frame object (resolved
// by frame lowering to U8/U9 plus an offset), a symbol (`Ua = #sym`) or a
// general register moved to an address register, with the offset
// folded when it fits (the frontend already folds constant address
// arithmetic into the offset).
func memRules(name string, g mir.Opcode, op string, store bool) []isel.Rule {
	// access emits the load or store at base + off; a strided vector load
	// takes the lane stride of the `:S` form (spec §2.3).
	access := func(e *isel.Emitter, base mir.Operand, off int64) {
		ops := []mir.Operand{e.Cap(0), base, mir.I(off)}
		if !store {
			ops[0] = e.Def(0)
		}
		if g == mir.GVLoadStrided {
			ops = append(ops, mir.I(e.Root().Uses()[3].Imm))
		}
		e.Emit(op, ops...)
	}
	emit := func(e *isel.Emitter, base mir.Operand, off int64) {
		if !isSimm16(off) {
			t := e.Tmp()
			e.EmitOp(mir.GAdd, mir.D(t), base, e.Const(off))
			base, off = mir.R(t), 0
		}
		if base.Kind == mir.KindReg && !(base.Reg.IsVirtual() && e.Func().ClassOf(base.Reg) == bw.ClassAddr) {
			base = toAddr(e, base)
		}
		access(e, base, off)
	}
	val := []isel.Pattern{}
	if store {
		val = append(val, reg)
	}
	n := len(val)
	return []isel.Rule{
		{Name: name + ".frame", Match: isel.Op(g, append(val, isel.Frame, isel.AnyImm)...), EmitFunc: func(e *isel.Emitter) error {
			fi := e.Cap(n)
			off := e.Cap(n+1).Imm + fi.Off
			fi.Off = 0
			if !isSimm16(off) {
				t := e.Tmp()
				e.EmitOp(mir.GFrameAddr, mir.D(t), e.Cap(n))
				emit(e, mir.R(t), e.Cap(n+1).Imm)
				return nil
			}
			access(e, fi, off)
			return nil
		}},
		// A global's address goes into an address register and the
		// offset into the access when it fits, so that machine-cse
		// gives the accesses to one global (a table of coefficients)
		// one `Ua = #sym` and they issue side by side, instead of one
		// `Ua = #sym+off` each that a single free address register
		// serializes.
		{Name: name + ".sym", Match: isel.Op(g, append(val, isel.Op(mir.GGlobalAddr, isel.Sym), isel.AnyImm)...), EmitFunc: func(e *isel.Emitter) error {
			a := e.Func().NewVReg(bw.ClassAddr)
			s := e.Cap(n)
			off := s.Imm + e.Cap(n+1).Imm
			s.Imm = 0
			if !isSimm16(off) {
				s.Imm, off = off, 0
			}
			e.Emit("AMOVI", mir.D(a), s)
			access(e, mir.R(a), off)
			return nil
		}},
		// base + constant: the constant goes into the offset, so that
		// accesses at several offsets from one pointer (an unrolled
		// loop's p, p+128, p+256) share its address register; into every
		// access that uses the sum (isel.Shared: a row loaded at p+16 by
		// several accesses computes no p+16 on x's ALU).
		{Name: name + ".regoff", Match: isel.Op(g, append(val, isel.Shared(isel.Op(mir.GAdd, reg, simm16)), isel.AnyImm)...), EmitFunc: func(e *isel.Emitter) error {
			emit(e, e.Cap(n), e.Cap(n+1).Imm+e.Cap(n+2).Imm)
			return nil
		}},
		{Name: name + ".reg", Match: isel.Op(g, append(val, reg, isel.AnyImm)...), EmitFunc: func(e *isel.Emitter) error {
			emit(e, e.Cap(n), e.Cap(n+1).Imm)
			return nil
		}},
	}
}

// wideStride loads the lanes of a strided vector load whose stride does
// not fit the `:S` field (a signed 16-bit immediate, §2.4 rule 8) one by
// one and builds the vector.
var wideStride = isel.Rule{Name: "vlds.wide", Priority: 1,
	Match: isel.Op(mir.GVLoadStrided, isel.NewLeaf("base", func(v isel.Value) (mir.Operand, bool) { return v.Op, true }),
		isel.AnyImm, isel.AnyImm, isel.ImmIf("wide", func(c int64) bool { return !isSimm16(c) })),
	EmitFunc: func(e *isel.Emitter) error {
		t, _ := e.Func().VecOf(e.Def(0).Reg)
		ops := []mir.Operand{e.Def(0)}
		for j := range int64(t.Lanes) {
			l := e.Tmp()
			e.EmitOp(mir.GLoad32, mir.D(l), e.Cap(0), mir.I(e.Cap(1).Imm+j*e.Cap(3).Imm))
			ops = append(ops, mir.R(l))
		}
		e.EmitOp(mir.GBuildVector, ops...)
		return nil
	}}

func init() {
	for _, m := range []struct {
		name  string
		g     mir.Opcode
		op    string
		store bool
	}{
		// The frontend loads narrow values zero-extended (docs/generic-mir.md);
		// G_LOAD16S/G_LOAD8S never reach selection.
		{"ld32", mir.GLoad32, "LD", false}, {"ld16u", mir.GLoad16U, "LDHU", false}, {"ld8u", mir.GLoad8U, "LDBU", false},
		{"st32", mir.GStore32, "ST", true}, {"st16", mir.GStore16, "STH", true}, {"st8", mir.GStore8, "STB", true},
		// SIMD accesses: lane j at base + off + 4j (the alignment operand,
		// at least 4, is not matched).
		{"vld", mir.GVLoad, "LD", false}, {"vst", mir.GVStore, "ST", true},
		// Lane j at base + off + j*S: `D Rd = [An + #imm]:S`, S = 0
		// broadcasting one word (strided-loads makes them).
		{"vlds", mir.GVLoadStrided, "LD", false},
	} {
		Rules = append(Rules, memRules(m.name, m.g, m.op, m.store)...)
	}
	Rules = append(Rules, wideStride)
	Rules = append(Rules, vectorRules...) // vector.go
}

// Table returns the initialized selection table.
var Table = isel.Lazy(func() *isel.Table {
	return &isel.Table{
		Arch:  bw.Arch,
		Rules: Rules,
		// INLINEASM stays for two-address and the allocator; only empty
		// templates (optimization barriers) are emitted (emit.go).
		Passthrough: []mir.Opcode{mir.GCopy, mir.GPhi, mir.GImplicitDef, mir.GUnreachable, mir.GInlineAsm},
		Remat:       []mir.Opcode{mir.GConst, mir.GFrameAddr, mir.GGlobalAddr},
		ZeroReg:     mir.NoReg,
	}
})

// ISel is bwdsp-isel: the shared engine with the table above.
var ISel = passes.Register(&passes.Pass{
	Name:     "bwdsp-isel",
	Desc:     "BWDSP: instruction selection (pattern tables), scalar code on macro x, vectors on tuples (xyzt, xy)",
	Required: true,
	Forbids:  mir.PropSelected, Sets: mir.PropSelected,
	Stats: map[string]string{"selected": "Number of instructions selected", "folded": "Number of producers folded into their users"},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		t, err := Table()
		if err != nil {
			return err
		}
		if err := vectorClasses(f); err != nil {
			return err
		}
		if err := selectPredicates(f); err != nil {
			return err
		}
		s := &isel.Selector{Table: t}
		if c.Debugging() {
			s.Trace = func(format string, args ...any) { c.Debugf(format, args...) }
		}
		if err := s.Select(f); err != nil {
			return fmt.Errorf("%s: bwdsp-isel: %w", f.Name, err)
		}
		c.Count("selected", s.Selected)
		c.Count("folded", s.Folded)
		f.RecomputeCFG()
		return nil
	},
})
