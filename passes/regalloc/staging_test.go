package regalloc_test

import (
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/passes/regalloc/mock"
)

// twoImms reads two different immediates in one ADD: both take bank B's
// read port, so no assignment avoids the conflict.
const twoImms = `bb0.entry:
  %0:gpr = COPY $a0
  %1:gpr = ADD 3, 5
  %2:gpr = ADD %0, %1
  $a0 = COPY %2
  RET
`

// Immediates that conflict on the read ports are loaded into a free
// register by the target's passes.ImmStager (mock: LI); without it the
// conflict is an error.
func TestBanksStageImmediates(t *testing.T) {
	plain, _ := mock.NewBankedArch(4, 0)
	if _, _, err := allocBanked(t, plain, twoImms); err == nil || !strings.Contains(err.Error(), "read-port") {
		t.Fatalf("without an ImmStager: err = %v, want a read-port conflict", err)
	}
	arch, _ := mock.NewStagingArch(4, 0)
	f, cfg, err := allocBanked(t, arch, twoImms)
	if err != nil {
		t.Fatal(err)
	}
	if c := portConflicts(f); len(c) > 0 {
		t.Errorf("read-port conflicts left %v\n%s", c, f)
	}
	if s := stat(cfg, "staged"); s != 1 {
		t.Errorf("staged = %d, want 1\n%s", s, f)
	}
	ld := instrWith(f, mock.LI)
	if ld == nil || ld.Ops[1].Imm != 5 && ld.Ops[1].Imm != 3 {
		t.Errorf("no LI of an immediate of the ADD\n%s", f)
	}
}

// A target's passes.RegCopier makes every copy the allocator leaves its
// own instruction (mock: MOV): the staging copy of
// TestBanksStageUnavoidable and the copies of the input.
func TestBanksTargetCopies(t *testing.T) {
	arch, _ := mock.NewStagingArch(4, 0)
	f, cfg, err := allocBanked(t, arch, unavoidableConflict)
	if err != nil {
		t.Fatal(err)
	}
	if stat(cfg, "staged") != 1 {
		t.Errorf("staged = %d, want 1\n%s", stat(cfg, "staged"), f)
	}
	if instrWith(f, mir.GCopy) != nil {
		t.Errorf("a COPY is left\n%s", f)
	}
	if instrWith(f, mock.MOV) == nil {
		t.Errorf("no MOV\n%s", f)
	}
}

// Staging never puts code inside a bundle (a delay slot) nor before its
// head: a conflict of a bundle member that no assignment avoids goes to
// the target's resolver; values read together in a member are placed
// in different banks as anywhere else.
func TestBanksBundle(t *testing.T) {
	arch, m := mock.NewStagingArch(4, 0)
	var left []string
	m.Resolver = func(f *mir.Func, conflicts []*mir.Instr) error {
		for _, in := range conflicts {
			left = append(left, mir.FormatInstr(f, in))
		}
		return nil
	}
	f := parseMock(t, arch, `bb0.entry:
  %0:gpr = COPY $a0
  %1:gpr = COPY $a1
  bundle {
    %3:gpr = ADD 3, 5
    %2:gpr = ADD %0, %1
    OUT %0
  }
  OUT %3
  $a0 = COPY %2
  RET
`)
	cfg := passes.NewConfig()
	if err := pipeline(t, f, cfg); err != nil {
		t.Fatal(err)
	}
	if len(left) != 1 || !strings.Contains(left[0], "ADD 3, 5") {
		t.Errorf("conflicts reported %q, want the ADD of two immediates\n%s", left, f)
	}
	if instrWith(f, mock.LI) != nil || stat(cfg, "staged") != 0 {
		t.Errorf("staging code for a bundle member\n%s", f)
	}
	var add *mir.Instr
	for _, in := range f.Blocks[0].Instrs {
		if len(in.Bundle) > 0 {
			add = in.Bundle[0]
		}
	}
	if add == nil || f.Arch.ReadPortConflict(add) {
		t.Errorf("the bundle's ADD of two values conflicts\n%s", f)
	}
}

// A reserved register the target lends for staging (passes.StagingRegs;
// VC4's accumulators) takes the read no allocatable register can: movn3
// reads three values, and no register without a port is allocatable.
func TestBanksStagingRegs(t *testing.T) {
	arch, m := mock.NewStagingArch(4, 1)
	acc := mock.R(8)
	arch.Regs[acc].Reserved = true
	if _, _, err := allocBanked(t, arch, movn3); err == nil {
		t.Fatal("movn3 allocated without a staging register")
	}
	m.Staging = []mir.Reg{acc}
	f, cfg, err := allocBanked(t, arch, movn3)
	if err != nil {
		t.Fatal(err)
	}
	if c := portConflicts(f); len(c) > 0 || stat(cfg, "staged") != 1 {
		t.Errorf("conflicts %v, staged %d; want none, 1\n%s", c, stat(cfg, "staged"), f)
	}
	if !strings.Contains(f.String(), "$acc0") {
		t.Errorf("acc0 does not stage\n%s", f)
	}
}

// Spill code never goes after a bundle that holds its block's terminator:
// %4, defined beside the branch and spilled, cannot be stored there (its
// store would follow the branch and bb1 would reload a slot never
// written); the allocation fails instead of producing that code.
func TestSpillDefinedBesideBundledBranch(t *testing.T) {
	f := parseMock(t, mock.NewArch(3, 0), `bb0.entry:
  %0:gpr = COPY $r0
  %1:gpr = COPY $r1
  %2:gpr = ADDI %0, 1
  %3:gpr = ADDI %1, 2
  bundle {
    %4:gpr = ADD %2, %3
    BNZ %0, bb1
  }
bb2:
  %5:gpr = ADD %0, %1
  %6:gpr = ADD %5, %2
  %7:gpr = ADD %6, %3
  %8:gpr = ADD %7, %4
  $r0 = COPY %8
  RET
bb1:
  $r0 = COPY %4
  RET
`)
	err := pipeline(t, f, passes.NewConfig())
	if err == nil || !strings.Contains(err.Error(), "in its bundle") {
		t.Errorf("err = %v, want the spill of %%4 refused\n%s", err, f)
	}
}
