package bwdsp

import (
	"strings"
	"testing"

	"lltosimd/mir"
)

// TestFromMIR converts MIR instructions of every operand layout into
// decoded instructions and prints them; malformed ones are errors.
func TestFromMIR(t *testing.T) {
	f := mir.NewFunc("f", Arch)
	bb := f.NewBlock("l")
	label := func(b *mir.Block) string { return "L" }
	x := func(n int) mir.Reg { return GPRReg(MacroX, n) }
	y := func(n int) mir.Reg { return GPRReg(MacroY, n) }
	in := func(op string, ops ...mir.Operand) *mir.Instr { return mir.NewInstr(MIROp(OpByName[op]), ops...) }
	for _, tc := range []struct {
		in   *mir.Instr
		want string
	}{
		{in("ADD", mir.D(x(1)), mir.R(x(2)), mir.R(x(3))), "xR1 = R2 + R3"},
		{in("ADDI", mir.D(y(1)), mir.R(y(2)), mir.I(-5)), "yR1 = R2 + #-5"},
		{in("MOVI", mir.D(x(4)), mir.S("tab", 8)), "xR4 = #tab+8"},
		{in("SEL", mir.D(x(1)), mir.R(CPReg(MacroX, 3)), mir.R(x(2)), mir.R(x(3))), "xR1 = CP3 ? R2 : R3"},
		{in("CMPU", mir.D(CPReg(MacroX, 1)), mir.I(CmpCode(RelLT, ActCN)), mir.R(x(2)), mir.R(x(3))), "xCP1 = R2 < R3 (U)"},
		{in("CMPF", mir.D(CPReg(MacroX, 1)), mir.I(CmpCode(RelLE, ActCC)), mir.R(x(2)), mir.R(x(3))), "xCP1 = !(R2 <= R3) (F)"},
		{in("CMPI", mir.D(CPReg(MacroX, 2)), mir.I(CmpCode(RelEQ, ActCN)), mir.R(x(5)), mir.I(7)), "xCP2 = R5 == #7"},
		{in("XFER", mir.D(y(3)), mir.R(x(7))), "yR3 = xR7"},
		{in("MOVTA", mir.D(AddrReg(17)), mir.R(x(7))), "V1 = xR7"},
		{in("MOVFA", mir.D(x(7)), mir.R(SP)), "xR7 = U8"},
		{in("MOVFRA", mir.D(x(9)), mir.R(RegRA)), "xR9 = RA"},
		{in("MOVTRA", mir.D(RegRA), mir.R(x(9))), "RA = xR9"},
		{in("AADDI", mir.D(SP), mir.R(SP), mir.I(-16)), "U8 = U8 + #-16"},
		{in("LD", mir.D(x(1)), mir.R(AddrReg(32)), mir.I(4)), "xR1 = [W0 + 4]"},
		{in("LDPM", mir.D(x(1)), mir.D(AddrReg(0)), mir.R(AddrReg(0)), mir.I(16)), "xR1 = [U0 += 16]"},
		{in("STB", mir.R(x(1)), mir.R(SP), mir.I(-3)), "[U8 - 3] = xR1 (B)"},
		{in("BCMPIU", mir.I(CmpCode(RelGE, ActCN)), mir.R(x(1)), mir.I(10), mir.B(bb)), "if xR1 >= #10 b L (U)"},
		{in("BPRED", mir.R(CPReg(MacroX, 4)), mir.B(bb)), "if xCP4 b L"},
		{in("CALL", mir.S("g", 0), mir.Operand{Kind: mir.KindReg, Reg: x(0), Flags: mir.FlagImplicit}), "call g"},
		{in("RET"), "ret"},
		{in("ADD", mir.D(x(1)), mir.R(x(2)), mir.R(x(3)), mir.P(CPReg(MacroX, 2), true)), "(!CP2) xR1 = R2 + R3"},
	} {
		got, tgt, err := FromMIR(f, tc.in, label)
		if err != nil {
			t.Errorf("%s: %v", mir.FormatInstr(f, tc.in), err)
			continue
		}
		if s := got.Format(tgt); s != tc.want {
			t.Errorf("%s: got %q, want %q", mir.FormatInstr(f, tc.in), s, tc.want)
		}
	}
	for _, tc := range []struct {
		in   *mir.Instr
		want string
	}{
		{in("ADD", mir.D(x(1)), mir.R(y(2)), mir.R(x(3))), "operand 2 is in macros y, not x"},
		{in("ADD", mir.D(x(1)), mir.R(x(2))), "is not a general register"},
		{in("ADD", mir.D(x(1)), mir.R(x(2)), mir.R(x(3)), mir.R(x(4))), "4 operands, ADD takes 3"},
		{in("LDPM", mir.D(x(1)), mir.D(AddrReg(0)), mir.R(AddrReg(1)), mir.I(16)), "not tied"},
		{in("ADDI", mir.D(x(1)), mir.R(x(2)), mir.I(1<<20)), "immediate"},
		{in("LD", mir.D(x(1)), mir.R(x(2)), mir.I(0)), "not an address register"},
		{in("CMP", mir.D(CPReg(MacroX, 1)), mir.I(15), mir.R(x(2)), mir.R(x(3))), "bad compare code"},
		{in("ADD", mir.D(x(1)), mir.R(x(2)), mir.R(x(3)), mir.P(CPReg(MacroY, 2), false)), "guard in macro y"},
		{mir.NewInstr(mir.GAdd, mir.D(x(1)), mir.R(x(2)), mir.R(x(3))), "not a BWDSP instruction"},
	} {
		_, _, err := FromMIR(f, tc.in, label)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", mir.FormatInstr(f, tc.in), err, tc.want)
		}
	}
}
