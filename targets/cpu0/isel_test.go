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
	src := "--- function: f\narch: cpu0\nprops: ssa\nbody:\n" + strings.TrimLeft(body, "\n")
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
