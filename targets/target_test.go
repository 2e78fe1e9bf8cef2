package targets

import (
	"io"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
)

type noHooks struct{}

func (noHooks) BranchInfo() passes.BranchInfo     { return nil }
func (noHooks) PhiElimHooks() passes.PhiElimHooks { return passes.PhiElimHooks{} }
func (noHooks) Arch() *mir.Arch                   { return orphan }
func (noHooks) CPUs() []string                    { return []string{"x"} }
func (noHooks) Pipeline() []string                { return nil }
func (noHooks) Emit(io.Writer, *mir.Module, FileType, *passes.Config) error {
	return nil
}

var orphan = &mir.Arch{Name: "orphan"}

// TestRegisterNeedsPassesMachine: a target whose architecture has no
// passes.Machine would compile with the generic passes blind to it.
func TestRegisterNeedsPassesMachine(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Register accepted a target without a passes.Machine for its architecture")
		}
		if _, ok := Lookup("orphan"); ok {
			t.Error("the refused target is registered")
		}
	}()
	Register(&Target{Name: "orphan", Machine: noHooks{}})
}
