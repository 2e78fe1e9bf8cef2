package cpu0_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
	"lltosimd/targets/cpu0"
	"lltosimd/targets/cpu0/asm"
	"lltosimd/targets/cpu0/sim"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/branch")

func op(name string) mir.Opcode {
	o, ok := cpu0.Op[name]
	if !ok {
		panic("no op " + name)
	}
	return o
}

// Every conditional branch has an inverse of the same syntax, and inverting
// twice gives the branch back.
func TestInverseBranchTable(t *testing.T) {
	bi := cpu0.BranchInfo
	f := mir.NewFunc("t", cpu0.Arch)
	b := f.NewBlock("")
	for _, d := range cpu0.Instrs {
		if d.Flags&mir.FlagBranch == 0 || d.Flags&(mir.FlagBarrier|mir.FlagIndirect) != 0 {
			continue
		}
		in := mir.NewInstr(op(d.Name), mir.R(cpu0.SW), mir.B(b))
		if d.Syn == cpu0.SynBr {
			in = mir.NewInstr(op(d.Name), mir.R(cpu0.V0), mir.R(cpu0.ZERO), mir.B(b))
		}
		if _, ok := bi.CondTarget(in); !ok {
			t.Errorf("%s is not a conditional branch to the hooks", d.Name)
			continue
		}
		if !bi.InvertCond(in, b) {
			t.Errorf("%s has no inverse", d.Name)
			continue
		}
		inv := cpu0.DefOf(in.Op)
		if inv.Syn != d.Syn || inv.Name == d.Name {
			t.Errorf("%s inverts to %s", d.Name, inv.Name)
		}
		bi.InvertCond(in, b)
		if cpu0.DefOf(in.Op).Name != d.Name {
			t.Errorf("%s inverted twice is %s", d.Name, cpu0.DefOf(in.Op).Name)
		}
	}
	// Unconditional and indirect transfers are not conditional branches.
	for _, n := range []string{"JMP", "JR", "RET", "JSUB", "BAL"} {
		if _, ok := bi.CondTarget(mir.NewInstr(op(n), mir.B(b))); ok {
			t.Errorf("%s treated as a conditional branch", n)
		}
	}
	if tg, ok := bi.UncondTarget(mir.NewInstr(op("JMP"), mir.B(b))); !ok || tg != b {
		t.Error("JMP not recognised")
	}
	// Delay slots: spec §5.
	for _, d := range cpu0.Instrs {
		want := 0
		switch d.Name {
		case "JEQ", "JNE", "JLT", "JGT", "JLE", "JGE", "BEQ", "BNE", "JR", "RET", "JSUB", "JALR":
			want = 1
		}
		if got := bi.DelaySlots(mir.NewInstr(op(d.Name))); got != want {
			t.Errorf("%s: %d delay slots, want %d", d.Name, got, want)
		}
	}
}

func TestInRange(t *testing.T) {
	bi := cpu0.BranchInfo
	beq := mir.NewInstr(op("BEQ"), mir.R(cpu0.V0), mir.R(cpu0.ZERO), mir.B(nil))
	jeq := mir.NewInstr(op("JEQ"), mir.R(cpu0.SW), mir.B(nil))
	jmp := mir.NewInstr(op("JMP"), mir.B(nil))
	cases := []struct {
		in         *mir.Instr
		pc, target int64
		ok         bool
	}{
		{beq, 100, 104 + 32767, true},
		{beq, 100, 104 + 32768, false},
		{beq, 100, 104 - 32768, true},
		{beq, 100, 104 - 32769, false},
		{jeq, 0, 4 + 1<<23 - 1, true},
		{jeq, 0, 4 + 1<<23, false},
		{jmp, 1 << 23, 4, true},
		{jmp, 1<<23 + 4, 4, false},
	}
	for _, c := range cases {
		if got := bi.InRange(c.in, c.pc, c.target); got != c.ok {
			t.Errorf("%s at %d to %d: in range = %v", cpu0.DefOf(c.in.Op).Name, c.pc, c.target, got)
		}
	}
}

func TestRegEffects(t *testing.T) {
	bi := cpu0.BranchInfo
	cases := []struct {
		in         *mir.Instr
		defs, uses []mir.Reg
	}{
		{mir.NewInstr(op("JSUB"), mir.S("f", 0)), []mir.Reg{cpu0.LR}, []mir.Reg{cpu0.A0, cpu0.A1, cpu0.SP, cpu0.GP}},
		{mir.NewInstr(op("RET"), mir.R(cpu0.LR)), nil, []mir.Reg{cpu0.LR, cpu0.V0, cpu0.V1}},
		{mir.NewInstr(op("CMP"), mir.D(cpu0.SW), mir.R(cpu0.A0), mir.R(cpu0.A1)), []mir.Reg{cpu0.SW}, []mir.Reg{cpu0.A0, cpu0.A1}},
		{mir.NewInstr(op("MULT"), mir.R(cpu0.A0), mir.R(cpu0.A1)), []mir.Reg{cpu0.HI, cpu0.LO}, []mir.Reg{cpu0.A0, cpu0.A1}},
		{mir.NewInstr(op("MFLO"), mir.D(cpu0.V0)), []mir.Reg{cpu0.V0}, []mir.Reg{cpu0.LO}},
	}
	for _, c := range cases {
		d, u := bi.RegEffects(c.in)
		slices.Sort(d)
		slices.Sort(u)
		slices.Sort(c.defs)
		slices.Sort(c.uses)
		if !slices.Equal(d, c.defs) || !slices.Equal(u, c.uses) {
			t.Errorf("%s: defs %v uses %v, want %v %v", cpu0.DefOf(c.in.Op).Name, d, u, c.defs, c.uses)
		}
	}
}

func TestCanFillSlot(t *testing.T) {
	bi := cpu0.BranchInfo
	st := func(base mir.Reg) *mir.Instr {
		return mir.NewInstr(op("ST"), mir.R(cpu0.V0), mir.R(base), mir.I(4))
	}
	for _, c := range []struct {
		in *mir.Instr
		ok bool
	}{
		{st(cpu0.SP), true},
		{st(cpu0.FP), false}, // $fp holds values in functions without a frame pointer
		{st(cpu0.V1), false}, // may be the I/O port
		{mir.NewInstr(op("LD"), mir.D(cpu0.V0), mir.R(cpu0.V1), mir.I(0)), true},
		{mir.NewInstr(op("MFC0"), mir.D(cpu0.V0), mir.R(cpu0.C0PC)), false},
		{mir.NewInstr(op("ADDiu"), mir.D(cpu0.V0), mir.R(cpu0.V0), mir.I(1)), true},
	} {
		if got := bi.CanFillSlot(c.in); got != c.ok {
			t.Errorf("%s: CanFillSlot = %v", mir.FormatInstr(mir.NewFunc("x", cpu0.Arch), c.in), got)
		}
	}
}

func lookupArch(name string) (*mir.Arch, error) {
	if name == "cpu0" {
		return cpu0.Arch, nil
	}
	return nil, fmt.Errorf("unknown arch %q", name)
}

// runPasses runs the named passes (when enabled) in order and checks with
// mir.Verify that each keeps a valid function valid.
func runPasses(cfg *passes.Config, f *mir.Func, names ...string) error {
	for _, n := range names {
		valid := mir.Verify(f) == nil
		p, ok := passes.Lookup(n)
		if !ok {
			return fmt.Errorf("no pass %s", n)
		}
		if !cfg.IsEnabled(p) {
			continue
		}
		if err := p.Run(&passes.Ctx{Cfg: cfg, Pass: p}, f); err != nil {
			return err
		}
		if errs := mir.Verify(f); valid && errs != nil {
			return fmt.Errorf("%s broke %s: %v", n, f.Name, errs)
		}
	}
	return nil
}

// TestGolden runs MIR files through passes and compares the printed MIR,
// the statistics and the debug output with a golden file. The input's
// leading comment lines say what to run:
//
//	# passes: del-jmp delay-slot-filler
//	# options: delay-slot-filler-useful=false
//	# disable: del-jmp
//
// Run with -update to rewrite the .out files (then read the diff!).
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/branch/*.mir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			cfg := passes.NewConfig()
			var dbg bytes.Buffer
			cfg.DebugOut = &dbg
			var names []string
			for _, line := range strings.Split(string(src), "\n") {
				k, v, ok := strings.Cut(strings.TrimPrefix(line, "# "), ": ")
				if !ok || !strings.HasPrefix(line, "# ") {
					continue
				}
				switch k {
				case "passes":
					names = strings.Fields(v)
				case "options":
					for _, kv := range strings.Fields(v) {
						o, val, _ := strings.Cut(kv, "=")
						cfg.Options[o] = val
					}
				case "disable":
					for _, n := range strings.Fields(v) {
						cfg.Enabled[n] = false
					}
				}
			}
			for _, n := range names {
				cfg.DebugOnly[n] = true
			}
			m, err := mir.Parse(string(src), lookupArch)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			for _, f := range m.Funcs {
				if errs := mir.Verify(f); errs != nil {
					t.Fatalf("invalid input: %v", errs)
				}
				if err := runPasses(cfg, f, names...); err != nil {
					t.Fatal(err)
				}
				if err := mir.Print(&out, f); err != nil {
					t.Fatal(err)
				}
			}
			// The output is valid MIR again.
			if _, err := mir.Parse(out.String(), lookupArch); err != nil {
				t.Errorf("output does not parse: %v", err)
			}
			out.WriteString("\n# statistics:\n")
			cfg.Stats.Print(&out)
			out.WriteString("# debug output:\n")
			out.Write(dbg.Bytes())
			golden := strings.TrimSuffix(file, ".mir") + ".out"
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got := out.String(); got != string(want) {
				t.Errorf("output differs from %s:\n%s", golden, got)
			}
		})
	}
}

// With del-jmp disabled (-enable-del-jmp=false or
// -enable-cpu0-del-useless-jmp=false, both mapped by the driver to
// Config.Enabled["del-jmp"]) every jmp stays.
func TestDelJmpDisabled(t *testing.T) {
	src, err := os.ReadFile("testdata/branch/loop_continue_break.mir")
	if err != nil {
		t.Fatal(err)
	}
	f, err := mir.ParseFunc(string(src), lookupArch)
	if err != nil {
		t.Fatal(err)
	}
	before := f.String()
	cfg := passes.NewConfig()
	cfg.Enabled["del-jmp"] = false
	if err := runPasses(cfg, f, "del-jmp"); err != nil {
		t.Fatal(err)
	}
	if f.String() != before {
		t.Errorf("disabled del-jmp changed the function:\n%s", f.String())
	}
	if strings.Count(before, "JMP") != 6 {
		t.Errorf("test input has %d JMPs, want 6", strings.Count(before, "JMP"))
	}
}

// hugeLoop builds main: $2 counts 20,000 increments per iteration over 10
// iterations; the loop's back edge is a BNE some 80 KB away from its
// target, far beyond beq/bne's ±32 KiB.
func hugeLoop(body int) (*mir.Func, []*mir.Block) {
	f := mir.NewFunc("main", cpu0.Arch)
	f.Exported = true
	f.Props = mir.PropNoPHIs | mir.PropNoVRegs | mir.PropSelected | mir.PropFrameLowered
	entry, loop, exit := f.NewBlock("entry"), f.NewBlock("loop"), f.NewBlock("exit")
	addiu := func(d, s mir.Reg, v int64) *mir.Instr {
		return mir.NewInstr(op("ADDiu"), mir.D(d), mir.R(s), mir.I(v))
	}
	entry.Instrs = []*mir.Instr{addiu(cpu0.V0, cpu0.ZERO, 0), addiu(cpu0.V1, cpu0.ZERO, 10), mir.NewInstr(op("JMP"), mir.B(loop))}
	for range body {
		loop.Instrs = append(loop.Instrs, addiu(cpu0.V0, cpu0.V0, 1))
	}
	loop.Instrs = append(loop.Instrs, addiu(cpu0.V1, cpu0.V1, -1),
		mir.NewInstr(op("BNE"), mir.R(cpu0.V1), mir.R(cpu0.ZERO), mir.B(loop)),
		mir.NewInstr(op("JMP"), mir.B(exit)))
	exit.Instrs = []*mir.Instr{mir.NewInstr(op("RET"), mir.R(cpu0.LR), mir.Operand{Kind: mir.KindReg, Reg: cpu0.V0, Flags: mir.FlagImplicit})}
	f.RecomputeCFG()
	if errs := mir.Verify(f); errs != nil {
		panic(fmt.Sprint(errs))
	}
	return f, []*mir.Block{entry, loop, exit}
}

// checkAddresses recomputes every direct branch's displacement from the
// layout (4 bytes an instruction, bundles included) and checks it against
// the encodable field: 16 bits for beq/bne, 24 bits for the rest.
func checkAddresses(t *testing.T, f *mir.Func) {
	t.Helper()
	addr := map[*mir.Block]int64{}
	pc := int64(0)
	for _, b := range f.Blocks {
		addr[b] = pc
		for _, in := range b.Instrs {
			pc += 4 * int64(1+len(in.Bundle))
		}
	}
	for _, b := range f.Blocks {
		pc := addr[b]
		for _, in := range b.Instrs {
			for _, o := range in.Ops {
				if o.Kind != mir.KindBlock {
					continue
				}
				off := addr[o.Block] - (pc + 4)
				bits := 24
				if n := cpu0.DefOf(in.Op).Name; n == "BEQ" || n == "BNE" {
					bits = 16
				}
				if lim := int64(1) << (bits - 1); off < -lim || off >= lim {
					t.Errorf("%s at %d: displacement %d does not fit %d bits", cpu0.DefOf(in.Op).Name, pc, off, bits)
				}
			}
			pc += 4 * int64(1+len(in.Bundle))
		}
	}
}

// runOnSim prints f as assembly, assembles and links it behind the startup
// code and runs it on the reference simulator, returning main's result.
func runOnSim(t *testing.T, f *mir.Func) int32 {
	t.Helper()
	var s bytes.Buffer
	if err := cpu0.PrintModule(&s, &mir.Module{Source: "huge.ll", BigEndian: true, Funcs: []*mir.Func{f}}, cpu0.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	opt := asm.Options{Level: cpu0.Cpu032II}
	start, err := asm.Startup(opt)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := asm.Assemble("huge.s", s.Bytes(), opt)
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	img, err := asm.Link([]*asm.Object{start, obj}, asm.LinkOptions{Entry: "main"})
	if err != nil {
		t.Fatalf("link: %v", err)
	}
	m := sim.New(sim.Config{Level: cpu0.Cpu032II})
	if err := m.Load(0, img.Mem); err != nil {
		t.Fatal(err)
	}
	res, err := m.Run()
	if err != nil {
		t.Fatalf("simulate: %v", err)
	}
	return res.Ret
}

// TestLongBranchHugeLoop: the late pipeline on a loop whose back edge is out
// of beq/bne range, with useful delay-slot filling and without.
func TestLongBranchHugeLoop(t *testing.T) {
	for _, useful := range []string{"true", "false"} {
		t.Run("useful="+useful, func(t *testing.T) {
			f, b := hugeLoop(20000)
			cfg := passes.NewConfig()
			cfg.Options[passes.OptDelaySlotUseful] = useful
			var dbg bytes.Buffer
			cfg.DebugOnly["cpu0-long-branch"] = true
			cfg.DebugOut = &dbg
			if err := runPasses(cfg, f, "del-jmp", "delay-slot-filler", "cpu0-long-branch"); err != nil {
				t.Fatal(err)
			}
			get := func(pass, desc string) int64 { return cfg.Stats.Get(pass, desc) }
			if n := get("del-jmp", "Number of useless jmp deleted"); n != 2 {
				t.Errorf("del-jmp deleted %d, want 2 (entry→loop, loop→exit)", n)
			}
			if n := get("cpu0-long-branch", "Number of long branches expanded"); n != 1 {
				t.Errorf("long branches = %d, want 1", n)
			}
			if n := get("delay-slot-filler", "Number of delay slots filled"); n != 2 {
				t.Errorf("slots filled = %d, want 2 (bne, ret)", n)
			}
			wantUseful := int64(0)
			if useful == "true" {
				wantUseful = 1 // an increment of $2 into the bne's slot; ret reads $2
			}
			if n := get("delay-slot-filler", "Number of delay slots filled with useful instructions"); n != wantUseful {
				t.Errorf("useful slots = %d, want %d", n, wantUseful)
			}
			loop := b[1]
			n := len(loop.Instrs)
			tail := []string{mir.FormatInstr(f, loop.Instrs[n-2]), mir.FormatInstr(f, loop.Instrs[n-1])}
			if tail[0] != "bundle {\n  BEQ $3, $zero, bb2.exit\n  "+slotText(useful)+"\n}" || tail[1] != "JMP bb1.loop" {
				t.Errorf("loop tail = %q", tail)
			}
			if !strings.Contains(dbg.String(), "expanding BNE $3, $zero, bb1.loop") {
				t.Errorf("debug output: %q", dbg.String())
			}
			checkAddresses(t, f)
			if got := runOnSim(t, f); got != 200000 {
				t.Errorf("main returned %d, want 200000", got)
			}
		})
	}
}

func slotText(useful string) string {
	if useful == "true" {
		return "$2 = ADDiu $2, 1"
	}
	return "NOP"
}

// Relaxation also works when it runs before the filler (empty slots count
// as nops), and a small loop is left alone.
func TestLongBranchBeforeFiller(t *testing.T) {
	f, _ := hugeLoop(20000)
	cfg := passes.NewConfig()
	if err := runPasses(cfg, f, "del-jmp", "cpu0-long-branch", "delay-slot-filler"); err != nil {
		t.Fatal(err)
	}
	checkAddresses(t, f)
	if got := runOnSim(t, f); got != 200000 {
		t.Errorf("main returned %d, want 200000", got)
	}

	f, _ = hugeLoop(100)
	cfg = passes.NewConfig()
	if err := runPasses(cfg, f, "del-jmp", "delay-slot-filler", "cpu0-long-branch"); err != nil {
		t.Fatal(err)
	}
	if n := cfg.Stats.Get("cpu0-long-branch", "Number of long branches expanded"); n != 0 {
		t.Errorf("expanded %d in-range branches", n)
	}
	if got := runOnSim(t, f); got != 1000 {
		t.Errorf("main returned %d, want 1000", got)
	}

	// -force-cpu0-long-branch expands it anyway.
	f, _ = hugeLoop(100)
	cfg = passes.NewConfig()
	cfg.Options[cpu0.OptForceLongBranch] = "true"
	if err := runPasses(cfg, f, "del-jmp", "delay-slot-filler", "cpu0-long-branch"); err != nil {
		t.Fatal(err)
	}
	if n := cfg.Stats.Get("cpu0-long-branch", "Number of long branches expanded"); n != 1 {
		t.Errorf("forced: expanded %d, want 1", n)
	}
	if got := runOnSim(t, f); got != 1000 {
		t.Errorf("forced: main returned %d, want 1000", got)
	}
}

// A jmp beyond ±8 MiB is an error that names the function.
func TestLongBranchJumpOverflow(t *testing.T) {
	f := mir.NewFunc("far_away", cpu0.Arch)
	b0, b1, b2 := f.NewBlock(""), f.NewBlock(""), f.NewBlock("")
	b0.Instrs = []*mir.Instr{mir.NewInstr(op("JMP"), mir.B(b2))}
	nop := mir.NewInstr(op("NOP"))
	b1.Instrs = make([]*mir.Instr, 1<<21+1) // 8 MiB + 4
	for i := range b1.Instrs {
		b1.Instrs[i] = nop
	}
	b2.Instrs = []*mir.Instr{mir.NewInstr(op("RET"), mir.R(cpu0.LR))}
	err := runPasses(passes.NewConfig(), f, "cpu0-long-branch")
	if err == nil || !strings.Contains(err.Error(), "far_away") {
		t.Fatalf("err = %v, want an error naming far_away", err)
	}
}

// randomProgram builds a main with n random blocks that mix $2, burn one
// unit of fuel ($3) each and branch on bits of $2 to random blocks, so
// that every run ends. pad > 0 puts that many unrelated instructions
// (on $6) into a few blocks, pushing branches out of beq/bne range.
func randomProgram(seed int64, n, pad int) *mir.Func {
	rng := rand.New(rand.NewSource(seed))
	f := mir.NewFunc("main", cpu0.Arch)
	f.Exported = true
	f.Props = mir.PropNoPHIs | mir.PropNoVRegs | mir.PropSelected | mir.PropFrameLowered
	ri := func(name string, d, s mir.Reg, v int64) *mir.Instr {
		return mir.NewInstr(op(name), mir.D(d), mir.R(s), mir.I(v))
	}
	entry := f.NewBlock("entry")
	heads := make([]*mir.Block, n)
	tails := make([]*mir.Block, n)
	for i := range n {
		heads[i] = f.NewBlock(fmt.Sprintf("h%d", i))
		tails[i] = f.NewBlock(fmt.Sprintf("t%d", i))
	}
	exit := f.NewBlock("exit")
	// Trampolines hold only a jmp, like split critical edges: del-jmp
	// threads branches past them and deletes them.
	tramps := make([]*mir.Block, n)
	for i := range n {
		tramps[i] = f.NewBlock(fmt.Sprintf("tr%d", i))
	}
	anyHead := func() *mir.Block {
		k := rng.Intn(2 * n)
		if k >= n {
			return tramps[k-n]
		}
		return heads[k]
	}
	entry.Instrs = []*mir.Instr{ri("ADDiu", cpu0.V0, cpu0.ZERO, 1), ri("ADDiu", cpu0.V1, cpu0.ZERO, 40)}
	for i := range n {
		h, t := heads[i], tails[i]
		h.Instrs = []*mir.Instr{
			ri("ADDiu", cpu0.V0, cpu0.V0, rng.Int63n(200)-100),
			ri("SHL", cpu0.T0, cpu0.V0, 1+rng.Int63n(4)),
			mir.NewInstr(op("XOR"), mir.D(cpu0.V0), mir.R(cpu0.V0), mir.R(cpu0.T0)),
			ri("ADDiu", cpu0.V1, cpu0.V1, -1),
		}
		if padded := rng.Intn(4) == 0; padded { // drawn even without padding: same program
			for range pad {
				h.Instrs = append(h.Instrs, ri("ADDiu", cpu0.T9, cpu0.T9, 1))
			}
		}
		h.Instrs = append(h.Instrs, mir.NewInstr(op("BEQ"), mir.R(cpu0.V1), mir.R(cpu0.ZERO), mir.B(exit)))
		t.Instrs = []*mir.Instr{
			ri("ANDi", cpu0.A0, cpu0.V0, 1<<rng.Int63n(6)),
			mir.NewInstr(op("BNE"), mir.R(cpu0.A0), mir.R(cpu0.ZERO), mir.B(anyHead())),
		}
		if rng.Intn(2) == 0 {
			t.Instrs = append(t.Instrs, mir.NewInstr(op("JMP"), mir.B(anyHead())))
		} else if i == n-1 {
			t.Instrs = append(t.Instrs, mir.NewInstr(op("JMP"), mir.B(heads[0])))
		}
	}
	exit.Instrs = []*mir.Instr{mir.NewInstr(op("RET"), mir.R(cpu0.LR), mir.Operand{Kind: mir.KindReg, Reg: cpu0.V0, Flags: mir.FlagImplicit})}
	for i, tr := range tramps {
		target := heads[rng.Intn(n)]
		if i > 0 && rng.Intn(3) == 0 {
			target = tramps[rng.Intn(i)] // a chain of trampolines
		}
		tr.Instrs = []*mir.Instr{mir.NewInstr(op("JMP"), mir.B(target))}
	}
	f.RecomputeCFG()
	return f
}

// TestBranchPassesRandomOnSim compiles random branchy programs through the
// late passes in several configurations and checks on the simulator that
// they all compute what the plainest version (every jmp kept, nop slots)
// computes without padding, hence without long branches.
func TestBranchPassesRandomOnSim(t *testing.T) {
	configs := []struct {
		name   string
		passes []string
		opts   map[string]string
	}{
		{"del-jmp+fill+relax", []string{"del-jmp", "delay-slot-filler", "cpu0-long-branch"}, nil},
		{"relax-before-fill", []string{"del-jmp", "cpu0-long-branch", "delay-slot-filler"}, nil},
		{"forced-long", []string{"del-jmp", "delay-slot-filler", "cpu0-long-branch"}, map[string]string{cpu0.OptForceLongBranch: "true"}},
		{"nop-slots-forced", []string{"delay-slot-filler", "cpu0-long-branch"}, map[string]string{cpu0.OptForceLongBranch: "true", passes.OptDelaySlotUseful: "false"}},
	}
	seeds := int64(6)
	if testing.Short() {
		seeds = 2
	}
	var expanded, threaded, dead int64
	for seed := range seeds {
		// The reference: no padding, so no long branches either.
		base := randomProgram(seed, 6, 0)
		cfg := passes.NewConfig()
		cfg.Options[passes.OptDelaySlotUseful] = "false"
		if err := runPasses(cfg, base, "delay-slot-filler", "cpu0-long-branch"); err != nil {
			t.Fatal(err)
		}
		want := runOnSim(t, base)
		for _, pad := range []int{0, 8300} {
			for _, c := range configs {
				f := randomProgram(seed, 6, pad)
				cfg := passes.NewConfig()
				for k, v := range c.opts {
					cfg.Options[k] = v
				}
				if err := runPasses(cfg, f, c.passes...); err != nil {
					t.Fatalf("seed %d pad %d %s: %v", seed, pad, c.name, err)
				}
				checkAddresses(t, f)
				if got := runOnSim(t, f); got != want {
					t.Errorf("seed %d pad %d %s: main returned %d, want %d", seed, pad, c.name, got, want)
				}
				if c.opts == nil {
					expanded += cfg.Stats.Get("cpu0-long-branch", "Number of long branches expanded")
				}
				threaded += cfg.Stats.Get("del-jmp", "Number of branches retargeted past a jmp-only block")
				dead += cfg.Stats.Get("del-jmp", "Number of dead blocks removed")
			}
		}
	}
	if expanded == 0 {
		t.Error("no long branch was ever needed: the padding is too small")
	}
	if threaded == 0 || dead == 0 {
		t.Errorf("threading never exercised: %d branches threaded, %d blocks deleted", threaded, dead)
	}
}
