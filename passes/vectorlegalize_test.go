package passes

import (
	"strings"
	"testing"

	"lltosimd/mir"
)

// vecArch is a mock architecture whose Machine (vecMachine) selects only
// G_ADD, G_SHUFFLE_VECTOR and vector loads and stores on v4s32: the rest
// of every vector computation must be split around them.
var vecArch = &mir.Arch{Name: "vecmock", Classes: []mir.RegClassDesc{{Name: "gpr", Size: 4}}}

type vecMachine struct{}

func (vecMachine) BranchInfo() BranchInfo     { return nil }
func (vecMachine) PhiElimHooks() PhiElimHooks { return PhiElimHooks{} }
func (vecMachine) VectorLegal(op mir.Opcode, t mir.VecType) bool {
	return t == mir.VecType{Lanes: 4, Bits: 32} && (op == mir.GAdd || op == mir.GVLoad || op == mir.GVStore || op == mir.GShuffleVector)
}

func init() { RegisterMachine(vecArch, vecMachine{}) }

const mixedVectorMIR = `--- function: mixed
arch: vecmock
props: ssa
vector-vregs: %2:v4s32, %3:v4s32, %4:v4s32, %5:v4s32, %6:v4s32
body:
bb0.entry:
  %0:gpr, %1:gpr = G_ARGS 1, 1
  %2:gpr = G_VLOAD %0, 0, 16
  %3:gpr = G_BUILD_VECTOR 1, 2, %1, 4
  %4:gpr = G_ADD %2, %3
  %5:gpr = G_MUL %4, %4
  %6:gpr = G_ADD %5, %2
  G_VSTORE %6, %0, 0, 16
  G_RET
`

// TestVectorLegalizeMachine runs the pass with a target that keeps some
// v4s32 ops whole: the legal ones stay (with their vector operands), the
// multiply is split into lane multiplies that read the sum's lanes
// (G_EXTRACT_VECTOR_ELT after the sum) and are built back into the
// vector the second add reads.
func TestVectorLegalizeMachine(t *testing.T) {
	m, err := mir.Parse(mixedVectorMIR, func(string) (*mir.Arch, error) { return vecArch, nil })
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	cfg := NewConfig()
	if err := VectorLegalizePass.Run(&Ctx{Cfg: cfg, Pass: VectorLegalizePass}, f); err != nil {
		t.Fatal(err)
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Fatalf("verifier: %v\n%s", errs, f)
	}
	want := []string{
		"%2:gpr = G_VLOAD %0, 0, 16",
		"%3:gpr = G_BUILD_VECTOR 1, 2, %1, 4",
		"%4:gpr = G_ADD %2, %3",
		"%7:gpr = G_EXTRACT_VECTOR_ELT %4, 0",
		"%8:gpr = G_EXTRACT_VECTOR_ELT %4, 1",
		"%9:gpr = G_EXTRACT_VECTOR_ELT %4, 2",
		"%10:gpr = G_EXTRACT_VECTOR_ELT %4, 3",
		"%11:gpr = G_MUL %7, %7",
		"%12:gpr = G_MUL %8, %8",
		"%13:gpr = G_MUL %9, %9",
		"%14:gpr = G_MUL %10, %10",
		"%5:gpr = G_BUILD_VECTOR %11, %12, %13, %14",
		"%6:gpr = G_ADD %5, %2",
		"G_VSTORE %6, %0, 0, 16",
		"G_RET",
	}
	var got []string
	for _, in := range f.Blocks[0].Instrs[1:] {
		got = append(got, strings.TrimSpace(mir.FormatInstr(f, in)))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The load, the adds and the store (the constant vector is not legal:
	// its lanes are known, and it is built again for the add).
	if n := cfg.Stats.Get("vector-legalize", "Number of vector instructions kept whole"); n != 4 {
		t.Errorf("kept %d, want 4", n)
	}
	// Every vector register left is one a kept op reads or writes.
	for _, r := range []mir.Reg{mir.VirtBase + 2, mir.VirtBase + 3, mir.VirtBase + 4, mir.VirtBase + 5, mir.VirtBase + 6} {
		if _, ok := f.VecOf(r); !ok {
			t.Errorf("%%%d lost its vector shape", r.VirtIndex())
		}
	}
}

// TestVectorLegalizeRefuses checks that an op the pass cannot split gives
// an error naming it, not a panic.
func TestVectorLegalizeRefuses(t *testing.T) {
	f := mir.NewFunc("f", mir.GenericArch)
	f.Props = mir.PropSSA
	b := f.NewBlock("entry")
	v := f.NewVecVReg(mir.VecType{Lanes: 2, Bits: 32})
	w := f.NewVecVReg(mir.VecType{Lanes: 2, Bits: 32})
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GImplicitDef, mir.D(v)),
		mir.NewInstr(mir.GRotl, mir.D(w), mir.R(v), mir.R(v)),
		mir.NewInstr(mir.GRet),
	}
	f.RecomputeCFG()
	err := LegalizeVectors(&Ctx{Cfg: NewConfig(), Pass: VectorLegalizePass}, f, func(mir.Opcode, mir.VecType) bool { return false })
	if err == nil || !strings.Contains(err.Error(), "cannot scalarize G_ROTL") {
		t.Errorf("err = %v, want cannot scalarize G_ROTL", err)
	}
}

// TestVectorLegalizeShuffleSources checks that a shuffle is kept whole
// only when the target keeps its sources' shape too: a v4s32 result of
// v8s32 sources (which this target splits) goes lane by lane, a v4s32
// shuffle of v4s32 sources stays.
func TestVectorLegalizeShuffleSources(t *testing.T) {
	const src = `--- function: shuf
arch: vecmock
props: ssa
vector-vregs: %2:v4s32, %3:v4s32, %4:v8s32, %5:v4s32
body:
bb0.entry:
  %0:gpr, %1:gpr = G_ARGS 1, 1
  %2:gpr = G_VLOAD %0, 0, 16
  %3:gpr = G_SHUFFLE_VECTOR %2, %2, 3, 2, 1, 0
  %4:gpr = G_BUILD_VECTOR 1, 2, 3, 4, 5, 6, 7, %1
  %5:gpr = G_SHUFFLE_VECTOR %4, %4, 7, 0, 9, -1
  G_VSTORE %3, %0, 0, 16
  G_VSTORE %5, %0, 16, 16
  G_RET
`
	m, err := mir.Parse(src, func(string) (*mir.Arch, error) { return vecArch, nil })
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	if err := VectorLegalizePass.Run(&Ctx{Cfg: NewConfig(), Pass: VectorLegalizePass}, f); err != nil {
		t.Fatal(err)
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Fatalf("verifier: %v\n%s", errs, f)
	}
	text := f.String()
	if n := strings.Count(text, "G_SHUFFLE_VECTOR"); n != 1 || !strings.Contains(text, "G_SHUFFLE_VECTOR %2, %2, 3, 2, 1, 0") {
		t.Errorf("want only the v4s32 shuffle kept whole (%d shuffles):\n%s", n, text)
	}
}
