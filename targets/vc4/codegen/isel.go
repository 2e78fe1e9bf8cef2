package codegen

import (
	"fmt"
	"math/bits"

	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
)

// Instruction selection of the QPU ALU operations (vc4-isel): the shared
// pattern-table engine (package isel) with the rules below rewrites the
// generic integer and float arithmetic, compares, selects, conversions
// and copies into the VC4 ops of isa.go. Memory (TMU, VPM, DMA), atomics,
// barriers, work-item functions, library calls, division, the high
// multiplies and control flow stay generic: the lowerer still expands
// them (docs/vc4.md, "Instruction selection").
//
// Constants: an operand whose value is a small immediate (-16..15) becomes
// one; any other constant is loaded by V4_LDI right before its user, as
// the lowerer rematerialized them. A G_CONST that only unselected generic
// ops read stays, and the lowerer rematerializes it at each of those uses.

// regImm matches any register or constant and captures constants as
// immediates (src turns them into small immediates or V4_LDI).
var regImm = isel.NewLeaf("reg|imm", func(v isel.Value) (mir.Operand, bool) {
	if v.IsConst {
		return mir.I(v.Const), true
	}
	return v.Op, v.Op.Kind == mir.KindReg
})

// Leaves of the multiply rules: a constant factor that is a power of two
// below 2^24, and any constant in [0, 2^24) (one mul24 per partial product).
var (
	pow2U24 = isel.ImmIf("2^k<2^24", func(c int64) bool { return c > 0 && c < 1<<24 && c&(c-1) == 0 })
	u24     = isel.ImmIf("u24", func(c int64) bool { return c >= 0 && c < 1<<24 })
	// anyImm is G_SEXT_INREG's width.
	anyImm = isel.AnyImm
)

// src turns a captured source into a QPU operand: a small immediate, or a
// register (other constants are loaded by ldi into a fresh register).
func src(e *isel.Emitter, o mir.Operand) mir.Operand {
	if o.Kind != mir.KindImm {
		return o
	}
	v := int64(int32(o.Imm))
	if isSmallImm(v) {
		return mir.I(v)
	}
	t := e.Tmp()
	e.Emit(ldiName, mir.D(t), mir.I(int64(uint32(v))))
	return mir.R(t)
}

// shamt turns a shift amount into an operand: a constant becomes the small
// immediate whose low five bits are the amount (-16..-1 read as 16..31).
func shamt(e *isel.Emitter, o mir.Operand) mir.Operand {
	if o.Kind != mir.KindImm {
		return o
	}
	return mir.I(shiftCode(o.Imm))
}

// shiftCode is the small immediate of a constant shift amount.
func shiftCode(c int64) int64 {
	c &= 31
	if c > 15 {
		c -= 32
	}
	return c
}

// qemit emits op with the given operands (the first is the destination).
func qemit(e *isel.Emitter, op string, ops ...mir.Operand) *mir.Instr {
	in, err := e.Emit(op, ops...)
	if err != nil {
		panic(err) // the op table is static: a misspelt op is a bug
	}
	return in
}

// discard is the discarding destination of an operation run for its flags.
func discard() mir.Operand { return mir.D(RegNop) }

// guarded adds a guard to in, and the implicit read of the value its
// destination keeps where the guard fails (mir.Instr.GuardedOld).
func guarded(in *mir.Instr, g mir.Operand) *mir.Instr {
	in.Ops = append(in.Ops, g, mir.Operand{Kind: mir.KindReg, Reg: in.Ops[0].Reg, Flags: mir.FlagImplicit})
	return in
}

// result returns where an expansion that writes its result several times
// (or reads its operands after its first write) builds it: the root's
// definition, or a fresh register when the definition is also one of the
// operands read after that first write (the expansion then ends with a
// copy, see done).
func result(e *isel.Emitter, reads ...mir.Operand) mir.Reg {
	d := e.Def(0).Reg
	for _, o := range reads {
		if o.Kind == mir.KindReg && o.Reg == d {
			return e.Tmp()
		}
	}
	return d
}

// done copies the result built in t into the root's definition.
func done(e *isel.Emitter, t mir.Reg) {
	if d := e.Def(0).Reg; t != d {
		qemit(e, "V4_MOV", mir.D(d), mir.R(t))
	}
}

// binop emits op d, a, b.
func binop(op string) func(e *isel.Emitter) error {
	return func(e *isel.Emitter) error {
		a := src(e, e.Cap(0))
		b := src(e, e.Cap(1))
		qemit(e, op, e.Def(0), a, b)
		return nil
	}
}

// shift emits op d, a, amount.
func shift(op string) func(e *isel.Emitter) error {
	return func(e *isel.Emitter) error {
		a := src(e, e.Cap(0))
		qemit(e, op, e.Def(0), a, shamt(e, e.Cap(1)))
		return nil
	}
}

// unary emits op d, a.
func unary(op string) func(e *isel.Emitter) error {
	return func(e *isel.Emitter) error {
		qemit(e, op, e.Def(0), src(e, e.Cap(0)))
		return nil
	}
}

// compare sets the flags so that the returned guard holds exactly where
// a cond b (spec §3.4 recipes: unsigned from the borrow of sub, signed
// from the C flag of max, which is set when its first operand is the
// greater).
func compare(e *isel.Emitter, c mir.Cond, a, b mir.Operand) mir.Operand {
	type recipe struct {
		op   string
		swap bool
		flag mir.Reg
		neg  bool
	}
	r := map[mir.Cond]recipe{
		mir.CondEQ: {"V4_SUB", false, RegZF, false}, mir.CondNE: {"V4_SUB", false, RegZF, true},
		mir.CondULT: {"V4_SUB", false, RegCF, false}, mir.CondUGE: {"V4_SUB", false, RegCF, true},
		mir.CondUGT: {"V4_SUB", true, RegCF, false}, mir.CondULE: {"V4_SUB", true, RegCF, true},
		mir.CondSLT: {"V4_MAX", true, RegCF, false}, mir.CondSGE: {"V4_MAX", true, RegCF, true},
		mir.CondSGT: {"V4_MAX", false, RegCF, false}, mir.CondSLE: {"V4_MAX", false, RegCF, true},
	}[c]
	if r.swap {
		a, b = b, a
	}
	setf(qemit(e, r.op, discard(), a, b))
	return mir.P(r.flag, r.neg)
}

// icmp sets the root's result to 1 where a cond b holds, else 0.
func icmp(e *isel.Emitter, c mir.Cond, a, b mir.Operand) {
	t := result(e, a, b)
	qemit(e, "V4_MOV", mir.D(t), mir.I(0))
	g := compare(e, c, a, b)
	guarded(qemit(e, "V4_MOV", mir.D(t), mir.I(1)), g)
	done(e, t)
}

// minMax returns the signed min or max op that (a cond b) ? x : f computes
// when x and f are a and b (equal operands give either).
func minMax(c mir.Cond, a, b, x, f mir.Operand) (string, bool) {
	same := func(p, q mir.Operand) bool {
		return p.Kind == q.Kind && (p.Kind == mir.KindReg && p.Reg == q.Reg || p.Kind == mir.KindImm && int32(p.Imm) == int32(q.Imm))
	}
	var takeA bool
	switch {
	case same(x, a) && same(f, b):
		takeA = true
	case same(x, b) && same(f, a):
	default:
		return "", false
	}
	var less bool
	switch c {
	case mir.CondSLT, mir.CondSLE:
		less = true
	case mir.CondSGT, mir.CondSGE:
	default:
		return "", false
	}
	if less == takeA {
		return "V4_MIN", true
	}
	return "V4_MAX", true
}

// mulConst computes lo(a·c) for a constant 0 ≤ c < 2^24: mul32 without
// the a·(c>>24) term, which is 0.
func mulConst(e *isel.Emitter) error {
	a := src(e, e.Cap(0))
	k := src(e, mir.I(e.Cap(1).Imm))
	ah, p1, p0, s := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
	qemit(e, "V4_SHR", mir.D(ah), a, mir.I(shiftCode(24)))
	qemit(e, "V4_MUL24", mir.D(p1), mir.R(ah), k)
	qemit(e, "V4_MUL24", mir.D(p0), a, k)
	qemit(e, "V4_SHL", mir.D(s), mir.R(p1), mir.I(shiftCode(24)))
	qemit(e, "V4_ADD", e.Def(0), mir.R(p0), mir.R(s))
	return nil
}

// mul32 builds a 32-bit product from mul24 (Mesa's ntq_umul):
// lo(a*b) = a*b (24-bit) + ((a>>24)*b + a*(b>>24)) << 24.
func mul32(e *isel.Emitter) error {
	x, y := e.Cap(0), e.Cap(1)
	if x.Kind == mir.KindImm {
		x, y = y, x // the constant second, as the mul.u24 rules match it
	}
	a, b := src(e, x), src(e, y)
	ah, bh, p1, p2, p0, s := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
	qemit(e, "V4_SHR", mir.D(ah), a, mir.I(shiftCode(24)))
	qemit(e, "V4_SHR", mir.D(bh), b, mir.I(shiftCode(24)))
	qemit(e, "V4_MUL24", mir.D(p1), mir.R(ah), b)
	qemit(e, "V4_MUL24", mir.D(p2), a, mir.R(bh))
	qemit(e, "V4_MUL24", mir.D(p0), a, b)
	qemit(e, "V4_ADD", mir.D(s), mir.R(p1), mir.R(p2))
	qemit(e, "V4_SHL", mir.D(s), mir.R(s), mir.I(shiftCode(24)))
	qemit(e, "V4_ADD", e.Def(0), mir.R(p0), mir.R(s))
	return nil
}

// single reports whether the root is a single-precision (one-word) float
// operation with n sources; doubles are refused before selection.
func single(e *isel.Emitter, n int) error {
	if r := e.Root(); len(r.Defs()) != 1 || len(r.Uses()) != n {
		return fmt.Errorf("double-precision operation %s", mir.GenericDesc(r.Op).Name)
	}
	return nil
}

// Rules is the VC4 selection table.
var Rules = []isel.Rule{
	{Name: "implicitdef", Match: isel.Op(mir.GImplicitDef), EmitFunc: func(e *isel.Emitter) error {
		qemit(e, "V4_MOV", e.Def(0), mir.I(0))
		return nil
	}},
	{Name: "copy", Match: isel.Op(mir.GCopy, regImm), EmitFunc: unary("V4_MOV")},

	{Name: "add", Match: isel.Op(mir.GAdd, regImm, regImm), EmitFunc: binop("V4_ADD")},
	{Name: "sub", Match: isel.Op(mir.GSub, regImm, regImm), EmitFunc: binop("V4_SUB")},
	{Name: "and", Match: isel.Op(mir.GAnd, regImm, regImm), EmitFunc: binop("V4_AND")},
	{Name: "or", Match: isel.Op(mir.GOr, regImm, regImm), EmitFunc: binop("V4_OR")},
	{Name: "xor", Match: isel.Op(mir.GXor, regImm, regImm), EmitFunc: binop("V4_XOR")},
	{Name: "shl", Match: isel.Op(mir.GShl, regImm, regImm), EmitFunc: shift("V4_SHL")},
	{Name: "lshr", Match: isel.Op(mir.GLShr, regImm, regImm), EmitFunc: shift("V4_SHR")},
	{Name: "ashr", Match: isel.Op(mir.GAShr, regImm, regImm), EmitFunc: shift("V4_ASR")},
	{Name: "rotr", Match: isel.Op(mir.GRotr, regImm, regImm), EmitFunc: shift("V4_ROR")},
	// rotl n = rotr (0 - n): ror reads the amount's low five bits.
	{Name: "rotl", Match: isel.Op(mir.GRotl, regImm, regImm), EmitFunc: func(e *isel.Emitter) error {
		t := e.Tmp()
		qemit(e, "V4_SUB", mir.D(t), mir.I(0), src(e, e.Cap(1)))
		a := src(e, e.Cap(0))
		qemit(e, "V4_ROR", e.Def(0), a, mir.R(t))
		return nil
	}},
	{Name: "ctlz", Match: isel.Op(mir.GCtlz, regImm), EmitFunc: unary("V4_CLZ")},
	{Name: "sextinreg", Match: isel.Op(mir.GSExtInReg, regImm, anyImm), EmitFunc: func(e *isel.Emitter) error {
		sh := mir.I(shiftCode(32 - e.Cap(1).Imm))
		t := e.Tmp()
		qemit(e, "V4_SHL", mir.D(t), src(e, e.Cap(0)), sh)
		qemit(e, "V4_ASR", e.Def(0), mir.R(t), sh)
		return nil
	}},

	// Multiplies: the mul pipe's mul24 multiplies 24-bit operands.
	{Name: "mul.pow2", Priority: 2, Match: isel.Op(mir.GMul, regImm, pow2U24), EmitFunc: func(e *isel.Emitter) error {
		a := src(e, e.Cap(0))
		qemit(e, "V4_SHL", e.Def(0), a, mir.I(shiftCode(int64(bits.TrailingZeros64(uint64(e.Cap(1).Imm))))))
		return nil
	}},
	{Name: "mul.u24", Priority: 1, Match: isel.Op(mir.GMul, regImm, u24), EmitFunc: mulConst},
	{Name: "mul", Match: isel.Op(mir.GMul, regImm, regImm), EmitFunc: mul32},

	// Compares: 0, then 1 where the flags say so.
	{Name: "icmp", Match: isel.Op(mir.GICmp, isel.AnyCond, regImm, regImm), EmitFunc: func(e *isel.Emitter) error {
		c := e.Cap(0).Cond
		a := src(e, e.Cap(1))
		b := src(e, e.Cap(2))
		icmp(e, c, a, b)
		return nil
	}},
	// select (a cond b), a, b and the like: one signed min or max (§3.2).
	{Name: "select.minmax", Priority: 1, Match: isel.Op(mir.GSelect, isel.Op(mir.GICmp, isel.AnyCond, regImm, regImm), regImm, regImm),
		When: func(c []mir.Operand) bool { _, ok := minMax(c[0].Cond, c[1], c[2], c[3], c[4]); return ok },
		EmitFunc: func(e *isel.Emitter) error {
			op, _ := minMax(e.Cap(0).Cond, e.Cap(1), e.Cap(2), e.Cap(3), e.Cap(4))
			a := src(e, e.Cap(1))
			qemit(e, op, e.Def(0), a, src(e, e.Cap(2)))
			return nil
		}},
	// select c, x, f: f, then x where c is not zero.
	{Name: "select", Match: isel.Op(mir.GSelect, regImm, regImm, regImm), EmitFunc: func(e *isel.Emitter) error {
		f := src(e, e.Cap(2))
		c := src(e, e.Cap(0))
		x := src(e, e.Cap(1))
		t := result(e, c, x)
		qemit(e, "V4_MOV", mir.D(t), f)
		setf(qemit(e, "V4_MOV", discard(), c))
		guarded(qemit(e, "V4_MOV", mir.D(t), x), ifnz())
		done(e, t)
		return nil
	}},

	// Single-precision float on the ALUs (float.go: rounding).
	{Name: "fadd", Match: isel.Op(mir.GFAdd, regImm, regImm), EmitFunc: floatOp(binop("V4_FADD"), 2)},
	{Name: "fsub", Match: isel.Op(mir.GFSub, regImm, regImm), EmitFunc: floatOp(binop("V4_FSUB"), 2)},
	{Name: "fmul", Match: isel.Op(mir.GFMul, regImm, regImm), EmitFunc: floatOp(binop("V4_FMUL"), 2)},
	{Name: "sitofp", Match: isel.Op(mir.GSIToFP, regImm), EmitFunc: floatOp(unary("V4_ITOF"), 1)},
	{Name: "fptosi", Match: isel.Op(mir.GFPToSI, regImm), EmitFunc: floatOp(unary("V4_FTOI"), 1)},
	// uitofp: values with the top bit set convert half (keeping the low
	// bit for rounding) and double.
	{Name: "uitofp", Match: isel.Op(mir.GUIToFP, regImm), EmitFunc: floatOp(func(e *isel.Emitter) error {
		x := src(e, e.Cap(0))
		h, lo, f, f2 := e.Tmp(), e.Tmp(), e.Tmp(), e.Tmp()
		qemit(e, "V4_SHR", mir.D(h), x, mir.I(1))
		qemit(e, "V4_AND", mir.D(lo), x, mir.I(1))
		qemit(e, "V4_OR", mir.D(h), mir.R(h), mir.R(lo))
		qemit(e, "V4_ITOF", mir.D(f), mir.R(h))
		qemit(e, "V4_FADD", mir.D(f2), mir.R(f), mir.R(f))
		d := result(e, x)
		qemit(e, "V4_ITOF", mir.D(d), x)
		setf(qemit(e, "V4_MOV", discard(), x))
		guarded(qemit(e, "V4_MOV", mir.D(d), mir.R(f2)), mir.P(RegNF, false))
		done(e, d)
		return nil
	}, 1)},
	// fptoui: x ≥ 2^31 converts x - 2^31 and adds the top bit back.
	{Name: "fptoui", Match: isel.Op(mir.GFPToUI, regImm), EmitFunc: floatOp(func(e *isel.Emitter) error {
		x := src(e, e.Cap(0))
		two31, t, i2 := e.Tmp(), e.Tmp(), e.Tmp()
		qemit(e, ldiName, mir.D(two31), mir.I(0x4f000000))
		qemit(e, "V4_FSUB", mir.D(t), x, mir.R(two31))
		qemit(e, "V4_FTOI", mir.D(i2), mir.R(t))
		qemit(e, "V4_ADD", mir.D(i2), mir.R(i2), src(e, mir.I(-0x80000000)))
		d := result(e, x)
		qemit(e, "V4_FTOI", mir.D(d), x)
		setf(qemit(e, "V4_FSUB", discard(), x, mir.R(two31))) // N clear: x ≥ 2^31
		guarded(qemit(e, "V4_MOV", mir.D(d), mir.R(i2)), mir.P(RegNF, true))
		done(e, d)
		return nil
	}, 1)},
}

// floatOp wraps the emitter of a single-precision operation with n
// sources.
func floatOp(f func(e *isel.Emitter) error, n int) func(e *isel.Emitter) error {
	return func(e *isel.Emitter) error {
		if err := single(e, n); err != nil {
			return err
		}
		return f(e)
	}
}

// ruleOps are the generic ops the rules select.
var ruleOps = func() map[mir.Opcode]bool {
	m := map[mir.Opcode]bool{}
	for _, r := range Rules {
		m[r.Root()] = true
	}
	return m
}()

// kept are the generic ops vc4-isel leaves to the lowerer (the remaining
// migration, docs/vc4.md).
var kept = []mir.Opcode{
	mir.GConst, mir.GFrameAddr, mir.GGlobalAddr,
	mir.GLoad32, mir.GLoad16S, mir.GLoad16U, mir.GLoad8S, mir.GLoad8U, mir.GStore32, mir.GStore16, mir.GStore8,
	mir.GCall, mir.GInlineAsm,
	mir.GUDiv, mir.GURem, mir.GSDiv, mir.GSRem, mir.GUMulH, mir.GSMulH,
	mir.GFDiv, mir.GFRem, mir.GFCmp, mir.GFPExt, mir.GFPTrunc,
	mir.GBr, mir.GBrCond, mir.GRet, mir.GArgs, mir.GUnreachable, mir.GTrap, mir.GBrJT, mir.GBrIndirect,
}

// Table returns the VC4 selection table, initialized.
var Table = isel.Lazy(func() *isel.Table {
	return &isel.Table{Arch: Arch, Rules: Rules, Passthrough: kept, ZeroReg: mir.NoReg}
})

// ISel is the vc4-isel pass.
var ISel = passes.Register(&passes.Pass{
	Name:     "vc4-isel",
	Desc:     "VC4: instruction selection of the ALU operations (pattern tables) into QPU add/mul-pipe ops, flags and conditional writes",
	Required: true,
	// Not mir.PropSelected: memory, calls and control flow stay generic
	// until the lowerer expands them (the verifier would refuse them).
	Forbids: mir.PropSelected,
	Stats: map[string]string{"selected": "Number of instructions selected", "folded": "Number of constants folded into small immediates or ldi",
		"varconst": "Number of constant writes of variables selected after the rules"},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		t, err := Table()
		if err != nil {
			return err
		}
		s := &isel.Selector{Table: t}
		if c.Debugging() {
			s.Trace = func(format string, args ...any) { c.Debugf(format, args...) }
		}
		if err := s.Select(f); err != nil {
			return fmt.Errorf("vc4-isel: %w", err)
		}
		f.Props &^= mir.PropSelected
		c.Count("selected", s.Selected)
		c.Count("folded", s.Folded)
		c.Count("varconst", int64(selectVarConsts(f)))
		return nil
	},
})

// selectVarConsts selects the G_CONSTs that write a register with several
// definitions (a variable, such as a phi's register): those are real
// writes at their place. A G_CONST of a register defined once stays: the
// lowerer rematerializes it at each use by an op it still expands. It
// returns the number selected.
func selectVarConsts(f *mir.Func) int {
	ndefs := map[mir.Reg]int{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, o := range in.Defs() {
				ndefs[o.Reg]++
			}
		}
	}
	n := 0
	mov, _ := Arch.LookupOp("V4_MOV")
	ldi, _ := Arch.LookupOp(ldiName)
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op != mir.GConst || ndefs[in.Ops[0].Reg] == 1 {
				continue
			}
			v := int64(int32(in.Ops[1].Imm))
			if isSmallImm(v) {
				in.Op, in.Ops[1] = mov, mir.I(v)
			} else {
				in.Op, in.Ops[1] = ldi, mir.I(int64(uint32(v)))
			}
			n++
		}
	}
	return n
}
