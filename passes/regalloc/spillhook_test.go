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

// unifFunc reads n stream words (UNIF, a side effect: it advances the
// stream), calls, and returns their weighted sum after the call.
func unifFunc(arch *mir.Arch, n int) *mir.Func {
	f := mir.NewFunc("unif", arch)
	b := f.NewBlock("entry")
	var us []mir.Reg
	for i := 0; i < n; i++ {
		u := f.NewVReg(0)
		b.Instrs = append(b.Instrs, mir.NewInstr(mock.UNIF, mir.D(u)))
		us = append(us, u)
	}
	sum := callF(f, b)
	for _, u := range us {
		s2, s3 := f.NewVReg(0), f.NewVReg(0)
		b.Instrs = append(b.Instrs, mir.NewInstr(mock.ADD, mir.D(s2), mir.R(sum), mir.R(u)),
			mir.NewInstr(mock.ADD, mir.D(s3), mir.R(s2), mir.R(s2)))
		sum = s3
	}
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GCopy, mir.D(mock.R(0)), mir.R(sum)), mir.NewInstr(mock.RET))
	f.RecomputeCFG()
	return f
}

// The target recomputes the stream words live across a call by reading
// them again (ULOAD), and keeps every UNIF, which advances the stream: a
// copy of UNIF would read the next word, and storing them would cost
// slots. A target that refuses to recompute constants gets them stored.
func TestTargetRemat(t *testing.T) {
	arch, m := mock.NewSpillArch(4, 1, 8)
	f := unifFunc(arch, 5)
	want, err := mock.Run(f, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := passes.NewConfig()
	if err := pipeline(t, f, cfg); err != nil {
		t.Fatal(err)
	}
	if got, err := mock.Run(f, 0, 0); err != nil || got.Ret != want.Ret {
		t.Fatalf("run: %v %v, want %v\n%s", got, err, want, f)
	}
	text := f.String()
	if n := strings.Count(text, "UNIF"); n != 5 {
		t.Errorf("%d UNIF, want the 5 of the input\n%s", n, text)
	}
	if !strings.Contains(text, "ULOAD") || strings.Contains(text, "ROWW") || strings.Contains(text, "STS") {
		t.Errorf("want the stream words read again, none stored\n%s", text)
	}
	if stat(cfg, "remats") == 0 {
		t.Errorf("remats = 0")
	}

	for _, refuse := range []bool{false, true} {
		m.NoConstRemat = refuse
		f := callFunc(arch, 3, true) // three constants across a call
		cfg := passes.NewConfig()
		if err := pipeline(t, f, cfg); err != nil {
			t.Fatal(err)
		}
		if got, err := mock.Run(f, 0, 0); err != nil || got.Ret != 5+10+11+12 {
			t.Fatalf("run: %v %v, want %d\n%s", got, err, 5+10+11+12, f)
		}
		stored := strings.Contains(f.String(), "ROWW")
		if stored != refuse || (stat(cfg, "remats") == 0) != refuse {
			t.Errorf("NoConstRemat %v: stored %v, %d remats\n%s", refuse, stored, stat(cfg, "remats"), f)
		}
	}
}
