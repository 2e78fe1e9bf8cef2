package passes

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"lltosimd/mir"
)

// vArch is a small VLIW machine for the packetizer tests: packets of up
// to 4 instructions with 2 ALUs (ADD, latency 1), 1 multiplier (MUL,
// latency 3) and 1 memory port (LD, latency 2; ST), and at most one
// control instruction. Its registers are v1..v8 and the link register.
var vArch = &mir.Arch{
	Name:      "vliwmock",
	RegPrefix: "$",
	Regs: []mir.RegDesc{{}, {Name: "v1"}, {Name: "v2"}, {Name: "v3"}, {Name: "v4"}, {Name: "v5"},
		{Name: "v6"}, {Name: "v7"}, {Name: "v8"}, {Name: "lr"}},
	Classes: []mir.RegClassDesc{{Name: "gpr", Size: 4}},
	Ops: []mir.OpDesc{
		{Name: "ADD", NumDefs: 1, NumUses: 2, Doc: "ALU, latency 1"},
		{Name: "MUL", NumDefs: 1, NumUses: 2, Doc: "MUL, latency 3"},
		{Name: "LD", NumDefs: 1, NumUses: 2, Flags: mir.FlagLoad, Doc: "d = mem32[base + off]; memory port, latency 2"},
		{Name: "ST", NumUses: 3, Flags: mir.FlagStore, Doc: "mem32[base + off] = v; memory port"},
		{Name: "JMP", NumUses: 1, Flags: mir.FlagBranch | mir.FlagTerminator | mir.FlagBarrier},
		{Name: "BNZ", NumUses: 2, Flags: mir.FlagBranch | mir.FlagTerminator},
		{Name: "CALL", NumUses: 1, Flags: mir.FlagCall},
		{Name: "RET", Flags: mir.FlagReturn | mir.FlagTerminator | mir.FlagBarrier},
		{Name: "OUT", NumUses: 1, Flags: mir.FlagSideEffect},
	},
}

const vLR mir.Reg = 9

func vop(name string) mir.Opcode {
	op, ok := vArch.LookupOp(name)
	if !ok {
		panic(name)
	}
	return op
}

var (
	vADD = vop("ADD")
	vMUL = vop("MUL")
	vLD  = vop("LD")
	vST  = vop("ST")
	vCAL = vop("CALL")
	vRET = vop("RET")
)

type vMachine struct{}

func (vMachine) BranchInfo() BranchInfo     { return nil }
func (vMachine) PhiElimHooks() PhiElimHooks { return PhiElimHooks{} }
func (vMachine) VLIWInfo() VLIWInfo         { return vInfo{} }

func init() { RegisterMachine(vArch, vMachine{}) }

type vInfo struct{}

func (vInfo) MaxPacket() int { return 4 }

func (vInfo) Latency(_ *mir.Func, in *mir.Instr, _ mir.Reg) int {
	switch in.Op {
	case vMUL:
		return 3
	case vLD:
		return 2
	}
	return 1
}

// RegEffects adds the call's argument/result register v1 and the link
// register of CALL and RET.
func (vInfo) RegEffects(_ *mir.Func, in *mir.Instr) (defs, uses []mir.Reg) {
	defs, uses = OperandRegEffects(in)
	switch in.Op {
	case vCAL:
		defs = append(defs, 1, vLR)
		uses = append(uses, 1)
	case vRET:
		uses = append(uses, 1, vLR)
	}
	return defs, uses
}

func (vInfo) MemAccess(_ *mir.Func, in *mir.Instr) (MemRef, bool) {
	switch in.Op {
	case vLD, vST:
		return MemRef{Base: in.Ops[1].Reg, Off: in.Ops[2].Imm, Size: 4}, true
	}
	return MemRef{}, false
}

func (vInfo) CheckPacket(f *mir.Func, p []*mir.Instr) error {
	var alu, mul, mem int
	for _, in := range p {
		switch in.Op {
		case vADD:
			alu++
		case vMUL:
			mul++
		case vLD, vST:
			mem++
		}
	}
	if alu > 2 || mul > 1 || mem > 1 {
		return fmt.Errorf("%d ALU, %d MUL, %d memory operations", alu, mul, mem)
	}
	return nil
}

func vParse(t *testing.T, body string) *mir.Func {
	t.Helper()
	src := "--- function: f\narch: vliwmock\nprops: nophis novregs selected framelowered\nbody:\n" + body
	f, err := mir.ParseFunc(src, func(string) (*mir.Arch, error) { return vArch, nil })
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// edgesOf lists a DAG's edges as "from->to KIND lat".
func edgesOf(g *DepGraph) []string {
	var out []string
	for i, n := range g.Nodes {
		for _, e := range n.Succs {
			out = append(out, fmt.Sprintf("%d->%d %s %d", i, e.To, e.Kind, e.Lat))
		}
	}
	return out
}

func TestDepGraphEdges(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"RAW carries the writer's latency", "  $v1 = MUL $v2, $v3\n  $v4 = ADD $v1, $v1\n",
			[]string{"0->1 RAW 3"}},
		{"WAR may share the packet", "  $v4 = ADD $v1, $v2\n  $v1 = ADD $v3, $v3\n",
			[]string{"0->1 WAR 0"}},
		{"WAW never shares it", "  $v1 = ADD $v2, $v2\n  $v1 = LD $v3, 0\n",
			[]string{"0->1 WAW 1"}},
		{"independent", "  $v1 = ADD $v2, $v2\n  $v3 = ADD $v4, $v4\n", nil},
		{"loads commute", "  $v1 = LD $v5, 0\n  $v2 = LD $v5, 0\n", nil},
		{"store then load of the same word", "  ST $v1, $v5, 4\n  $v2 = LD $v5, 4\n",
			[]string{"0->1 mem 1"}},
		{"load then store: the packet reads first", "  $v2 = LD $v5, 4\n  ST $v1, $v5, 4\n",
			[]string{"0->1 mem 0"}},
		{"store, store overlapping", "  ST $v1, $v5, 4\n  ST $v2, $v5, 6\n",
			[]string{"0->1 mem 1"}},
		{"same base, disjoint offsets", "  ST $v1, $v5, 4\n  $v2 = LD $v5, 8\n  ST $v3, $v5, 0\n", nil},
		{"different bases may alias", "  ST $v1, $v5, 4\n  $v2 = LD $v6, 8\n",
			[]string{"0->1 mem 1"}},
		// Memory operands (mir.MayAlias): distinct objects commute, the
		// same object with overlapping or unknown ranges does not, and an
		// access without one may alias anything.
		{"distinct globals", "  ST $v1, $v5, 4 :: mem(@a, ?, 4)\n  $v2 = LD $v6, 8 :: mem(@b, ?, 4)\n", nil},
		{"global and local array", "  ST $v1, $v5, 4 :: mem(@a, 4, 4)\n  $v2 = LD $v6, 0 :: mem(fi#0, 0, 4)\n", nil},
		{"noalias argument and global", "  ST $v1, $v5, 4 :: mem(noalias arg#0, ?, 4)\n  $v2 = LD $v6, 0 :: mem(@a, ?, 4)\n", nil},
		{"one argument, disjoint offsets", "  ST $v1, $v5, 0 :: mem(arg#1, 8, 4)\n  $v2 = LD $v6, 0 :: mem(arg#1, 12, 4)\n", nil},
		{"one global, overlapping offsets", "  ST $v1, $v5, 0 :: mem(@a, 8, 16)\n  $v2 = LD $v6, 0 :: mem(@a, 20, 4)\n",
			[]string{"0->1 mem 1"}},
		{"one global, unknown offsets", "  ST $v1, $v5, 0 :: mem(@a, ?, 4)\n  $v2 = LD $v6, 0 :: mem(@a, 20, 4)\n",
			[]string{"0->1 mem 1"}},
		{"two plain arguments", "  ST $v1, $v5, 0 :: mem(arg#0, 0, 4)\n  $v2 = LD $v6, 0 :: mem(arg#1, 0, 4)\n",
			[]string{"0->1 mem 1"}},
		{"argument and global", "  ST $v1, $v5, 0 :: mem(arg#0, 0, 4)\n  $v2 = LD $v6, 0 :: mem(@a, 0, 4)\n",
			[]string{"0->1 mem 1"}},
		{"one side unknown", "  ST $v1, $v5, 0 :: mem(@a, 0, 4)\n  $v2 = LD $v6, 0\n",
			[]string{"0->1 mem 1"}},
		{"unknown object", "  ST $v1, $v5, 0 :: mem(?, ?, 4)\n  $v2 = LD $v6, 0 :: mem(noalias arg#0, 0, 4)\n",
			[]string{"0->1 mem 1"}},
		{"base redefined in between", "  ST $v1, $v5, 4\n  $v5 = ADD $v6, $v6\n  $v2 = LD $v5, 8\n",
			[]string{"0->1 WAR 0", "0->2 mem 1", "1->2 RAW 1"}},
		{"call is a barrier", "  $v2 = ADD $v3, $v3\n  CALL $v4\n  $v5 = ADD $v4, $v4\n",
			[]string{"0->1 order 0", "1->2 order 1"}},
		{"call reads its argument register", "  $v1 = MUL $v3, $v3\n  CALL $v4\n",
			[]string{"0->1 RAW 3"}},
		{"side effect issues alone", "  $v2 = ADD $v3, $v3\n  OUT $v4\n  $v5 = ADD $v4, $v4\n",
			[]string{"0->1 order 1", "1->2 order 1"}},
		{"terminator after everything", "  $v2 = ADD $v3, $v3\n  ST $v1, $v5, 0\n  RET\n",
			[]string{"0->2 order 0", "1->2 order 0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := tc.body
			if !strings.Contains(body, "RET") {
				body += "  RET\n"
			}
			f := vParse(t, "bb0:\n"+body)
			instrs := f.Blocks[0].Instrs
			if !strings.Contains(tc.body, "RET") {
				instrs = instrs[:len(instrs)-1] // leave the added RET out
			}
			g := BuildDepGraph(f, instrs, vInfo{})
			got := edgesOf(g)
			if strings.Join(got, ", ") != strings.Join(tc.want, ", ") {
				t.Errorf("edges %q, want %q", got, tc.want)
			}
			// The memory-operand cases without edges: one pair proved
			// disjoint by the operands alone.
			if want := 0; strings.Contains(body, ":: mem(") {
				if tc.want == nil {
					want = 1
				}
				if g.MemDisjoint != want {
					t.Errorf("MemDisjoint %d, want %d", g.MemDisjoint, want)
				}
			}
		})
	}
}

// runPacketizeText runs -run-pass=packetize on MIR text and returns the
// printed result and the statistics.
func runPacketizeText(t *testing.T, body string) (string, *Config) {
	t.Helper()
	f := vParse(t, body)
	cfg := NewConfig()
	cfg.Verify = true
	var dbg bytes.Buffer
	cfg.DebugOnly["packetize"] = true
	cfg.DebugOut = &dbg
	plan, err := NewPlan([]string{"packetize"}, cfg, f.Props)
	if err != nil {
		t.Fatal(err)
	}
	mod := &mir.Module{Source: "test.mir", Funcs: []*mir.Func{f}}
	out, err := plan.Run(mod, Dump{AtEnd: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dbg.String(), "dependence DAG") || !strings.Contains(dbg.String(), "cycle 0:") {
		t.Errorf("-debug-only=packetize printed no DAG or schedule:\n%s", dbg.String())
	}
	return string(out), cfg
}

// TestPacketizeMIR is a MIR-in/MIR-out test: the expected packets follow
// from vArch's resources and latencies, worked out in the comments.
func TestPacketizeMIR(t *testing.T) {
	in := `bb0:
  $v1 = LD $v8, 0
  $v2 = LD $v8, 4
  $v3 = MUL $v1, $v2
  $v4 = ADD $v6, $v7
  $v5 = ADD $v6, $v6
  $v6 = ADD $v7, $v7
  ST $v3, $v8, 8
  RET
`
	// Heights: LD v1 -> MUL (2) -> ST (3) -> RET: the loads lead. Cycle 0:
	// LD v1 (one memory port), then the ALU ops by block order: ADD v4,
	// ADD v5 (two ALUs); ADD v6 would be a third ALU op (its WAR with the
	// readers of v6 would allow the packet). Cycle 1: LD v2, ADD v6.
	// Cycle 3: MUL (v2 ready at 1+2). Cycle 6: ST (v3 ready at 3+3), with
	// RET last in its packet. Cycles 2, 4 and 5 stall.
	want := `bb0:
  packet {
    $v1 = LD $v8, 0
    $v4 = ADD $v6, $v7
    $v5 = ADD $v6, $v6
  }
  packet {
    $v2 = LD $v8, 4
    $v6 = ADD $v7, $v7
  }
  $v3 = MUL $v1, $v2
  packet {
    ST $v3, $v8, 8
    RET
  }
`
	out, cfg := runPacketizeText(t, in)
	if !strings.Contains(out, want) || !strings.Contains(out, "props: nophis novregs bundled selected framelowered") {
		t.Errorf("got:\n%s\nwant the body:\n%s", out, want)
	}
	for key, v := range map[string]int64{statPackets: 4, statMulti: 3, statInstrs: 8, statStalls: 3} {
		if got := cfg.Stats.Get("packetize", packetizePass().Stats[key]); got != v {
			t.Errorf("statistic %s = %d, want %d", key, got, v)
		}
	}
	// The output parses back and packetizing again changes nothing.
	// Existing packets are kept whole (their members read in parallel,
	// so they cannot be taken apart).
	out2, cfg2 := runPacketizeText(t, out[strings.Index(out, "bb0:"):])
	if out2 != out {
		t.Errorf("second run changed the packets:\n%s", out2)
	}
	if got := cfg2.Stats.Get("packetize", packetizePass().Stats[statInstrs]); got != 8 {
		t.Errorf("second run counts %d instructions, want 8", got)
	}
}

func packetizePass() *Pass {
	p, _ := Lookup("packetize")
	return p
}

// TestPacketizeNoMachine: a target without VLIWInfo keeps its code.
func TestPacketizeNoMachine(t *testing.T) {
	f := mir.NewFunc("g", tArch)
	b := f.NewBlock("")
	b.Instrs = []*mir.Instr{add(r1, r2, r3), add(r4, r5, r6), mir.NewInstr(opRET)}
	if err := runPacketize(&Ctx{Cfg: NewConfig(), Pass: packetizePass()}, f); err != nil {
		t.Fatal(err)
	}
	if len(b.Instrs) != 3 || b.Instrs[0].Packet {
		t.Errorf("code changed: %v", b.Instrs)
	}
}

// vExec runs straight-line vArch code (ADD, MUL, LD, ST, OUT) on a state,
// one packet at a time with the packet semantics: every member reads
// before any writes.
func vExec(f *mir.Func, instrs []*mir.Instr, regs []uint32, mem map[uint32]uint32) []uint32 {
	var out []uint32
	for _, in := range instrs {
		type wr struct {
			reg  mir.Reg
			addr uint32
			v    uint32
			mem  bool
		}
		var ws []wr
		for _, m := range in.Flatten() {
			r := func(k int) uint32 { return regs[m.Ops[k].Reg] }
			switch m.Op {
			case vADD:
				ws = append(ws, wr{reg: m.Ops[0].Reg, v: r(1) + r(2)})
			case vMUL:
				ws = append(ws, wr{reg: m.Ops[0].Reg, v: r(1) * r(2)})
			case vLD:
				ws = append(ws, wr{reg: m.Ops[0].Reg, v: mem[r(1)+uint32(m.Ops[2].Imm)]})
			case vST:
				ws = append(ws, wr{mem: true, addr: r(1) + uint32(m.Ops[2].Imm), v: r(0)})
			case vop("OUT"):
				out = append(out, r(0))
			}
		}
		for _, w := range ws {
			if w.mem {
				mem[w.addr] = w.v
			} else {
				regs[w.reg] = w.v
			}
		}
	}
	return out
}

// TestPacketizeRandom packetizes random straight-line blocks and checks
// that running the packets with parallel-read semantics gives the same
// registers, memory and output as running the block one instruction at a
// time. Addresses are small multiples of 4 from bases 0 and 4, so that
// accesses through different bases overlap.
func TestPacketizeRandom(t *testing.T) {
	rnd := rand.New(rand.NewSource(7))
	reg := func() mir.Reg { return mir.Reg(1 + rnd.Intn(8)) }
	for iter := 0; iter < 3000; iter++ {
		f := mir.NewFunc("r", vArch)
		f.Props = mir.PropNoPHIs | mir.PropNoVRegs | mir.PropSelected
		b := f.NewBlock("")
		n := 2 + rnd.Intn(14)
		for i := 0; i < n; i++ {
			var in *mir.Instr
			switch rnd.Intn(6) {
			case 0, 1:
				in = mir.NewInstr(vADD, mir.D(reg()), mir.R(reg()), mir.R(reg()))
			case 2:
				in = mir.NewInstr(vMUL, mir.D(reg()), mir.R(reg()), mir.R(reg()))
			case 3:
				in = mir.NewInstr(vLD, mir.D(reg()), mir.R(mir.Reg(7+rnd.Intn(2))), mir.I(int64(4*rnd.Intn(3))))
			case 4:
				in = mir.NewInstr(vST, mir.R(reg()), mir.R(mir.Reg(7+rnd.Intn(2))), mir.I(int64(4*rnd.Intn(3))))
			default:
				in = mir.NewInstr(vop("OUT"), mir.R(reg()))
			}
			b.Instrs = append(b.Instrs, in)
		}
		before := f.String()
		init := func() ([]uint32, map[uint32]uint32) {
			regs := make([]uint32, 10)
			for i := range regs {
				regs[i] = uint32(i * 0x1111)
			}
			regs[7], regs[8] = 0, 4
			return regs, map[uint32]uint32{0: 11, 4: 22, 8: 33, 12: 44}
		}
		r1, m1 := init()
		o1 := vExec(f, b.Instrs, r1, m1) // before makePacket changes the heads
		g := BuildDepGraph(f, b.Instrs, vInfo{})
		packets, _, _ := g.Schedule()
		var packed []*mir.Instr
		for _, p := range packets {
			packed = append(packed, makePacket(p))
		}
		r2, m2 := init()
		o2 := vExec(f, packed, r2, m2)
		if fmt.Sprint(r1, m1, o1) != fmt.Sprint(r2, m2, o2) {
			b.Instrs = packed
			t.Fatalf("packets change the result:\n%s\nbecame\n%s\n%v %v %v\n%v %v %v", before, f.String(), r1, m1, o1, r2, m2, o2)
		}
	}
}
