package mir

import (
	"strings"
	"testing"
)

// TestCmppActions checks the action table against the spec's §1.2 table
// (ifconv.md), written out row by row: g, r, then UN UC CN CC ON OC AN AC
// with "-" for "left unchanged".
func TestCmppActions(t *testing.T) {
	rows := []string{
		"0 0 0 0 - - - - - -",
		"0 1 0 0 - - - - - -",
		"1 0 0 1 0 1 - 1 0 -",
		"1 1 1 0 1 0 1 - - 0",
	}
	for _, row := range rows {
		f := strings.Fields(row)
		g, r := f[0] == "1", f[1] == "1"
		for a := ActUN; a < numActions; a++ {
			want := f[2+int(a)]
			for _, old := range []bool{false, true} {
				got := a.Apply(old, g, r)
				exp := old
				if want != "-" {
					exp = want == "1"
				}
				if got != exp {
					t.Errorf("%s with g=%v r=%v old=%v = %v, want %v", a, g, r, old, got, exp)
				}
			}
		}
	}
}

func genericLookup(string) (*Arch, error) { return GenericArch, nil }

// TestCmppRoundTrip parses, verifies and prints a G_CMPP with two
// destinations and a guard, and rejects malformed ones.
func TestCmppRoundTrip(t *testing.T) {
	src := `--- function: f
arch: generic
props: 
vregs: 4
body:
bb0:
  %0:gpr = G_CONST 1
  %1:gpr, %2:gpr = G_CMPP "UN.UC", slt, %0, 0
  %3:gpr = G_CMPP "ON", eq, %0, %0, pred:%1
  G_RET %3
`
	m, err := ParseFunc(src, genericLookup)
	if err != nil {
		t.Fatal(err)
	}
	if errs := Verify(m); len(errs) > 0 {
		t.Fatal(errs)
	}
	out := m.String()
	for _, want := range []string{`%1:gpr, %2:gpr = G_CMPP "UN.UC", slt, %0, 0`, `%3:gpr = G_CMPP "ON", eq, %0, %0, pred:%1`} {
		if !strings.Contains(out, want) {
			t.Errorf("printed MIR lacks %q:\n%s", want, out)
		}
	}
	bad := strings.Replace(src, `"ON"`, `"ON.UN"`, 1)
	if m, err := ParseFunc(bad, genericLookup); err == nil && len(Verify(m)) == 0 {
		t.Errorf("two actions for one destination verified")
	}
	bad = strings.Replace(src, `"ON"`, `"XX"`, 1)
	if m, err := ParseFunc(bad, genericLookup); err == nil && len(Verify(m)) == 0 {
		t.Errorf("unknown action verified")
	}
}
