package passes

import (
	"fmt"
	"math/rand"
	"testing"

	"lltosimd/mir"
)

// sArch is a small VLIW machine with a hardware loop counter for the
// software-pipeline differential test: packets of 4 with 2 ALUs (ADD,
// ADDI: latency 1), 1 multiplier (MUL: 3), 1 memory port (LD: 2, ST),
// ARG (the trip count), SETLC/BLC (BWDSP's counter semantics), BLTU and
// JMP.
var sArch = func() *mir.Arch {
	a := &mir.Arch{
		Name:      "swpmock",
		RegPrefix: "$",
		Regs:      []mir.RegDesc{{}, {Name: "lc"}},
		Ops: []mir.OpDesc{
			{Name: "ADD", NumDefs: 1, NumUses: 2},
			{Name: "ADDI", NumDefs: 1, NumUses: 2},
			{Name: "MUL", NumDefs: 1, NumUses: 2},
			{Name: "LD", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad},
			{Name: "ST", NumUses: 3, Flags: mir.FlagStore},
			{Name: "ARG", NumDefs: 1},
			{Name: "SETLC", NumDefs: 1, NumUses: 1},
			{Name: "BLC", NumDefs: 1, NumUses: 2, Flags: mir.FlagBranch | mir.FlagTerminator},
			{Name: "BLTU", NumUses: 3, Flags: mir.FlagBranch | mir.FlagTerminator},
			{Name: "JMP", NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier},
			{Name: "RET", Flags: mir.FlagReturn | mir.FlagTerminator | mir.FlagBarrier},
		},
	}
	gpr := mir.RegClassDesc{Name: "gpr", Size: 4}
	for i := 0; i < 40; i++ {
		a.Regs = append(a.Regs, mir.RegDesc{Name: fmt.Sprintf("r%d", i)})
		gpr.Alloc = append(gpr.Alloc, mir.Reg(len(a.Regs)-1))
	}
	a.Classes = []mir.RegClassDesc{gpr}
	return a
}()

const sLC mir.Reg = 1

func sop(name string) mir.Opcode {
	op, ok := sArch.LookupOp(name)
	if !ok {
		panic(name)
	}
	return op
}

var (
	sADD, sADDI, sMUL, sLD, sST = sop("ADD"), sop("ADDI"), sop("MUL"), sop("LD"), sop("ST")
	sARG, sSETLC, sBLC, sBLTU   = sop("ARG"), sop("SETLC"), sop("BLC"), sop("BLTU")
	sJMP, sRET                  = sop("JMP"), sop("RET")
)

type sMachine struct{}

func (sMachine) BranchInfo() BranchInfo     { return nil }
func (sMachine) PhiElimHooks() PhiElimHooks { return PhiElimHooks{} }
func (sMachine) VLIWInfo() VLIWInfo         { return sInfo{} }
func (sMachine) HardwareLoops() *HWLoopInfo {
	return &HWLoopInfo{
		Counters: []mir.Reg{sLC},
		LoopEnd: func(lc mir.Reg, h *mir.Block) *mir.Instr {
			return mir.NewInstr(sBLC, mir.D(lc), mir.R(lc), mir.B(h))
		},
		CountOf: func(in *mir.Instr) (mir.Reg, mir.Operand, bool) {
			if in.Op == sSETLC {
				return in.Ops[0].Reg, in.Ops[1], true
			}
			return mir.NoReg, mir.Operand{}, false
		},
		SetCountMinus: func(f *mir.Func, lc mir.Reg, count mir.Operand, k int64) []*mir.Instr {
			r := f.NewVReg(0)
			return []*mir.Instr{mir.NewInstr(sADDI, mir.D(r), count, mir.I(-k)), mir.NewInstr(sSETLC, mir.D(lc), mir.R(r))}
		},
		BranchCountBelow: func(f *mir.Func, count mir.Operand, k int64, target *mir.Block) []*mir.Instr {
			return []*mir.Instr{mir.NewInstr(sBLTU, count, mir.I(k), mir.B(target))}
		},
	}
}

func init() { RegisterMachine(sArch, sMachine{}) }

type sInfo struct{}

func (sInfo) MaxPacket() int { return 4 }

func (sInfo) Latency(_ *mir.Func, in *mir.Instr, _ mir.Reg) int {
	switch in.Op {
	case sMUL:
		return 3
	case sLD:
		return 2
	}
	return 1
}

func (sInfo) RegEffects(_ *mir.Func, in *mir.Instr) (defs, uses []mir.Reg) {
	return OperandRegEffects(in)
}

// MemAccess: LD and ST touch one word at base + off (addresses count words).
func (sInfo) MemAccess(_ *mir.Func, in *mir.Instr) (MemRef, bool) {
	if in.Op == sLD || in.Op == sST {
		return MemRef{Base: in.Ops[1].Reg, Off: in.Ops[2].Imm, Size: 1}, true
	}
	return MemRef{}, false
}

// PostModify: software-pipeline follows pointers through ADDI.
func (sMachine) PostModify() *PostModifyInfo {
	return &PostModifyInfo{AddImm: func(in *mir.Instr) (mir.Reg, mir.Reg, int64, bool) {
		if in.Op != sADDI || in.Ops[1].Kind != mir.KindReg {
			return 0, 0, 0, false
		}
		return in.Ops[0].Reg, in.Ops[1].Reg, in.Ops[2].Imm, true
	}}
}

func (sInfo) CheckPacket(_ *mir.Func, p []*mir.Instr) error {
	var alu, mul, mem int
	for _, in := range p {
		switch in.Op {
		case sADD, sADDI:
			alu++
		case sMUL:
			mul++
		case sLD, sST:
			mem++
		}
	}
	if alu > 2 || mul > 1 || mem > 1 {
		return fmt.Errorf("%d ALU, %d MUL, %d memory operations", alu, mul, mem)
	}
	return nil
}

// randomSWPLoop builds a function: a preheader setting the counter to the
// argument, one single-block hardware loop with pointer phis stepping
// through arrays A (read; written too when aliasA) and B (written), a few
// accumulator phis and random arithmetic, and an exit storing every
// accumulator to array C.
func randomSWPLoop(rng *rand.Rand, aliasA bool) *mir.Func {
	f := mir.NewFunc("loop", sArch)
	f.Props = mir.PropSSA | mir.PropSelected
	pre, body, exit := f.NewBlock("pre"), f.NewBlock("loop"), f.NewBlock("exit")
	nv := func() mir.Reg { return f.NewVReg(0) }
	emit := func(b *mir.Block, op mir.Opcode, ops ...mir.Operand) {
		b.Instrs = append(b.Instrs, mir.NewInstr(op, ops...))
	}
	n, base := nv(), nv()
	emit(pre, sARG, mir.D(n))
	emit(pre, sSETLC, mir.D(sLC), mir.R(n))
	emit(pre, sADDI, mir.D(base), mir.R(n), mir.I(3)) // the arrays start at n+3 (words, wrapping)
	// Pointers: A at base, B at base+100, each + 1 per iteration.
	type ptr struct {
		phi, init, next mir.Reg
		mem             *mir.MemOperand
	}
	ptrs := []*ptr{{mem: &mir.MemOperand{Obj: mir.MemGlobal, Sym: "A", Size: 4}}, {mem: &mir.MemOperand{Obj: mir.MemGlobal, Sym: "B", Size: 4}}}
	for k, p := range ptrs {
		p.phi, p.init, p.next = nv(), nv(), nv()
		emit(pre, sADDI, mir.D(p.init), mir.R(base), mir.I(int64(100*k)))
	}
	zero2 := nv()
	emit(pre, sADDI, mir.D(zero2), mir.R(base), mir.I(1)) // an invariant
	emit(pre, sJMP, mir.B(body))
	// Accumulators.
	nacc := 1 + rng.Intn(3)
	type acc struct{ phi, init, next mir.Reg }
	accs := make([]*acc, nacc)
	var vals []mir.Reg
	for i := range accs {
		accs[i] = &acc{phi: nv(), init: zero2}
		vals = append(vals, accs[i].phi)
	}
	for _, p := range ptrs {
		vals = append(vals, p.phi)
	}
	vals = append(vals, zero2)
	pick := func() mir.Reg { return vals[rng.Intn(len(vals))] }
	for i := 0; i < 4+rng.Intn(10); i++ {
		d := nv()
		switch rng.Intn(6) {
		case 0, 1:
			emit(body, sADD, mir.D(d), mir.R(pick()), mir.R(pick()))
		case 2:
			emit(body, sMUL, mir.D(d), mir.R(pick()), mir.R(pick()))
		case 3:
			emit(body, sADDI, mir.D(d), mir.R(pick()), mir.I(int64(rng.Intn(7)-3)))
		case 4:
			p := ptrs[0]
			in := mir.NewInstr(sLD, mir.D(d), mir.R(p.phi), mir.I(int64(rng.Intn(3))))
			in.Mem = p.mem
			body.Instrs = append(body.Instrs, in)
		case 5:
			p := ptrs[1]
			if aliasA && rng.Intn(2) == 0 {
				p = ptrs[0]
			}
			in := mir.NewInstr(sST, mir.R(pick()), mir.R(p.phi), mir.I(int64(rng.Intn(3))))
			in.Mem = p.mem
			body.Instrs = append(body.Instrs, in)
			continue
		}
		vals = append(vals, d)
	}
	for _, a := range accs {
		a.next = vals[len(vals)-1-rng.Intn(min(3, len(vals)))]
	}
	for _, p := range ptrs {
		emit(body, sADDI, mir.D(p.next), mir.R(p.phi), mir.I(1))
	}
	var phis []*mir.Instr
	for _, a := range accs {
		phis = append(phis, mir.NewInstr(mir.GPhi, mir.D(a.phi), mir.R(a.init), mir.B(pre), mir.R(a.next), mir.B(body)))
	}
	for _, p := range ptrs {
		phis = append(phis, mir.NewInstr(mir.GPhi, mir.D(p.phi), mir.R(p.init), mir.B(pre), mir.R(p.next), mir.B(body)))
	}
	body.Instrs = append(phis, body.Instrs...)
	emit(body, sBLC, mir.D(sLC), mir.R(sLC), mir.B(body))
	emit(body, sJMP, mir.B(exit))
	// Exit: C[200 + i] = each accumulator and the last value made.
	for i, v := range append([]mir.Reg{vals[len(vals)-1]}, func() (r []mir.Reg) {
		for _, a := range accs {
			r = append(r, a.phi)
		}
		return
	}()...) {
		emit(exit, sST, mir.R(v), mir.R(zero2), mir.I(int64(200+i)))
	}
	emit(exit, sRET)
	f.RecomputeCFG()
	return f
}

// runSWPMock interprets f with argument n on a memory of 256 words (the
// pointers are word indices, wrapping).
func runSWPMock(t *testing.T, f *mir.Func, n uint32, mem0 []uint32) []uint32 {
	t.Helper()
	mem := append([]uint32(nil), mem0...)
	regs := map[mir.Reg]uint32{}
	val := func(o mir.Operand) uint32 {
		if o.Kind == mir.KindImm {
			return uint32(o.Imm)
		}
		return regs[o.Reg]
	}
	b, prev := f.Blocks[0], (*mir.Block)(nil)
	for steps := 0; ; steps++ {
		if steps > 100000 {
			t.Fatal("runaway")
		}
		var next *mir.Block
		// Phis read their incomings together.
		upd := map[mir.Reg]uint32{}
		for _, in := range b.Instrs {
			if in.Op == mir.GPhi {
				for k := 1; k+1 < len(in.Ops); k += 2 {
					if in.Ops[k+1].Block == prev {
						upd[in.Ops[0].Reg] = val(in.Ops[k])
					}
				}
			}
		}
		for r, v := range upd {
			regs[r] = v
		}
		for _, in := range b.Instrs {
			o := in.Ops
			switch in.Op {
			case mir.GPhi:
			case sARG:
				regs[o[0].Reg] = n
			case sADD:
				regs[o[0].Reg] = val(o[1]) + val(o[2])
			case sADDI:
				regs[o[0].Reg] = val(o[1]) + val(o[2])
			case sMUL:
				regs[o[0].Reg] = val(o[1]) * val(o[2])
			case sLD:
				regs[o[0].Reg] = mem[(val(o[1])+val(o[2]))%256]
			case sST:
				mem[(val(o[1])+val(o[2]))%256] = val(o[0])
			case sSETLC:
				regs[sLC] = val(o[1])
			case sBLC:
				regs[sLC]--
				if regs[sLC] != 0 {
					next = o[2].Block
				}
			case sBLTU:
				if val(o[0]) < val(o[1]) {
					next = o[2].Block
				}
			case sJMP:
				next = o[0].Block
			case sRET:
				return mem
			}
			if next != nil {
				break
			}
		}
		if next == nil {
			t.Fatalf("bb%d falls off", b.ID)
		}
		prev, b = b, next
	}
}

// TestSWPDifferential interprets random single-block hardware loops
// before and after software-pipeline, for trip counts 1 to 9 and 1 to 3
// kernel copies: same memory, and the verifier accepts the result.
func TestSWPDifferential(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	pipelined := 0
	for iter := 0; iter < 300; iter++ {
		aliasA := iter%2 == 1
		f := randomSWPLoop(rng, aliasA)
		if errs := mir.Verify(f); len(errs) > 0 {
			t.Fatalf("generator: %v\n%s", errs, f.String())
		}
		mem0 := make([]uint32, 256)
		for i := range mem0 {
			mem0[i] = uint32(rng.Intn(1000))
		}
		var want [][]uint32
		for n := uint32(1); n <= 9; n++ {
			want = append(want, runSWPMock(t, f, n, mem0))
		}
		before := f.String()
		cfg := NewConfig()
		cfg.Options["swp-unroll"] = fmt.Sprint(1 + iter%3) // kernel copies 1, 2, 3
		plan, err := NewPlan([]string{"software-pipeline"}, cfg, f.Props)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Verify = true
		if _, err := plan.Run(&mir.Module{Source: "swp.mir", Funcs: []*mir.Func{f}}, Dump{}); err != nil {
			t.Fatalf("%v\n%s", err, before)
		}
		if len(f.Blocks) > 3 {
			pipelined++
		}
		for n := uint32(1); n <= 9; n++ {
			got := runSWPMock(t, f, n, mem0)
			for i := range got {
				if got[i] != want[n-1][i] {
					t.Fatalf("n=%d: mem[%d] = %d, want %d\nbefore:\n%s\nafter:\n%s", n, i, got[i], want[n-1][i], before, f.String())
				}
			}
		}
	}
	if pipelined < 50 {
		t.Errorf("only %d of 300 loops pipelined", pipelined)
	}
	t.Logf("%d of 300 loops pipelined", pipelined)
}
