package cpu0

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
)

func lookupArch(name string) (*mir.Arch, error) {
	if name == "cpu0" {
		return Arch, nil
	}
	return nil, fmt.Errorf("unknown arch %q", name)
}

// coverage collects the rules fired by all tests of the package;
// go test -run Select -args -isel.coverage lists the rules no test fired.
var (
	coverage     = isel.Coverage{}
	showCoverage = flag.Bool("isel.coverage", false, "list the isel rules no test fired")
)

// TestMain also fails a complete run of the package's tests (no -run
// filter) in which some selection rule never fired: every rule must have a
// test.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	tab, err := Table()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *showCoverage {
		fmt.Print(coverage.Report(tab))
	}
	if f := flag.Lookup("test.run"); code == 0 && f != nil && f.Value.String() == "" && len(coverage.Unfired(tab)) > 0 {
		fmt.Print(coverage.Report(tab))
		code = 1
	}
	os.Exit(code)
}

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
	checkLevel(t, f, mcpu)
	verify(t, f)
	got := bodyText(f)
	if norm(got) != norm(want) {
		t.Errorf("%s: selected code differs\n--- got\n%s--- want\n%s", mcpu, got, want)
	}
	return f
}

// verify reports the MIR verifier's complaints about f; the pass that
// ran must have kept Preds/Succs up to date.
func verify(t *testing.T, f *mir.Func) {
	t.Helper()
	for _, err := range mir.Verify(f) {
		t.Errorf("verify: %v\n%s", err, f)
	}
}

// checkLevel fails if code for cpu032I uses a cpu032II-only opcode
// (0x26–0x29, 0x37, 0x38: the cpu032I reference model lacks them).
func checkLevel(t *testing.T, f *mir.Func, mcpu string) {
	t.Helper()
	if mcpu != "cpu032I" {
		return
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if !in.Op.IsGeneric() && DefOf(in.Op).Level == Cpu032II {
				t.Errorf("cpu032I code uses %s", mir.FormatInstr(f, in))
			}
		}
	}
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
	runCasesHdr(t, "", cases)
}

// runCasesHdr is runCases with function header lines (frame, jump tables).
func runCasesHdr(t *testing.T, hdr string, cases []selCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name+"/"+c.mcpu, func(t *testing.T) {
			want := "bb0:\n%0:gpr = COPY $4\n%1:gpr = COPY $5\n" + c.want
			checkSelect(t, c.mcpu, hdr+"body:"+args2+c.body, want)
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
  %4:gpr = ADDiu $zero, -5
  %3:gpr = SLTu %0, %4
  RET $lr, implicit %3, implicit %1`},
		// Other predicates against constants: a > k is !(a < k+1), a <= k
		// is a < k+1; k+1 must still fit.
		{"imm-order", "", `
  %2:gpr = G_CONST 10
  %3:gpr = G_ICMP sgt, %0, %2
  %4:gpr = G_ICMP sle, %1, %2
  %5:gpr = G_ICMP uge, %0, %2
  %6:gpr = G_CONST 32767
  %7:gpr = G_ICMP sgt, %1, %6
  RET $lr, implicit %3, implicit %4, implicit %5, implicit %7`, `
  %10:gpr = SLTi %0, 11
  %3:gpr = XORi %10, 1
  %4:gpr = SLTi %1, 11
  %9:gpr = SLTiu %0, 10
  %5:gpr = XORi %9, 1
  %8:gpr = ADDiu $zero, 32767
  %7:gpr = SLT %8, %1
  RET $lr, implicit %3, implicit %4, implicit %5, implicit %7`},
		// cpu032I against 0: the sign bit (shr 31) for a < 0 and a >= 0,
		// clz(a) >> 5 for a == 0 (clz is 32 only for 0), no cmp.
		{"slt0", "cpu032I", `
  %2:gpr = G_CONST 0
  %3:gpr = G_ICMP slt, %0, %2
  %4:gpr = G_ICMP sge, %1, %2
  RET $lr, implicit %3, implicit %4`, `
  %3:gpr = SHR %0, 31
  %5:gpr = SHR %1, 31
  %4:gpr = XORi %5, 1
  RET $lr, implicit %3, implicit %4`},
		{"eq0", "cpu032I", `
  %2:gpr = G_CONST 0
  %3:gpr = G_ICMP eq, %0, %2
  %4:gpr = G_ICMP ne, %1, %2
  RET $lr, implicit %3, implicit %4`, `
  %7:gpr = CLZ %0
  %3:gpr = SHR %7, 5
  %5:gpr = CLZ %1
  %6:gpr = SHR %5, 5
  %4:gpr = XORi %6, 1
  RET $lr, implicit %3, implicit %4`},
		// Constants next to 0 become compares with $zero: a > -1 is
		// a >= 0, a < 1 is a <= 0 (0 < a, negated), a <u 1 is a == 0.
		{"toward0", "cpu032I", `
  %2:gpr = G_CONST -1
  %3:gpr = G_ICMP sgt, %0, %2
  %4:gpr = G_CONST 1
  %5:gpr = G_ICMP slt, %1, %4
  %6:gpr = G_ICMP ult, %0, %4
  RET $lr, implicit %3, implicit %5, implicit %6`, `
  %9:gpr = SHR %0, 31
  %3:gpr = XORi %9, 1
  $sw = CMP $zero, %1
  %8:gpr = ANDi $sw, 1
  %5:gpr = XORi %8, 1
  %7:gpr = CLZ %0
  %6:gpr = SHR %7, 5
  RET $lr, implicit %3, implicit %5, implicit %6`},
		// Other constants go to a register.
		{"imm", "cpu032I", `
  %2:gpr = G_CONST 10
  %3:gpr = G_ICMP slt, %0, %2
  RET $lr, implicit %3, implicit %1`, `
  %4:gpr = ADDiu $zero, 10
  $sw = CMP %0, %4
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
		{"slt-imm", "cpu032II", `
  %3:gpr = G_CONST -3
  %2:gpr = G_ICMP sgt, %0, %3
  G_BRCOND %2, bb1.a` + tail, `
  %4:gpr = SLTi %0, -2
  BEQ %4, $zero, bb1.a` + wantTail},
		{"ult-imm", "cpu032II", `
  %3:gpr = G_CONST 100
  %2:gpr = G_ICMP ult, %0, %3
  G_BRCOND %2, bb1.a` + tail, `
  %4:gpr = SLTiu %0, 100
  BNE %4, $zero, bb1.a` + wantTail},
		{"eq-imm", "cpu032II", `
  %3:gpr = G_CONST 100
  %2:gpr = G_ICMP eq, %0, %3
  G_BRCOND %2, bb1.a` + tail, `
  %4:gpr = ADDiu $zero, 100
  BEQ %0, %4, bb1.a` + wantTail},
		{"uge-big", "cpu032II", `
  %3:gpr = G_CONST 40000
  %2:gpr = G_ICMP uge, %0, %3
  G_BRCOND %2, bb1.a` + tail, `
  %4:gpr = ORi $zero, 40000
  %5:gpr = SLTu %0, %4
  BEQ %5, $zero, bb1.a` + wantTail},
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
		// cpu032I against a constant next to 0: a > -1 is a >= 0, a
		// compare with $zero; other constants go to a register.
		{"sgt-1", "cpu032I", `
  %3:gpr = G_CONST -1
  %2:gpr = G_ICMP sgt, %0, %3
  G_BRCOND %2, bb1.a` + tail, `
  $sw = CMP %0, $zero
  JGE $sw, bb1.a` + wantTail},
		{"ult1", "cpu032I", `
  %3:gpr = G_CONST 1
  %2:gpr = G_ICMP ult, %0, %3
  G_BRCOND %2, bb1.a` + tail, `
  $sw = CMP %0, $zero
  JEQ $sw, bb1.a` + wantTail},
		{"slt-imm", "cpu032I", `
  %3:gpr = G_CONST 7
  %2:gpr = G_ICMP slt, %0, %3
  G_BRCOND %2, bb1.a` + tail, `
  %4:gpr = ADDiu $zero, 7
  $sw = CMP %0, %4
  JLT $sw, bb1.a` + wantTail},
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

func TestSelectMemory(t *testing.T) {
	const frame = `frame:
  fi#0: size=8 align=4 name=x
`
	runCasesHdr(t, frame, []selCase{
		{"frame", "", `
  %2:gpr = G_LOAD32 fi#0, 4
  G_STORE16 %2, fi#0, 2
  %3:gpr = G_FRAME_ADDR fi#0
  %4:gpr = G_LOAD8S %3, 1
  G_STORE8 %4, %3, 0
  %5:gpr = G_LOAD16S %0, -2
  %6:gpr = G_LOAD16U %5, 0
  %7:gpr = G_LOAD8U %6, 0
  G_STORE32 %7, %1, 8
  RET $lr, implicit %3`, `
  %2:gpr = LD fi#0, 4
  SH %2, fi#0, 2
  %3:gpr = ADDiu fi#0, 0
  %4:gpr = LB fi#0, 1
  SB %4, fi#0, 0
  %5:gpr = LH %0, -2
  %6:gpr = LHu %5, 0
  %7:gpr = LBu %6, 0
  ST %7, %1, 8
  RET $lr, implicit %3`},
		// The sum of a folded constant and the offset must fit 16 bits.
		{"addsum", "", `
  %2:gpr = G_CONST 30000
  %3:gpr = G_ADD %0, %2
  %4:gpr = G_LOAD32 %3, 30000
  RET $lr, implicit %4, implicit %1`, `
  %5:gpr = ADDiu %0, 30000
  %4:gpr = LD %5, 30000
  RET $lr, implicit %4, implicit %1`},
		{"bigoff", "", `
  %2:gpr = G_LOAD32 %0, 40000
  %3:gpr = G_CONST 0
  G_STORE32 %3, fi#0, 70000
  RET $lr, implicit %2, implicit %1`, `
  %9:gpr = ORi $zero, 40000
  %8:gpr = ADDu %0, %9
  %2:gpr = LD %8, 0
  %5:gpr = ADDiu fi#0, 0
  %7:gpr = LUi 1
  %6:gpr = ORi %7, 4464
  %4:gpr = ADDu %5, %6
  ST $zero, %4, 0
  RET $lr, implicit %2, implicit %1`},
	})
}

func TestSelectAddresses(t *testing.T) {
	runCasesHdr(t, "jumptables:\n  jt#0: bb1.a, bb2.b, bb1.a\n", []selCase{
		{"addr", "", `
  %2:gpr = G_GLOBAL_ADDR @g+4
  %3:gpr = G_BLOCK_ADDR bb1.a
  %4:gpr = G_JT_ADDR jt#0
  RET $lr, implicit %2, implicit %3, implicit %4, implicit %0, implicit %1

bb1.a:
  G_BRINDIRECT %0, implicit bb1.a, implicit bb2.b

bb2.b:
  G_BRJT %1, jt#0
`, `
  %12:gpr = LUi @g+4
  %2:gpr = ORi %12, @g+4
  %11:gpr = LUi bb1.a
  %3:gpr = ORi %11, bb1.a
  %10:gpr = LUi jt#0
  %4:gpr = ORi %10, jt#0
  RET $lr, implicit %2, implicit %3, implicit %4, implicit %0, implicit %1
bb1:
  JR %0, implicit bb1.a, implicit bb2.b
bb2:
  %5:gpr = SHL %1, 2
  %9:gpr = LUi jt#0
  %6:gpr = ORi %9, jt#0
  %7:gpr = ADDu %6, %5
  %8:gpr = LD %7, 0
  JR %8, implicit jt#0
`},
	})
}

func TestSelectSelect(t *testing.T) {
	for _, mcpu := range []string{"cpu032II", "cpu032I"} {
		f := checkSelect(t, mcpu, args2+`
  %2:gpr = G_ICMP eq, %0, %1
  %3:gpr = G_SELECT %2, %0, %1
  %4:gpr = G_SELECT %3, %1, %0
  %5:gpr = G_ICMP sgt, %3, %4
  %6:gpr = G_SELECT %5, %3, %4
  RET $lr, implicit %6
`, `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %3:gpr = SELECT %0, %1, eq, %0, %1
  %4:gpr = SELECT %1, %0, ne, %3, $zero
  %6:gpr = SELECT %3, %4, sgt, %3, %4
  RET $lr, implicit %6
`)
		n, err := LowerSelects(f, Features(mcpu)[featSlt])
		if err != nil || n != 3 {
			t.Fatalf("LowerSelects = %d, %v", n, err)
		}
		verify(t, f)
		// spec §6: select (a==b),T,F → xor c,a,b; movz F,T,c; select c,T,F → movn;
		// order compares: slt (cpu032II) or cmp + andi (cpu032I).
		want := map[string]string{
			"cpu032II": `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %7:gpr = XOR %0, %1
  %3:gpr = MOVZ_I_I %0, %7, %1
  %4:gpr = MOVN_I_I %1, %3, %0
  %8:gpr = SLT %4, %3
  %6:gpr = MOVN_I_I %3, %8, %4
  RET $lr, implicit %6
`,
			"cpu032I": `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %7:gpr = XOR %0, %1
  %3:gpr = MOVZ_I_I %0, %7, %1
  %4:gpr = MOVN_I_I %1, %3, %0
  $sw = CMP %4, %3
  %8:gpr = ANDi $sw, 1
  %6:gpr = MOVN_I_I %3, %8, %4
  RET $lr, implicit %6
`}[mcpu]
		if got := bodyText(f); norm(got) != norm(want) {
			t.Errorf("%s: lowered selects differ\n--- got\n%s--- want\n%s", mcpu, got, want)
		}
	}
}

// On cpu032I a select on a compare with a constant compares with $zero
// where the constant is next to 0 (a < 1 is a <= 0) and tests the sign bit
// for a < 0 with shr 31 instead of cmp + andi (spec §3.2); other
// constants go to a register.
func TestSelectSelectImmI(t *testing.T) {
	f := checkSelect(t, "cpu032I", args2+`
  %2:gpr = G_CONST 1
  %3:gpr = G_ICMP slt, %0, %2
  %4:gpr = G_SELECT %3, %0, %1
  %5:gpr = G_CONST 0
  %6:gpr = G_ICMP slt, %4, %5
  %7:gpr = G_SELECT %6, %4, %1
  %8:gpr = G_CONST 9
  %9:gpr = G_ICMP eq, %7, %8
  %10:gpr = G_SELECT %9, %7, %1
  RET $lr, implicit %10
`, `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %4:gpr = SELECT %0, %1, sle, %0, $zero
  %7:gpr = SELECT %4, %1, slt, %4, $zero
  %11:gpr = ADDiu $zero, 9
  %10:gpr = SELECT %7, %1, eq, %7, %11
  RET $lr, implicit %10
`)
	if _, err := LowerSelects(f, false); err != nil {
		t.Fatal(err)
	}
	verify(t, f)
	want := `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  $sw = CMP $zero, %0
  %12:gpr = ANDi $sw, 1
  %4:gpr = MOVZ_I_I %0, %12, %1
  %13:gpr = SHR %4, 31
  %7:gpr = MOVN_I_I %4, %13, %1
  %11:gpr = ADDiu $zero, 9
  %14:gpr = XOR %7, %11
  %10:gpr = MOVZ_I_I %7, %14, %1
  RET $lr, implicit %10
`
	if got := bodyText(f); norm(got) != norm(want) {
		t.Errorf("lowered selects differ\n--- got\n%s--- want\n%s", got, want)
	}
}

// On cpu032II a select on a compare with a constant keeps the constant, and
// cpu0-select compares with slti/sltiu/xori; other constants go to registers.
func TestSelectSelectImm(t *testing.T) {
	f := checkSelect(t, "", args2+`
  %2:gpr = G_CONST 10
  %3:gpr = G_ICMP sgt, %0, %2
  %4:gpr = G_SELECT %3, %0, %1
  %5:gpr = G_ICMP eq, %4, %2
  %6:gpr = G_SELECT %5, %4, %1
  %7:gpr = G_CONST 0
  %8:gpr = G_ICMP ne, %6, %7
  %9:gpr = G_SELECT %8, %6, %1
  %10:gpr = G_CONST 100000
  %11:gpr = G_ICMP ult, %9, %10
  %12:gpr = G_SELECT %11, %9, %1
  RET $lr, implicit %12
`, `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %4:gpr = SELECT %0, %1, sgt, %0, 10
  %6:gpr = SELECT %4, %1, eq, %4, 10
  %9:gpr = SELECT %6, %1, ne, %6, $zero
  %14:gpr = LUi 1
  %13:gpr = ORi %14, 34464
  %12:gpr = SELECT %9, %1, ult, %9, %13
  RET $lr, implicit %12
`)
	if _, err := LowerSelects(f, true); err != nil {
		t.Fatal(err)
	}
	verify(t, f)
	want := `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %15:gpr = SLTi %0, 11
  %4:gpr = MOVZ_I_I %0, %15, %1
  %16:gpr = XORi %4, 10
  %6:gpr = MOVZ_I_I %4, %16, %1
  %9:gpr = MOVN_I_I %6, %6, %1
  %14:gpr = LUi 1
  %13:gpr = ORi %14, 34464
  %17:gpr = SLTu %9, %13
  %12:gpr = MOVN_I_I %9, %17, %1
  RET $lr, implicit %12
`
	if got := bodyText(f); norm(got) != norm(want) {
		t.Errorf("lowered selects differ\n--- got\n%s--- want\n%s", got, want)
	}
}

func TestSelectStackAndTraps(t *testing.T) {
	f := checkSelect(t, "", args2+`
  %2:gpr = G_STACKSAVE
  %3:gpr = G_DYN_ALLOCA %0, 4
  G_STORE32 %1, %3, 0
  G_STACKRESTORE %2
  G_BRCOND %1, bb2.c

bb1.b:
  G_TRAP

bb2.c:
  G_UNREACHABLE
`, `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %2:gpr = ADDu $sp, $zero
  %4:gpr = ADDiu %0, 7
  %5:gpr = ADDiu $zero, -8
  %6:gpr = AND %4, %5
  $sp = SUBu $sp, %6
  %3:gpr = ADDiu $sp, 8
  ST %1, %3, 0
  $sp = ADDu %2, $zero
  BNE %1, $zero, bb2.c
bb1:
  JSUB @abort, implicit-def $lr
  G_UNREACHABLE
bb2:
  G_UNREACHABLE
`)
	if !f.FramePointer || !f.HasCalls || f.MaxCallArgs != 8 {
		t.Errorf("FramePointer=%v HasCalls=%v MaxCallArgs=%d, want true true 8", f.FramePointer, f.HasCalls, f.MaxCallArgs)
	}
}

// removedByCallLowering are the generic ops cpu0-call-lowering rewrites.
var removedByCallLowering = []mir.Opcode{mir.GArgs, mir.GCall, mir.GRet, mir.GVAStart, mir.GReturnAddr}

// removedBySwitchLowering: switch-lowering, first in the pipeline, turns
// G_SWITCH into compares and jump tables.
var removedBySwitchLowering = []mir.Opcode{mir.GSwitch}

// removedByVectorLegalize: vector-legalize, first in the pipeline, splits
// every vector op into scalar ops (Cpu0 has no vector unit).
var removedByVectorLegalize = []mir.Opcode{mir.GBuildVector, mir.GExtractVectorElt, mir.GInsertVectorElt,
	mir.GShuffleVector, mir.GVLoad, mir.GVLoadStrided, mir.GVStore}

// removedByWideIntLegalize: wideint-legalize, first in the pipeline,
// splits every op on wide integer registers into word ops and removes the
// merges and unmerges (Cpu0 has 32-bit registers only).
var removedByWideIntLegalize = []mir.Opcode{mir.GMergeValues, mir.GUnmergeValues, mir.GConstant, mir.GZExt, mir.GSExt, mir.GTrunc, mir.GLoad, mir.GStore}

// removedByAtomicLowering: atomic-lowering, first in the pipeline, makes
// atomic ops plain memory operations (Cpu0 is single-core).
func removedByAtomicLowering(op mir.Opcode) bool {
	return mir.IsAtomicRMW(op) || op == mir.GAtomicCmpXchg || op == mir.GFence
}

// notInPipeline are generic ops that never reach Cpu0's selection:
// G_CMPP comes from if-convert, and predicate-lowering turns it into
// compares and logic before isel.
var notInPipeline = []mir.Opcode{mir.GCmpp}

// madeAfterSelection are the spill ops the register allocator makes for
// classes whose size is not 4 bytes (Cpu0 has none).
var madeAfterSelection = []mir.Opcode{mir.GSpill, mir.GReload}

// removedBySoftFloat reports the generic float ops: soft-float, first in
// the Cpu0 pipeline, turns them into runtime calls (Cpu0 has no FPU).
func removedBySoftFloat(op mir.Opcode) bool { return op >= mir.GFAdd && op <= mir.GFPTrunc }

// TestRuleTableComplete checks that every generic op that can reach
// selection has a rule on both CPU variants.
func TestRuleTableComplete(t *testing.T) {
	tab, err := Table()
	if err != nil {
		t.Fatal(err)
	}
	for _, mcpu := range []string{"cpu032I", "cpu032II"} {
		s := &isel.Selector{Table: tab, Features: Features(mcpu)}
		for op := mir.GInvalid + 1; op < mir.FirstTargetOp; op++ {
			if tab.IsPassthrough(op) || slices.Contains(removedByCallLowering, op) || slices.Contains(removedBySwitchLowering, op) || removedBySoftFloat(op) ||
				slices.Contains(notInPipeline, op) || slices.Contains(removedByVectorLegalize, op) ||
				slices.Contains(madeAfterSelection, op) || removedByAtomicLowering(op) || slices.Contains(removedByWideIntLegalize, op) {
				continue
			}
			found := false
			for _, r := range tab.RulesFor(op) {
				if s.Has(r.Guard) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no rule for %s", mcpu, mir.GenericDesc(op).Name)
			}
		}
	}
}

// TestRuleTemplatesLevel checks that declarative rules usable on cpu032I
// emit only cpu032I opcodes.
func TestRuleTemplatesLevel(t *testing.T) {
	for _, r := range Rules {
		if r.Guard == featSlt {
			continue
		}
		for _, in := range r.Emit {
			if Instrs[Op[in.Op]-mir.FirstTargetOp].Level == Cpu032II {
				t.Errorf("rule %s (guard %q) emits cpu032II-only %s", r.Name, r.Guard, in.Op)
			}
		}
	}
}

func TestNoShadowedRules(t *testing.T) {
	tab, err := Table()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range tab.Shadowed() {
		t.Error(s)
	}
}

// TestSelectMemoryForms selects every load and store width with each kind
// of address: frame object, folded frame address, register plus a folded
// constant, register, and an offset beyond 16 bits.
func TestSelectMemoryForms(t *testing.T) {
	const hdr = "frame:\n  fi#0: size=8 align=4 name=x\n"
	type mem struct {
		g, op string
		store bool
	}
	mems := []mem{{"G_LOAD32", "LD", false}, {"G_LOAD16S", "LH", false}, {"G_LOAD16U", "LHu", false},
		{"G_LOAD8S", "LB", false}, {"G_LOAD8U", "LBu", false},
		{"G_STORE32", "ST", true}, {"G_STORE16", "SH", true}, {"G_STORE8", "SB", true}}
	for _, m := range mems {
		access := func(base, off string) string {
			if m.store {
				return fmt.Sprintf("  %s %%1, %s, %s\n", m.g, base, off)
			}
			return fmt.Sprintf("  %%2:gpr = %s %s, %s\n  G_STORE32 %%2, %%1, 0\n", m.g, base, off)
		}
		sel := func(base, off string) string {
			if m.store {
				return fmt.Sprintf("  %s %%1, %s, %s\n", m.op, base, off)
			}
			return fmt.Sprintf("  %%2:gpr = %s %s, %s\n  ST %%2, %%1, 0\n", m.op, base, off)
		}
		n := 3 // the first temporary
		if m.store {
			n = 2
		}
		runCasesHdr(t, hdr, []selCase{
			{m.g + ".frame", "", access("fi#0", "4") + "  RET $lr, implicit %0\n",
				sel("fi#0", "4") + "  RET $lr, implicit %0\n"},
			{m.g + ".frameaddr", "", "  %3:gpr = G_FRAME_ADDR fi#0\n" + access("%3", "-4") + "  RET $lr, implicit %0\n",
				sel("fi#0", "-4") + "  RET $lr, implicit %0\n"},
			{m.g + ".add", "", "  %3:gpr = G_CONST 8\n  %4:gpr = G_ADD %0, %3\n" + access("%4", "4") + "  RET $lr\n",
				sel("%0", "12") + "  RET $lr\n"},
			{m.g + ".frameadd", "", "  %3:gpr = G_FRAME_ADDR fi#0\n  %5:gpr = G_CONST 4\n  %4:gpr = G_ADD %3, %5\n" + access("%4", "-2") + "  RET $lr, implicit %0\n",
				sel("fi#0", "2") + "  RET $lr, implicit %0\n"},
			{m.g + ".reg", "", access("%0", "-4") + "  RET $lr\n",
				sel("%0", "-4") + "  RET $lr\n"},
			// An access to @g+8 at offset 4 goes through the address of @g
			// itself at offset 12, so all accesses to @g share one pair; an
			// offset that does not fit keeps the pair of @g+32760.
			{m.g + ".global", "", fmt.Sprintf("  %%%d:gpr = G_GLOBAL_ADDR @g+8\n", n) + access(fmt.Sprint("%", n), "4") + "  RET $lr, implicit %0\n",
				fmt.Sprintf("%%%d:gpr = LUi @g\n%%%d:gpr = ORi %%%d, @g\n", n+2, n+1, n+2) + sel(fmt.Sprint("%", n+1), "12") + "  RET $lr, implicit %0\n"},
			{m.g + ".global.far", "", fmt.Sprintf("  %%%d:gpr = G_GLOBAL_ADDR @g+32760\n", n) + access(fmt.Sprint("%", n), "16") + "  RET $lr, implicit %0\n",
				fmt.Sprintf("%%%d:gpr = LUi @g+32760\n%%%d:gpr = ORi %%%d, @g+32760\n", n+2, n+1, n+2) + sel(fmt.Sprint("%", n+1), "16") + "  RET $lr, implicit %0\n"},
			// 0x18000 = lui 1 + ori 32768.
			{m.g + ".bigoff", "", access("%0", "98304") + "  RET $lr\n",
				fmt.Sprintf("%%%d:gpr = LUi 1\n%%%d:gpr = ORi %%%d, 32768\n%%%d:gpr = ADDu %%0, %%%d\n", n+2, n+1, n+2, n, n+1) +
					sel(fmt.Sprint("%", n), "0") + "  RET $lr\n"},
		})
	}
}

// A block aligned beyond the stack alignment goes below the old outgoing
// area at an aligned address; the new outgoing area goes below it.
func TestSelectDynAllocaAligned(t *testing.T) {
	f := parseFunc(t, "frame-info: max-call-args=16 has-calls\nbody:\n"+args2+`
  %2:gpr = G_DYN_ALLOCA %0, 32
  G_STORE32 %1, %2, 0
  RET $lr
`)
	if err := selectFunc(t, f, ""); err != nil {
		t.Fatal(err)
	}
	want := `bb0:
  %0:gpr = COPY $4
  %1:gpr = COPY $5
  %3:gpr = ADDiu %0, 31
  %4:gpr = ADDiu $zero, -32
  %5:gpr = AND %3, %4
  %6:gpr = SUBu $sp, %5
  %7:gpr = ADDiu %6, -16
  %8:gpr = AND %7, %4
  $sp = ADDiu %8, -16
  %2:gpr = ADDu %8, $zero
  ST %1, %2, 0
  RET $lr
`
	verify(t, f)
	if got := bodyText(f); norm(got) != norm(want) {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// TestISelPassDebugAndStats runs cpu0-isel as a pass: -debug-only=isel
// names the rule chosen for each instruction, and the statistics count
// selected instructions and folded producers.
func TestISelPassDebugAndStats(t *testing.T) {
	f := parseFunc(t, args2+`
  %2:gpr = G_CONST 5
  %3:gpr = G_ADD %0, %2
  %4:gpr = G_ICMP slt, %3, %1
  G_BRCOND %4, bb1.a

bb1.a:
  RET $lr
`)
	cfg := passes.NewConfig()
	cfg.Options["mcpu"] = "cpu032I"
	cfg.DebugOnly["isel"] = true
	var out strings.Builder
	cfg.DebugOut = &out
	if err := ISelPass.Run(&passes.Ctx{Cfg: cfg, Pass: ISelPass}, f); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"brcond.icmp.I", "add.ri", "G_BRCOND %4, bb1.a"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("debug output lacks %q:\n%s", want, out.String())
		}
	}
	// The add and the branch are selected; the constant and the compare fold.
	if got := cfg.Stats.Get("cpu0-isel", "Number of instructions selected"); got != 2 {
		t.Errorf("selected = %d, want 2", got)
	}
	if got := cfg.Stats.Get("cpu0-isel", "Number of producers folded into their users"); got != 2 {
		t.Errorf("folded = %d, want 2", got)
	}
}

// TestSelectExtendingLoads folds a sign extension (G_SEXT_INREG) or a zero
// extension (G_AND with the mask) of a single-use narrow load into lb, lh,
// lbu or lhu; a load with another use, or a store in between, keeps the
// separate extension.
func TestSelectExtendingLoads(t *testing.T) {
	const hdr = "frame:\n  fi#0: size=8 align=4 name=x\n"
	for _, x := range []struct {
		ld, ext, op string
	}{
		{"G_LOAD8U", "G_SEXT_INREG %2, 8", "LB"}, {"G_LOAD8S", "G_SEXT_INREG %2, 8", "LB"},
		{"G_LOAD16U", "G_SEXT_INREG %2, 16", "LH"}, {"G_LOAD16S", "G_SEXT_INREG %2, 16", "LH"},
		{"G_LOAD8U", "G_AND %4, %2", "LBu"}, {"G_LOAD16U", "G_AND %2, %4", "LHu"},
	} {
		mask := "255"
		if x.op == "LHu" {
			mask = "65535"
		}
		for _, base := range []string{"fi#0", "%0"} {
			runCasesHdr(t, hdr, []selCase{{x.ld + "/" + x.op + "/" + base, "",
				fmt.Sprintf("  %%4:gpr = G_CONST %s\n  %%2:gpr = %s %s, 2\n  %%3:gpr = %s\n  RET $lr, implicit %%3, implicit %%0, implicit %%1\n", mask, x.ld, base, x.ext),
				fmt.Sprintf("%%3:gpr = %s %s, 2\nRET $lr, implicit %%3, implicit %%0, implicit %%1\n", x.op, base)}})
		}
	}
	runCases(t, []selCase{
		{"two-uses", "", `
  %2:gpr = G_LOAD8U %0, 0
  %3:gpr = G_SEXT_INREG %2, 8
  RET $lr, implicit %3, implicit %2, implicit %1`, `
  %2:gpr = LBu %0, 0
  %4:gpr = SHL %2, 24
  %3:gpr = SRA %4, 24
  RET $lr, implicit %3, implicit %2, implicit %1`},
		{"store-between", "", `
  %2:gpr = G_LOAD16U %0, 0
  G_STORE32 %1, %1, 0
  %3:gpr = G_SEXT_INREG %2, 16
  RET $lr, implicit %3`, `
  %2:gpr = LHu %0, 0
  ST %1, %1, 0
  %4:gpr = SHL %2, 16
  %3:gpr = SRA %4, 16
  RET $lr, implicit %3`},
	})
}
