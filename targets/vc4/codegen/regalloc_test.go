package codegen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lltosimd/frontend"
	"lltosimd/mir"
	vc4sim "lltosimd/targets/vc4/sim"
)

// parseMachine parses body (blocks of machine-form MIR) as function k.
func parseMachine(t *testing.T, body string) *mir.Func {
	t.Helper()
	f, err := mir.ParseFunc("--- function: k\narch: vc4\nbody:\n"+body, lookupVC4)
	if err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
	f.RecomputeCFG()
	return f
}

// machineText returns f's instructions in order, one a line.
func machineText(f *mir.Func) string {
	var lines []string
	for _, b := range f.Blocks {
		for _, in := range flatten(b.Instrs) {
			lines = append(lines, mir.FormatInstr(f, in))
		}
	}
	return strings.Join(lines, "\n")
}

func TestLoopDepths(t *testing.T) {
	for _, c := range []struct{ what, body, want string }{
		{"nested: l0 outer, l1 inner, each closed by a back branch with a delay slot", `bb0:
  V4_NOP
bb1.l0:
  V4_NOP
bb2.l1:
  V4_NOP
  bundle {
    V4_BRR_ANYZ bb2.l1, implicit $zf
    V4_NOP
  }
bb3:
  V4_NOP
  bundle {
    V4_BRR_ANYZ bb1.l0, implicit $zf
    V4_NOP
  }
bb4:
  V4_NOP
`, "[0 1 1 2 2 2 2 1 1 1 0]"},
		{"one loop with two back branches (a continue)", `bb0:
  V4_NOP
bb1.l0:
  V4_NOP
  bundle {
    V4_BRR_ANYZ bb1.l0, implicit $zf
    V4_NOP
  }
bb2:
  V4_NOP
  bundle {
    V4_BRR_ANYZ bb1.l0, implicit $zf
    V4_NOP
  }
bb3:
  V4_NOP
`, "[0 1 1 1 1 1 1 1 0]"},
	} {
		f := parseMachine(t, c.body)
		if got := fmt.Sprint(loopDepths(newMcode(f))); got != c.want {
			t.Errorf("%s: loopDepths = %s, want %s", c.what, got, c.want)
		}
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
	const scratch, x, k = 1, 2, 3
	f := parseMachine(t, `bb0:
  %1:gpr = V4_MOV $unif
bb1.l0:
  %3:gpr = V4_LDI 1000
  %2:gpr = V4_ADD %3, 1
bb2.l1:
  $r1 = V4_MOV $mutex
  $vpm = V4_MOV %2
  $mutex = V4_MOV 0
bb3.l2:
  %2:gpr = V4_MOV %3, pred:$zf, implicit %2
bb4.l3:
  %4:gpr = V4_ADD %2, %2
  %4:gpr = V4_ADD %2, %4
  bundle {
    V4_THREND
    V4_NOP
    V4_NOP
  }
`)
	sp := newSpiller(func() int { return f.NewVReg(0).VirtIndex() }, scratch, 64)
	c := newMcode(f)
	ivs := liveIntervals(c)
	sp.mark(c, ivs)
	if ivs[k].rematCost != rematConstCycles || ivs[x].rematCost != 0 || !ivs[scratch].noSpill {
		t.Fatalf("mark: k remat %v, x remat %v, scratch noSpill %v", ivs[k].rematCost, ivs[x].rematCost, ivs[scratch].noSpill)
	}
	if err := sp.rewrite(c, []*liveInterval{ivs[x], ivs[k]}); err != nil {
		t.Fatal(err)
	}
	text := machineText(f)
	if sp.stats.Remats != 2 {
		t.Errorf("constant recomputed %d times, want 2 (one per use)\n%s", sp.stats.Remats, text)
	}
	if sp.stats.Stores != 2 || sp.stats.Reloads != 3 || sp.stats.Spilled != 1 || sp.stats.Rematerialized != 1 {
		t.Errorf("stats %+v, want 2 stores (two defs of x), 3 reloads (mutex sequence, partial write, add)\n%s", sp.stats, text)
	}
	// The mutex sequence is intact: between its acquire and release there
	// is no other acquire.
	depth := 0
	mutex := regByName["mutex"]
	for _, b := range f.Blocks {
		for _, in := range flatten(b.Instrs) {
			if depth > 0 && strings.HasPrefix(in.Comment, "reload") {
				t.Errorf("reload inside a mutex sequence:\n%s", text)
			}
			if readsReg(in, mutex) {
				depth++
				if depth > 1 {
					t.Fatalf("nested mutex acquire:\n%s", text)
				}
			}
			if writesReg(in, mutex) {
				depth--
			}
			for _, o := range in.Ops {
				if r := virt(o); r == x || r == k {
					t.Errorf("spilled register still referenced: %s", mir.FormatInstr(f, in))
				}
			}
		}
	}
	if errs := mir.Verify(f); len(errs) > 0 {
		t.Errorf("rewritten code does not verify: %v\n%s", errs, text)
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
	f := mir.NewFunc("spill", Arch)
	for f.NumVRegs() < 10 {
		f.NewVReg(0)
	}
	sp := newSpiller(func() int { return f.NewVReg(0).VirtIndex() }, scratch, dummyBytes)
	sp.vwb = sp.newV()
	code := []*mir.Instr{movI(vreg(scratch), hw("unif"), "")}
	code = append(code, sp.vpmBase()...)
	code = append(code, movI(vreg(v), hw("elem_num"), ""))
	sl := slot{k, 1}
	code = append(code, sp.store(sl, v)...)
	code = append(code, movI(vreg(v), mir.I(0), ""))
	code = append(code, sp.reload(sl, w)...)
	end := mir.NewInstr(opThrend)
	end.Bundle = []*mir.Instr{nopI(), nopI()}
	code = append(code, machInstr("add", false, vreg(v), "", vreg(w), vreg(v)), ldiI(hw("irq"), 1, ""), end)
	f.Blocks = []*mir.Block{{ID: 0, Func: f, Instrs: code}}
	f.Props |= mir.PropBundled
	regs, _, err := allocate(f, sp)
	if err != nil {
		t.Fatal(err)
	}
	f.TargetInfo = map[string]int64{infoForm: formAllocated}
	p, err := emitFunc(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := vc4sim.New(vc4sim.Config{MemSize: 1 << 16, CacheModel: vc4sim.Incoherent})
	if err := m.Load(p.Words); err != nil {
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
		t.Fatalf("%v\n%s", err, p.Asm)
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
	f := parseMachine(t, `bb0:
  %0:gpr = V4_MOV $unif
  %1:gpr = V4_MOV $unif
  %2:gpr = V4_MOV $unif
  %3:gpr = V4_MOV $unif
  %4:gpr = V4_SHR %1, -8
  %5:gpr = V4_ADD %2, $elem_num
  %6:gpr = V4_ADD %3, %0
  %7:gpr = V4_ADD %4, %5
  %8:gpr = V4_ADD %6, %7
  $vpm = V4_MOV %8
`)
	c := newMcode(f)
	assign, spilled, err := linearScan(liveIntervals(c), spillCosts{store: 1, reload: 1}, readPartners(c))
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

// allocTest allocates the machine-form body (no spilling expected) and
// returns the allocated function, the assignment by name and the
// statistics.
func allocTest(t *testing.T, body string) (*mir.Func, map[int]string, allocStats) {
	t.Helper()
	f := parseMachine(t, body)
	sp := newSpiller(func() int { return f.NewVReg(0).VirtIndex() }, -1, 64)
	names, st, err := allocate(f, sp)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range f.Blocks {
		for _, in := range flatten(b.Instrs) {
			for _, o := range in.Ops {
				if virt(o) >= 0 {
					t.Fatalf("virtual register left: %s", mir.FormatInstr(f, in))
				}
			}
		}
	}
	return f, names, st
}

// TestAccumulatorShortRange: a value read right after its definition
// inside a straight-line stretch goes to an accumulator; a value whose
// range crosses a label stays in a register file.
func TestAccumulatorShortRange(t *testing.T) {
	const a, b, x, y = 1, 2, 3, 4
	_, names, st := allocTest(t, `bb0:
  %1:gpr = V4_MOV $unif
  %2:gpr = V4_MOV $unif
bb1.l0:
  %3:gpr = V4_ADD %1, %2
  %4:gpr = V4_ADD %3, 4
bb2.l1:
  $vpm = V4_MOV %4
`)
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
	const x, y, z = 2, 3, 4
	_, names, _ := allocTest(t, `bb0:
  %1:gpr = V4_MOV $unif
bb1.l0:
  $nop = V4_MOV $r3, implicit-def $zf, implicit-def $nf, implicit-def $cf
  $r0 = V4_MOV %1
  %2:gpr = V4_ADD %1, 1
  $r1 = V4_LDI 100
  $vpm = V4_MOV $r1
  $r2 = V4_LDI 200
  $vpm = V4_MOV %2
  $t0s = V4_MOV $r0
  $vpm = V4_MOV $r2
  %3:gpr = V4_ADD %1, 2
  bundle {
    V4_BRR_ALLZ bb2.l1, implicit $zf
    $vpm = V4_MOV %3
    V4_NOP
    V4_NOP
  }
bb2.l1:
  %4:gpr = V4_ADD %1, 3
  $vpm = V4_MOV %4
`)
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
	const x = 2
	_, names, _ := allocTest(t, `bb0:
  %1:gpr = V4_MOV $unif
  $r0 = V4_LDI 5
  $r1 = V4_LDI 6
  $r2 = V4_LDI 7
  $r3 = V4_MOV 0
bb1.l0:
  $vw_setup = V4_MOV $r0
  $vw_setup = V4_MOV $r1
  $vw_setup = V4_MOV $r3
  %2:gpr = V4_ADD %1, 1
  $vpm = V4_MOV %2
  $vw_setup = V4_MOV $r2
  $nop = V4_SUB %1, 1, implicit-def $zf, implicit-def $nf, implicit-def $cf
  bundle {
    V4_BRR_ANYNZ bb1.l0, implicit $zf
    V4_NOP
    V4_NOP
    V4_NOP
  }
`)
	if !isRegfile(names[x]) {
		t.Errorf("%%x in %s: r0, r1 and r3 are live around the loop, r2 across %%x", names[x])
	}
}

// TestAccumulatorCoalesce: a value whose only purpose is a copy into a
// named accumulator is computed there, and the copy disappears.
func TestAccumulatorCoalesce(t *testing.T) {
	const x = 2
	f, names, st := allocTest(t, `bb0:
  %1:gpr = V4_MOV $unif
bb1.l0:
  %2:gpr = V4_ADD %1, 4
  $r0 = V4_MOV %2
  $t0s = V4_MOV $r0
`)
	n := len(flatten(f.Blocks[0].Instrs)) + len(flatten(f.Blocks[1].Instrs))
	if names[x] != "r0" || st.Coalesced != 1 || n != 3 {
		t.Errorf("%%x in %s, %d copies coalesced, %d instructions: want r0, the copy deleted\n%s", names[x], st.Coalesced, n, machineText(f))
	}
}

// TestStageConflict: an operand pair the assignment leaves in conflict is
// staged through an accumulator that holds nothing there: r2 (far from
// the named r0 and r1) when it is free, r0 or r1 (dead there) when a
// value occupies r2, and none (an internal error) when all hold values.
func TestStageConflict(t *testing.T) {
	const body = `bb0:
  $r0 = V4_LDI 1
  $r1 = V4_LDI 2
  $vpm = V4_MOV $r1
  $vpm = V4_MOV $r0
  $vpm = V4_ADD %1, %2
  $r0 = V4_LDI 3
`
	names := map[int]string{1: "ra1", 2: "ra2"}
	for _, c := range []struct {
		held accMask
		want []string
	}{{0, []string{"r2"}}, {0b0100, []string{"r0", "r1"}}} {
		f := parseMachine(t, body)
		code := newMcode(f)
		s := newAccState(code, names)
		s.held[3] = c.held
		var st allocStats
		if err := finishAssignment(code, names, s, &st, nil); err != nil {
			t.Fatal(err)
		}
		out := flatten(f.Blocks[0].Instrs)
		if len(out) != 7 || st.Staged != 1 {
			t.Fatalf("held %04b: %d staged, want one move before the add:\n%s", c.held, st.Staged, machineText(f))
		}
		mov, add := out[4], out[5]
		ma, _, _ := srcOps(mov)
		aa, ab, _ := srcOps(add)
		if !slices.Contains(c.want, regNames[destOp(mov).Reg]) || regNames[ma.Reg] != "ra2" ||
			ab.Reg != destOp(mov).Reg || regNames[aa.Reg] != "ra1" {
			t.Errorf("held %04b: got\n%s\nwant staged through one of %v", c.held, machineText(f), c.want)
		}
	}
	f := parseMachine(t, body)
	code := newMcode(f)
	s := newAccState(code, names)
	s.held[3] = 0b0111
	var st allocStats
	if err := finishAssignment(code, names, s, &st, nil); err == nil {
		t.Errorf("no free accumulator: want an error")
	}
}
