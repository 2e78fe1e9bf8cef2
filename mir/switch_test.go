package mir

import (
	"strings"
	"testing"
)

// switchText is a G_SWITCH whose cases share targets (two cases to bb2,
// the default also a case target) and whose targets have phis.
const switchText = `--- function: sw
arch: generic
props: ssa
vregs: 3
body:
bb0.entry:
  %0:gpr, %1:gpr = G_ARGS 1, 1
  G_SWITCH %0, bb3.def, -2, bb1.a, 7, bb2.b, 8, bb2.b, 9, bb3.def

bb1.a:  ; preds: bb0
  G_BR bb2.b

bb2.b:  ; preds: bb0, bb1
  %2:gpr = PHI %0, bb0.entry, %1, bb1.a
  G_RET %2

bb3.def:  ; preds: bb0
  G_RET %1
`

// TestSwitchRoundTripCFG checks that G_SWITCH prints, parses and verifies,
// that the CFG sees every target once, and that splitting the critical
// edge to a block named by two cases retargets both.
func TestSwitchRoundTripCFG(t *testing.T) {
	m := roundTrip(t, switchText, false)
	f := m.Funcs[0]
	if errs := Verify(f); len(errs) != 0 {
		t.Fatalf("verify: %v", errs)
	}
	entry, b := f.Blocks[0], f.Blocks[2]
	if got := len(entry.Succs); got != 3 {
		t.Fatalf("entry has %d successors, want 3: %v", got, entry.Succs)
	}
	nb := SplitCriticalEdge(entry, b)
	if nb == nil {
		t.Fatal("edge not split")
	}
	if errs := Verify(f); len(errs) != 0 {
		t.Fatalf("verify after split: %v\n%s", errs, f)
	}
	text := f.String()
	if !strings.Contains(text, "7, bb4.entry.b_crit_edge, 8, bb4.entry.b_crit_edge") {
		t.Errorf("cases not retargeted:\n%s", text)
	}
	if !strings.Contains(text, "PHI %0, bb4.entry.b_crit_edge, %1, bb1.a") {
		t.Errorf("phi not updated:\n%s", text)
	}
}
