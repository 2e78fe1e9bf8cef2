package regress

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets/cpu0"
	"lltosimd/tests/internal/testtools"
)

// TestSwitchShapesMatchLLC checks that switch-lowering builds, for every
// switch shape of testdata/switch-shapes.ll, as many jump tables as llc
// -march=mipsel does at -O2 and at -O0 (llc names them $JTI<function
// number>_<n>, functions numbered by definition order). The programs' results
// are checked against lli by TestRegress.
func TestSwitchShapesMatchLLC(t *testing.T) {
	const file = "testdata/switch-shapes.ll"
	llc := testtools.Tool(t, "LLC", "llc")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	jti := regexp.MustCompile(`(?m)^\$JTI(\d+)_\d+:`)
	for _, opt := range []string{"0", "2"} {
		out, se, code, err := testtools.Run(nil, llc, "-march=mipsel", "-O"+opt, "-o", "-", file)
		if err != nil || code != 0 {
			t.Fatalf("llc: %v %s", err, se)
		}
		want := map[int]int{}
		for _, m := range jti.FindAllStringSubmatch(out, -1) {
			n, _ := strconv.Atoi(m[1])
			want[n]++
		}
		irm, err := frontend.Parse(file, src)
		if err != nil {
			t.Fatal(err)
		}
		m, err := frontend.Translate(irm, frontend.Options{Arch: cpu0.Arch, File: file, Src: src})
		if err != nil {
			t.Fatal(err)
		}
		cfg := passes.NewConfig()
		cfg.Options["O"] = opt
		shapes, i := 0, -1
		for _, f := range m.Funcs {
			if len(f.Blocks) == 0 {
				continue
			}
			i++
			if err := passes.SwitchLoweringPass.Run(&passes.Ctx{Cfg: cfg, Pass: passes.SwitchLoweringPass}, f); err != nil {
				t.Fatal(err)
			}
			if errs := mir.Verify(f); len(errs) > 0 {
				t.Fatalf("%s: %v\n%s", f.Name, errs, f)
			}
			if got := len(f.JumpTables); got != want[i] {
				t.Errorf("-O%s %s: %d jump tables, llc builds %d", opt, f.Name, got, want[i])
			}
			if want[i] > 0 {
				shapes++
			}
		}
		if shapes == 0 {
			t.Fatalf("-O%s: llc built no jump table at all: is the file right?", opt)
		}
	}
}
