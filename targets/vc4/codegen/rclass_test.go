package codegen

import (
	"bytes"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/passes/regalloc"
)

// allocVC4 parses a machine-form function body and allocates it with the
// shared allocator (passes/regalloc, -regalloc=linear) over the register
// classes and read ports of rclass.go.
func allocVC4(t *testing.T, body string) (*mir.Func, *passes.Config) {
	t.Helper()
	src := "--- function: k\narch: vc4\nprops: nophis selected bundled\nbody:\n" + body
	f, err := mir.ParseFunc(src, lookupVC4)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	cfg := passes.NewConfig()
	cfg.Options["regalloc"] = "linear"
	if err := regalloc.Pass.Run(&passes.Ctx{Cfg: cfg, Pass: regalloc.Pass}, f); err != nil {
		t.Fatalf("regalloc: %v\n%s", err, f)
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Errorf("allocated code does not verify: %v\n%s", errs, f)
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				if Arch.ReadPortConflict(m) {
					t.Errorf("read-port conflict: %s\n%s", mir.FormatInstr(f, m), f)
				}
			}
		}
	}
	return f, cfg
}

// threadEnd ends the test kernels: the thread end and its two delay slots.
const threadEnd = `  bundle {
    V4_THREND
    V4_NOP
    V4_NOP
  }
`

// regOf returns the name of the register operand i of instruction k of
// f's first block.
func regOf(f *mir.Func, k, i int) string { return Arch.RegName(f.Blocks[0].Instrs[k].Ops[i].Reg) }

// The shared allocator places VC4 values by the A/B read-port rule (spec
// §4.1): a value read with elem_num (an A-only read address) goes to
// file B, one read with a small immediate (the B read field) to file A,
// and two values one instruction reads together to different files.
func TestSharedRegallocVC4Banks(t *testing.T) {
	f, cfg := allocVC4(t, `bb0.entry:
  %0:gpr = V4_MOV $unif
  %1:gpr = V4_MOV $unif
  %2:gpr = V4_ADD %0, $elem_num
  %3:gpr = V4_SHL %1, 2
  %4:gpr = V4_ADD %2, %3
  %5:gpr = V4_MUL24 %4, %4
  %6:gpr = V4_ADD %0, %1
  $vpm = V4_MOV %5
  $vpm = V4_MOV %6
`+threadEnd)
	file := func(r string) byte { return r[1] } // 'a' or 'b'
	if x0, x1 := regOf(f, 0, 0), regOf(f, 1, 0); file(x0) != 'b' || file(x1) != 'a' {
		t.Errorf("the value read with elem_num in %s (want file B), the one read with an immediate in %s (want A)\n%s", x0, x1, f)
	}
	if x, y := regOf(f, 4, 1), regOf(f, 4, 2); file(x) == file(y) {
		t.Errorf("%s reads %s and %s, one file\n%s", mir.FormatInstr(f, f.Blocks[0].Instrs[4]), x, y, f)
	}
	if n := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["portConflicts"]); n != 0 {
		t.Errorf("portConflicts = %d, want 0 (all avoided)", n)
	}
	if n := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["portConflictsAvoided"]); n == 0 {
		t.Errorf("portConflictsAvoided = 0\n%s", f)
	}
}

// A value read with a small immediate and, elsewhere, with elem_num
// cannot be in a file both reads allow: the allocator stages one read
// through a free register of the other file, copied by V4_MOV.
func TestSharedRegallocVC4Staging(t *testing.T) {
	f, cfg := allocVC4(t, `bb0.entry:
  %0:gpr = V4_MOV $unif
  %1:gpr = V4_SHL %0, 2
  %2:gpr = V4_ADD %0, $elem_num
  $vpm = V4_MOV %1
  $vpm = V4_MOV %2
`+threadEnd)
	if n := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["staged"]); n != 1 {
		t.Errorf("staged = %d, want 1\n%s", n, f)
	}
	if strings.Contains(f.String(), "COPY") {
		t.Errorf("a COPY is left: the staging copy is V4_MOV (passes.RegCopier)\n%s", f)
	}
}

// Two different small immediates take the one B read field (spec §4.1,
// §4.3): the shared allocator loads one with ldi into a free register
// (passes.ImmStager); its copies are V4_MOV (passes.RegCopier).
func TestSharedRegallocVC4Immediates(t *testing.T) {
	f, cfg := allocVC4(t, `bb0.entry:
  %0:gpr = V4_ASR 3, -1
  %1:gpr = V4_MOV $unif
  %2:gpr = V4_SHL %1, 2
  %3:gpr = V4_ADD %1, $elem_num
  $vpm = V4_MOV %0
  $vpm = V4_MOV %2
  $vpm = V4_MOV %3
`+threadEnd)
	if n := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["staged"]); n != 2 {
		t.Errorf("staged = %d, want 2 (an immediate, a register)\n%s", n, f)
	}
	s := f.String()
	if !strings.Contains(s, "V4_LDI") || strings.Contains(s, "COPY") {
		t.Errorf("want an ldi staging an immediate and no COPY\n%s", f)
	}
}

// A guarded write keeps the old value where the guard fails: its
// destination and the implicit read of the old value are one register
// (mir.Instr.GuardedOld), as the masked writes of the machine form need.
func TestSharedRegallocVC4GuardedWrite(t *testing.T) {
	f, _ := allocVC4(t, `bb0.entry:
  %0:gpr = V4_MOV $unif
  %1:gpr = V4_MOV $unif
  %2:gpr = V4_MOV $unif
  $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
  %0:gpr = V4_ADD %1, %2, pred:$zf, implicit %0, implicit $r3
  $vpm = V4_MOV %0
  $vpm = V4_MOV %1
  $vpm = V4_MOV %2
`+threadEnd)
	n := 0
	for _, in := range f.Blocks[0].Instrs {
		for _, k := range in.GuardedOld() {
			n++
			if d, old := in.Ops[0].Reg, in.Ops[k].Reg; d != old {
				t.Errorf("%s writes %s but keeps the old value of %s", mir.FormatInstr(f, in), Arch.RegName(d), Arch.RegName(old))
			}
		}
	}
	if n == 0 {
		t.Fatalf("no guarded write left\n%s", f)
	}
}

// TestSharedRegallocVC4Corpus lowers the corpus kernels
// (tests/vc4/kernels, clang -O0 and -O2, the pipeline up to vc4-mask) and
// allocates them with the shared allocator (-regalloc=linear) and VC4's
// hooks (rclass.go): every function allocated must verify and satisfy
// the read-port rule. It logs how many allocate and how many spill to
// stack slots: the work left before VC4 can switch (docs/vc4.md "Porting
// status"). -short: the -O2 kernels whose names start with a letter up
// to f.
func TestSharedRegallocVC4Corpus(t *testing.T) {
	clang, err := osexec.LookPath("clang-14")
	if err != nil {
		t.Skip("clang-14 not found")
	}
	files, _ := filepath.Glob("../../../tests/vc4/kernels/*.cl")
	if len(files) == 0 {
		t.Fatal("no corpus kernels")
	}
	untilMask := Pipeline[:slices.Index(Pipeline, "vc4-mask")+1]
	total, ok, spilled, spills := 0, 0, 0, int64(0)
	reasons := map[string]int{}
	for _, opt := range []string{"-O0", "-O2"} {
		for _, file := range files {
			name := strings.TrimSuffix(filepath.Base(file), ".cl")
			if testing.Short() && (opt == "-O0" || name[0] > 'f') {
				continue
			}
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header", "-ffp-contract=off",
				"-S", "-emit-llvm", opt, file, "-o", "-"}
			if !bytes.Contains(src, []byte("triple=host")) {
				args = append(args, "--target=spir")
			}
			ll, err := osexec.Command(clang, args...).Output()
			if err != nil {
				t.Fatalf("%s %s: clang: %v", name, opt, err)
			}
			irm, err := frontend.Parse(name+".ll", ll)
			if err != nil {
				t.Fatalf("%s %s: %v", name, opt, err)
			}
			m, err := frontend.Translate(irm, frontend.Options{Arch: Arch, File: name + ".ll", Src: ll})
			if err != nil {
				t.Fatalf("%s %s: %v", name, opt, err)
			}
			if err := runPasses(untilMask, m, nil); err != nil {
				t.Fatalf("%s %s: %v", name, opt, err)
			}
			for _, f := range m.Funcs {
				if machineForm(f) != formLowered {
					continue
				}
				total++
				cfg := passes.NewConfig()
				cfg.Options["regalloc"] = "linear"
				if err := regalloc.Pass.Run(&passes.Ctx{Cfg: cfg, Pass: regalloc.Pass}, f); err != nil {
					reason := err.Error()
					if i := strings.Index(reason, ": "); i >= 0 {
						reason = reason[i+2:]
					}
					if i := strings.Index(reason, ":"); i >= 0 {
						reason = reason[:i]
					}
					reasons[reason]++
					msg := err.Error()
					if len(msg) > 300 {
						msg = msg[:300] + "…"
					}
					t.Logf("%s %s %s: %s", name, opt, f.Name, msg)
					continue
				}
				if errs := mir.Verify(f); len(errs) > 0 {
					t.Errorf("%s %s %s: allocated code does not verify: %v", name, opt, f.Name, errs)
					continue
				}
				for _, b := range f.Blocks {
					for _, in := range b.Instrs {
						for _, x := range in.Flatten() {
							if Arch.ReadPortConflict(x) {
								t.Errorf("%s %s %s: read-port conflict: %s", name, opt, f.Name, mir.FormatInstr(f, x))
							}
						}
					}
				}
				ok++
				// Spills still go to stack slots (G_STORE32), which VC4
				// cannot emit: it needs passes.SpillExpander.
				if n := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["spills"]); n > 0 {
					spilled++
					spills += n
				}
			}
		}
	}
	t.Logf("shared allocator with VC4's hooks: %d of %d corpus functions allocate (%d of them spill %d values to stack slots); failures: %v",
		ok, total, spilled, spills, reasons)
}
