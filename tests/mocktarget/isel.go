package mocktarget

import (
	"fmt"

	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
)

var (
	reg = isel.Reg
	imm = isel.AnyImm
	d0  = isel.Def(0)
	c0  = isel.Cap(0)
	c1  = isel.Cap(1)
	c2  = isel.Cap(2)
)

func rrr(op string) []isel.Inst { return []isel.Inst{isel.I(op, d0, c0, c1)} }

// acc computes a value in an accumulator and moves it to the result.
func acc(op string) func(e *isel.Emitter) error {
	return func(e *isel.Emitter) error {
		t := e.Func().NewVReg(ACC)
		e.Emit(op, mir.D(t), e.Cap(0), e.Cap(1))
		e.Emit("MFA", e.Def(0), mir.R(t))
		return nil
	}
}

// setccs computes each comparison with SEQ, SLT or SLTU: operands
// swapped for "greater", the result inverted for the negated predicates.
var setccs = map[mir.Cond]struct {
	op           string
	swap, invert bool
}{
	mir.CondEQ: {"SEQ", false, false}, mir.CondNE: {"SEQ", false, true},
	mir.CondSLT: {"SLT", false, false}, mir.CondSGE: {"SLT", false, true},
	mir.CondSGT: {"SLT", true, false}, mir.CondSLE: {"SLT", true, true},
	mir.CondULT: {"SLTU", false, false}, mir.CondUGE: {"SLTU", false, true},
	mir.CondUGT: {"SLTU", true, false}, mir.CondULE: {"SLTU", true, true},
}

func setcc(e *isel.Emitter) error {
	s, a, b := setccs[e.Cap(0).Cond], e.Cap(1), e.Cap(2)
	if s.swap {
		a, b = b, a
	}
	if !s.invert {
		_, err := e.Emit(s.op, e.Def(0), a, b)
		return err
	}
	t := e.Tmp()
	e.Emit(s.op, mir.D(t), a, b)
	_, err := e.Emit("XORI", e.Def(0), mir.R(t), mir.I(1))
	return err
}

// Rules is the toy machine's selection table.
var Rules = []isel.Rule{
	{Name: "const", Match: isel.Op(mir.GConst, imm), Emit: []isel.Inst{isel.I("LI", d0, c0)}},
	{Name: "frameaddr", Match: isel.Op(mir.GFrameAddr, isel.Frame), Emit: []isel.Inst{isel.I("ADDI", d0, c0, isel.Imm(0))}},
	{Name: "add.ri", Match: isel.Op(mir.GAdd, reg, imm), Emit: []isel.Inst{isel.I("ADDI", d0, c0, c1)}},
	{Name: "add", Match: isel.Op(mir.GAdd, reg, reg), Emit: rrr("ADD")},
	{Name: "sub", Match: isel.Op(mir.GSub, reg, reg), Emit: rrr("SUB")},
	{Name: "and", Match: isel.Op(mir.GAnd, reg, reg), Emit: rrr("AND")},
	{Name: "or", Match: isel.Op(mir.GOr, reg, reg), Emit: rrr("OR")},
	{Name: "xor.ri", Match: isel.Op(mir.GXor, reg, imm), Emit: []isel.Inst{isel.I("XORI", d0, c0, c1)}},
	{Name: "xor", Match: isel.Op(mir.GXor, reg, reg), Emit: rrr("XOR")},
	{Name: "shl", Match: isel.Op(mir.GShl, reg, reg), Emit: rrr("SHL")},
	{Name: "lshr", Match: isel.Op(mir.GLShr, reg, reg), Emit: rrr("SHR")},
	{Name: "ashr", Match: isel.Op(mir.GAShr, reg, reg), Emit: rrr("SAR")},
	{Name: "mul", Match: isel.Op(mir.GMul, reg, reg), EmitFunc: acc("MULA")},
	{Name: "umulh", Match: isel.Op(mir.GUMulH, reg, reg), EmitFunc: acc("MULHUA")},
	{Name: "smulh", Match: isel.Op(mir.GSMulH, reg, reg), EmitFunc: acc("MULHSA")},
	{Name: "sdiv", Match: isel.Op(mir.GSDiv, reg, reg), Emit: rrr("DIV")},
	{Name: "udiv", Match: isel.Op(mir.GUDiv, reg, reg), Emit: rrr("DIVU")},
	{Name: "srem", Match: isel.Op(mir.GSRem, reg, reg), Emit: rrr("REM")},
	{Name: "urem", Match: isel.Op(mir.GURem, reg, reg), Emit: rrr("REMU")},
	{Name: "sextinreg", Match: isel.Op(mir.GSExtInReg, reg, imm), EmitFunc: func(e *isel.Emitter) error {
		sh := e.Const(32 - e.Cap(1).Imm)
		t := e.Tmp()
		e.Emit("SHL", mir.D(t), e.Cap(0), sh)
		_, err := e.Emit("SAR", e.Def(0), mir.R(t), sh)
		return err
	}},
	{Name: "icmp", Match: isel.Op(mir.GICmp, isel.AnyCond, reg, reg), EmitFunc: setcc},
	{Name: "select", Match: isel.Op(mir.GSelect, reg, reg, reg), Emit: []isel.Inst{isel.I("SEL", d0, c0, c1, c2)}},
	{Name: "brcond", Match: isel.Op(mir.GBrCond, reg, isel.Block), Emit: []isel.Inst{isel.I("BNZ", c0, c1)}},
	{Name: "brjt", Match: isel.Op(mir.GBrJT, reg, isel.JT), Emit: []isel.Inst{isel.I("JT", c0, c1)}},
	{Name: "br", Match: isel.Op(mir.GBr, isel.Block), Emit: []isel.Inst{isel.I("JMP", c0)}},
	{Name: "trap", Match: isel.Op(mir.GTrap), Emit: []isel.Inst{isel.I("TRAP")}},
	{Name: "unreachable", Match: isel.Op(mir.GUnreachable), Emit: []isel.Inst{isel.I("TRAP")}},
}

func init() {
	for _, m := range []struct {
		name  string
		g     mir.Opcode
		op    string
		store bool
	}{
		{"ld32", mir.GLoad32, "LDW", false}, {"ld16s", mir.GLoad16S, "LDH", false}, {"ld16u", mir.GLoad16U, "LDHU", false},
		{"ld8s", mir.GLoad8S, "LDB", false}, {"ld8u", mir.GLoad8U, "LDBU", false},
		{"st32", mir.GStore32, "STW", true}, {"st16", mir.GStore16, "STH", true}, {"st8", mir.GStore8, "STB", true},
	} {
		// A frame object or a register as base; the offset is any immediate.
		for _, base := range []struct {
			name string
			p    isel.Pattern
		}{{"frame", isel.Frame}, {"reg", reg}} {
			r := isel.Rule{Name: m.name + "." + base.name}
			if m.store {
				r.Match = isel.Op(m.g, reg, base.p, imm)
				r.Emit = []isel.Inst{isel.I(m.op, c0, c1, c2)}
			} else {
				r.Match = isel.Op(m.g, base.p, imm)
				r.Emit = []isel.Inst{isel.I(m.op, d0, c0, c1)}
			}
			Rules = append(Rules, r)
		}
	}
}

// Table returns the initialized selection table.
var Table = isel.Lazy(func() *isel.Table {
	return &isel.Table{
		Arch:        Arch,
		Rules:       Rules,
		Passthrough: []mir.Opcode{mir.GCopy, mir.GPhi, mir.GImplicitDef},
		Remat:       []mir.Opcode{mir.GConst, mir.GFrameAddr},
		ZeroReg:     mir.NoReg,
	}
})

// ISel is toy-isel: the shared engine with the table above.
var ISel = passes.Register(&passes.Pass{
	Name:     "toy-isel",
	Desc:     "toy: instruction selection (pattern tables)",
	Required: true,
	Forbids:  mir.PropSelected, Sets: mir.PropSelected,
	Stats: map[string]string{"selected": "Number of instructions selected"},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		t, err := Table()
		if err != nil {
			return err
		}
		s := &isel.Selector{Table: t}
		if err := s.Select(f); err != nil {
			return fmt.Errorf("toy-isel: %w", err)
		}
		c.Count("selected", s.Selected)
		f.RecomputeCFG()
		return nil
	},
})
