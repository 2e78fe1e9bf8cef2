package sim

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"lltosimd/targets/vc4"
)

func fb(f float32) uint32 { return math.Float32bits(f) }

// TestAddOps checks each add-ALU op's result and C flag (spec §3.4).
func TestAddOps(t *testing.T) {
	cases := []struct {
		op   vc4.AddOp
		a, b uint32
		r    uint32
		c    bool
	}{
		{vc4.AddAdd, 0xFFFFFFFF, 2, 1, true},
		{vc4.AddAdd, 5, 7, 12, false},
		{vc4.AddSub, 3, 5, 0xFFFFFFFE, true},
		{vc4.AddSub, 5, 3, 2, false},
		{vc4.AddShr, 0x80000003, 1, 0x40000001, true},
		{vc4.AddShr, 0x80000002, 33, 0x40000001, false}, // only b & 31 counts
		{vc4.AddShr, 7, 0, 7, false},
		{vc4.AddAsr, 0x80000004, 3, 0xF0000000, true},
		{vc4.AddShl, 0xC0000000, 1, 0x80000000, true},
		{vc4.AddShl, 0x40000000, 1, 0x80000000, false},
		{vc4.AddRor, 0x00000003, 1, 0x80000001, false},
		{vc4.AddMin, 0xFFFFFFFF, 1, 0xFFFFFFFF, false}, // signed: -1 < 1
		{vc4.AddMax, 2, 0xFFFFFFFE, 2, true},
		{vc4.AddAnd, 0xF0F0, 0xFF00, 0xF000, false},
		{vc4.AddOr, 0xF0F0, 0x0F00, 0xFFF0, false},
		{vc4.AddXor, 0xFF, 0x0F, 0xF0, false},
		{vc4.AddNot, 0, 0, 0xFFFFFFFF, false},
		{vc4.AddClz, 0x00010000, 0, 15, false},
		{vc4.AddClz, 0, 0, 32, false},
		{vc4.AddV8Adds, 0x10F0FF01, 0x20200101, 0x30FFFF02, false},
		{vc4.AddV8Subs, 0x10F00001, 0x20200101, 0x00D00000, false},
		{vc4.AddFAdd, fb(1.5), fb(2.25), fb(3.75), true},
		{vc4.AddFAdd, fb(1), fb(-1), 0, false},
		{vc4.AddFSub, fb(1), fb(3), fb(-2), false},
		{vc4.AddFMin, fb(2), fb(-3), fb(-3), true},
		{vc4.AddFMax, fb(2), fb(-3), fb(2), true},
		{vc4.AddFMinAbs, fb(2), fb(-3), fb(2), false},
		{vc4.AddFMaxAbs, fb(2), fb(-3), fb(3), false},
		{vc4.AddFtoI, fb(-7.9), 0, uint32(0xFFFFFFF9), false},
		{vc4.AddItoF, 0xFFFFFFFE, 0, fb(-2), false},
		{vc4.AddItoF, 16777217, 0, fb(16777216), false}, // toward zero
		{vc4.AddFAdd, 0x00000001, fb(0), 0, false},      // denormal input flushed
	}
	for _, c := range cases {
		var a, b, out Vec
		a[3], b[3] = c.a, c.b
		carry := addALU(c.op, &a, &b, &out)
		if out[3] != c.r || (carry>>3&1 != 0) != c.c {
			t.Errorf("%s(%#x, %#x) = %#x C=%v, want %#x C=%v", vc4.AddOps[c.op].Name, c.a, c.b, out[3], carry>>3&1, c.r, c.c)
		}
	}
}

func TestMulOps(t *testing.T) {
	cases := []struct {
		op   vc4.MulOp
		a, b uint32
		r    uint32
		c    bool
	}{
		{vc4.MulFMul, fb(1.5), fb(-4), fb(-6), false},
		{vc4.MulFMul, fb(0), fb(float32(math.Inf(1))), 0x7fc00000, false},
		{vc4.MulMul24, 0xFF000003, 5, 15, false}, // high byte ignored
		{vc4.MulMul24, 0xFFFFFF, 0xFFFFFF, 0xFE000001, true},
		{vc4.MulV8Muld, 0xFF80FF00, 0xFF80807F, 0xFF408000, false},
		{vc4.MulV8Min, 0x10F00001, 0x20200101, 0x10200001, false},
		{vc4.MulV8Max, 0x10F00001, 0x20200101, 0x20F00101, false},
		{vc4.MulV8Adds, 0xF0, 0x20, 0xFF, false},
		{vc4.MulV8Subs, 0x20, 0xF0, 0, false},
	}
	for _, c := range cases {
		var a, b, out Vec
		a[0], b[0] = c.a, c.b
		carry := mulALU(c.op, &a, &b, &out)
		if c.op == vc4.MulFMul && c.r == 0x7fc00000 {
			if !math.IsNaN(float64(math.Float32frombits(out[0]))) {
				t.Errorf("0 * inf = %#x, want NaN", out[0])
			}
			continue
		}
		if out[0] != c.r || (carry&1 != 0) != c.c {
			t.Errorf("%s(%#x, %#x) = %#x C=%v, want %#x C=%v", vc4.MulOps[c.op].Name, c.a, c.b, out[0], carry&1, c.r, c.c)
		}
	}
}

func TestRoundTowardZero(t *testing.T) {
	// 1 + 2^-30 is exactly between representable neighbours far below half
	// an ulp: round-toward-zero keeps 1, and 1 - 2^-30 gives the float below 1.
	if r := rtz32(twoSum(1, math.Ldexp(1, -30))); r != fb(1) {
		t.Errorf("1 + 2^-30 = %#x", r)
	}
	if r := rtz32(twoSum(1, -math.Ldexp(1, -30))); r != fb(math.Nextafter32(1, 0)) {
		t.Errorf("1 - 2^-30 = %#x", r)
	}
	if r := rtz32(twoSum(-1, math.Ldexp(1, -30))); r != fb(-math.Nextafter32(1, 0)) {
		t.Errorf("-1 + 2^-30 = %#x", r)
	}
	if r := rtz32(float64(math.MaxFloat32)*2, 0); r != fb(math.MaxFloat32) {
		t.Errorf("overflow = %#x", r)
	}
}

func TestPackUnpack(t *testing.T) {
	q := mustRun(t, `
ldi ra0, 0x80ff7f01
ldi r1, -2
nop
mov r0, ra0.8b            # byte 1 zero-extended
mov r2, ra0.16b           # high half sign-extended
mov r3, ra0.8dr           # byte 3 replicated
mov ra1, 0
nop
mov ra1.8c, r1            # byte 2 only
ldi ra2, 0x7fffffff
nop
add ra2.32s, ra2, 1       # saturate
`+end)
	if q.Acc[0][0] != 0x7f || q.Acc[2][0] != 0xffff80ff || q.Acc[3][0] != 0x80808080 {
		t.Errorf("unpack: %#x %#x %#x", q.Acc[0][0], q.Acc[2][0], q.Acc[3][0])
	}
	if q.RA[1][0] != 0x00fe0000 || q.RA[2][0] != 0x7fffffff {
		t.Errorf("pack: %#x %#x", q.RA[1][0], q.RA[2][0])
	}
}

// TestBranchConditions runs every branch condition against flags that
// differ between lanes and checks taken/not taken against a Go model.
func TestBranchConditions(t *testing.T) {
	flagSets := []struct {
		name, setup string
		z, n, c     func(i int) bool
	}{
		// sub.setf -, elem_num, 5: Z lane 5; N and C lanes 0..4.
		{"mixed", "sub.setf -, elem_num, 5", func(i int) bool { return i == 5 }, func(i int) bool { return i < 5 }, func(i int) bool { return i < 5 }},
		// and.setf -, elem_num, 0: Z everywhere, N and C nowhere.
		{"uniform", "and.setf -, elem_num, 0", func(int) bool { return true }, func(int) bool { return false }, func(int) bool { return false }},
	}
	for _, fs := range flagSets {
		for cond, def := range vc4.BranchConds {
			if !def.Valid {
				continue
			}
			f := [3]func(int) bool{fs.z, fs.n, fs.c}[def.Flag]
			all, any := true, false
			for i := 0; i < 16; i++ {
				v := f(i) == def.Set
				all, any = all && v, any || v
			}
			want := def.Always || def.All && all || !def.All && any
			src := fmt.Sprintf("mov r0, 0\n%s\nbrr%s -, :t\nnop\nnop\nnop\nmov r0, 1\n:t%s", fs.setup, def.Suffix, end)
			m, err := run(t, src, 1)
			if err != nil {
				t.Fatalf("%s %s: %v", fs.name, def.Suffix, err)
			}
			if taken := m.QPUs[0].Acc[0][0] == 0; taken != want {
				t.Errorf("%s: brr%s (cond %d) taken=%v, want %v", fs.name, def.Suffix, cond, taken, want)
			}
		}
	}
}

// TestConditionalFlagUpdate checks that setf under a condition only
// refines the flags of lanes where the condition holds (spec §6.1).
func TestConditionalFlagUpdate(t *testing.T) {
	q := mustRun(t, `
mov r0, elem_num
sub.setf -, r0, 8          # N in lanes 0..7
and.ifn.setf -, r0, 1      # in lanes 0..7 only: Z where even
mov r1, 0
mov.ifz r1, 1
`+end)
	for i := 0; i < 16; i++ {
		want := uint32(0)
		if i < 8 && i%2 == 0 || i == 8 { // lane 8 keeps Z from the sub
			want = 1
		}
		if q.Acc[1][i] != want {
			t.Errorf("lane %d: %d, want %d", i, q.Acc[1][i], want)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := run(t, "mov ra0, 1\nmov r0, ra0"+end, 1)
	if err == nil || !strings.HasPrefix(err.Error(), "qpu 0: pc 1 (0x8) [mov r0, ra0]: ") {
		t.Errorf("err = %v", err)
	}
}
