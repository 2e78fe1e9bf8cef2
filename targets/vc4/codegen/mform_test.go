package codegen

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
)

func lookupVC4(name string) (*mir.Arch, error) { return Arch, nil }

// untilISel is Pipeline up to vc4-isel: the MIR the lowering reads.
var untilISel = Pipeline[:slices.Index(Pipeline, "vc4-isel")+1]

// prepareMIR runs untilISel on m (Prepare without vc4-mask and
// vc4-regalloc), for tests of the lowering's input and of the lowering.
func prepareMIR(m *mir.Module, cfg *passes.Config) error { return runPasses(untilISel, m, cfg) }

// roundTrip prints f, parses it back, prints again and requires the same
// text, and verifies f; it returns the parsed function.
func roundTrip(t *testing.T, what string, f *mir.Func) *mir.Func {
	t.Helper()
	var a, b strings.Builder
	if err := mir.Print(&a, f); err != nil {
		t.Fatalf("%s: print: %v", what, err)
	}
	g, err := mir.ParseFunc(a.String(), lookupVC4)
	if err != nil {
		t.Fatalf("%s: parse: %v\n%s", what, err, a.String())
	}
	if err := mir.Print(&b, g); err != nil {
		t.Fatalf("%s: print: %v", what, err)
	}
	if a.String() != b.String() {
		t.Errorf("%s: printed MIR does not round trip:\n%s\nvs\n%s", what, a.String(), b.String())
	}
	if errs := mir.Verify(g); len(errs) > 0 {
		t.Errorf("%s: machine form does not verify: %v\n%s", what, errs, a.String())
	}
	return g
}

// emitted returns the vc4asm text of the allocated machine form f.
func emitted(t *testing.T, what string, f *mir.Func) string {
	t.Helper()
	lines, _, err := emitMachine(f)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	out, _ := finishLines(lines)
	return render(out, f.Name)
}

// TestMachineFormRoundTrip compiles the VC4 lit kernels and checks that
// the lowered code and the allocated code survive the printed machine
// form: MIR -> text -> MIR prints the same (lowered) and emits the same
// lines (allocated), and the machine form verifies.
func TestMachineFormRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../../../tests/lit/vc4/*.ll")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit kernels: %v", err)
	}
	n := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := frontend.Parse(file, src)
		if err != nil {
			continue
		}
		mm, err := frontend.Translate(m, frontend.Options{Arch: Arch, File: file, Src: src})
		if err != nil || prepareMIR(mm, nil) != nil {
			continue // the diagnostics tests
		}
		gl, err := LayoutGlobals(mm)
		if err != nil {
			continue
		}
		for _, f := range Kernels(mm) {
			what := filepath.Base(file) + ":" + f.Name
			l, mf, err := lowerMachine(f, 16, Options{Globals: gl})
			if err != nil {
				continue
			}
			n++
			g := roundTrip(t, what+" (vc4-mask)", mf)
			// The allocated code: the emitted lines are the same.
			if _, _, err := allocate(g, newSpiller(func() int { return g.NewVReg(0).VirtIndex() }, l.unif[UnifScratch], int64(l.stats.ScratchBytes))); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			want := emitted(t, what, g)
			g = roundTrip(t, what+" (vc4-regalloc)", g)
			if got := emitted(t, what, g); got != want {
				t.Errorf("%s: the allocated code changes through the machine form", what)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d kernels compiled", n)
	}
}

// TestMachineVerifier: the verifier rejects what the machine cannot do.
func TestMachineVerifier(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"$r4 = V4_MOV $unif", "$r4 cannot be written"},
		{"$nop = V4_MOV $vw_setup", "$vw_setup cannot be read"},
		{"%0:gpr = V4_MOV 1, pred:$nf, implicit %0, implicit $r3", "needs a guard on $zf"},
		{"%0:gpr = V4_MOV 1, pred:$zf, implicit %0, implicit $r3", "needs Z = the active lanes"},
		{"$nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf\n  %0:gpr = V4_MOV 1, pred:$zf, implicit %0, implicit $r3", ""},
		{"$nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf\n  $nop = V4_SUB $r0, 1, implicit-def $zf, implicit-def $nf, implicit-def $cf\n  %0:gpr = V4_MOV 1, pred:$zf, implicit %0, implicit $r3", "needs Z = the active lanes"},
		{"$r3 = V4_MOV 2, pred:$zf, implicit $r3", ""}, // a conditional write to the mask is not masked
		{"%0:gpr = V4_ROT_M $r0, 16", "rotation is an immediate 1..15"},
		{"%0:gpr = V4_ADD $r0, 100", "not a small immediate"},
		{"%0:gpr = V4_FMUL $r0, 1073741824", ""}, // 2.0
	} {
		src := "--- function: k\narch: vc4\nbody:\nbb0:\n  " + c.src + "\n  V4_THREND\n"
		f, err := mir.ParseFunc(src, lookupVC4)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		errs := mir.Verify(f)
		switch {
		case c.want == "" && len(errs) > 0:
			t.Errorf("%s: %v", c.src, errs)
		case c.want != "" && (len(errs) == 0 || !strings.Contains(errs[0].Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.src, errs, c.want)
		}
	}
}
