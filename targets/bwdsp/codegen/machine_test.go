package codegen

import (
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// TestNativeF32 checks that soft-float keeps float ops for BWDSP (its
// Machine is a passes.FloatMachine) unless soft-float-keep-f32=false, and
// always lowers double ones.
func TestNativeF32(t *testing.T) {
	for _, tc := range []struct {
		opt   string
		words int
		kept  bool
	}{{"", 1, true}, {"false", 1, false}, {"", 2, false}} {
		f := mir.NewFunc("f", bw.Arch)
		b := f.NewBlock("entry")
		var ops []mir.Operand
		for range tc.words {
			ops = append(ops, mir.D(f.NewVReg(0)))
		}
		for range 2 * tc.words {
			ops = append(ops, mir.R(f.NewVReg(0)))
		}
		b.Instrs = []*mir.Instr{mir.NewInstr(mir.GFAdd, ops...), mir.NewInstr(mir.GRet)}
		cfg := passes.NewConfig()
		if tc.opt != "" {
			cfg.Options[passes.OptSoftFloatKeepF32] = tc.opt
		}
		if err := passes.SoftFloat.Run(&passes.Ctx{Cfg: cfg, Pass: passes.SoftFloat}, f); err != nil {
			t.Fatal(err)
		}
		if kept := b.Instrs[0].Op == mir.GFAdd; kept != tc.kept {
			t.Errorf("option %q, %d words: kept %v, want %v", tc.opt, tc.words, kept, tc.kept)
		}
	}
}
