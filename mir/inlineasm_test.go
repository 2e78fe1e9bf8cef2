package mir

import (
	"reflect"
	"strings"
	"testing"
)

func TestInlineAsmRoundTripAndOperands(t *testing.T) {
	text := `--- function: f
arch: test
props: ssa
vregs: 4
frame:
  fi#0: size=4 align=4
body:
bb0.entry:
  %0:gpr = IMPLICIT_DEF
  %1:gpr = IMPLICIT_DEF
  early-clobber %2:gpr, %3:gpr = INLINEASM "addu $0, $2, $$zero; ld $1, ${4}\n", 3, 9, 9, 10, %0, 522, %1, 3, @g+4, 4, fi#0, 8, implicit-def early-clobber dead $2  ; inline asm at t.ll:3:5
  RET %2
`
	m := roundTrip(t, text, false)
	f := m.Funcs[0]
	in := f.Blocks[0].Instrs[2]
	if in.Op != GInlineAsm || in.Ops[0].Flags&FlagEarlyClobber == 0 || in.Ops[1].Flags&FlagEarlyClobber != 0 {
		t.Fatalf("parsed %s", FormatInstr(f, in))
	}
	tmpl, extra, ops, err := AsmOperands(in)
	if err != nil {
		t.Fatal(err)
	}
	if tmpl != "addu $0, $2, $$zero; ld $1, ${4}\n" || extra != AsmSideEffect|AsmMemory {
		t.Errorf("template %q extra %d", tmpl, extra)
	}
	want := []AsmOperand{
		{MakeAsmDesc(AsmRegDef, 1, -1), 0, 1},
		{MakeAsmDesc(AsmRegDef, 1, -1), 1, 1},
		{MakeAsmDesc(AsmRegUse, 1, -1), 7, 1},
		{MakeAsmDesc(AsmRegUse, 1, 1), 9, 1},
		{MakeAsmDesc(AsmImm, 0, -1), 11, 1},
		{MakeAsmDesc(AsmMem, 0, -1), 13, 2},
	}
	if !reflect.DeepEqual(ops, want) {
		t.Errorf("operands\n got %v\nwant %v", ops, want)
	}
	pairs, err := TiedOperands(testArch, in)
	if err != nil || !reflect.DeepEqual(pairs, [][2]int{{1, 9}}) {
		t.Errorf("tied %v %v", pairs, err)
	}
	if errs := Verify(f); len(errs) > 0 {
		t.Errorf("verify: %v", errs)
	}
}

func TestInlineAsmMalformed(t *testing.T) {
	for _, tc := range []struct{ ops, want string }{
		{`INLINEASM 0`, "template string"},
		{`%0:gpr = INLINEASM "", 0`, "definitions"},
		{`INLINEASM "", 0, 10`, "needs 1 registers"},
		{`INLINEASM "", 0, 3`, "needs an immediate"},
		{`INLINEASM "", 0, 4, 0, 0`, "base and an offset"},
		{`%0:gpr = INLINEASM "", 0, 9, 266, 5`, "needs 1 registers"},
		{`INLINEASM "", 0, 10, %1, 266, %1`, "not a register output"},
		{`INLINEASM "", 0, 7`, "bad descriptor"},
	} {
		text := "--- function: f\narch: test\nprops: ssa\nvregs: 2\nbody:\nbb0.entry:\n  " + tc.ops + "\n"
		f, err := ParseFunc(text, testLookup)
		if err != nil {
			t.Fatalf("%s: %v", tc.ops, err)
		}
		_, _, _, err = AsmOperands(f.Blocks[0].Instrs[0])
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.ops, err, tc.want)
		}
	}
}

func TestParseAsmTemplate(t *testing.T) {
	got, err := ParseAsmTemplate("addu $0, ${12}, $$zero\nL${:uid}: ${1:z}")
	if err != nil {
		t.Fatal(err)
	}
	want := []AsmPiece{
		{Text: "addu ", Operand: -1}, {Operand: 0}, {Text: ", ", Operand: -1}, {Operand: 12},
		{Text: ", $zero\nL", Operand: -1}, {Operand: AsmUID}, {Text: ": ", Operand: -1}, {Operand: 1, Modifier: "z"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	for _, bad := range []string{"x $", "$zero", "${0", "${x}", "${:private}"} {
		if _, err := ParseAsmTemplate(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestGuardedOldTied: the implicit uses after a guard are the kept values
// of the definitions, tied to them (predicate-lowering for predicated
// targets); an implicit use without a guard is not.
func TestGuardedOldTied(t *testing.T) {
	v := func(n int) Reg { return VirtBase + Reg(n) }
	imp := func(r Reg, fl Flags) Operand { return Operand{Kind: KindReg, Reg: r, Flags: FlagImplicit | fl} }
	g := NewInstr(GAdd, D(v(3)), R(v(1)), R(v(2)), P(v(9), false), imp(v(0), 0))
	if got := g.GuardedOld(); !reflect.DeepEqual(got, []int{4}) {
		t.Errorf("GuardedOld = %v, want [4]", got)
	}
	pairs, err := TiedOperands(testArch, g)
	if err != nil || !reflect.DeepEqual(pairs, [][2]int{{0, 4}}) {
		t.Errorf("tied %v %v", pairs, err)
	}
	two := NewInstr(GCmpp, D(v(4)), D(v(5)), Str("UN.OC"), C(CondEQ), R(v(1)), I(0), P(v(9), false), imp(v(4), FlagUndef), imp(v(6), 0))
	if got := two.GuardedOld(); !reflect.DeepEqual(got, []int{7, 8}) {
		t.Errorf("GuardedOld = %v, want [7 8]", got)
	}
	plain := NewInstr(GAdd, D(v(3)), R(v(1)), R(v(2)), imp(v(0), 0))
	if got := plain.GuardedOld(); got != nil {
		t.Errorf("unguarded GuardedOld = %v", got)
	}
}
