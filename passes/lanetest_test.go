package passes

import (
	"fmt"
	"testing"

	"lltosimd/mir"
)

// TestMatchLaneTest checks the lane reductions MatchLaneTest recognises
// (clang's `m.x | m.y | m.z | m.w` over a vector compare, and the and
// form) and those it must refuse: a missing lane, two masks, a lane out
// of range, a mask that is not a compare's, a scalar mixed in.
func TestMatchLaneTest(t *testing.T) {
	cases := []struct {
		name string
		body string
		ok   bool
		all  bool
		sign bool // the lanes of %6 = %1 >> 31: %1 < 0
	}{
		{"any-sext", `
  %10:gpr = G_EXTRACT_VECTOR_ELT %3, 0
  %11:gpr = G_SEXT_INREG %10, 1
  %12:gpr = G_EXTRACT_VECTOR_ELT %3, 1
  %13:gpr = G_SEXT_INREG %12, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %3, 2
  %15:gpr = G_SEXT_INREG %14, 1
  %16:gpr = G_EXTRACT_VECTOR_ELT %3, 3
  %17:gpr = G_SEXT_INREG %16, 1
  %18:gpr = G_OR %11, %13
  %19:gpr = G_OR %18, %15
  %20:gpr = G_OR %19, %17`, true, false, false},
		{"all-and1", `
  %9:gpr = G_CONST 1
  %10:gpr = G_EXTRACT_VECTOR_ELT %3, 0
  %11:gpr = G_AND %10, %9
  %12:gpr = G_EXTRACT_VECTOR_ELT %3, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %3, 2
  %16:gpr = G_EXTRACT_VECTOR_ELT %3, 3
  %17:gpr = G_AND %14, %16
  %18:gpr = G_AND %11, %12
  %19:gpr = G_AND %18, %17
  %20:gpr = G_AND %19, %12`, true, true, false},
		{"sign-splat", `
  %10:gpr = G_EXTRACT_VECTOR_ELT %6, 0
  %12:gpr = G_EXTRACT_VECTOR_ELT %6, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %6, 2
  %16:gpr = G_EXTRACT_VECTOR_ELT %6, 3
  %18:gpr = G_OR %10, %12
  %19:gpr = G_OR %18, %14
  %20:gpr = G_OR %19, %16`, true, false, true},
		{"shift-not-31", `
  %10:gpr = G_EXTRACT_VECTOR_ELT %8, 0
  %12:gpr = G_EXTRACT_VECTOR_ELT %8, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %8, 2
  %16:gpr = G_EXTRACT_VECTOR_ELT %8, 3
  %18:gpr = G_OR %10, %12
  %19:gpr = G_OR %18, %14
  %20:gpr = G_OR %19, %16`, false, false, false},
		{"missing-lane", `
  %10:gpr = G_EXTRACT_VECTOR_ELT %3, 0
  %12:gpr = G_EXTRACT_VECTOR_ELT %3, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %3, 2
  %18:gpr = G_OR %10, %12
  %20:gpr = G_OR %18, %14`, false, false, false},
		{"lane-out-of-range", `
  %10:gpr = G_EXTRACT_VECTOR_ELT %3, 0
  %12:gpr = G_EXTRACT_VECTOR_ELT %3, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %3, 2
  %16:gpr = G_EXTRACT_VECTOR_ELT %3, 4
  %17:gpr = G_EXTRACT_VECTOR_ELT %3, 3
  %18:gpr = G_OR %10, %12
  %19:gpr = G_OR %14, %16
  %21:gpr = G_OR %18, %19
  %20:gpr = G_OR %21, %17`, false, false, false},
		{"two-masks", `
  %10:gpr = G_EXTRACT_VECTOR_ELT %3, 0
  %12:gpr = G_EXTRACT_VECTOR_ELT %3, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %4, 2
  %16:gpr = G_EXTRACT_VECTOR_ELT %3, 3
  %17:gpr = G_EXTRACT_VECTOR_ELT %3, 2
  %18:gpr = G_OR %10, %12
  %19:gpr = G_OR %14, %16
  %21:gpr = G_OR %18, %19
  %20:gpr = G_OR %21, %17`, false, false, false},
		{"mask-not-a-compare", `
  %10:gpr = G_EXTRACT_VECTOR_ELT %5, 0
  %12:gpr = G_EXTRACT_VECTOR_ELT %5, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %5, 2
  %16:gpr = G_EXTRACT_VECTOR_ELT %5, 3
  %18:gpr = G_OR %10, %12
  %19:gpr = G_OR %14, %16
  %20:gpr = G_OR %18, %19`, false, false, false},
		{"scalar-mixed-in", `
  %10:gpr = G_EXTRACT_VECTOR_ELT %3, 0
  %12:gpr = G_EXTRACT_VECTOR_ELT %3, 1
  %14:gpr = G_EXTRACT_VECTOR_ELT %3, 2
  %16:gpr = G_EXTRACT_VECTOR_ELT %3, 3
  %18:gpr = G_OR %10, %12
  %19:gpr = G_OR %14, %16
  %21:gpr = G_OR %18, %19
  %20:gpr = G_OR %21, %0`, false, false, false},
	}
	for _, tc := range cases {
		src := fmt.Sprintf(`--- function: f
arch: vecmock
props: ssa
vector-vregs: %%1:v4s32, %%2:v4s32, %%3:v4s1, %%4:v4s1, %%5:v4s1, %%6:v4s32, %%7:v4s32, %%8:v4s32, %%9:v4s32
body:
bb0.entry:
  %%0:gpr = G_ARGS 1
  %%1:gpr = G_VLOAD %%0, 0, 16
  %%2:gpr = G_VLOAD %%0, 16, 16
  %%3:gpr = G_ICMP slt, %%1, %%2
  %%4:gpr = G_ICMP eq, %%1, %%2
  %%5:gpr = G_VLOAD %%0, 32, 4
  %%7:gpr = G_BUILD_VECTOR 31, 31, 31, 31
  %%6:gpr = G_ASHR %%1, %%7
  %%9:gpr = G_BUILD_VECTOR 31, 31, 30, 31
  %%8:gpr = G_ASHR %%1, %%9
%s
  G_RET %%20
`, tc.body)
		m, err := mir.Parse(src, func(string) (*mir.Arch, error) { return vecArch, nil })
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		f := m.Funcs[0]
		defs := map[mir.Reg]*mir.Instr{}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				for _, d := range in.Defs() {
					defs[d.Reg] = in
				}
			}
		}
		b := f.Blocks[0]
		r20 := b.Instrs[len(b.Instrs)-2].Ops[0].Reg // the last value computed
		lt, ok := MatchLaneTest(f, func(r mir.Reg) *mir.Instr { return defs[r] }, r20)
		want := LaneTest{Cond: mir.CondSLT, A: b.Instrs[3].Ops[2], B: b.Instrs[3].Ops[3], All: tc.all}
		if tc.sign {
			want.A, want.B = b.Instrs[1].Ops[0], mir.I(0)
			want.A.Flags = 0
		}
		if ok != tc.ok || ok && lt != want {
			t.Errorf("%s: MatchLaneTest = %+v, %v; want ok %v, all %v", tc.name, lt, ok, tc.ok, tc.all)
		}
	}
}
