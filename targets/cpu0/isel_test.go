package cpu0

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/isel"
	"lltosimd/mir"
)

func lookupArch(name string) (*mir.Arch, error) {
	if name == "cpu0" {
		return Arch, nil
	}
	return nil, fmt.Errorf("unknown arch %q", name)
}

// coverage collects the rules fired by all tests of the package.
var coverage = isel.Coverage{}

// parseFunc parses a MIR function whose header is generated: body is the
// text after "body:".
func parseFunc(t *testing.T, body string) *mir.Func {
	t.Helper()
	body = strings.TrimLeft(body, "\n")
	if !strings.Contains(body, "body:") {
		body = "body:\n" + body
	}
	src := "--- function: f\narch: cpu0\nprops: ssa\n" + body
	f, err := mir.ParseFunc(src, lookupArch)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return f
}

// bodyText returns the instructions of f, one per line, blocks introduced
// by "bbN:".
func bodyText(f *mir.Func) string {
	var sb strings.Builder
	for _, b := range f.Blocks {
		fmt.Fprintf(&sb, "bb%d:\n", b.ID)
		for _, in := range b.Instrs {
			sb.WriteString("  " + mir.FormatInstr(f, in) + "\n")
		}
	}
	return sb.String()
}

func selectFunc(t *testing.T, f *mir.Func, mcpu string) error {
	t.Helper()
	tab, err := Table()
	if err != nil {
		t.Fatal(err)
	}
	s := &isel.Selector{Table: tab, Features: Features(mcpu), Coverage: coverage}
	return s.Select(f)
}

// checkSelect selects body for mcpu and compares the result with want
// (whitespace at line ends and blank lines ignored).
func checkSelect(t *testing.T, mcpu, body, want string) *mir.Func {
	t.Helper()
	f := parseFunc(t, body)
	if err := selectFunc(t, f, mcpu); err != nil {
		t.Fatalf("select: %v", err)
	}
	got := bodyText(f)
	if norm(got) != norm(want) {
		t.Errorf("%s: selected code differs\n--- got\n%s--- want\n%s", mcpu, got, want)
	}
	return f
}

func norm(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func TestSelectConstants(t *testing.T) {
	checkSelect(t, "", `
bb0.entry:
  %0:gpr = G_CONST 5
  %1:gpr = G_CONST 40000
  %2:gpr = G_CONST 65536
  %3:gpr = G_CONST 305419896
  %4:gpr = G_CONST -32768
  RET $lr, implicit %0, implicit %1, implicit %2, implicit %3, implicit %4
`, `
bb0:
  %0:gpr = ADDiu $zero, 5
  %1:gpr = ORi $zero, 40000
  %2:gpr = LUi 1
  %5:gpr = LUi 4660
  %3:gpr = ORi %5, 22136
  %4:gpr = ADDiu $zero, -32768
  RET $lr, implicit %0, implicit %1, implicit %2, implicit %3, implicit %4
`)
}

const args2 = `
bb0.entry:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
`

// selCase is one selection test: the body after the two argument copies
// (%0 = $4, %1 = $5) and the expected instructions after them.
type selCase struct {
	name, mcpu, body, want string
}

func runCases(t *testing.T, cases []selCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name+"/"+c.mcpu, func(t *testing.T) {
			want := "bb0:\n%0:gpr = COPY $4\n%1:gpr = COPY $5\n" + c.want
			checkSelect(t, c.mcpu, args2+c.body, want)
		})
	}
}

func TestSelectALU(t *testing.T) {
	runCases(t, []selCase{
		{"add.ri", "", `
  %2:gpr = G_CONST 5
  %3:gpr = G_ADD %0, %2
  %4:gpr = G_ADD %2, %1
  RET $lr, implicit %3, implicit %4`, `
  %3:gpr = ADDiu %0, 5
  %4:gpr = ADDiu %1, 5
  RET $lr, implicit %3, implicit %4`},
		{"add.rr", "", `
  %2:gpr = G_CONST 100000
  %3:gpr = G_ADD %0, %2
  RET $lr, implicit %3, implicit %1`, `
  %4:gpr = LUi 1
  %2:gpr = ORi %4, 34464
  %3:gpr = ADDu %0, %2
  RET $lr, implicit %3, implicit %1`},
		{"sub", "", `
  %2:gpr = G_CONST 7
  %3:gpr = G_SUB %0, %2
  %4:gpr = G_CONST 0
  %5:gpr = G_SUB %4, %1
  %6:gpr = G_SUB %3, %5
  RET $lr, implicit %6`, `
  %3:gpr = ADDiu %0, -7
  %5:gpr = SUBu $zero, %1
  %6:gpr = SUBu %3, %5
  RET $lr, implicit %6`},
		{"muldiv", "cpu032I", `
  %2:gpr = G_MUL %0, %1
  %3:gpr = G_UMULH %0, %1
  %4:gpr = G_SMULH %0, %1
  %5:gpr = G_SDIV %0, %1
  %6:gpr = G_UDIV %0, %1
  %7:gpr = G_SREM %0, %1
  %8:gpr = G_UREM %0, %1
  RET $lr, implicit %2, implicit %3, implicit %4, implicit %5, implicit %6, implicit %7, implicit %8`, `
  %2:gpr = MUL %0, %1
  MULTu %0, %1, implicit-def $hi, implicit-def $lo
  %3:gpr = MFHI implicit $hi
  MULT %0, %1, implicit-def $hi, implicit-def $lo
  %4:gpr = MFHI implicit $hi
  SDIV %0, %1, implicit-def $hi, implicit-def $lo
  %5:gpr = MFLO implicit $lo
  UDIV %0, %1, implicit-def $hi, implicit-def $lo
  %6:gpr = MFLO implicit $lo
  SDIV %0, %1, implicit-def $hi, implicit-def $lo
  %7:gpr = MFHI implicit $hi
  UDIV %0, %1, implicit-def $hi, implicit-def $lo
  %8:gpr = MFHI implicit $hi
  RET $lr, implicit %2, implicit %3, implicit %4, implicit %5, implicit %6, implicit %7, implicit %8`},
		{"logic", "", `
  %2:gpr = G_CONST 255
  %3:gpr = G_AND %0, %2
  %4:gpr = G_OR %3, %2
  %5:gpr = G_XOR %4, %2
  %6:gpr = G_CONST -1
  %7:gpr = G_XOR %5, %6
  %8:gpr = G_AND %7, %1
  %9:gpr = G_OR %8, %1
  %10:gpr = G_XOR %9, %1
  %11:gpr = G_AND %10, %6
  RET $lr, implicit %11`, `
  %3:gpr = ANDi %0, 255
  %4:gpr = ORi %3, 255
  %5:gpr = XORi %4, 255
  %6:gpr = ADDiu $zero, -1
  %7:gpr = NOR %5, $zero
  %8:gpr = AND %7, %1
  %9:gpr = OR %8, %1
  %10:gpr = XOR %9, %1
  %11:gpr = AND %10, %6
  RET $lr, implicit %11`},
		{"shifts", "", `
  %2:gpr = G_CONST 3
  %3:gpr = G_SHL %0, %2
  %4:gpr = G_LSHR %3, %2
  %5:gpr = G_ASHR %4, %2
  %6:gpr = G_ROTL %5, %2
  %7:gpr = G_ROTR %6, %2
  %8:gpr = G_SHL %7, %1
  %9:gpr = G_LSHR %8, %1
  %10:gpr = G_ASHR %9, %1
  %11:gpr = G_ROTL %10, %1
  %12:gpr = G_ROTR %11, %1
  RET $lr, implicit %12`, `
  %3:gpr = SHL %0, 3
  %4:gpr = SHR %3, 3
  %5:gpr = SRA %4, 3
  %6:gpr = ROL %5, 3
  %7:gpr = ROR %6, 3
  %8:gpr = SHLV %7, %1
  %9:gpr = SHRV %8, %1
  %10:gpr = SRAV %9, %1
  %11:gpr = ROLV %10, %1
  %12:gpr = RORV %11, %1
  RET $lr, implicit %12`},
		{"bitcount", "", `
  %2:gpr = G_CTLZ %0
  %3:gpr = G_CONST -1
  %4:gpr = G_XOR %1, %3
  %5:gpr = G_CTLZ %4
  %6:gpr = G_SEXT_INREG %5, 8
  %7:gpr = G_SEXT_INREG %2, 32
  RET $lr, implicit %6, implicit %7`, `
  %2:gpr = CLZ %0
  %5:gpr = CLO %1
  %8:gpr = SHL %5, 24
  %6:gpr = SRA %8, 24
  %7:gpr = ADDu %2, $zero
  RET $lr, implicit %6, implicit %7`},
	})
}

// setccWant is the spec §6 setcc idiom of each predicate for a = %0,
// b = %1, result %2, temporaries from %3 on.
var setccWant = map[string]map[mir.Cond]string{
	"cpu032II": {
		mir.CondEQ:  "%3:gpr = XOR %0, %1\n%2:gpr = SLTiu %3, 1",
		mir.CondNE:  "%3:gpr = XOR %0, %1\n%2:gpr = SLTu $zero, %3",
		mir.CondSLT: "%2:gpr = SLT %0, %1",
		mir.CondSGT: "%2:gpr = SLT %1, %0",
		mir.CondSLE: "%3:gpr = SLT %1, %0\n%2:gpr = XORi %3, 1",
		mir.CondSGE: "%3:gpr = SLT %0, %1\n%2:gpr = XORi %3, 1",
		mir.CondULT: "%2:gpr = SLTu %0, %1",
		mir.CondUGT: "%2:gpr = SLTu %1, %0",
		mir.CondULE: "%3:gpr = SLTu %1, %0\n%2:gpr = XORi %3, 1",
		mir.CondUGE: "%3:gpr = SLTu %0, %1\n%2:gpr = XORi %3, 1",
	},
	"cpu032I": {
		mir.CondEQ:  "$sw = CMP %0, %1\n%3:gpr = ANDi $sw, 2\n%2:gpr = SHR %3, 1",
		mir.CondNE:  "$sw = CMP %0, %1\n%3:gpr = ANDi $sw, 2\n%4:gpr = SHR %3, 1\n%2:gpr = XORi %4, 1",
		mir.CondSLT: "$sw = CMP %0, %1\n%2:gpr = ANDi $sw, 1",
		mir.CondSGT: "$sw = CMP %1, %0\n%2:gpr = ANDi $sw, 1",
		mir.CondSLE: "$sw = CMP %1, %0\n%3:gpr = ANDi $sw, 1\n%2:gpr = XORi %3, 1",
		mir.CondSGE: "$sw = CMP %0, %1\n%3:gpr = ANDi $sw, 1\n%2:gpr = XORi %3, 1",
		mir.CondULT: "$sw = CMPu %0, %1\n%2:gpr = ANDi $sw, 1",
		mir.CondUGT: "$sw = CMPu %1, %0\n%2:gpr = ANDi $sw, 1",
		mir.CondULE: "$sw = CMPu %1, %0\n%3:gpr = ANDi $sw, 1\n%2:gpr = XORi %3, 1",
		mir.CondUGE: "$sw = CMPu %0, %1\n%3:gpr = ANDi $sw, 1\n%2:gpr = XORi %3, 1",
	},
}

func TestSelectSetcc(t *testing.T) {
	for _, mcpu := range []string{"cpu032II", "cpu032I"} {
		for c := mir.CondEQ; c <= mir.CondUGE; c++ {
			runCases(t, []selCase{{c.String(), mcpu,
				fmt.Sprintf("  %%2:gpr = G_ICMP %s, %%0, %%1\n  RET $lr, implicit %%2", c),
				setccWant[mcpu][c] + "\nRET $lr, implicit %2"}})
		}
	}
}

func TestSelectSetccImm(t *testing.T) {
	runCases(t, []selCase{
		{"eq0", "", `
  %2:gpr = G_CONST 0
  %3:gpr = G_ICMP eq, %0, %2
  %4:gpr = G_ICMP ne, %1, %2
  RET $lr, implicit %3, implicit %4`, `
  %3:gpr = SLTiu %0, 1
  %4:gpr = SLTu $zero, %1
  RET $lr, implicit %3, implicit %4`},
		{"imm", "", `
  %2:gpr = G_CONST 10
  %3:gpr = G_ICMP eq, %0, %2
  %4:gpr = G_ICMP ne, %1, %2
  %5:gpr = G_ICMP slt, %0, %2
  %6:gpr = G_ICMP ult, %1, %2
  RET $lr, implicit %3, implicit %4, implicit %5, implicit %6`, `
  %8:gpr = XORi %0, 10
  %3:gpr = SLTiu %8, 1
  %7:gpr = XORi %1, 10
  %4:gpr = SLTu $zero, %7
  %5:gpr = SLTi %0, 10
  %6:gpr = SLTiu %1, 10
  RET $lr, implicit %3, implicit %4, implicit %5, implicit %6`},
		// sltiu with a negative immediate would read differently on the
		// reference model: the constant goes to a register.
		{"ult-neg", "", `
  %2:gpr = G_CONST -5
  %3:gpr = G_ICMP ult, %0, %2
  RET $lr, implicit %3, implicit %1`, `
  %2:gpr = ADDiu $zero, -5
  %3:gpr = SLTu %0, %2
  RET $lr, implicit %3, implicit %1`},
		{"eq0", "cpu032I", `
  %2:gpr = G_CONST 0
  %3:gpr = G_ICMP slt, %0, %2
  RET $lr, implicit %3, implicit %1`, `
  $sw = CMP %0, $zero
  %3:gpr = ANDi $sw, 1
  RET $lr, implicit %3, implicit %1`},
	})
}

func TestSelectBranches(t *testing.T) {
	const tail = `
  G_BR bb2.b

bb1.a:
  RET $lr, implicit %1

bb2.b:
  RET $lr
`
	const wantTail = `
  JMP bb2.b
bb1:
  RET $lr, implicit %1
bb2:
  RET $lr
`
	runCases(t, []selCase{
		{"eq", "cpu032II", `
  %2:gpr = G_ICMP eq, %0, %1
  G_BRCOND %2, bb1.a` + tail, `
  BEQ %0, %1, bb1.a` + wantTail},
		{"ne0", "cpu032II", `
  %3:gpr = G_CONST 0
  %2:gpr = G_ICMP ne, %0, %3
  G_BRCOND %2, bb1.a` + tail + "", `
  BNE %0, $zero, bb1.a` + wantTail},
		{"slt", "cpu032II", `
  %2:gpr = G_ICMP slt, %0, %1
  G_BRCOND %2, bb1.a` + tail, `
  %3:gpr = SLT %0, %1
  BNE %3, $zero, bb1.a` + wantTail},
		{"uge", "cpu032II", `
  %2:gpr = G_ICMP uge, %0, %1
  G_BRCOND %2, bb1.a` + tail, `
  %3:gpr = SLTu %0, %1
  BEQ %3, $zero, bb1.a` + wantTail},
		{"sgt", "cpu032II", `
  %2:gpr = G_ICMP sgt, %0, %1
  G_BRCOND %2, bb1.a` + tail, `
  %3:gpr = SLT %1, %0
  BNE %3, $zero, bb1.a` + wantTail},
		{"plain", "cpu032II", `
  G_BRCOND %0, bb1.a` + tail, `
  BNE %0, $zero, bb1.a` + wantTail},
		{"eq", "cpu032I", `
  %2:gpr = G_ICMP eq, %0, %1
  G_BRCOND %2, bb1.a` + tail, `
  $sw = CMP %0, %1
  JEQ $sw, bb1.a` + wantTail},
		{"ule", "cpu032I", `
  %2:gpr = G_ICMP ule, %0, %1
  G_BRCOND %2, bb1.a` + tail, `
  $sw = CMPu %0, %1
  JLE $sw, bb1.a` + wantTail},
		{"sgt", "cpu032I", `
  %2:gpr = G_ICMP sgt, %0, %1
  G_BRCOND %2, bb1.a` + tail, `
  $sw = CMP %0, %1
  JGT $sw, bb1.a` + wantTail},
		{"plain", "cpu032I", `
  G_BRCOND %0, bb1.a` + tail, `
  $sw = CMP %0, $zero
  JNE $sw, bb1.a` + wantTail},
		// A compare with two uses is not folded: it is computed once.
		{"shared", "cpu032I", `
  %2:gpr = G_ICMP slt, %0, %1
  G_BRCOND %2, bb1.a` + strings.Replace(tail, "bb2.b:\n  RET $lr", "bb2.b:\n  RET $lr, implicit %2", 1), `
  $sw = CMP %0, %1
  %2:gpr = ANDi $sw, 1
  $sw = CMP %2, $zero
  JNE $sw, bb1.a` + strings.Replace(wantTail, "bb2:\n  RET $lr", "bb2:\n  RET $lr, implicit %2", 1)},
	})
}
