package sim

import (
	"math"
	"strings"
	"testing"

	"lltosimd/targets/vc4/asm"
)

const unifBase = 0x100

// run assembles src and runs it on n QPUs with the given uniforms.
func run(t *testing.T, src string, n int, unifs ...uint32) (*Machine, error) {
	t.Helper()
	p, err := asm.Assemble(src)
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	m := New(Config{MemSize: 1 << 16})
	for i, u := range unifs {
		if err := m.Write32(unifBase+4*uint32(i), u); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Load(p.Words); err != nil {
		return m, err
	}
	for i := 0; i < n; i++ {
		m.AddQPU(unifBase)
	}
	_, err = m.Run()
	return m, err
}

func mustRun(t *testing.T, src string, unifs ...uint32) *QPU {
	t.Helper()
	m, err := run(t, src, 1, unifs...)
	if err != nil {
		t.Fatal(err)
	}
	return m.QPUs[0]
}

const end = "\nnop; thrend\nnop\nnop\n"

// zero initialises the accumulators the forbidden-pattern programs read.
const zero = "mov r0, 0\nmov r1, 0\nmov r2, 0\n"

func lanes(f func(i int) uint32) Vec {
	var v Vec
	for i := range v {
		v[i] = f(i)
	}
	return v
}

func TestALUAndFlags(t *testing.T) {
	q := mustRun(t, `
mov r0, elem_num
sub.setf r1, r0, 8        # C = lane < 8 (borrow), N = lane < 8, Z = lane == 8
mov.ifc r2, 1
mov.ifcc r2, 2
ldi r3, 0xfffffff0
add.setf -, r3, r0        # carry out for lanes >= 0x10? none: 0xfffffff0 + 15 < 2^32
mov.ifc r3, 7
nop; mul24 r1, r0, r0
`+end)
	for i := 0; i < 16; i++ {
		want := uint32(2)
		if i < 8 {
			want = 1
		}
		if q.Acc[2][i] != want {
			t.Errorf("lane %d: r2 = %d, want %d", i, q.Acc[2][i], want)
		}
		if q.Acc[3][i] != 0xfffffff0 {
			t.Errorf("lane %d: carry set unexpectedly", i)
		}
		if q.Acc[1][i] != uint32(i*i) {
			t.Errorf("mul24 lane %d = %d", i, q.Acc[1][i])
		}
	}
}

func TestFloatOps(t *testing.T) {
	q := mustRun(t, `
ldi r0, 3.0
ldi r1, 0.1
fadd r2, r0, r1
nop; fmul r3, r0, r1
ftoi r1, r0
itof r0, r1
`+end)
	f := func(v uint32) float32 { return math.Float32frombits(v) }
	// 3.0 + 0.1 rounded toward zero.
	want := math.Nextafter32(float32(3.1), 0)
	if float64(float32(3.1)) <= 3.1 {
		want = float32(3.1)
	}
	if got := f(q.Acc[2][0]); got != want {
		t.Errorf("fadd = %v, want %v", got, want)
	}
	if got := f(q.Acc[3][0]); math.Abs(float64(got)-0.3) > 1e-6 {
		t.Errorf("fmul = %v", got)
	}
	if q.Acc[1][0] != 3 || f(q.Acc[0][0]) != 3 {
		t.Errorf("ftoi/itof = %d, %v", q.Acc[1][0], f(q.Acc[0][0]))
	}
}

func TestLoadImmPerElementAndR5(t *testing.T) {
	q := mustRun(t, `
ldi r0, [0,1,2,3,1,2,3,0,2,3,0,1,3,0,1,2]
ldi r1, [-2,-1,0,1,-2,-1,0,1,-2,-1,0,1,-2,-1,0,1]
mov r2, elem_num
mov r5quad, r2
mov r3, r5
nop; mov r5rep, r2
add r2, r5, 0
`+end)
	uw := []uint32{0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2}
	for i := 0; i < 16; i++ {
		if q.Acc[0][i] != uw[i] {
			t.Errorf("unsigned lane %d = %d", i, q.Acc[0][i])
		}
		if int32(q.Acc[1][i]) != int32(i%4)-2 {
			t.Errorf("signed lane %d = %d", i, int32(q.Acc[1][i]))
		}
		if q.Acc[3][i] != uint32(i&^3) {
			t.Errorf("r5quad lane %d = %d", i, q.Acc[3][i])
		}
		if q.Acc[2][i] != 0 {
			t.Errorf("r5rep lane %d = %d", i, q.Acc[2][i])
		}
	}
}

func TestRotation(t *testing.T) {
	q := mustRun(t, `
mov r0, elem_num
nop
nop; mov r1, r0 << 2     # r1[i] = r0[i+2]
nop; mov r2, r0 >> 1     # r2[i] = r0[i-1]
`+end)
	for i := 0; i < 16; i++ {
		if q.Acc[1][i] != uint32((i+2)%16) || q.Acc[2][i] != uint32((i+15)%16) {
			t.Fatalf("lane %d: r1=%d r2=%d", i, q.Acc[1][i], q.Acc[2][i])
		}
	}
}

func TestBranchDelaySlotsAndLink(t *testing.T) {
	q := mustRun(t, `
mov r0, 0
mov.setf -, 1          # Z clear everywhere
brr.allnz ra5, :target
add r0, r0, 1          # delay slots execute
add r0, r0, 1
add r0, r0, 1
add r0, r0, 8          # skipped
:target
mov.setf -, elem_num   # Z set only in lane 0
brr.allz -, :nottaken
nop
nop
brr.anyz -, :taken     # 3rd delay slot of the previous branch
nop
nop
nop
:nottaken
add r0, r0, 15
add r0, r0, 15
:taken
add r0, r0, 10
`+end)
	if q.Acc[0][0] != 13 {
		t.Errorf("r0 = %d, want 13", q.Acc[0][0])
	}
	if q.RA[5][3] != 6*8 {
		t.Errorf("link = %d, want %d", q.RA[5][3], 6*8)
	}
}

func TestSFU(t *testing.T) {
	q := mustRun(t, `
ldi r0, 4.0
mov recip, r0
nop
nop
mov r1, r4
mov recipsqrt, r0
nop
nop
mov r2, r4
mov exp, r0
nop
nop
mov r3, r4
mov log, r0
nop
nop
mov r0, r4
`+end)
	f := func(v uint32) float32 { return math.Float32frombits(v) }
	if f(q.Acc[1][0]) != 0.25 || f(q.Acc[2][0]) != 0.5 || f(q.Acc[3][0]) != 16 || f(q.Acc[0][0]) != 2 {
		t.Errorf("sfu: %v %v %v %v", f(q.Acc[1][0]), f(q.Acc[2][0]), f(q.Acc[3][0]), f(q.Acc[0][0]))
	}
}

func TestUniformsAndQPUNumber(t *testing.T) {
	m, err := run(t, `
mov r0, unif
mov r1, unif
add r2, r0, r1
mov r3, qpu_num
`+end, 2, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	for n, q := range m.QPUs {
		if q.Acc[2][0] != 12 || q.Acc[3][0] != uint32(n) {
			t.Errorf("qpu %d: r2=%d r3=%d", n, q.Acc[2][0], q.Acc[3][0])
		}
	}
}

// TestSemaphoreAndMutex has QPU 0 wait for a semaphore that QPU 1
// releases after a mutex-protected section.
func TestSemaphoreAndMutex(t *testing.T) {
	m, err := run(t, `
mov r0, qpu_num
sub.setf -, r0, 0
brr.allnz -, :releaser
nop
nop
nop
sacq -, 2
sacq -, 2
brr -, :done
nop
nop
nop
:releaser
mov r1, mutex
mov mutex, 0
srel -, 2
srel -, 2
:done
ldi irq, 1
`+end, 3)
	if err != nil {
		t.Fatal(err)
	}
	if m.Stats.HostInterrupts != 3 || m.sem[2] != 2 {
		t.Errorf("irqs %d sem %d", m.Stats.HostInterrupts, m.sem[2])
	}
	if m.Stats.Stalls == 0 {
		t.Error("expected QPU 0 to stall on the semaphore")
	}
}

func TestDeadlock(t *testing.T) {
	_, err := run(t, "sacq -, 1"+end, 2)
	if err == nil || !strings.Contains(err.Error(), "deadlock") {
		t.Errorf("err = %v", err)
	}
}

func TestUtilisation(t *testing.T) {
	m, err := run(t, `
mov.setf -, elem_num      # Z only in lane 0
mov.ifz r0, 1             # 1 active lane
mov.ifnz r0, 2            # 15 active lanes
`+end, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := m.Stats
	// 6 instructions: 4 with 16 lanes, then 1 and 15.
	if s.Instructions != 6 || s.ActiveLanes != 16*4+1+15 {
		t.Errorf("stats %+v", s)
	}
	if u := s.Utilisation(); math.Abs(u-80.0/96) > 1e-9 {
		t.Errorf("utilisation %v", u)
	}
}

// TestForbidden checks one rejected program per restriction of spec §7
// (plus the project rules the simulator enforces).
func TestForbidden(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"V20 regfile read after write", "mov ra0, 1\nmov r0, ra0" + end, "V20"},
		{"V20 even when no lane writes", "mov.setf -, 1\nmov.ifz ra0, 1\nmov r0, ra0" + end, "V20"},
		{"V20 regfile B", "mov rb3, 1\nmov r0, rb3" + end, "V20"},
		{"V20 across a branch", "brr -, :t\nnop\nnop\nmov ra1, 2\n:t\nmov r0, ra1" + end, "V20"},
		{"V40 uniform read in thrend slot", "nop; thrend\nmov r0, unif\nnop", "V40"},
		{"V40 VPM write in thrend slot", zero + "ldi vw_setup, 0x1a00\nnop; thrend\nmov vpm, r0\nnop", "V40"},
		{"V42 thrend writes regfile", "mov ra0, r0; thrend\nnop\nnop", "V42"},
		{"V41 address 14 in thrend window", "mov ra14, 1\nnop; thrend\nmov r0, ra14\nnop", "V41"},
		{"V45 final instruction writes TLB_Z", zero + "nop; thrend\nnop\nmov tlb_z, r0", "V45"},
		{"V35 sbwait at start", "nop; sbwait" + end, "V35"},
		{"V32 TMU after TMU_NOSWAP", zero + "mov tmurs, 1\nmov t0s, r0" + end, "V32"},
		{"V33 r4 read too early", zero + "mov recip, r0\nnop\nmov r1, r4" + end, "V33"},
		{"V33 two SFU writes in a row", zero + "mov recip, r0\nmov exp, r0" + end, "V33"},
		{"V33 ldtmu after SFU", "mov r0, 0\nmov t0s, r0\nmov recip, r0\nnop; ldtmu0" + end, "V33"},
		{"V21 rotate by r5 after r5 write", zero + "mov r5rep, 1\nnop; mov r1, r0 << r5" + end, "V21"},
		{"V21 rotate after accumulator write", "mov r0, 1\nnop; mov r1, r0 << 2" + end, "rotation of r0"},
		{"7.11 ms_mask after TLB_Z", zero + "mov tlb_z, r0\nmov r1, ms_mask" + end, "7.11"},
		{"V120 TMU and SFU together", "mov t0s, r0; mov recip, r1" + end, "V120"},
		{"V120 ldtmu and SFU", "mov recip, r0; nop; ldtmu0" + end, "V120"},
		{"V30 uniform after unif_addr", zero + zero + "mov unif_addr, r0\nnop\nmov r1, unif" + end, "V30"},
		{"V10 branches too close", "brr -, :a\nbrr -, :a\nnop\nnop\n:a\nnop" + end, "V10"},
		{"V130 conditional TMU write", "mov.setf -, 0\nmov.ifz t0s, r0" + end, "V130"},
		{"V130 conditional host_int", "mov.setf -, 0\nmov.ifz irq, 1" + end, "V130"},
		{"V131 packed peripheral write", "mov vpm.8a, r0" + end, "V131"},
		{"V100 same register without inverse conditions", "mov r0, r1; mov r0, r2" + end, "V100"},
		{"V110 VPM read and write setup", "mov vr_setup, r0; mov vw_setup, r1" + end, "V110"},
		{"7.17 semaphore writes TMU", "sacq t0s, 1" + end, "7.17"},
		{"flags tested before set", "mov.ifz r0, 1" + end, "never set"},
		{"branch on unset flags", "brr.anyz -, :a\nnop\nnop\nnop\n:a" + end, "never set"},
		{"ldtmu without request", "nop; ldtmu0" + end, "no outstanding"},
		{"read of a never-written accumulator", "mov r0, r3" + end, "never written"},
		{"read of a never-written register", "mov r0, rb7" + end, "never written"},
		{"read of NOP address", "mov r0, ra39" + end, "(NOP)"},
		{"branch with odd raddr_a", "bra -, ra1" + end, "odd raddr_a"},
		{"branch out of program", "brr -, +0x1000\nnop\nnop\nnop" + end, "outside the program"},
		{"running off the end", "nop", "outside the program"},
		{"TMU FIFO overflow", "mov r0, 0\nmov t0s, r0\nmov t0s, r0\nmov t0s, r0\nmov t0s, r0\nmov t0s, r0" + end, "outstanding TMU"},
		{"mutex released by non-owner", "mov mutex, 0" + end, "does not hold"},
		{"VPM write without setup", zero + "mov vpm, r0" + end, "without a VPM write setup"},
		{"VPM read without setup", "mov r0, vpm" + end, "without an outstanding VPM read setup"},
		{"VPM read too early", "ldi vr_setup, 0x00101a00\nnop\nmov r0, vpm" + end, "from the 3rd"},
		{"VDR without setup", zero + "mov vr_addr, r0" + end, "without a VDR setup"},
		{"VPM read during VDR", zero + "ldi vr_setup, 0x80110000\nmov vr_addr, r0\nldi vr_setup, 0x00101a00\nnop\nnop\nmov r1, vpm" + end, "still running"},
	}
	for _, c := range cases {
		_, err := run(t, c.src, 1, 0, 0, 0)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
	// Allowed counterparts.
	for _, src := range []string{
		"mov ra0, 1\nnop\nmov r0, ra0" + end,
		zero + "mov.setf -, elem_num\nmov.ifz r0, r1; mov.ifnz r0, r2" + end,
		zero + "mov recip, r0\nnop\nnop\nmov r1, r4" + end,
		"brr -, :a\nnop\nnop\nbrr -, :b\n:a\nnop\nnop\nnop\n:b" + end,
		zero + "mov tmurs, 1\nnop\nnop\nmov t0s, r0\nnop; ldtmu0" + end,
		zero + "mov unif_addr, r0\nnop\nnop\nmov r1, unif" + end,
		"nop; thrend\nmov irq, 1\nnop",
	} {
		if _, err := run(t, src, 1, unifBase, 0, 0); err != nil {
			t.Errorf("%q: unexpected error %v", src, err)
		}
	}
}

// TestVDWMultiRow stores two VPM rows with a VDW stride: row 1 starts
// DEPTH*4 + STRIDE bytes after row 0 (REF: stride is the gap between rows).
func TestVDWMultiRow(t *testing.T) {
	m, err := run(t, `
mov r0, elem_num
ldi vw_setup, 0x1a00        # row 0, stride 1
mov vpm, r0
add r1, r0, 15
add r1, r1, 1               # 16 + lane
mov vpm, r1                 # row 1
ldi vw_setup, 0xc0000040    # VDW stride setup: 64-byte gap
ldi vw_setup, 0x81104000    # VDW: 2 rows x 16 words from row 0
ldi vw_addr, 0x400
mov r2, vw_wait
`+end, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := uint32(0); i < 16; i++ {
		a, _ := m.Read32(0x400 + 4*i)
		b, _ := m.Read32(0x400 + 128 + 4*i)
		gap, _ := m.Read32(0x400 + 64 + 4*i)
		if a != i || b != 16+i || gap != 0 {
			t.Fatalf("word %d: row0 %d row1 %d gap %d", i, a, b, gap)
		}
	}
}

// TestVDWNarrow stores bytes and halfwords by VDW DMA (MODEW 4–7 8-bit,
// 2–3 16-bit: DEPTH elements from the given byte of the first VPM word),
// next to bytes that must keep their contents, and a packed 8-bit VPM
// write (16 bytes into words 0–3 of the row).
func TestVDWNarrow(t *testing.T) {
	m, err := run(t, `
ldi r0, 0x44332211
add r0, r0, elem_num
ldi vw_setup, 0x1a00        # row 0, 32-bit
mov vpm, r0                 # word l = 0x44332211 + l
ldi vw_setup, 0x80814004    # 1 byte from VPM (0, 0) byte 0
ldi vw_addr, 0x401
mov r2, vw_wait
ldi vw_setup, 0x8081400e    # 1 byte from VPM (0, 1) byte 2
ldi vw_addr, 0x406
mov r2, vw_wait
ldi vw_setup, 0x80814003    # 1 halfword from VPM (0, 0) halfword 1
ldi vw_addr, 0x40a
mov r2, vw_wait
ldi vw_setup, 0x1801        # row 0 byte group 1, 8-bit packed
mov vpm, elem_num           # bytes 0..15 into words 4..7
ldi vw_setup, 0x80904024    # 16 bytes from VPM (0, 4)
ldi vw_addr, 0x413
mov r2, vw_wait
`+end, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint32]byte{0x400: 0, 0x401: 0x11, 0x402: 0, 0x405: 0, 0x406: 0x33, 0x407: 0, 0x40a: 0x33, 0x40b: 0x44, 0x40c: 0, 0x412: 0, 0x423: 0}
	for i := uint32(0); i < 16; i++ {
		want[0x413+i] = byte(i)
	}
	for a, w := range want {
		if m.Mem[a] != w {
			t.Errorf("byte 0x%x = 0x%02x, want 0x%02x", a, m.Mem[a], w)
		}
	}
}
