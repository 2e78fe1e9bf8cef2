package regalloc_test

import (
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/passes/regalloc/mock"
)

// checkTargetSpills fails t unless f spills only through the target's
// code: no stack slot, no G_STORE32/G_LOAD32, one base computation.
func checkTargetSpills(t *testing.T, f *mir.Func) {
	t.Helper()
	text := f.String()
	if len(f.Frame) != 0 || strings.Contains(text, "G_STORE32") || strings.Contains(text, "G_LOAD32") {
		t.Errorf("stack spill code with a SpillExpander\n%s", text)
	}
	if n := strings.Count(text, "LI 4096"); n > 1 {
		t.Errorf("%d base computations, want at most 1\n%s", n, text)
	}
}

// Five values live across a call, one callee-saved register (which the
// base register of the scratch words takes: it is never spilled): all are
// spilled, the two dearest (the shortest: the spill weight is references
// per live position) to the target's rows, the others to its scratch
// words through a base register computed once at the entry, and none to
// the stack.
func TestTargetSpillCode(t *testing.T) {
	arch, m := mock.NewSpillArch(4, 1, 2)
	f := callFunc(arch, 5, false)
	f.RecomputeCFG()
	want, err := mock.Run(f, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := passes.NewConfig()
	if err := pipeline(t, f, cfg); err != nil {
		t.Fatal(err)
	}
	if got, err := mock.Run(f, 3, 0); err != nil || got.Ret != want.Ret {
		t.Fatalf("run: %v %v, want %v\n%s", got, err, want, f)
	}
	checkTargetSpills(t, f)
	text := f.String()
	for _, op := range []string{"ROWW", "ROWR", "STS", "LDS", "LI 4096"} {
		if !strings.Contains(text, op) {
			t.Errorf("no %s\n%s", op, text)
		}
	}
	if len(m.Weights) < 5 {
		t.Fatalf("weights %v: fewer than 5 values spilled\n%s", m.Weights, text)
	}
	for i := 1; i < 5; i++ {
		if m.Weights[i] > m.Weights[i-1] {
			t.Errorf("slots given in weight order %v, want the dearest first", m.Weights[:5])
		}
	}
	if n := stat(cfg, "spills"); n < 5 {
		t.Errorf("spills = %d, want 5 or more", n)
	}
}

// TestRandomTargetSpills allocates random programs on tiny register files
// whose target spills with its own code, under linear and tuple: the
// code computes what the SSA code does and never touches the stack.
func TestRandomTargetSpills(t *testing.T) {
	for _, ra := range []string{"linear", "tuple"} {
		cfg := passes.NewConfig()
		cfg.Options["regalloc"] = ra
		rows, words := 0, 0
		for _, shape := range [][3]int{{4, 1, 1}, {5, 1, 2}, {6, 2, 0}} {
			arch, _ := mock.NewSpillArch(shape[0], shape[1], shape[2])
			for seed := int64(1); seed <= 100; seed++ {
				_, f := allocateAndCheck(t, arch, seed, cfg)
				checkTargetSpills(t, f)
				rows += strings.Count(f.String(), "ROWR")
				words += strings.Count(f.String(), "LDS")
			}
		}
		if rows == 0 || words == 0 || stat(cfg, "spills") == 0 {
			t.Errorf("%s: %d row reloads, %d scratch reloads, %d spills: the programs do not exercise the target's spill code",
				ra, rows, words, stat(cfg, "spills"))
		}
	}
	// gra-lra spills around blocks after assignment: not with target code.
	arch, _ := mock.NewSpillArch(3, 1, 1)
	cfg := passes.NewConfig()
	cfg.Options["regalloc"] = "gra-lra"
	if err := pipeline(t, mock.Generate(arch, 1, 20), cfg); err == nil || !strings.Contains(err.Error(), "SpillExpander") {
		t.Errorf("gra-lra with target spill code: err = %v", err)
	}
}
