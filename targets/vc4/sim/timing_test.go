package sim

import (
	"strings"
	"testing"

	"lltosimd/targets/vc4/asm"
)

// runCfg is run with a configuration: it assembles src, writes the
// uniforms at unifBase and the memory words mem (address → value), and
// runs n QPUs.
func runCfg(t *testing.T, cfg Config, src string, n int, mem map[uint32]uint32, unifs ...uint32) *Machine {
	t.Helper()
	p, err := asm.Assemble(src)
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	if cfg.MemSize == 0 {
		cfg.MemSize = 1 << 16
	}
	m := New(cfg)
	for i, u := range unifs {
		if err := m.Write32(unifBase+4*uint32(i), u); err != nil {
			t.Fatal(err)
		}
	}
	for a, v := range mem {
		if err := m.Write32(a, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Load(p.Words); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		m.AddQPU(unifBase)
	}
	if _, err := m.Run(); err != nil {
		t.Fatal(err)
	}
	return m
}

// twoLoads reads the words at the two uniform addresses through TMU0.
const twoLoads = `
mov ra0, unif
mov ra1, unif
nop
mov t0s, ra0
nop; ldtmu0
mov r1, r4
mov t0s, ra1
nop; ldtmu0
mov r2, r4
` + end

// TestTMUHitCheaperThanMiss: a second lookup of the same line hits the
// slice's TMU cache; a lookup of another line goes to memory. The QPU
// stalls on ldtmu until the result has arrived.
func TestTMUHitCheaperThanMiss(t *testing.T) {
	tm := DefaultTiming
	hit := runCfg(t, Config{}, twoLoads, 1, map[uint32]uint32{0x800: 5, 0x804: 6}, 0x800, 0x804)
	miss := runCfg(t, Config{}, twoLoads, 1, map[uint32]uint32{0x800: 5, 0x1000: 6}, 0x800, 0x1000)
	for _, m := range []*Machine{hit, miss} {
		if q := m.QPUs[0]; q.Acc[1][0] != 5 || q.Acc[2][0] != 6 {
			t.Fatalf("loaded %d, %d; want 5, 6", q.Acc[1][0], q.Acc[2][0])
		}
	}
	// Each ldtmu directly follows its request: it waits latency-1 cycles.
	if got, want := hit.Stats.StallBy[StallTMU], int64(tm.TMUMemory-1+tm.TMUL1Hit-1); got != want {
		t.Errorf("hit: %d TMU stall cycles, want %d", got, want)
	}
	if got, want := miss.Stats.StallBy[StallTMU], int64(2*(tm.TMUMemory-1)); got != want {
		t.Errorf("miss: %d TMU stall cycles, want %d", got, want)
	}
	if hit.Stats.Cycles >= miss.Stats.Cycles {
		t.Errorf("hit run takes %d cycles, miss run %d: a hit must be cheaper", hit.Stats.Cycles, miss.Stats.Cycles)
	}
	if hit.Stats.TMUL1Hits != 31 || hit.Stats.TMUMisses != 1 {
		t.Errorf("hit run: %d lane hits, %d lane misses; want 31, 1", hit.Stats.TMUL1Hits, hit.Stats.TMUMisses)
	}
	// TMU1 has its own cache: the line TMU0 fetched comes from the L2.
	l2 := runCfg(t, Config{}, strings.Replace(strings.Replace(twoLoads, "mov t0s, ra1", "mov t1s, ra1", 1), "nop; ldtmu0\nmov r2", "nop; ldtmu1\nmov r2", 1),
		1, map[uint32]uint32{0x800: 5, 0x804: 6}, 0x800, 0x804)
	if got, want := l2.Stats.StallBy[StallTMU], int64(tm.TMUMemory-1+tm.TMUL2Hit-1); got != want || l2.QPUs[0].Acc[2][0] != 6 {
		t.Errorf("TMU1 after TMU0: %d TMU stall cycles (loaded %d), want %d (6)", got, l2.QPUs[0].Acc[2][0], want)
	}
	// The first uniform read fills the uniform cache from memory; the
	// second hits.
	if got := hit.Stats.StallBy[StallUniform]; got != int64(tm.UnifMemory) || hit.Stats.UniformMisses != 1 {
		t.Errorf("%d uniform stall cycles, %d misses; want %d, 1", got, hit.Stats.UniformMisses, tm.UnifMemory)
	}
}

// TestDMAWaitStalls: vw_wait stalls until the VDW DMA has completed.
func TestDMAWaitStalls(t *testing.T) {
	m := runCfg(t, Config{}, `
mov r0, elem_num
ldi vw_setup, 0x1a00
mov vpm, r0
ldi vw_setup, 0x80904000    # 1 row x 16 words
ldi vw_addr, 0x400
mov r2, vw_wait
`+end, 1, nil)
	if got, want := m.Stats.StallBy[StallVPM], m.vdwCycles(1, 16)-1; got != want || got == 0 {
		t.Errorf("%d VPM/DMA stall cycles, want %d", got, want)
	}
	if v, _ := m.Read32(0x400 + 4*7); v != 7 {
		t.Errorf("DMA stored %d, want 7", v)
	}
}

// mutexSection holds the mutex for a few instructions.
const mutexSection = `
mov r1, mutex
nop
nop
nop
nop
nop
nop
mov mutex, 0
` + end

// TestMutexContention: QPUs contending for the mutex wait for each other.
func TestMutexContention(t *testing.T) {
	one := runCfg(t, Config{}, mutexSection, 1, nil)
	four := runCfg(t, Config{}, mutexSection, 4, nil)
	if one.Stats.StallBy[StallSync] != 0 {
		t.Errorf("one QPU: %d sync stalls, want 0", one.Stats.StallBy[StallSync])
	}
	if four.Stats.StallBy[StallSync] == 0 || four.Stats.Cycles <= one.Stats.Cycles {
		t.Errorf("four QPUs: %d sync stalls, %d cycles (one QPU: %d cycles): contention must cost cycles",
			four.Stats.StallBy[StallSync], four.Stats.Cycles, one.Stats.Cycles)
	}
	// Each QPU waits for the sections of those served before it: at
	// least 6 cycles per section (the release cycle may hand the mutex
	// over, depending on the rotating service order), so ≥ 6·(1+2+3).
	if got := four.Stats.StallBy[StallSync]; got < 6*6 || got > 8*6 {
		t.Errorf("four QPUs: %d sync stall cycles, want about %d", got, 7*6)
	}
}

// TestSFULatency: the SFU result is in r4 for the 3rd instruction after
// the write (reading it earlier is rejected, TestForbidden V33); two QPUs
// of one slice writing the shared SFU in the same cycle serialise.
func TestSFULatency(t *testing.T) {
	src := `
ldi r0, 0x40000000          # 2.0
mov recip, r0
nop
nop
mov r1, r4
` + end
	m := runCfg(t, Config{}, src, 2, nil)
	for _, q := range m.QPUs {
		if q.Acc[1][0] != 0x3f000000 {
			t.Errorf("qpu %d: recip(2) = 0x%x, want 0.5", q.Num, q.Acc[1][0])
		}
	}
	if got := m.Stats.StallBy[StallSFU]; got != 1 {
		t.Errorf("%d SFU stall cycles for two QPUs of one slice, want 1", got)
	}
	if got := runCfg(t, Config{}, src, 1, nil).Stats.StallBy[StallSFU]; got != 0 {
		t.Errorf("one QPU: %d SFU stall cycles, want 0", got)
	}
}

// staleSrc reads a word through the TMU, overwrites its line with a VDW
// DMA, and reads it again.
const staleSrc = `
mov ra0, unif
nop
mov t0s, ra0
nop; ldtmu0
mov r1, r4
ldi r0, 42
ldi vw_setup, 0x1a00
mov vpm, r0
ldi vw_setup, 0x80904000
mov vw_addr, ra0
mov r2, vw_wait
mov t0s, ra0
nop; ldtmu0
mov r3, r4
` + end

// TestStaleReadIncoherent: under the incoherent model the second read
// returns the cached (old) word; the coherent model sees the DMA write.
func TestStaleReadIncoherent(t *testing.T) {
	mem := map[uint32]uint32{0x800: 7}
	coh := runCfg(t, Config{}, staleSrc, 1, mem, 0x800)
	inc := runCfg(t, Config{CacheModel: Incoherent}, staleSrc, 1, mem, 0x800)
	if v := coh.QPUs[0].Acc[3][0]; v != 42 || coh.Stats.StaleReads != 0 {
		t.Errorf("coherent: read %d (%d stale), want 42", v, coh.Stats.StaleReads)
	}
	if v := inc.QPUs[0].Acc[3][0]; v != 7 || inc.Stats.StaleReads != 16 {
		t.Errorf("incoherent: read %d (%d stale lane reads), want the stale 7 in 16 lanes", v, inc.Stats.StaleReads)
	}
	if v, _ := inc.Read32(0x800); v != 42 {
		t.Errorf("incoherent: memory holds %d after the DMA, want 42", v)
	}
}

// TestEnqueue: queued programs start on the QPU that ends first.
func TestEnqueue(t *testing.T) {
	p, err := asm.Assemble("ldi irq, 1" + end)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{MemSize: 4096})
	if err := m.Load(p.Words); err != nil {
		t.Fatal(err)
	}
	m.AddQPU(0)
	m.Enqueue(0)
	m.Enqueue(0)
	s, err := m.Run()
	if err != nil {
		t.Fatal(err)
	}
	if s.Programs != 3 || s.HostInterrupts != 3 || s.Instructions != 12 {
		t.Errorf("programs %d, irqs %d, instructions %d; want 3, 3, 12", s.Programs, s.HostInterrupts, s.Instructions)
	}
}

// vdrSrc stores 42 over a word the TMU has cached, then reads the row at
// that address by VDR DMA (1 row of 16 words into VPM row 0) and a VPM
// read, and a column of words 8 bytes apart (vertical, 16 rows of 1 word
// with an extended memory pitch) into VPM row 1.
const vdrSrc = `
mov ra0, unif
nop
mov t0s, ra0
nop; ldtmu0
ldi r0, 42
ldi vw_setup, 0x1a00
mov vpm, r0
ldi vw_setup, 0x80904000
mov vw_addr, ra0
mov r2, vw_wait
ldi vr_setup, 0x80010000
mov vr_addr, ra0
mov r2, vr_wait
ldi vr_setup, 0x90000008
ldi vr_setup, 0x80101810
mov vr_addr, ra0
mov r2, vr_wait
ldi vr_setup, 0x00201a00
nop
nop
mov r1, vpm
mov r3, vpm
` + end

// TestVDRReadsMemory: a VDR DMA reads memory, not the (stale) TMU cache,
// and lands horizontally or vertically in the VPM as set up.
func TestVDRReadsMemory(t *testing.T) {
	mem := map[uint32]uint32{}
	for i := uint32(0); i < 64; i++ {
		mem[0x800+4*i] = 100 + i
	}
	m := runCfg(t, Config{CacheModel: Incoherent}, vdrSrc, 1, mem, 0x800)
	q := m.QPUs[0]
	for l := uint32(0); l < 16; l++ {
		if v := q.Acc[1][l]; v != 42 {
			t.Errorf("row lane %d = %d, want the DMA-written 42", l, v)
		}
		want := 100 + 2*l
		if l < 8 {
			want = 42
		}
		if v := q.Acc[3][l]; v != want {
			t.Errorf("column lane %d = %d, want %d", l, v, want)
		}
	}
	if m.Stats.StallBy[StallVPM] == 0 {
		t.Errorf("vr_wait did not wait for the VDR DMA")
	}
}

// TestMutexRoundRobin: a released mutex goes to the waiting QPUs in
// round-robin order after its last owner, so two QPUs taking it in turns
// in a loop cannot starve a third. QPUs 0 and 2 poll 60 times (a barrier's
// wait loop: acquire, 17 cycles, release), QPUs 1 and 3 want it once. With
// the first-served QPU rotating with the cycle count instead, the pollers
// released it at cycles ≡ 1 and ≡ 3 (mod 4), just before their turn to be
// served first came round, and kept it between them: the waiters stalled
// until the pollers stopped (a 2-wave work-group's barrier hung forever,
// VC4 stress campaign seed 14 on 4-12 QPUs).
func TestMutexRoundRobin(t *testing.T) {
	src := `
mov r0, qpu_num
and.setf -, r0, 1
brr.allnz -, :waiter
nop
nop
nop
ldi r2, 60
` + strings.Repeat("nop\n", 7) + `
:loop
mov r1, mutex
` + strings.Repeat("nop\n", 16) + `
mov mutex, 0
` + strings.Repeat("nop\n", 7) + `
sub.setf r2, r2, 1
brr.anynz -, :loop
nop
nop
nop
brr -, :done
nop
nop
nop
:waiter
ldi r2, 5
:w
sub.setf r2, r2, 1
brr.anynz -, :w
nop
nop
nop
mov r1, mutex
mov mutex, 0
:done
` + end
	m := runCfg(t, Config{}, src, 4, nil)
	for _, w := range []int{1, 3} {
		// Served after at most the current owner and one other poller.
		if got := m.QPUs[w].StallCycles(); got > 3*18 {
			t.Errorf("qpu %d waited %d cycles for the mutex (of %d), want at most %d", w, got, m.Stats.Cycles, 3*18)
		}
	}
}
