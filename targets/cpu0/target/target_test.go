package target

import (
	"testing"

	"lltosimd/passes"
	"lltosimd/targets"
	"lltosimd/targets/cpu0"
)

// TestRegistered: both byte orders are registered with one Machine whose
// hooks are the ones the generic passes find for the Cpu0 architecture.
func TestRegistered(t *testing.T) {
	for _, tc := range []struct {
		name string
		big  bool
	}{{"cpu0", true}, {"cpu0el", false}} {
		tgt, ok := targets.Lookup(tc.name)
		if !ok {
			t.Fatalf("%s not registered", tc.name)
		}
		if tgt.BigEndian != tc.big || tgt.Arch() != cpu0.Arch || tgt.CPUs()[0] != "cpu032II" || len(tgt.Pipeline()) == 0 {
			t.Errorf("%s: wrong description %+v", tc.name, tgt)
		}
		if tgt.BranchInfo() == nil || tgt.BranchInfo() != passes.BranchInfoFor(cpu0.Arch) {
			t.Errorf("%s: branch facts differ from those the passes see", tc.name)
		}
		if tgt.PhiElimHooks().Jump == nil || tgt.PhiElimHooks().Materialize == nil {
			t.Errorf("%s: no phi-elimination hooks", tc.name)
		}
	}
}
