package bwdsp

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
)

func lookupArch(name string) (*mir.Arch, error) {
	if name == "bwdsp" {
		return Arch, nil
	}
	return nil, fmt.Errorf("unknown arch %q", name)
}

// TestMIRText checks that the framework's MIR printer, parser and verifier
// work with the BWDSP Arch: registers, tied post-modify defs, branches.
func TestMIRText(t *testing.T) {
	src := `--- function: f
arch: bwdsp
props: nophis novregs selected
body:
bb0.entry:
  $xR1 = ADD $xR2, $yR3
  $xR4, $U0 = LDPM $U0, 16
  $xCP1 = PNOT $xCP2
  $LC0 = BLC $LC0, bb1.loop
  B bb1.loop
bb1.loop:
  RET
`
	f, err := mir.ParseFunc(src, lookupArch)
	if err != nil {
		t.Fatal(err)
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Fatalf("verify: %v", errs)
	}
	var b strings.Builder
	if err := mir.Print(&b, f); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"$xR1 = ADD $xR2, $yR3", "$xR4, $U0 = LDPM $U0, 16", "$LC0 = BLC $LC0, bb1.loop"} {
		if !strings.Contains(out, want) {
			t.Errorf("printed MIR lacks %q:\n%s", want, out)
		}
	}
}
