package passes

import (
	"strings"
	"testing"

	"lltosimd/mir"
)

const atomicMIR = `--- function: f
arch: generic
props: ssa
vregs: 6
body:
bb0.0:
  %0:gpr, %1:gpr = G_ARGS 1, 1
  %2:gpr = G_ATOMICRMW_ADD %0, 0, 4, 0, %1
  %3:gpr, %4:gpr = G_ATOMIC_CMPXCHG %0, 8, 2, 0, %1, %2
  G_FENCE 7
  G_RET %3
`

func parseAtomicMIR(t *testing.T) *mir.Func {
	t.Helper()
	f, err := mir.ParseFunc(atomicMIR, func(string) (*mir.Arch, error) { return mir.GenericArch, nil })
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestAtomicLoweringRefusesMultiCore: a target that is not single-core and
// selects no atomic op gets a clear error naming the op, not silently
// non-atomic code.
func TestAtomicLoweringRefusesMultiCore(t *testing.T) {
	f := parseAtomicMIR(t)
	err := LowerAtomics(&Ctx{Pass: AtomicLoweringPass}, f, AtomicInfo{})
	if err == nil || !strings.Contains(err.Error(), "unsupported: G_ATOMICRMW_ADD") {
		t.Fatalf("got %v, want an unsupported G_ATOMICRMW_ADD error", err)
	}
}

// TestAtomicLoweringKeepsLegal: the ops a target declares legal stay for
// its selection (here word accesses and fences), the others are expanded.
func TestAtomicLoweringKeepsLegal(t *testing.T) {
	f := parseAtomicMIR(t)
	cfg := NewConfig()
	legal := func(op mir.Opcode, size int64) bool { return op == mir.GFence || size == 4 }
	if err := LowerAtomics(&Ctx{Cfg: cfg, Pass: AtomicLoweringPass}, f, AtomicInfo{SingleCore: true, Legal: legal}); err != nil {
		t.Fatal(err)
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Fatal(errs)
	}
	text := f.String()
	for _, want := range []string{"G_ATOMICRMW_ADD %0, 0, 4, 0, %1", "G_FENCE 7", "%3:gpr = G_LOAD16U %0, 8", "G_STORE16"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "G_ATOMIC_CMPXCHG") {
		t.Errorf("the 2-byte compare-exchange was kept:\n%s", text)
	}
	if n := cfg.Stats.Get(AtomicLoweringPass.Name, AtomicLoweringPass.Stats[statAtomicKept]); n != 2 {
		t.Errorf("kept = %d, want 2", n)
	}
}
