package isel

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
)

// A mock target: enough ops to exercise folding, commutativity,
// materialization and the side-effect rule.
var mockArch = &mir.Arch{
	Name: "mock",
	Ops: []mir.OpDesc{
		{Name: "LI", NumDefs: 1, NumUses: 1},
		{Name: "ADD", NumDefs: 1, NumUses: 2},
		{Name: "ADDI", NumDefs: 1, NumUses: 2},
		{Name: "LOAD", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad},
		{Name: "STORE", NumUses: 3, Flags: mir.FlagStore},
		{Name: "ADDM", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad}, // dst = a + mem32[b]
		{Name: "RET", NumUses: 0, Flags: mir.FlagReturn | mir.FlagTerminator | mir.FlagBarrier},
		{Name: "SLOW", NumDefs: 1, NumUses: 1},
		{Name: "JMP", NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier},
	},
	Regs:      []mir.RegDesc{{}, {Name: "zero"}},
	Classes:   []mir.RegClassDesc{{Name: "gpr", Size: 4}},
	RegPrefix: "$",
}

var imm8 = ImmIf("imm8", func(c int64) bool { return c >= -128 && c < 128 })

func mockTable(extra ...Rule) *Table {
	rules := append(extra,
		Rule{Name: "li", Match: Op(mir.GConst, AnyImm), Emit: []Inst{I("LI", Def(0), Cap(0))}},
		Rule{Name: "addm", Match: Op(mir.GAdd, Reg, Op(mir.GLoad32, Reg, Imm8Zero())), Emit: []Inst{I("ADDM", Def(0), Cap(0), Cap(1))}},
		Rule{Name: "addi", Match: Op(mir.GAdd, Reg, imm8), Emit: []Inst{I("ADDI", Def(0), Cap(0), Cap(1))}},
		Rule{Name: "add", Match: Op(mir.GAdd, Reg, Reg), Emit: []Inst{I("ADD", Def(0), Cap(0), Cap(1))}},
		Rule{Name: "load", Match: Op(mir.GLoad32, Reg, AnyImm), Emit: []Inst{I("LOAD", Def(0), Cap(0), Cap(1))}},
		Rule{Name: "store", Match: Op(mir.GStore32, Reg, Reg, AnyImm), Emit: []Inst{I("STORE", Cap(0), Cap(1), Cap(2))}},
		Rule{Name: "ret", Match: Op(mir.GRet), Emit: []Inst{I("RET")}},
		Rule{Name: "br", Match: Op(mir.GBr, Block), Emit: []Inst{I("JMP", Cap(0))}},
	)
	return &Table{Arch: mockArch, Rules: rules, Passthrough: []mir.Opcode{mir.GCopy}, Remat: []mir.Opcode{mir.GConst}, ZeroReg: 1}
}

// Imm8Zero matches the offset 0 only.
func Imm8Zero() Pattern { return ImmIf("0", func(c int64) bool { return c == 0 }) }

func lookup(name string) (*mir.Arch, error) {
	if name == "mock" {
		return mockArch, nil
	}
	return nil, fmt.Errorf("no arch %s", name)
}

func run(t *testing.T, tab *Table, body string) (string, *Selector) {
	t.Helper()
	f, err := mir.ParseFunc("--- function: f\narch: mock\nprops: ssa\nbody:\n"+body, lookup)
	if err != nil {
		t.Fatal(err)
	}
	s := &Selector{Table: tab, Coverage: Coverage{}}
	if err := s.Select(f); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			sb.WriteString(mir.FormatInstr(f, in) + "\n")
		}
	}
	return sb.String(), s
}

func check(t *testing.T, got, want string) {
	t.Helper()
	if strings.TrimSpace(got) != strings.TrimSpace(want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestCommutativeAndConstFold(t *testing.T) {
	got, s := run(t, mockTable(), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_CONST 5
  %2:gpr = G_ADD %1, %0
  %3:gpr = G_CONST 1000
  %4:gpr = G_ADD %2, %3
  %5:gpr = G_ADD %4, 0
  G_STORE32 0, %5, 0
  G_STORE32 7, %5, 4
  G_RET
`)
	// Immediates in register positions are materialized: 0 as the zero
	// register, 7 through a new G_CONST.
	check(t, got, `%0:gpr = COPY $zero
%2:gpr = ADDI %0, 5
%3:gpr = LI 1000
%4:gpr = ADD %2, %3
%5:gpr = ADDI %4, 0
STORE $zero, %5, 0
%6:gpr = LI 7
STORE %6, %5, 4
RET`)
	// The G_CONST 5 folded (and then deleted as dead); the materialized
	// G_CONST 7 counts as selected.
	if s.Selected != 8 || s.Folded != 1 {
		t.Errorf("Selected=%d Folded=%d, want 8 1", s.Selected, s.Folded)
	}
}

// An instruction an earlier pass already selected (a target STORE) and a
// copy read constant 0 from the zero register, so the G_CONST dies; a
// copy of another constant keeps its register.
func TestZeroRegInSelectedOps(t *testing.T) {
	got, _ := run(t, mockTable(), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_CONST 0
  %2:gpr = G_CONST 3
  STORE %1, %0, 8
  STORE %2, %0, 12
  $zero = COPY %1
  %3:gpr = COPY %2
  STORE %3, %0, 16
  G_RET
`)
	check(t, got, `%0:gpr = COPY $zero
%2:gpr = LI 3
STORE $zero, %0, 8
STORE %2, %0, 12
$zero = COPY $zero
%3:gpr = COPY %2
STORE %3, %0, 16
RET`)
}

func TestFoldRequiresSingleUseAndNoSideEffect(t *testing.T) {
	// Folded: one use, nothing in between.
	got, _ := run(t, mockTable(), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_LOAD32 %0, 0
  %2:gpr = G_ADD %0, %1
  G_STORE32 %2, %0, 0
  G_RET
`)
	check(t, got, "%0:gpr = COPY $zero\n%2:gpr = ADDM %0, %0\nSTORE %2, %0, 0\nRET")
	// Not folded: a store lies between the load and its user.
	got, _ = run(t, mockTable(), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_LOAD32 %0, 0
  G_STORE32 %0, %0, 4
  %2:gpr = G_ADD %0, %1
  G_STORE32 %2, %0, 0
  G_RET
`)
	check(t, got, "%0:gpr = COPY $zero\n%1:gpr = LOAD %0, 0\nSTORE %0, %0, 4\n%2:gpr = ADD %0, %1\nSTORE %2, %0, 0\nRET")
	// Not folded: two uses.
	got, _ = run(t, mockTable(), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_LOAD32 %0, 0
  %2:gpr = G_ADD %0, %1
  G_STORE32 %2, %1, 0
  G_RET
`)
	check(t, got, "%0:gpr = COPY $zero\n%1:gpr = LOAD %0, 0\n%2:gpr = ADD %0, %1\nSTORE %2, %1, 0\nRET")
	// Not folded: another block.
	got, _ = run(t, mockTable(), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_LOAD32 %0, 0
  G_BR bb1

bb1:
  %2:gpr = G_ADD %0, %1
  G_STORE32 %2, %0, 0
  G_RET
`)
	if !strings.Contains(got, "LOAD %0, 0") || strings.Contains(got, "ADDM") {
		t.Errorf("folded across blocks:\n%s", got)
	}
}

func TestNoRule(t *testing.T) {
	f, err := mir.ParseFunc("--- function: f\narch: mock\nprops: ssa\nbody:\nbb0:\n  %0:gpr = COPY $zero\n  %1:gpr = G_MUL %0, %0\n  G_STORE32 %1, %0, 0\n  G_RET\n", lookup)
	if err != nil {
		t.Fatal(err)
	}
	err = (&Selector{Table: mockTable()}).Select(f)
	if err == nil || !strings.Contains(err.Error(), "cannot select") || !strings.Contains(err.Error(), "G_MUL") {
		t.Errorf("err = %v, want a cannot-select error naming G_MUL", err)
	}
}

func TestShadowCheck(t *testing.T) {
	tab := mockTable()
	if err := tab.Init(); err != nil {
		t.Fatal(err)
	}
	if s := tab.Shadowed(); len(s) != 0 {
		t.Errorf("mock table: unexpected shadowing %v", s)
	}
	// A register/register add ahead of the immediate form hides it, and so
	// does a commuted duplicate of an earlier rule.
	tab = mockTable(
		Rule{Name: "general", Match: Op(mir.GAdd, Reg, Reg), Emit: []Inst{I("ADD", Def(0), Cap(0), Cap(1))}},
	)
	if err := tab.Init(); err != nil {
		t.Fatal(err)
	}
	sh := strings.Join(tab.Shadowed(), "\n")
	for _, name := range []string{"addm", "addi", "rule add "} {
		if !strings.Contains(sh, name) {
			t.Errorf("shadow check missed %q:\n%s", name, sh)
		}
	}
	tab = mockTable(
		Rule{Name: "swapped", Match: Op(mir.GAdd, imm8, Reg), Emit: []Inst{I("ADDI", Def(0), Cap(1), Cap(0))}},
	)
	tab.Init()
	if sh := tab.Shadowed(); len(sh) != 1 || !strings.Contains(sh[0], "rule addi") {
		t.Errorf("commuted duplicate: %v", sh)
	}
	// A guarded rule does not shadow an unguarded one.
	tab = mockTable(
		Rule{Name: "guarded", Guard: "fast", Match: Op(mir.GAdd, Reg, Reg), Emit: []Inst{I("SLOW", Def(0), Cap(0))}},
	)
	tab.Init()
	if sh := tab.Shadowed(); len(sh) != 0 {
		t.Errorf("guarded rule reported as shadowing: %v", sh)
	}
}

func TestGuardsAndCoverage(t *testing.T) {
	tab := mockTable(
		Rule{Name: "slowadd", Guard: "!fast", Priority: 10, Match: Op(mir.GAdd, Reg, Reg), Emit: []Inst{I("SLOW", Def(0), Cap(0))}},
	)
	f, _ := mir.ParseFunc("--- function: f\narch: mock\nprops: ssa\nbody:\nbb0:\n  %0:gpr = COPY $zero\n  %1:gpr = G_ADD %0, %0\n  G_STORE32 %1, %0, 0\n  G_RET\n", lookup)
	cov := Coverage{}
	s := &Selector{Table: tab, Features: map[string]bool{"fast": true}, Coverage: cov}
	if err := s.Select(f); err != nil {
		t.Fatal(err)
	}
	if cov["slowadd"] != 0 || cov["add"] != 1 {
		t.Errorf("coverage %v: the guard of slowadd should have excluded it", cov)
	}
	un := cov.Unfired(tab)
	if !strings.Contains(strings.Join(un, " "), "slowadd") || strings.Contains(strings.Join(un, " "), "store") {
		t.Errorf("Unfired = %v", un)
	}
}

func TestInitRejectsBadRules(t *testing.T) {
	for _, r := range []Rule{
		{Name: "leafroot", Match: Reg, Emit: []Inst{}},
		{Name: "noemit", Match: Op(mir.GAdd, Reg, Reg)},
		{Name: "badop", Match: Op(mir.GAdd, Reg, Reg), Emit: []Inst{I("NOPE")}},
		{Name: "badcap", Match: Op(mir.GAdd, Reg, Reg), Emit: []Inst{I("ADD", Def(0), Cap(0), Cap(2))}},
	} {
		tab := &Table{Arch: mockArch, Rules: []Rule{r}}
		if err := tab.Init(); err == nil {
			t.Errorf("rule %s accepted", r.Name)
		}
	}
}

// TestVecReg: a rule whose leaf is VecReg matches vector registers only
// (Value.IsVec), so a vector rule of higher priority and the scalar rule
// of the same op share a table.
func TestVecReg(t *testing.T) {
	vec := Rule{Name: "vadd", Priority: 1, Match: Op(mir.GAdd, VecReg, VecReg), Emit: []Inst{I("SLOW", Def(0), Cap(0))}}
	f, err := mir.ParseFunc(`--- function: f
arch: mock
props: ssa
vector-vregs: %2:v2s32, %3:v2s32
body:
bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_ADD %0, %0
  %2:gpr = COPY $zero
  %3:gpr = G_ADD %2, %2
  G_STORE32 %1, %0, 0
  G_STORE32 %3, %0, 4
  G_RET
`, lookup)
	if err != nil {
		t.Fatal(err)
	}
	s := &Selector{Table: mockTable(vec), Coverage: Coverage{}}
	if err := s.Select(f); err != nil {
		t.Fatal(err)
	}
	if s.Coverage["vadd"] != 1 || s.Coverage["add"] != 1 {
		t.Errorf("coverage %v, want vadd 1 (the vector add) and add 1 (the scalar one)", s.Coverage)
	}
}

// A Shared node folds a producer with several users into each of them, and
// the producer goes once the last one has; a producer with an effect (a
// load) is never repeated, Shared or not.
func TestSharedFold(t *testing.T) {
	off := Rule{Name: "load.off", Priority: 1, Match: Op(mir.GLoad32, Shared(Op(mir.GAdd, Reg, imm8)), AnyImm),
		EmitFunc: func(e *Emitter) error {
			e.Emit("LOAD", e.Def(0), e.Cap(0), mir.I(e.Cap(1).Imm+e.Cap(2).Imm))
			return nil
		}}
	got, s := run(t, mockTable(off), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_ADD %0, 16
  %2:gpr = G_LOAD32 %1, 0
  %3:gpr = G_LOAD32 %1, 4
  G_STORE32 %2, %3, 0
  G_RET
`)
	check(t, got, `%0:gpr = COPY $zero
%2:gpr = LOAD %0, 16
%3:gpr = LOAD %0, 20
STORE %2, %3, 0
RET`)
	if s.Folded != 2 {
		t.Errorf("Folded=%d, want 2", s.Folded)
	}
	// The sum is read by the store too: it stays, the loads still fold it.
	got, _ = run(t, mockTable(off), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_ADD %0, 16
  %2:gpr = G_LOAD32 %1, 0
  %3:gpr = G_LOAD32 %1, 4
  G_STORE32 %2, %1, 0
  G_RET
`)
	check(t, got, `%0:gpr = COPY $zero
%1:gpr = ADDI %0, 16
%2:gpr = LOAD %0, 16
%3:gpr = LOAD %0, 20
STORE %2, %1, 0
RET`)
	// A shared load is not repeated in each user.
	addm := Rule{Name: "addm.shared", Priority: 1, Match: Op(mir.GAdd, Reg, Shared(Op(mir.GLoad32, Reg, Imm8Zero()))),
		Emit: []Inst{I("ADDM", Def(0), Cap(0), Cap(1))}}
	got, _ = run(t, mockTable(addm), `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_LOAD32 %0, 0
  %2:gpr = G_ADD %0, %1
  %3:gpr = G_ADD %2, %1
  G_STORE32 %3, %0, 0
  G_RET
`)
	check(t, got, `%0:gpr = COPY $zero
%1:gpr = LOAD %0, 0
%2:gpr = ADD %0, %1
%3:gpr = ADD %2, %1
STORE %3, %0, 0
RET`)
}

// A register with several definitions (a variable of non-SSA MIR, such as
// a phi's register after phi-elim) is not a constant even where one of its
// definitions is a G_CONST: its reads must not fold that value.
func TestVariableIsNotConstant(t *testing.T) {
	f, err := mir.ParseFunc(`--- function: f
arch: mock
body:
bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_CONST 5
  G_BR bb1

bb1:
  %2:gpr = G_ADD %0, %1
  %1:gpr = COPY %2
  G_BR bb1
`, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if err := (&Selector{Table: mockTable()}).Select(f); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			sb.WriteString(mir.FormatInstr(f, in) + "\n")
		}
	}
	check(t, sb.String(), `%0:gpr = COPY $zero
%1:gpr = LI 5
JMP bb1
%2:gpr = ADD %0, %1
%1:gpr = COPY %2
JMP bb1`)
}

// A rule's When condition on the captures: "x + x" matches the tree of
// the ADD rule but only the rule whose When holds (both operands the same
// register) fires; it never shadows the rules after it.
func TestWhen(t *testing.T) {
	same := func(c []mir.Operand) bool {
		return c[0].Kind == mir.KindReg && c[1].Kind == mir.KindReg && c[0].Reg == c[1].Reg
	}
	tab := mockTable(Rule{Name: "double", Priority: 5, Match: Op(mir.GAdd, Reg, Reg), When: same,
		Emit: []Inst{I("SLOW", Def(0), Cap(0))}})
	if sh := tab.Shadowed(); len(sh) != 0 {
		t.Errorf("shadowed: %v", sh)
	}
	got, s := run(t, tab, `bb0:
  %0:gpr = COPY $zero
  %1:gpr = G_ADD %0, %0
  %2:gpr = G_ADD %1, %0
  G_STORE32 %2, %0, 0
  G_RET
`)
	check(t, got, `%0:gpr = COPY $zero
%1:gpr = SLOW %0
%2:gpr = ADD %1, %0
STORE %2, %0, 0
RET`)
	if s.Coverage["double"] != 1 || s.Coverage["add"] != 1 {
		t.Errorf("coverage %v", s.Coverage)
	}
}
