package passes

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
)

// simdDiamond is a diamond with ten instructions on each side and one
// merged value.
func simdDiamond(t *testing.T) *mir.Func {
	t.Helper()
	var b strings.Builder
	b.WriteString("--- function: f\narch: generic\nprops: ssa\nvregs: 30\nbody:\nbb0.entry:\n  %0.a:gpr = G_ARGS 1\n  %1:gpr = G_CONST 0\n  %2:gpr = G_ICMP sgt, %0, %1\n  G_BRCOND %2, bb1.then\n  G_BR bb2.else\n\n")
	side := func(name string, first int, next string) {
		fmt.Fprintf(&b, "bb%s:\n", name)
		prev := 0
		for i := 0; i < 10; i++ {
			fmt.Fprintf(&b, "  %%%d:gpr = G_ADD %%%d, %%0\n", first+i, prev)
			prev = first + i
		}
		fmt.Fprintf(&b, "  G_BR %s\n\n", next)
	}
	side("1.then", 3, "bb3.join")
	side("2.else", 13, "bb3.join")
	b.WriteString("bb3.join:\n  %23:gpr = PHI %12, bb1.then, %22, bb2.else\n  G_RET %23\n")
	f, err := mir.ParseFunc(b.String(), func(string) (*mir.Arch, error) { return mir.GenericArch, nil })
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestIfConvertSIMDModel: a scalar thread takes one side of the diamond,
// so 20 speculated instructions do not pay for one branch; a wave of 16
// lanes mostly runs both sides (WaveLanes), so they do; and a branch the
// target calls uniform (UniformBranches) stays whatever it costs.
func TestIfConvertSIMDModel(t *testing.T) {
	defer func() { testIfConvInfo = nil }()
	for _, c := range []struct {
		name    string
		lanes   int
		uniform bool
		want    int64
	}{
		{"scalar", 0, false, 0},
		{"wave", 16, false, 1},
		{"uniform", 16, true, 0},
	} {
		info := &IfConvInfo{BranchCost: 8, JumpCost: 4, PredCost: 1, SelectCost: 3, MaxInstrs: 40, WaveLanes: c.lanes}
		if c.uniform {
			info.UniformBranches = func(f *mir.Func) map[*mir.Block]bool { return map[*mir.Block]bool{f.Blocks[0]: true} }
		}
		testIfConvInfo = info
		cfg := NewConfig()
		f := simdDiamond(t)
		if err := ifConvertPass.Run(&Ctx{Cfg: cfg, Pass: ifConvertPass}, f); err != nil {
			t.Fatal(err)
		}
		if got := cfg.Stats.Get(ifConvertPass.Name, ifConvertPass.Stats[statICRegions]); got != c.want {
			t.Errorf("%s: %d regions converted, want %d\n%s", c.name, got, c.want, f)
		}
	}
}
