package codegen

import (
	"os"
	"testing"

	"lltosimd/frontend"
	"lltosimd/isel"
	"lltosimd/mir"
	"lltosimd/passes"
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

// TestRuleCoverage runs the pipeline up to vc4-isel on testdata/isel_ops.ll,
// selects with a coverage counter and the MIR verifier after, and requires
// every rule to fire.
func TestRuleCoverage(t *testing.T) {
	src, err := os.ReadFile("testdata/isel_ops.ll")
	if err != nil {
		t.Fatal(err)
	}
	irm, err := frontend.Parse("isel_ops.ll", src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := frontend.Translate(irm, frontend.Options{Arch: Arch, File: "isel_ops.ll", Src: src})
	if err != nil {
		t.Fatal(err)
	}
	cfg := passes.NewConfig()
	plan, err := passes.NewPlan(untilISel[:len(untilISel)-1], cfg, mir.PropSSA)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plan.Run(m, passes.Dump{}); err != nil {
		t.Fatal(err)
	}
	// IMPLICIT_DEF comes from code after a trap, which kernels lack.
	undef, err := mir.ParseFunc(`--- function: u
arch: vc4
vregs: 2
body:
bb0:
  %0:gpr = IMPLICIT_DEF
  %1:gpr = G_ADD %0, 1
  G_STORE32 %1, %0, 0
  G_RET
`, func(string) (*mir.Arch, error) { return Arch, nil })
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Table()
	if err != nil {
		t.Fatal(err)
	}
	cov := isel.Coverage{}
	for _, f := range append(m.Funcs, undef) {
		s := &isel.Selector{Table: tab, Coverage: cov}
		if err := s.Select(f); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		f.Props &^= mir.PropSelected // memory, calls and branches stay generic
		if errs := mir.Verify(f); len(errs) > 0 {
			t.Fatalf("%s: %v\n%s", f.Name, errs, f)
		}
	}
	for _, r := range cov.Unfired(tab) {
		t.Errorf("rule %s never fired on testdata/isel_ops.ll", r)
	}
}
