package codegen

import (
	"os"
	"os/exec"
	"testing"

	"lltosimd/frontend"
	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// TestNoShadowedRules checks that no rule is always pre-empted by an
// earlier one.
func TestNoShadowedRules(t *testing.T) {
	tab, err := Table()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range tab.Shadowed() {
		t.Error(s)
	}
}

// TestRuleCoverage selects clang's output for testdata/ops.c at -O0 and
// -O2 with the verifier after every pass and requires every rule of the
// table to fire.
func TestRuleCoverage(t *testing.T) {
	clang, err := exec.LookPath("clang-14")
	if err != nil {
		t.Skip("clang-14 not found")
	}
	tab, err := Table()
	if err != nil {
		t.Fatal(err)
	}
	cov := isel.Coverage{}
	vops, err := os.ReadFile("testdata/vops.ll") // the SIMD rules
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []string{"-O0", "-O2", "vops.ll"} {
		src := vops
		if opt != "vops.ll" {
			src, err = exec.Command(clang, "--target=mipsel-unknown-linux-gnu", opt, "-ffreestanding", "-S", "-emit-llvm", "-o", "-", "testdata/ops.c").Output()
			if err != nil {
				t.Fatal(err)
			}
		}
		irm, err := frontend.Parse("ops.ll", src)
		if err != nil {
			t.Fatal(err)
		}
		m, err := frontend.Translate(irm, frontend.Options{Arch: bw.Arch, File: "ops.ll", Src: src})
		if err != nil {
			t.Fatal(err)
		}
		cfg := passes.NewConfig()
		for _, f := range m.Funcs {
			for _, p := range []*passes.Pass{passes.WideIntLegalizePass, passes.VectorLegalizePass, passes.SwitchLoweringPass, passes.SoftFloat, CallLowering, passes.StridedLoads} {
				if err := p.Run(&passes.Ctx{Cfg: cfg, Pass: p, Module: m}, f); err != nil {
					t.Fatalf("%s: %s: %v", f.Name, p.Name, err)
				}
			}
			if err := vectorClasses(f); err != nil {
				t.Fatal(err)
			}
			s := &isel.Selector{Table: tab, Coverage: cov}
			if err := s.Select(f); err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			f.RecomputeCFG()
			if errs := mir.Verify(f); len(errs) > 0 {
				t.Fatalf("%s: %v\n%s", f.Name, errs, f)
			}
		}
	}
	for _, r := range cov.Unfired(tab) {
		t.Errorf("rule %s never fired on testdata/ops.c or vops.ll", r)
	}
}
