package mir

import (
	"strings"
	"testing"
)

// testArch is a small target with the shapes the printer, parser and
// verifier care about: a compare writing a status register, a conditional
// branch, a jump with a delay slot, a return, a tied op, a nop.
var testArch = &Arch{
	Name: "test",
	Ops: []OpDesc{
		{Name: "ADDiu", NumDefs: 1, NumUses: 2},
		{Name: "CMP", NumDefs: 1, NumUses: 2, Flags: FlagCompare},
		{Name: "JEQ", NumUses: 2, Flags: FlagBranch | FlagTerminator | FlagHasDelaySlot},
		{Name: "JMP", NumUses: 1, Flags: FlagBranch | FlagTerminator | FlagBarrier},
		{Name: "RET", NumUses: 1, Flags: FlagReturn | FlagTerminator | FlagBarrier | FlagHasDelaySlot},
		{Name: "MOVZ", NumDefs: 1, NumUses: 3, Tied: map[int]int{0: 2}},
		{Name: "NOP"},
		{Name: "ST", NumUses: 3, Flags: FlagStore},
		{Name: "LD", NumDefs: 1, NumUses: 2, Flags: FlagLoad},
	},
	Regs: []RegDesc{
		{}, {Name: "zero", Reserved: true}, {Name: "2", Aliases: []string{"v0"}},
		{Name: "3"}, {Name: "sp", Reserved: true}, {Name: "lr"}, {Name: "sw", Reserved: true},
	},
	Classes:   []RegClassDesc{{Name: "gpr", Size: 4}, {Name: "acc", Size: 4}},
	RegPrefix: "$",
}

func top(name string) Opcode {
	op, ok := testArch.LookupOp(name)
	if !ok {
		panic("no op " + name)
	}
	return op
}

const (
	tZero Reg = 1 + iota
	tV0
	tV1
	tSP
	tLR
	tSW
)

// selectedFunc builds a small selected, register-allocated-looking function
// using most operand kinds.
func selectedFunc() *Func {
	f := NewFunc("sel", testArch)
	f.Props = PropSelected | PropBundled
	f.Exported = true
	f.FrameSize = 16
	f.HasCalls = true
	f.SavedRegs = []Reg{tLR}
	f.TargetInfo = map[string]int64{"t.b": -2, "t.a": 5}
	f.NewFrameObject(FrameObject{Size: 4, Align: 4, Name: "x.addr"})
	f.NewFrameObject(FrameObject{Size: 4, Align: 4, Offset: 8, Fixed: true})
	v0 := f.NewVReg(0)
	v1 := f.NewVReg(1)
	f.VRegName = map[Reg]string{v1: "acc val"}
	b0 := f.NewBlock("entry")
	b1 := f.NewBlock("if.then")
	b2 := f.NewBlock("")
	b2.Align = 2
	b0.Instrs = []*Instr{
		NewInstr(top("ADDiu"), D(v0), R(tZero), I(-3)),
		NewInstr(top("ST"), Operand{Kind: KindReg, Reg: tLR, Flags: FlagKill}, FI(1, 4), I(0)),
		NewInstr(top("CMP"), D(tSW), R(v0), R(v1)),
		{Op: top("JEQ"), Ops: []Operand{R(tSW), B(b2)}, Bundle: []*Instr{NewInstr(top("NOP"))}},
	}
	b0.Instrs[0].Comment = "load -3"
	b1.Instrs = []*Instr{
		NewInstr(top("MOVZ"), D(v1), R(v0), R(tZero), R(v1)),
		NewInstr(top("JMP"), B(b2)),
	}
	b2.Instrs = []*Instr{
		NewInstr(top("RET"), R(tLR), Operand{Kind: KindReg, Reg: tV0, Flags: FlagImplicit},
			Operand{Kind: KindReg, Reg: tSW, Flags: FlagImplicit | FlagDef | FlagDead}),
	}
	f.RecomputeCFG()
	return f
}

const selectedText = `--- function: sel
arch: test
props: bundled selected
attrs: exported
frame-info: size=16 has-calls saved=$lr
target-info: t.a=5 t.b=-2
vregs: 2
frame:
  fi#0: size=4 align=4 name=x.addr
  fi#1: size=4 align=4 offset=8 fixed
body:
bb0.entry:
  %0:gpr = ADDiu $zero, -3  ; load -3
  ST killed $lr, fi#1+4, 0
  $sw = CMP %0, %1
  bundle {
    JEQ $sw, bb2
    NOP
  }

bb1.if.then:  ; preds: bb0
  %1."acc val":acc = MOVZ %0, $zero, %1
  JMP bb2

bb2: align=2  ; preds: bb0, bb1
  RET $lr, implicit $2, implicit-def dead $sw
`

func TestPrintSelected(t *testing.T) {
	got := selectedFunc().String()
	if got != selectedText {
		t.Errorf("got:\n%s\nwant:\n%s", got, selectedText)
	}
}

// genericFunc builds an SSA generic function with phis, jump tables,
// symbols, conditions and predicates.
func genericFunc() *Func {
	f := NewFunc("gen", GenericArch)
	f.Props = PropSSA
	f.Vararg = true
	a := f.NewVReg(0)
	b := f.NewVReg(0)
	c := f.NewVReg(0)
	d := f.NewVReg(0)
	e := f.NewVReg(0)
	u := f.NewVReg(0) // never defined
	_ = u
	b0 := f.NewBlock("entry")
	b1 := f.NewBlock("loop")
	b2 := f.NewBlock("exit")
	f.JumpTables = [][]*Block{{b1, b2, b1}}
	b0.Instrs = []*Instr{
		NewInstr(GArgs, D(a), D(b), I(int64(MakeArgDesc(1, 0))), I(int64(MakeArgDesc(1, ArgAlign8)))),
		NewInstr(GICmp, D(c), C(CondSLT), R(a), R(b)),
		NewInstr(GBrCond, R(c), B(b2)),
	}
	b1.Instrs = []*Instr{
		NewInstr(GPhi, D(d), R(a), B(b0), I(7), B(b1)),
		NewInstr(GGlobalAddr, D(e), S("tab", -8)),
		NewInstr(GStore32, R(d), FI(0, 0), I(4), P(c, true)),
		NewInstr(GBrJT, R(d), Operand{Kind: KindJT, Imm: 0}),
	}
	b2.Instrs = []*Instr{
		NewInstr(GCall, S("printf", 0), I(1), R(a)),
		NewInstr(GRet, R(a)),
	}
	f.NewFrameObject(FrameObject{Size: 8, Align: 8, Name: "buf"})
	f.RecomputeCFG()
	return f
}

const genericText = `--- function: gen
arch: generic
props: ssa
attrs: vararg
vregs: 6
undef-vregs: %5:gpr
frame:
  fi#0: size=8 align=8 name=buf
jumptables:
  jt#0: bb1.loop, bb2.exit, bb1.loop
body:
bb0.entry:
  %0:gpr, %1:gpr = G_ARGS 1, 257
  %2:gpr = G_ICMP slt, %0, %1
  G_BRCOND %2, bb2.exit

bb1.loop:  ; preds: bb0, bb1
  %3:gpr = PHI %0, bb0.entry, 7, bb1.loop
  %4:gpr = G_GLOBAL_ADDR @tab-8
  G_STORE32 %3, fi#0, 4, pred:!%2
  G_BRJT %3, jt#0

bb2.exit:  ; preds: bb0, bb1
  G_CALL @printf, 1, %0
  G_RET %0
`

func TestPrintGeneric(t *testing.T) {
	got := genericFunc().String()
	if got != genericText {
		t.Errorf("got:\n%s\nwant:\n%s", got, genericText)
	}
}

func TestPrintModule(t *testing.T) {
	m := &Module{
		Source:    "a b.ll",
		BigEndian: true,
		Externs:   []string{"printf"},
		Globals: []*Global{{
			Name: "g", Size: 16, Align: 4, Section: SecRodata, Exported: true,
			Items: []DataItem{
				{Kind: DataInt, Size: 4, Value: -1},
				{Kind: DataSym, Size: 4, Sym: "h", Value: 4},
				{Kind: DataZero, Size: 4},
				{Kind: DataBytes, Size: 4, Bytes: []byte("ab\n\x00")},
			},
		}},
		Funcs: []*Func{genericFunc()},
	}
	var sb strings.Builder
	if err := PrintModule(&sb, m); err != nil {
		t.Fatal(err)
	}
	want := `--- module: "a b.ll"
byte-order: big
externs: @printf

--- global: @g size=16 align=4 section=.rodata exported
  int 4 -1
  sym 4 @h+4
  zero 4
  bytes 4 "ab\n\x00"

` + genericText
	if sb.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", sb.String(), want)
	}
}

func TestPrintMalformedDoesNotPanic(t *testing.T) {
	f := NewFunc("bad", nil)
	b := f.NewBlock("")
	b.Instrs = []*Instr{
		NewInstr(Opcode(9999), D(VirtBase+40), R(Reg(999)), B(nil), Operand{Kind: Kind(77)}),
	}
	got := f.String()
	want := "  %40:? = OP#9999 $phys999, <nil-block>, <kind77>\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("got:\n%s", got)
	}
}

func TestDot(t *testing.T) {
	var sb strings.Builder
	if err := Dot(&sb, genericFunc()); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	for _, want := range []string{
		`digraph "CFG for gen" {`,
		`b0 [label="bb0.entry:\l  %0:gpr, %1:gpr = G_ARGS 1, 257\l`,
		"b0 -> b2;", "b1 -> b1;", "b1 -> b2;", "b0 -> b1;",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}
