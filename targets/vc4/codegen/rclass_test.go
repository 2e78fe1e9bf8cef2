package codegen

import (
	"strings"
	"testing"

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
// through a free register of the other file.
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
	if !strings.Contains(f.String(), "COPY") {
		t.Errorf("no staging copy\n%s", f)
	}
}
