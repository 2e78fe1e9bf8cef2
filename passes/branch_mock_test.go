package passes

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"lltosimd/mir"
)

// A small mock target drives the generic branch passes in these tests, so
// they check the algorithms, not Cpu0's tables. Its conditional branches
// have a configurable number of delay slots and a short (8-bit) reach.

const (
	r1 mir.Reg = 1 + iota
	r2
	r3
	r4
	r5
	r6
	r7
	r8 // stores through r8 model the I/O address: they never move
	rLR
)

var tArch = &mir.Arch{
	Name:      "mock",
	RegPrefix: "$",
	Regs: []mir.RegDesc{{}, {Name: "r1"}, {Name: "r2"}, {Name: "r3"}, {Name: "r4"}, {Name: "r5"},
		{Name: "r6"}, {Name: "r7"}, {Name: "r8"}, {Name: "lr"}},
	Classes: []mir.RegClassDesc{{Name: "gpr", Size: 4}},
	Ops: []mir.OpDesc{
		{Name: "NOP"},
		{Name: "ADD", NumDefs: 1, NumUses: 2},
		{Name: "LD", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad},
		{Name: "ST", NumUses: 3, Flags: mir.FlagStore},
		{Name: "BNZ", NumUses: 2, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagHasDelaySlot},
		{Name: "BZ", NumUses: 2, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagHasDelaySlot},
		{Name: "JMP", NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier},
		{Name: "RET", Flags: mir.FlagReturn | mir.FlagTerminator | mir.FlagBarrier | mir.FlagHasDelaySlot},
		{Name: "CALL", NumUses: 1, Flags: mir.FlagCall | mir.FlagSideEffect | mir.FlagLoad | mir.FlagStore | mir.FlagHasDelaySlot},
		{Name: "OUT", NumUses: 1, Flags: mir.FlagSideEffect},
		{Name: "BXX", NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagHasDelaySlot}, // no inverse
	},
}

func top(name string) mir.Opcode {
	op, ok := tArch.LookupOp(name)
	if !ok {
		panic(name)
	}
	return op
}

var (
	opNOP  = top("NOP")
	opADD  = top("ADD")
	opLD   = top("LD")
	opST   = top("ST")
	opBNZ  = top("BNZ")
	opBZ   = top("BZ")
	opJMP  = top("JMP")
	opRET  = top("RET")
	opCALL = top("CALL")
	opOUT  = top("OUT")
	opBXX  = top("BXX")
)

// mockBI implements BranchInfo for tArch. slots is the number of delay
// slots; conditional branches reach ±128 bytes, jumps ±32 KiB.
type mockBI struct{ slots int }

var mock = &mockBI{slots: 1}

// mockMachine gives tArch the mock branch facts and no phi-elim hooks.
type mockMachine struct{}

func (mockMachine) BranchInfo() BranchInfo     { return mock }
func (mockMachine) PhiElimHooks() PhiElimHooks { return PhiElimHooks{} }

func init() { RegisterMachine(tArch, mockMachine{}) }

func blockOf(in *mir.Instr) (*mir.Block, bool) {
	for _, o := range in.Ops {
		if o.Kind == mir.KindBlock {
			return o.Block, true
		}
	}
	return nil, false
}

func (m *mockBI) UncondTarget(in *mir.Instr) (*mir.Block, bool) {
	if in.Op != opJMP {
		return nil, false
	}
	return blockOf(in)
}

func (m *mockBI) CondTarget(in *mir.Instr) (*mir.Block, bool) {
	if in.Op != opBNZ && in.Op != opBZ && in.Op != opBXX {
		return nil, false
	}
	return blockOf(in)
}

func (m *mockBI) InvertCond(in *mir.Instr, t *mir.Block) bool {
	switch in.Op {
	case opBNZ:
		in.Op = opBZ
	case opBZ:
		in.Op = opBNZ
	default:
		return false
	}
	for i := range in.Ops {
		if in.Ops[i].Kind == mir.KindBlock {
			in.Ops[i].Block = t
		}
	}
	return true
}

func (m *mockBI) NewJump(t *mir.Block) *mir.Instr { return mir.NewInstr(opJMP, mir.B(t)) }
func (m *mockBI) NewNop() *mir.Instr              { return mir.NewInstr(opNOP) }

func (m *mockBI) DelaySlots(in *mir.Instr) int {
	if tArch.Desc(in.Op).Flags&mir.FlagHasDelaySlot != 0 {
		return m.slots
	}
	return 0
}

func (m *mockBI) Size(in *mir.Instr) int64 { return 4 }

func (m *mockBI) InRange(in *mir.Instr, pc, target int64) bool {
	off := target - (pc + 4)
	switch in.Op {
	case opBNZ, opBZ, opBXX:
		return off >= -128 && off < 128
	case opJMP:
		return off >= -32768 && off < 32768
	}
	return true
}

func (m *mockBI) RegEffects(in *mir.Instr) (defs, uses []mir.Reg) {
	for _, o := range in.Ops {
		if o.IsDef() {
			defs = append(defs, o.Reg)
		} else if o.IsUse() {
			uses = append(uses, o.Reg)
		}
	}
	switch in.Op {
	case opCALL: // reads its argument r1, writes the link register
		uses = append(uses, r1)
		defs = append(defs, rLR)
	case opRET: // reads the return value r1 and the link register
		uses = append(uses, r1, rLR)
	}
	return defs, uses
}

func (m *mockBI) CanFillSlot(in *mir.Instr) bool {
	return !(in.Op == opST && in.Ops[1].Reg == r8)
}

// Instruction constructors.
func add(d, a, b mir.Reg) *mir.Instr         { return mir.NewInstr(opADD, mir.D(d), mir.R(a), mir.R(b)) }
func ld(d, base mir.Reg) *mir.Instr          { return mir.NewInstr(opLD, mir.D(d), mir.R(base), mir.I(0)) }
func st(v, base mir.Reg) *mir.Instr          { return mir.NewInstr(opST, mir.R(v), mir.R(base), mir.I(0)) }
func bnz(c mir.Reg, t *mir.Block) *mir.Instr { return mir.NewInstr(opBNZ, mir.R(c), mir.B(t)) }
func bz(c mir.Reg, t *mir.Block) *mir.Instr  { return mir.NewInstr(opBZ, mir.R(c), mir.B(t)) }
func jmp(t *mir.Block) *mir.Instr            { return mir.NewInstr(opJMP, mir.B(t)) }
func ret() *mir.Instr                        { return mir.NewInstr(opRET) }
func call() *mir.Instr                       { return mir.NewInstr(opCALL, mir.S("f", 0)) }
func out(r mir.Reg) *mir.Instr               { return mir.NewInstr(opOUT, mir.R(r)) }

// newFunc makes a mock function with n empty blocks.
func newFunc(n int) (*mir.Func, []*mir.Block) {
	f := mir.NewFunc("test", tArch)
	var bs []*mir.Block
	for range n {
		bs = append(bs, f.NewBlock(""))
	}
	return f, bs
}

// runPass runs the named pass as a pipeline would: only when enabled.
func runPass(t *testing.T, cfg *Config, name string, f *mir.Func) error {
	t.Helper()
	p, ok := Lookup(name)
	if !ok {
		t.Fatalf("pass %s not registered", name)
	}
	if !cfg.IsEnabled(p) {
		return nil
	}
	if len(f.Blocks) > 0 && len(f.Blocks[0].Succs)+len(f.Blocks[0].Preds) == 0 {
		f.RecomputeCFG() // the test did not build the CFG
	}
	valid := len(mir.Verify(f)) == 0
	if err := p.Run(&Ctx{Cfg: cfg, Pass: p}, f); err != nil {
		return err
	}
	if errs := mir.Verify(f); valid && len(errs) > 0 {
		t.Errorf("%s broke the function: %v\n%s", name, errs, f)
	}
	return nil
}

func stat(cfg *Config, pass, key string) int64 {
	p, _ := Lookup(pass)
	return cfg.Stats.Get(pass, p.Stats[key])
}

// cfgEdges renders Succs/Preds (sorted) so that a test can compare them
// with a recomputed CFG.
func cfgEdges(f *mir.Func) string {
	var buf bytes.Buffer
	for _, b := range f.Blocks {
		var ss, ps []int
		for _, s := range b.Succs {
			ss = append(ss, s.ID)
		}
		for _, p := range b.Preds {
			ps = append(ps, p.ID)
		}
		slices.Sort(ss)
		slices.Sort(ps)
		fmt.Fprintf(&buf, "%s succs %v preds %v\n", blockLabel(b), ss, ps)
	}
	return buf.String()
}

// body renders a block's instructions for comparisons.
func body(b *mir.Block) []string {
	f := b.Func
	var s []string
	for _, in := range b.Instrs {
		s = append(s, instrString(f, in))
	}
	return s
}
