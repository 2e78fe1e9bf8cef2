package regalloc_test

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/passes/regalloc"
	"lltosimd/passes/regalloc/mock"
)

// parseMock parses the body of a function of arch (MIR text, SSA with
// virtual registers, instructions selected).
func parseMock(t *testing.T, arch *mir.Arch, body string) *mir.Func {
	t.Helper()
	src := "--- function: f\narch: " + arch.Name + "\nprops: selected\nbody:\n" + body
	f, err := mir.ParseFunc(src, func(string) (*mir.Arch, error) { return arch, nil })
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return f
}

// allocBanked runs the pipeline on body for arch and checks that the
// allocated code computes what the input computes (mock.Run with
// arguments 7, 11). It returns the allocated function, the statistics
// and the pipeline's error.
func allocBanked(t *testing.T, arch *mir.Arch, body string) (*mir.Func, *passes.Config, error) {
	t.Helper()
	f := parseMock(t, arch, body)
	want, err := mock.Run(f, 7, 11)
	if err != nil {
		t.Fatalf("reference run: %v", err)
	}
	cfg := passes.NewConfig()
	if err := pipeline(t, f, cfg); err != nil {
		return f, cfg, err
	}
	if got, err := mock.Run(f, 7, 11); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("run: %v, %v; want %v\n%s", got, err, want, f)
	}
	return f, cfg, nil
}

func stat(cfg *passes.Config, key string) int64 {
	return cfg.Stats.Get("regalloc", regalloc.Pass.Stats[key])
}

// portConflicts returns the instructions of f whose reads do not fit the
// read ports.
func portConflicts(f *mir.Func) []string {
	var out []string
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if f.Arch.ReadPortConflict(in) {
				out = append(out, mir.FormatInstr(f, in))
			}
		}
	}
	return out
}

// instrWith returns the first instruction of f with op.
func instrWith(f *mir.Func, op mir.Opcode) *mir.Instr {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if in.Op == op {
				return in
			}
		}
	}
	return nil
}

// Two values an instruction reads together go to different banks: first
// fit would give both bank A (a1, then a0 when %0 dies), and the ADD
// could not read them in one instruction.
func TestBanksReadTogether(t *testing.T) {
	arch, _ := mock.NewBankedArch(4, 0)
	f, cfg, err := allocBanked(t, arch, `bb0.entry:
  %0:gpr = COPY $a0
  %1:gpr = ADDI %0, 1
  %2:gpr = ADDI %0, 2
  %3:gpr = ADD %1, %2
  $a0 = COPY %3
  RET
`)
	if err != nil {
		t.Fatal(err)
	}
	add := instrWith(f, mock.ADD)
	x, y := add.Ops[1].Reg, add.Ops[2].Reg
	if arch.Regs[x].Banks == arch.Regs[y].Banks {
		t.Errorf("ADD reads $%s and $%s, both in one bank\n%s", arch.RegName(x), arch.RegName(y), f)
	}
	if c := portConflicts(f); len(c) > 0 {
		t.Errorf("read-port conflicts %v\n%s", c, f)
	}
	if n := stat(cfg, "portConflictsAvoided"); n == 0 {
		t.Errorf("portConflictsAvoided = 0\n%s", f)
	}
	if n := stat(cfg, "portConflicts"); n != 0 {
		t.Errorf("portConflicts = %d, want 0", n)
	}
}

// unavoidableConflict is the input of TestBanksStageUnavoidable.
const unavoidableConflict = `bb0.entry:
  %0:gpr = COPY $a0
  %1:gpr = COPY $a1
  %2:gpr = ADDI %0, 5
  %3:gpr = ADDI %1, 6
  %4:gpr = ADD %0, %1
  OUT %2
  OUT %3
  $a0 = COPY %4
  RET
`

// A conflict no assignment avoids: %0 and %1 are each read with an
// immediate (bank B's port), so neither can be in bank B, and ADD reads
// both. The allocator reports it (statistic portConflicts) and stages
// one operand through a free register of bank B.
func TestBanksStageUnavoidable(t *testing.T) {
	arch, _ := mock.NewBankedArch(4, 0)
	f, cfg, err := allocBanked(t, arch, unavoidableConflict)
	if err != nil {
		t.Fatal(err)
	}
	if c := portConflicts(f); len(c) > 0 {
		t.Errorf("read-port conflicts left %v\n%s", c, f)
	}
	if n, s := stat(cfg, "portConflicts"), stat(cfg, "staged"); n != 1 || s != 1 {
		t.Errorf("portConflicts = %d, staged = %d; want 1, 1\n%s", n, s, f)
	}
	if !strings.Contains(f.String(), "$b") {
		t.Errorf("no bank-B register staged\n%s", f)
	}
}

// movn3 reads three different values in one instruction (MOVN's tied
// old value is an explicit operand): with two banks and no register
// without a port, no staging helps.
const movn3 = `bb0.entry:
  %0:gpr = COPY $a0
  %1:gpr = COPY $a1
  %2:gpr = ADDI %0, 5
  %3:gpr = MOVN %0, %1, %2
  $a0 = COPY %3
  RET
`

// A conflict neither the assignment nor staging can repair goes to the
// target's passes.ReadPortResolver (statistic portConflictsLeft); a
// target without one gets an error, not illegal code.
func TestBanksConflictReported(t *testing.T) {
	arch, m := mock.NewBankedArch(4, 0)
	var got []string
	m.Resolver = func(f *mir.Func, conflicts []*mir.Instr) error {
		for _, in := range conflicts {
			got = append(got, mir.FormatInstr(f, in))
		}
		return nil
	}
	f, cfg, err := allocBanked(t, arch, movn3)
	if err != nil {
		t.Fatal(err)
	}
	if want := portConflicts(f); len(got) != 1 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("resolver got %q, conflicts in the code %q\n%s", got, want, f)
	}
	if !strings.Contains(fmt.Sprint(got), "MOVN") {
		t.Errorf("resolver got %q, want the MOVN", got)
	}
	if n := stat(cfg, "portConflictsLeft"); n != 1 {
		t.Errorf("portConflictsLeft = %d, want 1", n)
	}
	m.Resolver = nil
	if _, _, err := allocBanked(t, arch, movn3); err == nil || !strings.Contains(err.Error(), "read-port conflicts") {
		t.Errorf("without a resolver: err = %v, want the read-port conflicts", err)
	}
}

// With a register that takes no read port (acc0), the same conflict is
// staged through it.
func TestBanksStagePortless(t *testing.T) {
	arch, _ := mock.NewBankedArch(4, 1)
	f, cfg, err := allocBanked(t, arch, movn3)
	if err != nil {
		t.Fatal(err)
	}
	if c := portConflicts(f); len(c) > 0 {
		t.Errorf("read-port conflicts left %v\n%s", c, f)
	}
	if n := stat(cfg, "portConflictsLeft"); n != 0 {
		t.Errorf("portConflictsLeft = %d\n%s", n, f)
	}
	if !strings.Contains(f.String(), "$acc0") {
		t.Errorf("acc0 unused\n%s", f)
	}
}

// TestRandomBankedPrograms allocates random programs on banked register
// files with each allocator: the code computes what the SSA code does,
// the conflicts left reach the resolver and are the only ones, and the
// bank preference and staging both happen.
func TestRandomBankedPrograms(t *testing.T) {
	for _, ra := range []string{"linear", "tuple"} {
		cfg := passes.NewConfig()
		cfg.Options["regalloc"] = ra
		var left, found int
		for _, shape := range [][2]int{{2, 1}, {3, 0}, {4, 2}} {
			arch, m := mock.NewBankedArch(shape[0], shape[1])
			m.Resolver = func(f *mir.Func, conflicts []*mir.Instr) error {
				left += len(conflicts)
				return nil
			}
			for seed := int64(1); seed <= 100; seed++ {
				_, f := allocateAndCheck(t, arch, seed, cfg)
				found += len(portConflicts(f))
			}
		}
		if left != found {
			t.Errorf("%s: %d conflicts reported, %d in the code", ra, left, found)
		}
		for _, key := range []string{"portConflictsAvoided", "staged"} {
			if stat(cfg, key) == 0 {
				t.Errorf("%s: statistic %s is 0", ra, key)
			}
		}
		t.Logf("%s: avoided %d, conflicts %d, staged %d, left %d", ra, stat(cfg, "portConflictsAvoided"),
			stat(cfg, "portConflicts"), stat(cfg, "staged"), stat(cfg, "portConflictsLeft"))
	}
}
