package sim

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	bw "lltosimd/targets/bwdsp"
	"lltosimd/targets/bwdsp/asm"
)

func runSrc(t *testing.T, src string) (*Machine, string, error) {
	t.Helper()
	p, err := asm.Assemble("t.s", src)
	if err != nil {
		t.Fatalf("assemble: %v\n%s", err, src)
	}
	var out bytes.Buffer
	m, err := New(p, &out)
	if err != nil {
		return nil, "", err
	}
	err = m.Run(1_000_000)
	return m, out.String(), err
}

func mustRun(t *testing.T, src string) *Machine {
	t.Helper()
	m, _, err := runSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPredicateActions checks each HPL-PD action against the truth table of
// spec §2.5 for every guard g, compare result r and old predicate value.
// The expected strings list the new CPd for (g, r, old) = 000, 001, 010,
// 011, 100, 101, 110, 111, read off the spec's "Effect in each lane".
func TestPredicateActions(t *testing.T) {
	cases := []struct {
		act, form, want string
	}{
		{"CN", "(CP0) xCP3 = R1 == #1", "01010011"},         // if g then CPd = r
		{"CC", "(CP0) xCP3 = !(R1 == #1)", "01011100"},      // if g then CPd = ¬r
		{"UN", "xCP3 = CP0 && R1 == #1", "00000011"},        // CPd = g ∧ r
		{"UC", "xCP3 = CP0 && !(R1 == #1)", "00001100"},     // CPd = g ∧ ¬r
		{"ON", "(CP0) xCP3 |= R1 == #1", "01010111"},        // if g ∧ r then 1
		{"OC", "(CP0) xCP3 |= !(R1 == #1)", "01011101"},     // if g ∧ ¬r then 1
		{"AN", "(CP0) xCP3 &= R1 == #1", "01010001"},        // if g ∧ ¬r then 0
		{"AC", "(CP0) xCP3 &= !(R1 == #1)", "01010100"},     // if g ∧ r then 0
		{"CN unguarded", "xCP3 = R1 == #1", "00110011"},     // g = 1
		{"ON unguarded", "xCP3 |= R1 == #1", "01110111"},    // g = 1
		{"AC unguarded", "xCP3 &= !(R1 == #1)", "01000100"}, // g = 1
	}
	for _, c := range cases {
		var got strings.Builder
		for i := 0; i < 8; i++ {
			g, r, old := i>>2&1, i>>1&1, i&1
			src := fmt.Sprintf("xR1 = #%d\nxCP0 = %d\nxCP3 = %d\n%s\nhalt\n", r, g, old, c.form)
			m := mustRun(t, src)
			got.WriteByte('0' + byte(b2u(m.CP[0][3])))
		}
		if got.String() != c.want {
			t.Errorf("%s `%s`: got %s, want %s", c.act, c.form, got.String(), c.want)
		}
	}
	// The UN,UC pair: CPd = g ∧ r and CPe = g ∧ ¬r, with g = 1 when `CPg &&`
	// is left out.
	for i := 0; i < 4; i++ {
		g, r := i>>1&1, i&1
		m := mustRun(t, fmt.Sprintf("xR1 = #%d\nxCP0 = %d\nxCP3 = 1 || yCP3 = 1\nxCP4, CP5 = CP0 && R1 == #1\nyCP4, CP5 = R1 == #0\nhalt\n", r, g))
		if m.CP[0][4] != (g == 1 && r == 1) || m.CP[0][5] != (g == 1 && r == 0) {
			t.Errorf("UN,UC g=%d r=%d: CP4=%v CP5=%v", g, r, m.CP[0][4], m.CP[0][5])
		}
		// y.R1 = 0, so y's compare is true: CP4 = 1, CP5 = 0.
		if !m.CP[1][4] || m.CP[1][5] {
			t.Errorf("UN,UC without CPg: y.CP4=%v y.CP5=%v", m.CP[1][4], m.CP[1][5])
		}
	}
}

// TestLanes checks per-lane guards, sources read in each lane, compares
// per lane and the any/all branches.
func TestLanes(t *testing.T) {
	m := mustRun(t, `
	xR1 = #1 || yR1 = #2 || zR1 = #3 || tR1 = #4
	xyztCP1 = R1 >= #3                // x, y false; z, t true
	(CP1) xyztR2 = R1 + #100 || (!CP1) xyztR3 = R1 * R1
	if any xyCP1 b bad
	if !all xyztCP1 b next
	b bad
next: if all ztCP1 b ok
bad: xR0 = #99 || halt
ok: halt
`)
	want2 := [4]uint32{0, 0, 103, 104}
	want3 := [4]uint32{1, 4, 0, 0}
	for l := 0; l < 4; l++ {
		if m.R[l][2] != want2[l] || m.R[l][3] != want3[l] {
			t.Errorf("lane %d: R2=%d R3=%d, want %d %d", l, m.R[l][2], m.R[l][3], want2[l], want3[l])
		}
	}
	if m.R[0][0] == 99 {
		t.Error("took a wrong any/all branch")
	}
}

// TestParallelSemantics checks that every instruction of a bundle reads
// the state at the start of the bundle (§2.5): swaps through two units, a
// load beside a store to the same address, a transfer beside a write of
// its source, post-modify beside a read of the address register.
func TestParallelSemantics(t *testing.T) {
	m := mustRun(t, `
	U0 = #d || xR1 = #5 || xR2 = R1 << #0
	xR1 = R2 + #0 || xR2 = R1 << #0
	xR3 = [U0] || [U0] = xR1 || yR1 = xR1 || xR1 = #77
	xR4 = [U0 += 4] || xR5 = U0
	xR6 = [U0 - 4]
	halt
.data
d: .word 1234, 0
`)
	// Bundle 0: R1 = 5, R2 = old R1 = 0. Bundle 1 swaps: R1 = 0, R2 = 5.
	// Bundle 2: R3 = old memory 1234, memory = old R1 = 0, y.R1 = 0, R1 = 77.
	// Bundle 3: R4 = memory = 0, R5 = U0 before the post-modify.
	if m.R[0][2] != 5 || m.R[0][3] != 1234 || m.R[1][1] != 0 || m.R[0][1] != 77 || m.R[0][4] != 0 {
		t.Errorf("got x.R1=%d x.R2=%d x.R3=%d y.R1=%d x.R4=%d", m.R[0][1], m.R[0][2], m.R[0][3], m.R[1][1], m.R[0][4])
	}
	if m.R[0][5] != bw.DataBase || m.A[0] != bw.DataBase+4 || m.R[0][6] != 0 {
		t.Errorf("x.R5=%#x U0=%#x x.R6=%d", m.R[0][5], m.A[0], m.R[0][6])
	}
}

// TestMemoryLanes checks lane addressing: lane j reads Un + imm + j*S, S
// defaults to the access size, :0 broadcasts, sub-word loads extend.
func TestMemoryLanes(t *testing.T) {
	m := mustRun(t, `
	U0 = #d
	xyztR1 = [U0]
	ytR2 = [U0 + 4]:8
	xyztR3 = [U0 + 12]:0
	xyR4 = [U0 + 16] (B) || ztR4 = [U0 + 16] (BU)
	xyR5 = [U0 + 16] (H) || ztR5 = [U0 + 18] (HU)
	[U0 + 32] = xyztR1 (B)
	xR6 = [U0 + 32]
	halt
.data
d: .word 10, 20, 30, 40
   .byte 0xff, 0x80, 0x34, 0x92
   .space 12
   .word 0
`)
	exp := map[string][4]uint32{
		"R1": {10, 20, 30, 40},
		"R2": {0, 20, 0, 40},
		"R3": {40, 40, 40, 40},
		// Lane j is the j-th macro of the mask: z and t are lanes 0 and 1
		// of zt.
		"R4": {0xffffffff, 0xffffff80, 0xff, 0x80},
		// xy (H) at d+16, d+18; zt (HU) at d+18, d+20.
		"R5": {0xffff80ff, 0xffff9234, 0x9234, 0},
	}
	for n, w := range exp {
		var r int
		fmt.Sscanf(n, "R%d", &r)
		for l := 0; l < 4; l++ {
			if m.R[l][r] != w[l] {
				t.Errorf("%c.%s = %#x, want %#x", bw.MacroNames[l], n, m.R[l][r], w[l])
			}
		}
	}
	if m.R[0][6] != 0x281e140a { // bytes 10, 20, 30, 40
		t.Errorf("byte stores: %#x", m.R[0][6])
	}
}

// TestFaults checks the §2.5 faults, reported with bundle, instruction and
// lane, and that a lane whose guard is false never faults.
func TestFaults(t *testing.T) {
	cases := map[string]string{
		"U0 = #d\nxyztR1 = [U0 + 2]\nhalt":                                        "bundle 1, instruction 1 `xyztR1 = [U0 + 2]`, lane x: misaligned 4-byte load at address 0x1002",
		"U0 = #d\nxyR1 = [U0 + 1] (H)\n":                                          "lane x: misaligned 2-byte load",
		"U0 = #d\n[U0 + 2] = yR1 (H) || xR1 = #0\nxyR1 = [U0 + 2] (HU)\nhalt":     "",
		"U0 = #d\n[U0 + 6]:-4 = ztR1\n":                                           "lane z: misaligned 4-byte store at address 0x1006",
		"xR1 = #1 || yR1 = #1 || tR1 = #1\nxyztR2 = R3 / R1\n":                    "bundle 1, instruction 1 `xyztR2 = R3 / R1`, lane z: integer division by zero",
		"xR1 = #1\nzR2 = R1 % R1 (U)\n":                                           "lane z: integer division by zero",
		"xR1 = #0x80000000 || yR1 = #-1\nyR2 = yR1 || xR2 = yR1\nxR3 = R1 / R2\n": "lane x: integer division overflow (INT_MIN / -1)",
		// Only x divides (by 1); only y loads, at d+1+4.
		"xR1 = #1\nxCP1 = 1\n(CP1) xyztR3 = R4 / R1\nU0 = #d\n(!CP1) xyR5 = [U0 + 1]\nhalt": "lane y: misaligned 4-byte load at address 0x1005",
		// No lane is enabled: no fault.
		"xR1 = #1\nxCP1 = 1\n(CP1) xyztR3 = R4 % R1 (U)\nU0 = #d\n(CP2) xyR5 = [U0 + 1]\nhalt": "",
		"U0 = #d\n[U0] = xR1 || [U0 + 2] = yR1 (H)\n":                                          "two stores to address 0x1002 in one bundle (instructions 1 and 2)",
		"U0 = #d\n[U0]:0 = xyR1\n":                                                             "lane y: two stores to address 0x1000",
		"xR1 = [U0]\n":                                                                         "lane x: load at address 0x0 outside data memory",
		"U0 = #0x100000\n[U0 - 4] = xR1\n[U0] = xR1\n":                                         "lane x: store at address 0x100000 outside data memory",
		"b #7\n": "bundle 7: program counter outside the program",
	}
	for src, want := range cases {
		_, _, err := runSrc(t, src+"\nhalt\n.data\nd: .word 0, 0\n")
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: unexpected fault %v", src, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%q: got %v, want %q", src, err, want)
		}
	}
}

// TestFaultOnlyInEnabledLanes pins the guard rule of §2.5 with a divide:
// lanes whose guard is false do not divide by zero.
func TestFaultOnlyInEnabledLanes(t *testing.T) {
	m := mustRun(t, "xR1 = #2 || zR1 = #3\nxCP1 = 1 || zCP1 = 1\n(CP1) xyztR2 = R1 / R1\nhalt\n")
	if m.R[0][2] != 1 || m.R[2][2] != 1 {
		t.Errorf("got %d %d", m.R[0][2], m.R[2][2])
	}
}

// TestTiming checks the stall model and branch costs of §2.6; the
// expected counts are derived by hand in the comments.
func TestTiming(t *testing.T) {
	cases := []struct {
		name                   string
		src                    string
		bundles, cycles, stall uint64
	}{
		// U0 at c0 (ready c1); load at c1 (ready c4); add stalls to c4; halt c5.
		{"load latency 3", "U0 = #d\nxR1 = [U0]\nxR2 = R1 + #1\nhalt", 4, 6, 2},
		// mul at c0 (ready c2); add stalls 1 cycle to c2; halt c3.
		{"MUL latency 2", "xR1 = R2 * R3\nxR4 = R1 + #1\nhalt", 3, 4, 1},
		// ALU and SHF results are ready for the next bundle.
		{"ALU/SHF latency 1", "xR1 = R2 + #1\nxR4 = R1 << #1\nxR5 = R4 - #1\nhalt", 4, 4, 0},
		// div at c1 (R1 ready c1): ready c9; the use stalls 7 cycles to c9; halt c10.
		{"SPU div latency 8", "xR1 = #1\nxR2 = R1 / R1\nxR3 = R2 + #0\nhalt", 4, 11, 7},
		// sqrt at c0: ready c4; use at c4 (3 stalls); halt c5.
		{"SPU sqrt latency 4", "xR2 = sqrt R1 (F)\nxR3 = R2 + #0\nhalt", 3, 6, 3},
		// An unused result costs nothing.
		{"no stall without use", "xR1 = #1\nxR2 = R1 / R1 (U)\nhalt", 3, 3, 0},
		// b at c0 (+2), halt at c3.
		{"taken branch +2", "b l\nnop\nl: halt", 2, 4, 0},
		// if not taken: +0.
		{"branch not taken +0", "if xR1 != R2 b l\nl: halt", 2, 2, 0},
		// call c0 (+2), ret c3 (+2), halt c6.
		{"call and ret +2", "call f\nhalt\nf: ret", 3, 7, 0},
		// LC0 = 3 at c0; the loop bundle at c1, c2 (taken, +0), c3 (exit, +2); halt at c6.
		{"zero-overhead loop", "LC0 = 3 || xR1 = #0\nl: xR1 = R1 + #1 || if LC0 b l\nhalt", 5, 7, 0},
		// The control instruction reads the predicate set by the previous bundle (ALU, latency 1).
		{"predicate for a branch", "xCP1 = 1\nif xCP1 b l\nnop\nl: halt", 3, 5, 0},
	}
	for _, c := range cases {
		m := mustRun(t, c.src+"\n.data\nd: .word 5\n")
		if m.Bundles != c.bundles || m.Cycles != c.cycles || m.Stalls != c.stall {
			t.Errorf("%s: bundles %d cycles %d stalls %d, want %d %d %d", c.name, m.Bundles, m.Cycles, m.Stalls, c.bundles, c.cycles, c.stall)
		}
	}
	m := mustRun(t, "LC0 = 3 || xR1 = #0\nl: xR1 = R1 + #1 || if LC0 b l\nhalt\n")
	if m.R[0][1] != 3 || m.LC[0] != 0 {
		t.Errorf("loop ran %d times, LC0 = %d", m.R[0][1], m.LC[0])
	}
}

// TestExample runs the program of spec §2.8 (c[i] = a[i] > 0 ? a[i]*b[i]
// : b[i], 4 lanes × 64 iterations). The pointers are set by a first bundle
// the example leaves out.
func TestExample(t *testing.T) {
	const n = 256
	var data strings.Builder
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i] = float32(i%7) - 3.5 + float32(i)/64
		b[i] = float32(i)*0.25 - 20
	}
	word := func(name string, v []float32) {
		fmt.Fprintf(&data, "%s:", name)
		for _, f := range v {
			fmt.Fprintf(&data, "\t.word %#x\n", math.Float32bits(f))
		}
	}
	word("a", a)
	word("b", b)
	src := `
        U0 = #a || V0 = #b || W0 = #c
        LC0 = 64 || xyztR14 = #0
loop:   xyztR10 = [U0 += 16] || xyztR11 = [V0 += 16]
        xyztCP1 = R10 > R14 (F)
        xyztR12 = R10 * R11 (F)
        xyztR13 = CP1 ? R12 : R11
        [W0 += 16] = xyztR13 || if LC0 b loop
        halt
.data
` + data.String() + "c: .space 1024\n"
	m := mustRun(t, src)
	base := m.Prog.Labels["c"]
	for i := 0; i < n; i++ {
		want := b[i]
		if a[i] > 0 {
			want = a[i] * b[i]
		}
		got := math.Float32frombits(binary.LittleEndian.Uint32(m.Mem[base+uint32(4*i):]))
		if got != want {
			t.Errorf("c[%d] = %v, want %v", i, got, want)
		}
	}
	// Timing by hand (§2.6): the setup bundles issue at cycles 0 and 1; an
	// iteration starting at t issues the loads at t (ready t+3), the compare
	// at t+3 (2 stalls), the multiply at t+4 (ready t+6), the select at t+6
	// (1 stall), the store and loop branch at t+7; a taken `if LC0` costs
	// nothing, so the next iteration starts at t+8. The 64th iteration
	// starts at 2 + 63*8 = 506, its last bundle issues at 513, the loop exit
	// costs 2, so halt issues at 516: 517 cycles, 3 stalls per iteration,
	// 2 + 64*5 + 1 bundles.
	if m.Cycles != 517 || m.Stalls != 192 || m.Bundles != 323 {
		t.Errorf("cycles %d stalls %d bundles %d, want 517 192 323", m.Cycles, m.Stalls, m.Bundles)
	}
	if m.A[0] != m.Prog.Labels["a"]+1024 || m.LC[0] != 0 {
		t.Errorf("U0 = %#x, LC0 = %d", m.A[0], m.LC[0])
	}
}

// TestConsoleAndExit checks the console port and that New rejects hand-made
// bundles that break a §2.4 rule (the checker is shared with the
// assembler).
func TestConsoleAndExit(t *testing.T) {
	_, out, err := runSrc(t, "U1 = #0xFFFF0000 || xR1 = #72\n[U1] = xR1 (B) || xR1 = #105\n[U1] = xR1\nxR2 = #10\n[U1] = xR2 (B)\nhalt\n")
	if err != nil || out != "Hi\n" {
		t.Errorf("output %q, err %v", out, err)
	}
	p, err := asm.Assemble("t.s", "xR1 = R2 + R3\nyR1 = R2 + R3\nhalt\n")
	if err != nil {
		t.Fatal(err)
	}
	p.Bundles[0] = append(p.Bundles[0], p.Bundles[1][0], p.Bundles[1][0])
	if _, err := New(p, nil); err == nil || !strings.Contains(err.Error(), "bundle rule 2") && !strings.Contains(err.Error(), "bundle rule 7") {
		t.Errorf("New accepted a bundle breaking §2.4: %v", err)
	}
	_, _, err = runSrc(t, "l: b l\n")
	if err == nil || !strings.Contains(err.Error(), "stopped after") {
		t.Errorf("endless loop: %v", err)
	}
}

// TestCallConvention runs a recursive factorial written to the §2.7
// convention (testdata/fact.s): calls, returns, RA and R40 saved in the
// frame, SP restored, console output.
func TestCallConvention(t *testing.T) {
	src, err := os.ReadFile("testdata/fact.s")
	if err != nil {
		t.Fatal(err)
	}
	m, out, err := runSrc(t, string(src))
	if err != nil {
		t.Fatal(err)
	}
	if m.R[0][0] != 120 || m.A[8] != bw.StackTop || m.R[0][40] != 0 || out != "fact\n" {
		t.Errorf("x.R0 = %d, U8 = %#x, x.R40 = %d, output %q", m.R[0][0], m.A[8], m.R[0][40], out)
	}
}

func TestGetSet(t *testing.T) {
	m := mustRun(t, "halt\n")
	for _, l := range []bw.Loc{bw.LocR(3, 63), bw.LocCP(2, 7), bw.LocA(47), bw.LocLC(3), bw.LocRA} {
		m.Set(l, 1)
		if m.Get(l) != 1 {
			t.Errorf("%s: got %d", l, m.Get(l))
		}
	}
	if m.R[3][63] != 1 || !m.CP[2][7] || m.A[47] != 1 || m.LC[3] != 1 || m.RA != 1 {
		t.Error("Set wrote the wrong place")
	}
}
