package passes

import (
	"strings"
	"testing"

	"lltosimd/mir"
)

// TestSplitOrderKept checks the dependence test of split-simd-stores on
// pairs of 16-byte accesses, x in the earlier partition and y in the
// later one, against the order the original loop gives every overlap.
func TestSplitOrderKept(t *testing.T) {
	r := mir.VirtBase + 7
	aff := func(obj string, k, c int64) affine { return affine{obj: obj, k: k, c: c, terms: map[mir.Reg]int64{}} }
	for _, tc := range []struct {
		name       string
		x, y       affine
		xpos, ypos int
		xst, yst   bool
		refuse     string // "" when the split is legal
	}{
		{"distinct globals", aff("@a", 16, 0), aff("@b", 16, 0), 5, 2, true, false, ""},
		{"distinct global and stack object", aff("@a", 0, 0), aff("frame 0", 0, 0), 5, 2, true, true, ""},
		{"interleaved blocks never meet", aff("@y", 128, 0), aff("@y", 128, 64), 5, 9, true, true, ""},
		{"same element, earlier partition first", aff("@a", 16, 0), aff("@a", 16, 0), 3, 9, true, false, ""},
		{"same element read before the store", aff("@a", 16, 0), aff("@a", 16, 0), 9, 3, true, false, "distance 0"},
		{"later partition reads the next element", aff("@a", 16, 0), aff("@a", 16, 16), 3, 9, true, false, "distance 1"},
		{"later partition reads the previous element", aff("@a", 16, 16), aff("@a", 16, 0), 3, 9, true, false, ""},
		{"descending addresses", aff("@a", -16, 0), aff("@a", -16, -16), 3, 9, true, false, "distance 1"},
		{"half-overlapping strides", aff("@a", 16, 0), aff("@a", 16, 8), 3, 9, true, true, "distance 1"},
		{"different strides", aff("@a", 16, 0), aff("@a", 32, 0), 3, 9, true, false, "strides"},
		{"invariant address in both", aff("@a", 0, 0), aff("@a", 0, 0), 3, 9, true, false, "every iteration"},
		{"unknown object", aff("", 16, 0), aff("@a", 16, 0), 3, 9, true, false, "not comparable"},
		{"different invariant terms", affine{obj: "@a", k: 16, terms: map[mir.Reg]int64{r: 1}}, aff("@a", 16, 0), 3, 9, true, false, "not comparable"},
	} {
		x := &access{in: mir.NewInstr(mir.GVStore), pos: tc.xpos, store: tc.xst, addr: tc.x, size: 16}
		y := &access{in: mir.NewInstr(mir.GVLoad), pos: tc.ypos, store: tc.yst, addr: tc.y, size: 16}
		if !tc.xst {
			x.in = mir.NewInstr(mir.GVLoad)
		}
		if tc.yst {
			y.in = mir.NewInstr(mir.GVStore)
		}
		f := &mir.Func{Arch: &mir.Arch{}}
		got := orderKept(f, x, y)
		if tc.refuse == "" && got != "" || tc.refuse != "" && !strings.Contains(got, tc.refuse) {
			t.Errorf("%s: orderKept = %q, want %q", tc.name, got, tc.refuse)
		}
	}
}
