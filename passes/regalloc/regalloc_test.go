package regalloc_test

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/passes/regalloc"
	"lltosimd/passes/regalloc/mock"
)

// pipeline runs phi-elim, two-address and regalloc on f.
func pipeline(t *testing.T, f *mir.Func, cfg *passes.Config) error {
	t.Helper()
	for _, name := range []string{"phi-elim", "two-address", "regalloc"} {
		p, ok := passes.Lookup(name)
		if !ok {
			t.Fatalf("pass %s not registered", name)
		}
		if err := p.Run(&passes.Ctx{Cfg: cfg, Pass: p}, f); err != nil {
			return err
		}
	}
	return nil
}

// allocateAndCheck runs the seed's random program for arch (mock.Generate)
// through the pipeline under cfg and fails t unless the allocated program
// uses no virtual register and computes what the original computed. It
// returns the program text before allocation and the allocated function.
func allocateAndCheck(t *testing.T, arch *mir.Arch, seed int64, cfg *passes.Config) (string, *mir.Func) {
	t.Helper()
	f := mock.Generate(arch, seed, 5+int(seed%40))
	before := f.String()
	want, err := mock.Run(f, 7, 11)
	if err != nil {
		t.Fatalf("%s seed %d: reference run: %v\n%s", arch.Name, seed, err, before)
	}
	if err := pipeline(t, f, cfg); err != nil {
		t.Fatalf("%s seed %d: %v\n%s", arch.Name, seed, err, before)
	}
	if err := noVRegs(f); err != nil {
		t.Fatalf("%s seed %d: %v", arch.Name, seed, err)
	}
	got, err := mock.Run(f, 7, 11)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s seed %d: got %v, %v; want %v\nbefore:\n%s\nafter:\n%s", arch.Name, seed, got, err, want, before, f)
	}
	return before, f
}

func noVRegs(f *mir.Func) error {
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			var bad error
			mir.ForEachReg(in, func(r mir.Reg, def bool) {
				if r.IsVirtual() {
					bad = fmt.Errorf("bb%d: %s still has a virtual register", b.ID, mir.FormatInstr(f, in))
				}
			})
			if bad != nil {
				return bad
			}
		}
	}
	return nil
}

// TestRandomPrograms allocates random programs (loops with swapped PHIs,
// diamonds, calls, tied operands) on tiny register files and checks by
// interpretation that the allocated code computes what the SSA code does
// and preserves the callee-saved registers it does not report.
func TestRandomPrograms(t *testing.T) {
	archs := []*mir.Arch{mock.NewArch(3, 1), mock.NewArch(4, 2), mock.NewArch(6, 2), mock.NewArch(3, 0)}
	cfg := passes.NewConfig()
	for _, arch := range archs {
		for seed := int64(1); seed <= 150; seed++ {
			allocateAndCheck(t, arch, seed, cfg)
		}
	}
	// The programs must exercise spilling, coalescing and reload forwarding
	// (renaming the readers of a reload included) and dead spill stores.
	for _, key := range []string{"spills", "coalesced", "reloadsRemoved", "reloadsRenamed", "remats", "storesRemoved"} {
		if cfg.Stats.Get("regalloc", regalloc.Pass.Stats[key]) == 0 {
			t.Errorf("statistic %s is 0", key)
		}
	}
}

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestLargeFileIsFast allocates about 50k instructions in 50 functions
// on the 6-register mock target in well under a second of CPU time.
func TestLargeFileIsFast(t *testing.T) {
	if testing.Short() {
		t.Skip("large")
	}
	arch := mock.NewArch(6, 2)
	var fs []*mir.Func
	var wants []mock.Result
	n := 0
	for seed := int64(1); n < 50000; seed++ {
		f := mock.Generate(arch, seed, 250)
		for _, b := range f.Blocks {
			n += len(b.Instrs)
		}
		want, err := mock.Run(f, 3, 4)
		if err != nil {
			t.Fatal(err)
		}
		fs, wants = append(fs, f), append(wants, want)
	}
	start, cpu0 := time.Now(), cpuTime()
	for _, f := range fs {
		if err := pipeline(t, f, passes.NewConfig()); err != nil {
			t.Fatal(err)
		}
	}
	el, cpu := time.Since(start), cpuTime()-cpu0
	t.Logf("%d functions, %d instructions: %v (%v CPU)", len(fs), n, el, cpu)
	// CPU time, not wall time: the bound must hold on a loaded machine.
	if cpu > 3*time.Second {
		t.Errorf("too slow: %v CPU", cpu)
	}
	for i, f := range fs {
		if got, err := mock.Run(f, 3, 4); err != nil || fmt.Sprint(got) != fmt.Sprint(wants[i]) {
			t.Fatalf("function %d: got %v, %v; want %v", i, got, err, wants[i])
		}
	}
}

// BenchmarkLargeFunction allocates one function of about 50k instructions.
func BenchmarkLargeFunction(b *testing.B) {
	arch := mock.NewArch(6, 2)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		f := mock.Generate(arch, 7, 12000)
		cfg := passes.NewConfig()
		b.StartTimer()
		for _, name := range []string{"phi-elim", "two-address", "regalloc"} {
			p, _ := passes.Lookup(name)
			if err := p.Run(&passes.Ctx{Cfg: cfg, Pass: p}, f); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// callFunc builds: n values computed (from the argument, or constants),
// a call, then all n values summed.
func callFunc(arch *mir.Arch, n int, constants bool) *mir.Func {
	f := mir.NewFunc("across", arch)
	b := f.NewBlock("entry")
	arg := f.NewVReg(0)
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GCopy, mir.D(arg), mir.R(mock.R(0))))
	var vals []mir.Reg
	for i := 0; i < n; i++ {
		v := f.NewVReg(0)
		if constants {
			b.Instrs = append(b.Instrs, mir.NewInstr(mock.LI, mir.D(v), mir.I(int64(10+i))))
		} else {
			b.Instrs = append(b.Instrs, mir.NewInstr(mock.ADDI, mir.D(v), mir.R(arg), mir.I(int64(10+i))))
		}
		vals = append(vals, v)
	}
	sum := callF(f, b)
	for _, v := range vals {
		s2 := f.NewVReg(0)
		b.Instrs = append(b.Instrs, mir.NewInstr(mock.ADD, mir.D(s2), mir.R(sum), mir.R(v)))
		sum = s2
	}
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GCopy, mir.D(mock.R(0)), mir.R(sum)), mir.NewInstr(mock.RET))
	return f
}

// Values live across a call go to callee-saved registers, which are
// reported in SavedRegs; when there are too few, the rest is spilled, or
// recomputed at the use when it is a constant (constants read once after
// the call are recomputed anyway: see TestRematDoesNotOpenCalleeSaved).
func TestCallCrossingValues(t *testing.T) {
	arch := mock.NewArch(4, 1) // r3 is callee-saved
	for _, c := range []struct {
		n             int
		constants     bool
		spills, remat int64
		saved         []mir.Reg
	}{{1, false, 0, 0, []mir.Reg{mock.R(3)}}, {2, false, 1, 0, []mir.Reg{mock.R(3)}}, {3, false, 2, 0, []mir.Reg{mock.R(3)}}, {3, true, 0, 3, nil}} {
		f := callFunc(arch, c.n, c.constants)
		cfg := passes.NewConfig()
		if err := pipeline(t, f, cfg); err != nil {
			t.Fatal(err)
		}
		spills := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["spills"])
		remat := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["remats"])
		if spills != c.spills || remat != c.remat {
			t.Errorf("%d values across a call: %d spills, %d remats; want %d, %d\n%s", c.n, spills, remat, c.spills, c.remat, f)
		}
		if fmt.Sprint(f.SavedRegs) != fmt.Sprint(c.saved) {
			t.Errorf("SavedRegs = %v, want %v", f.SavedRegs, c.saved)
		}
		r, err := mock.Run(f, 0, 0)
		want := int32(5)
		for i := 0; i < c.n; i++ {
			want += int32(10 + i)
		}
		if err != nil || r.Ret != want {
			t.Errorf("run: %v %v, want %d", r, err, want)
		}
	}
}

// A constant and a computed value live across a call compete for the one
// callee-saved register. The constant has more uses, but spilling it costs
// no store (it is recomputed at its uses), so it is the one spilled.
func TestSpillPrefersRematerializable(t *testing.T) {
	f := mir.NewFunc("remat", mock.NewArch(4, 1))
	b := f.NewBlock("entry")
	arg, v, c := f.NewVReg(0), f.NewVReg(0), f.NewVReg(0)
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GCopy, mir.D(arg), mir.R(mock.R(0))),
		mir.NewInstr(mock.ADDI, mir.D(v), mir.R(arg), mir.I(3)),
		mir.NewInstr(mock.LI, mir.D(c), mir.I(100)),
		mir.NewInstr(mock.CALL, mir.S("f", 0),
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(1), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit | mir.FlagDef}),
		mir.NewInstr(mock.OUT, mir.R(c)),
		mir.NewInstr(mock.OUT, mir.R(c)),
		mir.NewInstr(mock.OUT, mir.R(c)),
		mir.NewInstr(mir.GCopy, mir.D(mock.R(0)), mir.R(v)),
		mir.NewInstr(mock.RET),
	}
	f.RecomputeCFG()
	want, err := mock.Run(f, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	cfg := passes.NewConfig()
	if err := pipeline(t, f, cfg); err != nil {
		t.Fatal(err)
	}
	stores := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["stores"])
	remats := cfg.Stats.Get("regalloc", regalloc.Pass.Stats["remats"])
	if stores != 0 || remats == 0 {
		t.Errorf("%d spill stores, %d remats; want the constant recomputed, no store\n%s", stores, remats, f)
	}
	if got, err := mock.Run(f, 4, 0); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("run: %v %v, want %v", got, err, want)
	}
}

// A value spilled across a call and read three times in the stretch after
// it, where each read's result stays live (and would take the register of
// a one-instruction reload), is reloaded once: the stretch shares one
// register while the pressure allows it.
func TestSpillReloadsOncePerStretch(t *testing.T) {
	f := mir.NewFunc("stretch", mock.NewArch(4, 0))
	b := f.NewBlock("entry")
	arg, v := f.NewVReg(0), f.NewVReg(0)
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GCopy, mir.D(arg), mir.R(mock.R(0))),
		mir.NewInstr(mock.ADDI, mir.D(v), mir.R(arg), mir.I(3)),
		mir.NewInstr(mock.CALL, mir.S("f", 0),
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(1), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit | mir.FlagDef}),
	}
	var sums []mir.Reg
	for i := 0; i < 3; i++ {
		s := f.NewVReg(0)
		b.Instrs = append(b.Instrs, mir.NewInstr(mock.ADDI, mir.D(s), mir.R(v), mir.I(int64(10+i))))
		sums = append(sums, s)
	}
	for _, s := range sums {
		b.Instrs = append(b.Instrs, mir.NewInstr(mock.OUT, mir.R(s)))
	}
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GCopy, mir.D(mock.R(0)), mir.R(arg)), mir.NewInstr(mock.RET))
	f.RecomputeCFG()
	want, err := mock.Run(f, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline(t, f, passes.NewConfig()); err != nil {
		t.Fatal(err)
	}
	loads := 0
	for _, in := range f.Blocks[0].Instrs {
		if in.Op == mir.GLoad32 && in.Ops[1].Imm == 1 {
			loads++
		}
	}
	if loads != 1 {
		t.Errorf("%d reloads of v after the call, want 1\n%s", loads, f)
	}
	if got, err := mock.Run(f, 4, 0); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("run: %v %v, want %v", got, err, want)
	}
}

// A constant defined before a call and read once after it is recomputed
// there rather than kept in the callee-saved register nothing else uses:
// that register would cost a save and a restore.
func TestRematDoesNotOpenCalleeSaved(t *testing.T) {
	f := mir.NewFunc("csr", mock.NewArch(4, 1)) // r3 is callee-saved
	b := f.NewBlock("entry")
	c := f.NewVReg(0)
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mock.LI, mir.D(c), mir.I(100)),
		mir.NewInstr(mock.CALL, mir.S("f", 0),
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(1), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit | mir.FlagDef}),
		mir.NewInstr(mock.OUT, mir.R(c)),
		mir.NewInstr(mock.RET),
	}
	f.RecomputeCFG()
	want, err := mock.Run(f, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline(t, f, passes.NewConfig()); err != nil {
		t.Fatal(err)
	}
	if len(f.SavedRegs) != 0 {
		t.Errorf("SavedRegs = %v, want none (the constant recomputed after the call)\n%s", f.SavedRegs, f)
	}
	if got, err := mock.Run(f, 4, 0); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("run: %v %v, want %v", got, err, want)
	}
}

// A constant live across a call with no callee-saved register left, read
// three times after it by values that stay live, is recomputed once there.
func TestRematOncePerStretch(t *testing.T) {
	f := mir.NewFunc("rematstretch", mock.NewArch(4, 0))
	b := f.NewBlock("entry")
	c := f.NewVReg(0)
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mock.LI, mir.D(c), mir.I(100)),
		mir.NewInstr(mock.CALL, mir.S("f", 0),
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(1), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit | mir.FlagDef}),
	}
	var sums []mir.Reg
	for i := 0; i < 3; i++ {
		s := f.NewVReg(0)
		b.Instrs = append(b.Instrs, mir.NewInstr(mock.ADDI, mir.D(s), mir.R(c), mir.I(int64(i))))
		sums = append(sums, s)
	}
	for _, s := range sums {
		b.Instrs = append(b.Instrs, mir.NewInstr(mock.OUT, mir.R(s)))
	}
	b.Instrs = append(b.Instrs, mir.NewInstr(mock.RET))
	f.RecomputeCFG()
	want, err := mock.Run(f, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline(t, f, passes.NewConfig()); err != nil {
		t.Fatal(err)
	}
	lis := 0
	for _, in := range f.Blocks[0].Instrs {
		if in.Op == mock.LI {
			lis++
		}
	}
	if lis != 1 {
		t.Errorf("%d LIs, want the constant computed once, after the call\n%s", lis, f)
	}
	if got, err := mock.Run(f, 4, 0); err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("run: %v %v, want %v", got, err, want)
	}
}

// An incoming stack argument loaded before a call and read after it is
// loaded again from its argument slot (which nothing writes) instead of
// being copied to a spill slot.
func TestRematArgumentLoad(t *testing.T) {
	f := mir.NewFunc("argload", mock.NewArch(4, 0))
	arg := f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Offset: 16, Fixed: true, Name: "arg16"})
	b := f.NewBlock("entry")
	v := f.NewVReg(0)
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GLoad32, mir.D(v), mir.FI(arg, 0), mir.I(0)),
		mir.NewInstr(mock.CALL, mir.S("f", 0),
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(1), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit | mir.FlagDef}),
		mir.NewInstr(mock.OUT, mir.R(v)),
		mir.NewInstr(mock.RET),
	}
	f.RecomputeCFG()
	if err := pipeline(t, f, passes.NewConfig()); err != nil {
		t.Fatal(err)
	}
	if len(f.Frame) != 1 {
		t.Errorf("frame %v, want the argument slot only\n%s", f.Frame, f)
	}
	for _, in := range f.Blocks[0].Instrs {
		if in.Op == mir.GStore32 {
			t.Errorf("spill store %s\n%s", mir.FormatInstr(f, in), f)
		}
	}
	// Stored to, the slot is not immutable: the value is spilled.
	f = mir.NewFunc("argstore", mock.NewArch(4, 0))
	arg = f.NewFrameObject(mir.FrameObject{Size: 4, Align: 4, Offset: 16, Fixed: true, Name: "arg16"})
	b = f.NewBlock("entry")
	v, w := f.NewVReg(0), f.NewVReg(0)
	b.Instrs = []*mir.Instr{
		mir.NewInstr(mir.GLoad32, mir.D(v), mir.FI(arg, 0), mir.I(0)),
		mir.NewInstr(mock.LI, mir.D(w), mir.I(5)),
		mir.NewInstr(mir.GStore32, mir.R(w), mir.FI(arg, 0), mir.I(0)),
		mir.NewInstr(mock.CALL, mir.S("f", 0),
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(1), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit | mir.FlagDef}),
		mir.NewInstr(mock.OUT, mir.R(v)),
		mir.NewInstr(mock.RET),
	}
	f.RecomputeCFG()
	if err := pipeline(t, f, passes.NewConfig()); err != nil {
		t.Fatal(err)
	}
	if len(f.Frame) != 2 {
		t.Errorf("frame %v, want the argument slot and a spill slot\n%s", f.Frame, f)
	}
}

// callF appends to b a call of f(1, 2) on the mock target (arguments and
// result in R0, R1) and a copy of its result, which it returns: a call
// every value live across it must survive.
func callF(f *mir.Func, b *mir.Block) mir.Reg {
	b.Instrs = append(b.Instrs,
		mir.NewInstr(mock.LI, mir.D(mock.R(0)), mir.I(1)),
		mir.NewInstr(mock.LI, mir.D(mock.R(1)), mir.I(2)),
		mir.NewInstr(mock.CALL, mir.S("f", 0),
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(1), Flags: mir.FlagImplicit},
			mir.Operand{Kind: mir.KindReg, Reg: mock.R(0), Flags: mir.FlagImplicit | mir.FlagDef}))
	sum := f.NewVReg(0)
	b.Instrs = append(b.Instrs, mir.NewInstr(mir.GCopy, mir.D(sum), mir.R(mock.R(0))))
	return sum
}
