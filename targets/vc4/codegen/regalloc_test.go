package codegen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/targets/vc4/asm"
	vc4sim "lltosimd/targets/vc4/sim"
)

func TestLoopDepths(t *testing.T) {
	// b0: outer header, b1: inner header; inner back edge to b1, outer to b0.
	code := []*lins{
		{op: "nop"},
		{op: "label", target: 0},
		{op: "nop"},
		{op: "label", target: 1},
		{op: "nop"},
		{op: "brr", bcond: "anyz", target: 1},
		{op: "nop"},
		{op: "brr", bcond: "anyz", target: 0},
		{op: "nop"},
	}
	got := fmt.Sprint(loopDepths(code))
	if want := "[0 1 1 2 2 2 1 1 0]"; got != want {
		t.Errorf("loopDepths = %s, want %s", got, want)
	}
}

// fullIntervals returns n intervals covering [0, 100] with one use each.
func fullIntervals(n int) map[int]*liveInterval {
	ivs := map[int]*liveInterval{}
	for r := 0; r < n; r++ {
		ivs[r] = &liveInterval{reg: r, start: 0, end: 100, uses: 1, defs: 1}
	}
	return ivs
}

func TestLinearScanFitsWithoutSpills(t *testing.T) {
	assign, spilled, err := linearScan(fullIntervals(62), spillCosts{store: 22, reload: 24}, nil)
	if err != nil || len(spilled) != 0 || len(assign) != 62 {
		t.Fatalf("62 intervals: %d assigned, %d spilled, err %v", len(assign), len(spilled), err)
	}
	used := map[physReg]bool{}
	for _, p := range assign {
		if used[p] || p.num == 14 {
			t.Errorf("register %v assigned twice or reserved", p)
		}
		used[p] = true
	}
}

func TestLinearScanSpillsCheapest(t *testing.T) {
	costs := spillCosts{store: 22, reload: 24}
	ivs := fullIntervals(64)
	for r := 0; r < 64; r++ {
		ivs[r].uses = 1000 // used in a loop
	}
	ivs[5].uses = 1      // rarely used: spill
	ivs[9].rematCost = 1 // a constant: recompute instead
	ivs[9].uses = 1000
	ivs[7].noSpill = true
	ivs[7].uses = 0
	_, spilled, err := linearScan(ivs, costs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, iv := range spilled {
		got = append(got, iv.reg)
	}
	if fmt.Sprint(got) != "[5 9]" && fmt.Sprint(got) != "[9 5]" {
		t.Errorf("spilled %v, want 5 (rarely used) and 9 (rematerializable); never 7 (unspillable)", got)
	}
}

func TestLinearScanNothingSpillable(t *testing.T) {
	ivs := fullIntervals(63)
	for _, iv := range ivs {
		iv.noSpill = true
	}
	if _, _, err := linearScan(ivs, spillCosts{store: 1, reload: 1}, nil); err == nil || !strings.Contains(err.Error(), "register pressure") {
		t.Errorf("err = %v, want a register pressure error", err)
	}
}

// TestSpillRewrite checks the placement rules: a reload before the use
// (reused by the next instruction of the same stretch), a store after the
// definition, reloads hoisted before a mutex sequence, constants
// recomputed and never stored, partial writes merged into the reloaded
// value.
func TestSpillRewrite(t *testing.T) {
	const scratch, x, k, y = 1, 2, 3, 4
	code := []*lins{
		{op: "mov", d: vr(scratch), a: ph("unif"), b: ph("unif")},
		{op: "label", target: 0}, // the constant is defined after the prologue
		{op: "ldi", d: vr(k), imm: 1000},
		{op: "add", d: vr(x), a: vr(k), b: sim(1)},
		{op: "label", target: 1},
		{op: "mov", d: ph("r1"), a: ph("mutex"), b: ph("mutex")},
		{op: "mov", d: ph("vpm"), a: vr(x), b: vr(x)},
		{op: "mov", d: ph("mutex"), a: sim(0), b: sim(0)},
		{op: "label", target: 2},
		{op: "mov", d: vr(x), a: vr(k), b: vr(k), cond: "ifz"},
		{op: "label", target: 3},
		{op: "add", d: vr(y), a: vr(x), b: vr(x)},
		{op: "add", d: vr(y), a: vr(x), b: vr(y)},
	}
	next := 100
	sp := newSpiller(func() int { next++; return next }, scratch, 64)
	ivs := liveIntervals(code)
	sp.mark(code, ivs)
	if ivs[k].rematCost != rematConstCycles || ivs[x].rematCost != 0 || !ivs[scratch].noSpill {
		t.Fatalf("mark: k remat %v, x remat %v, scratch noSpill %v", ivs[k].rematCost, ivs[x].rematCost, ivs[scratch].noSpill)
	}
	out := sp.rewrite(code, []*liveInterval{ivs[x], ivs[k]})
	var lines []string
	for _, in := range out {
		lines = append(lines, in.String())
	}
	text := strings.Join(lines, "\n")
	if sp.stats.Remats != 2 {
		t.Errorf("constant recomputed %d times, want 2 (one per use)\n%s", sp.stats.Remats, text)
	}
	if sp.stats.Stores != 2 || sp.stats.Reloads != 3 || sp.stats.Spilled != 1 || sp.stats.Rematerialized != 1 {
		t.Errorf("stats %+v, want 2 stores (two defs of x), 3 reloads (mutex sequence, partial write, add)\n%s", sp.stats, text)
	}
	// The mutex sequence is intact: between its acquire and release there
	// is no other acquire.
	depth := 0
	for _, in := range out {
		if depth > 0 && strings.HasPrefix(in.comment, "reload") {
			t.Errorf("reload inside a mutex sequence:\n%s", text)
		}
		if in.a == ph("mutex") {
			depth++
			if depth > 1 {
				t.Fatalf("nested mutex acquire:\n%s", text)
			}
		}
		if in.d == ph("mutex") {
			depth--
		}
	}
	for _, in := range out {
		if in.defReg() == x || in.defReg() == k || in.a == vr(x) || in.b == vr(x) {
			t.Errorf("spilled register still referenced: %s", in)
		}
	}
}

// TestSpillCompile compiles a kernel with 150 values live at once: it
// must spill, and keep the scratch address out of the spilled set.
func TestSpillCompile(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("define spir_kernel void @k(i32 addrspace(1)* %a, i32 addrspace(1)* %o) {\nentry:\n")
	sb.WriteString("  %g = call spir_func i32 @_Z13get_global_idj(i32 0)\n")
	const n = 150
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "  %%i%d = add i32 %%g, %d\n  %%p%d = getelementptr i32, i32 addrspace(1)* %%a, i32 %%i%d\n  %%v%d = load i32, i32 addrspace(1)* %%p%d\n", i, 16*i, i, i, i, i)
	}
	sb.WriteString("  %s0 = add i32 %v0, %v149\n")
	for i := 1; i < n/2; i++ {
		fmt.Fprintf(&sb, "  %%s%d = add i32 %%s%d, %%v%d\n  %%t%d = xor i32 %%s%d, %%v%d\n", i, i-1, i, i, i, n-1-i)
	}
	fmt.Fprintf(&sb, "  %%q = getelementptr i32, i32 addrspace(1)* %%o, i32 %%g\n  store i32 %%t%d, i32 addrspace(1)* %%q\n  ret void\n}\n", n/2-1)
	m, err := frontend.Parse("t.ll", []byte(header+sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	mm, err := frontend.Translate(m, frontend.Options{Arch: Arch})
	if err != nil {
		t.Fatal(err)
	}
	if err := Prepare(mm, nil); err != nil {
		t.Fatal(err)
	}
	p, err := Compile(mm.Funcs[0], Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Stats.Spilled == 0 || p.Stats.Reloads == 0 || p.Stats.SpillStores == 0 {
		t.Errorf("stats %+v: want spills", p.Stats)
	}
	if p.Stats.VPMSpillRows != vpmSpillRows || p.ScratchBytes <= dummyBytes || (p.ScratchBytes-dummyBytes)%64 != 0 {
		t.Errorf("VPM rows %d, ScratchBytes = %d: want %d VPM rows, then 64-byte memory slots after the dummy words", p.Stats.VPMSpillRows, p.ScratchBytes, vpmSpillRows)
	}
}

// runSpill assembles a program that stores the lanes' element numbers to
// a spill slot of kind k, clobbers the temporary and reloads the slot,
// runs it on qpus QPUs of the simulator (each its own scratch area) and
// returns the machine and the register holding the reloaded value.
func runSpill(t *testing.T, k slotKind, qpus int) (*vc4sim.Machine, string) {
	t.Helper()
	const scratch, v, w = 1, 2, 3
	next := 10
	sp := newSpiller(func() int { next++; return next }, scratch, dummyBytes)
	sp.vwb = sp.newV()
	code := []*lins{{op: "mov", d: vr(scratch), a: ph("unif"), b: ph("unif")}}
	code = append(code, sp.vpmBase()...)
	code = append(code, &lins{op: "mov", d: vr(v), a: ph("elem_num"), b: ph("elem_num")})
	sl := slot{k, 1}
	code = append(code, sp.store(sl, v)...)
	code = append(code, &lins{op: "mov", d: vr(v), a: sim(0), b: sim(0)})
	code = append(code, sp.reload(sl, w)...)
	code = append(code, &lins{op: "add", d: vr(v), a: vr(w), b: vr(v)},
		&lins{op: "ldi", d: ph("irq"), imm: 1}, &lins{op: "nop", sig: "thrend"}, &lins{op: "nop"}, &lins{op: "nop"})
	code, regs, _, err := allocate(code, sp)
	if err != nil {
		t.Fatal(err)
	}
	lines, _, _ := emitLIR(code, regs)
	prog, err := asm.Assemble(render(lines, "spill"))
	if err != nil {
		t.Fatal(err)
	}
	m := vc4sim.New(vc4sim.Config{MemSize: 1 << 16, CacheModel: vc4sim.Incoherent})
	if err := m.Load(prog.Words); err != nil {
		t.Fatal(err)
	}
	for q := 0; q < qpus; q++ {
		ua := uint32(0x100 + 4*q)
		if err := m.Write32(ua, uint32(0x1000+0x400*q)); err != nil {
			t.Fatal(err)
		}
		m.AddQPU(ua)
	}
	if _, err := m.Run(); err != nil {
		t.Fatalf("%v\n%s", err, render(lines, "spill"))
	}
	return m, regs[v]
}

// TestSpillPathsTiming runs both spill paths on the simulator: the value
// comes back in every lane, a VPM row costs no stall, a memory slot costs
// the two DMAs (store and reload) and, with several QPUs, mutex waits.
func TestSpillPathsTiming(t *testing.T) {
	tm := vc4sim.DefaultTiming
	dma := int64(tm.VDWSetup + (15+tm.VDWWords-1)/tm.VDWWords)
	for _, c := range []struct {
		kind slotKind
		qpus int
	}{{slotVPM, 1}, {slotVPM, 3}, {slotMem, 1}, {slotMem, 3}} {
		m, r := runSpill(t, c.kind, c.qpus)
		for _, q := range m.QPUs {
			var got vc4sim.Vec
			switch n, _ := strconv.Atoi(r[2:]); {
			case isAcc(r):
				got = q.Acc[r[1]-'0']
			case r[1] == 'a':
				got = q.RA[n]
			default:
				got = q.RB[n]
			}
			for lane := 0; lane < 16; lane++ {
				if got[lane] != uint32(lane) {
					t.Fatalf("kind %d, %d QPUs: QPU %d lane %d reloaded %d", c.kind, c.qpus, q.Num, lane, got[lane])
				}
			}
		}
		st := m.Stats.StallBy
		t.Logf("kind %d, %d QPUs: %d cycles, stalls %v", c.kind, c.qpus, m.Stats.Cycles, st)
		switch {
		case c.kind == slotVPM && (st[vc4sim.StallVPM] != 0 || st[vc4sim.StallSync] != 0):
			t.Errorf("VPM row, %d QPUs: %d DMA and %d mutex stall cycles, want none", c.qpus, st[vc4sim.StallVPM], st[vc4sim.StallSync])
		case c.kind == slotMem && st[vc4sim.StallVPM] < 2*int64(c.qpus)*(dma-2):
			t.Errorf("memory slot, %d QPUs: %d DMA stall cycles, want at least 2×%d per QPU", c.qpus, st[vc4sim.StallVPM], dma-2)
		case c.kind == slotMem && c.qpus > 1 && st[vc4sim.StallSync] == 0:
			t.Errorf("memory slot, %d QPUs: no mutex stall", c.qpus)
		}
	}
}

// TestLinearScanPortPreference: a value read with a small immediate goes to
// file A (the immediate takes the B port), one read with elem_num (A port) to
// file B, and one read with an allocated register to the other file, even
// when balancing the files would choose differently.
func TestLinearScanPortPreference(t *testing.T) {
	code := []*lins{
		{op: "mov", d: vr(0), a: ph("unif"), b: ph("unif")}, // %0 first: file A by balance
		{op: "mov", d: vr(1), a: ph("unif"), b: ph("unif")}, // balance alone would give B
		{op: "mov", d: vr(2), a: ph("unif"), b: ph("unif")},
		{op: "mov", d: vr(3), a: ph("unif"), b: ph("unif")},
		{op: "shr", d: vr(4), a: vr(1), b: sim(-8)},
		{op: "add", d: vr(5), a: vr(2), b: ph("elem_num")},
		{op: "add", d: vr(6), a: vr(3), b: vr(0)},
		{op: "add", d: vr(7), a: vr(4), b: vr(5)},
		{op: "add", d: vr(8), a: vr(6), b: vr(7)},
		{op: "mov", d: ph("vpm"), a: vr(8), b: vr(8)},
	}
	assign, spilled, err := linearScan(liveIntervals(code), spillCosts{store: 1, reload: 1}, readPartners(code))
	if err != nil || len(spilled) != 0 {
		t.Fatalf("spilled %d, err %v", len(spilled), err)
	}
	if f := assign[1].file; f != 0 {
		t.Errorf("%%1 (read with a small immediate) in file %c, want A", "AB"[f])
	}
	if f := assign[2].file; f != 1 {
		t.Errorf("%%2 (read with elem_num) in file %c, want B", "AB"[f])
	}
	if assign[3].file == assign[0].file {
		t.Errorf("%%3 and %%0 (read together) both in file %c", "AB"[assign[0].file])
	}
}

// allocTest allocates code (no spilling expected) and returns the code,
// the assignment by name and the statistics.
func allocTest(t *testing.T, code []*lins) ([]*lins, map[int]string, allocStats) {
	t.Helper()
	next := 1000
	sp := newSpiller(func() int { next++; return next }, -1, 64)
	out, names, st, err := allocate(code, sp)
	if err != nil {
		t.Fatal(err)
	}
	return out, names, st
}

// TestAccumulatorShortRange: a value read right after its definition
// inside a straight-line stretch goes to an accumulator; a value whose
// range crosses a label stays in a register file.
func TestAccumulatorShortRange(t *testing.T) {
	const a, b, x, y = 1, 2, 3, 4
	code := []*lins{
		{op: "mov", d: vr(a), a: ph("unif"), b: ph("unif")},
		{op: "mov", d: vr(b), a: ph("unif"), b: ph("unif")},
		{op: "label", target: 0},
		{op: "add", d: vr(x), a: vr(a), b: vr(b)},
		{op: "add", d: vr(y), a: vr(x), b: sim(4)},
		{op: "label", target: 1},
		{op: "mov", d: ph("vpm"), a: vr(y), b: vr(y)},
	}
	_, names, st := allocTest(t, code)
	if !isAcc(names[x]) {
		t.Errorf("%%x (read by the next instruction) in %s, want an accumulator", names[x])
	}
	if !isRegfile(names[y]) || !isRegfile(names[a]) {
		t.Errorf("%%y in %s, %%a in %s: values live across a label must stay in a register file", names[y], names[a])
	}
	if st.Acc != 1 {
		t.Errorf("stats %+v, want 1 value in an accumulator", st)
	}
}

// TestAccumulatorClobber: a value does not take an accumulator that a
// named write clobbers, or a named value occupies, inside its range, nor
// r3 (the execute mask's); a branch's delay slots end a stretch.
func TestAccumulatorClobber(t *testing.T) {
	const a, x, y, z = 1, 2, 3, 4
	code := []*lins{
		{op: "mov", d: vr(a), a: ph("unif"), b: ph("unif")},
		{op: "label", target: 0},
		{op: "mov", a: exec, b: exec, setf: true}, // the kernel uses r3
		{op: "mov", d: ph("r0"), a: vr(a), b: vr(a)},
		{op: "add", d: vr(x), a: vr(a), b: sim(1)},
		{op: "ldi", d: ph("r1"), imm: 100}, // clobbers r1 inside x's range
		{op: "mov", d: ph("vpm"), a: ph("r1"), b: ph("r1")},
		{op: "ldi", d: ph("r2"), imm: 200},
		{op: "mov", d: ph("vpm"), a: vr(x), b: vr(x)},
		{op: "mov", d: ph("t0s"), a: ph("r0"), b: ph("r0")}, // r0 live across x's range
		{op: "mov", d: ph("vpm"), a: ph("r2"), b: ph("r2")}, // r2 too
		{op: "add", d: vr(y), a: vr(a), b: sim(2)},
		{op: "brr", bcond: "allz", target: 1},
		{op: "mov", d: ph("vpm"), a: vr(y), b: vr(y)}, // y used in a delay slot
		{op: "nop"},
		{op: "nop"},
		{op: "label", target: 1},
		{op: "add", d: vr(z), a: vr(a), b: sim(3)},
		{op: "mov", d: ph("vpm"), a: vr(z), b: vr(z)},
	}
	_, names, _ := allocTest(t, code)
	if !isRegfile(names[x]) {
		t.Errorf("%%x in %s: r0 and r2 are live and r1 written across its range, r3 holds the mask", names[x])
	}
	if !isRegfile(names[y]) {
		t.Errorf("%%y in %s: its range reaches into a delay slot", names[y])
	}
	if n := names[z]; !isAcc(n) || n == "r3" {
		t.Errorf("%%z in %s, want r0, r1 or r2", n)
	}
}

// TestAccumulatorLoopLiveness: an accumulator the lowering keeps live
// around a loop (read at the top, written before it) is live on the back
// edge, so a value inside the loop body does not take it.
func TestAccumulatorLoopLiveness(t *testing.T) {
	const a, x = 1, 2
	code := []*lins{
		{op: "mov", d: vr(a), a: ph("unif"), b: ph("unif")},
		{op: "ldi", d: ph("r0"), imm: 5},
		{op: "ldi", d: ph("r1"), imm: 6},
		{op: "ldi", d: ph("r2"), imm: 7},
		{op: "mov", d: ph("r3"), a: sim(0), b: sim(0)},
		{op: "label", target: 0},
		{op: "mov", d: ph("vw_setup"), a: ph("r0"), b: ph("r0")},
		{op: "mov", d: ph("vw_setup"), a: ph("r1"), b: ph("r1")},
		{op: "mov", d: ph("vw_setup"), a: ph("r3"), b: ph("r3")},
		{op: "add", d: vr(x), a: vr(a), b: sim(1)},
		{op: "mov", d: ph("vpm"), a: vr(x), b: vr(x)},
		{op: "mov", d: ph("vw_setup"), a: ph("r2"), b: ph("r2")},
		{op: "sub", a: vr(a), b: sim(1), setf: true},
		{op: "brr", bcond: "anynz", target: 0},
		{op: "nop"},
		{op: "nop"},
		{op: "nop"},
	}
	_, names, _ := allocTest(t, code)
	if !isRegfile(names[x]) {
		t.Errorf("%%x in %s: r0, r1 and r3 are live around the loop, r2 across %%x", names[x])
	}
}

// TestAccumulatorCoalesce: a value whose only purpose is a copy into a
// named accumulator is computed there, and the copy disappears.
func TestAccumulatorCoalesce(t *testing.T) {
	const a, x = 1, 2
	code := []*lins{
		{op: "mov", d: vr(a), a: ph("unif"), b: ph("unif")},
		{op: "label", target: 0},
		{op: "add", d: vr(x), a: vr(a), b: sim(4)},
		{op: "mov", d: ph("r0"), a: vr(x), b: vr(x)},
		{op: "mov", d: ph("t0s"), a: ph("r0"), b: ph("r0")},
	}
	out, names, st := allocTest(t, code)
	if names[x] != "r0" || st.Coalesced != 1 || len(out) != len(code)-1 {
		t.Errorf("%%x in %s, %d copies coalesced, %d instructions: want r0, the copy deleted", names[x], st.Coalesced, len(out))
	}
}

// TestStageConflict: an operand pair the assignment leaves in conflict is
// staged through an accumulator that holds nothing there: r2 (far from
// the named r0 and r1) when it is free, r0 or r1 (dead there) when a
// value occupies r2, and none (an internal error) when all hold values.
func TestStageConflict(t *testing.T) {
	const a, b = 1, 2
	in := &lins{op: "add", d: ph("vpm"), a: vr(a), b: vr(b)}
	names := map[int]string{a: "ra1", b: "ra2"}
	code := []*lins{
		{op: "ldi", d: ph("r0"), imm: 1},
		{op: "ldi", d: ph("r1"), imm: 2},
		{op: "mov", d: ph("vpm"), a: ph("r1"), b: ph("r1")},
		{op: "mov", d: ph("vpm"), a: ph("r0"), b: ph("r0")},
		in,
		{op: "ldi", d: ph("r0"), imm: 3},
	}
	for _, c := range []struct {
		held accMask
		want []string
	}{{0, []string{"r2"}}, {0b0100, []string{"r0", "r1"}}} {
		s := newAccState(code, names)
		s.held[3] = c.held
		var st allocStats
		out, err := finishAssignment(code, names, s, &st, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(out) != len(code)+1 || !slices.Contains(c.want, out[4].d.name) || out[4].a != vr(b) ||
			out[5].b != out[4].d || out[5].a != vr(a) || st.Staged != 1 {
			t.Errorf("held %04b: got %v / %v, want staged through one of %v", c.held, out[4], out[5], c.want)
		}
	}
	s := newAccState(code, names)
	s.held[3] = 0b0111
	var st allocStats
	if _, err := finishAssignment(code, names, s, &st, nil); err == nil {
		t.Errorf("no free accumulator: want an error")
	}
}
