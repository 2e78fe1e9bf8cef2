package cpu0_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets/cpu0"
)

// TestSelectClangOutput runs call lowering, instruction selection and select
// lowering on real clang-14 output (testdata/isel/*.ll, made from the .c files) for
// both CPU variants, with the MIR verifier after every pass.
func TestSelectClangOutput(t *testing.T) {
	files, _ := filepath.Glob("testdata/isel/*.ll")
	if len(files) == 0 {
		t.Fatal("no inputs")
	}
	for _, file := range files {
		for _, mcpu := range []string{"cpu032I", "cpu032II"} {
			t.Run(filepath.Base(file)+"/"+mcpu, func(t *testing.T) {
				src, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				irm, err := frontend.Parse(file, src)
				if err != nil {
					t.Fatal(err)
				}
				m, err := frontend.Translate(irm, frontend.Options{Arch: cpu0.Arch, BigEndian: true, File: file, Src: src})
				if err != nil {
					t.Fatal(err)
				}
				cfg := passes.NewConfig()
				cfg.Options["mcpu"] = mcpu
				for _, f := range m.Funcs {
					if len(f.Blocks) == 0 {
						continue
					}
					for _, p := range []*passes.Pass{passes.WideIntLegalizePass, passes.SwitchLoweringPass, cpu0.CallLoweringPass, cpu0.ISelPass, cpu0.SelectPass} {
						if err := p.Run(&passes.Ctx{Cfg: cfg, Pass: p, Module: m}, f); err != nil {
							t.Fatalf("%s: %s: %v", f.Name, p.Name, err)
						}
						if errs := mir.Verify(f); len(errs) > 0 { // passes keep the CFG
							t.Fatalf("%s after %s: %v\n%s", f.Name, p.Name, errs, f)
						}
					}
					checkSelected(t, f, mcpu)
				}
			})
		}
	}
}

// checkSelected checks that only the generic ops later passes handle
// remain, and that cpu032I code uses no cpu032II opcode.
func checkSelected(t *testing.T, f *mir.Func, mcpu string) {
	t.Helper()
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			switch {
			case in.Op == mir.GCopy || in.Op == mir.GPhi || in.Op == mir.GImplicitDef:
			case in.Op.IsGeneric():
				t.Errorf("%s: generic op left: %s", f.Name, mir.FormatInstr(f, in))
			case cpu0.DefOf(in.Op).Flags&mir.FlagPseudo != 0:
				t.Errorf("%s: pseudo left: %s", f.Name, mir.FormatInstr(f, in))
			case mcpu == "cpu032I" && cpu0.DefOf(in.Op).Level == cpu0.Cpu032II:
				t.Errorf("%s: cpu032I code uses %s", f.Name, strings.ToLower(cpu0.DefOf(in.Op).Name))
			}
		}
	}
}
