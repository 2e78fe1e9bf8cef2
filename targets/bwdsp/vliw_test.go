package bwdsp

import (
	"fmt"
	"strings"
	"testing"

	"lltosimd/mir"
	"lltosimd/passes"
)

func TestLocReg(t *testing.T) {
	for _, c := range []struct {
		l Loc
		r mir.Reg
	}{
		{LocR(MacroX, 0), GPRReg(MacroX, 0)}, {LocR(MacroT, 63), GPRReg(MacroT, 63)},
		{LocCP(MacroY, 3), CPReg(MacroY, 3)}, {LocA(0), AddrReg(0)}, {LocA(47), AddrReg(47)},
		{LocLC(2), LCReg(2)}, {LocRA, RegRA},
	} {
		if got := LocReg(c.l); got != c.r {
			t.Errorf("LocReg(%s) = %s, want %s", c.l, Arch.RegName(got), Arch.RegName(c.r))
		}
	}
}

// TestLatency: the §2.6 table, per written register.
func TestLatency(t *testing.T) {
	r, u := GPRReg(MacroX, 1), AddrReg(0)
	for _, c := range []struct {
		op   string
		def  mir.Reg
		want int
	}{
		{"ADD", r, 1}, {"SHL", r, 1}, {"MUL", r, 2}, {"FMUL", r, 2}, {"LD", r, 3}, {"SQRT", r, 4},
		{"RECIP", r, 4}, {"DIV", r, 8}, {"FREM", r, 8}, {"XFER", r, 1}, {"AADDI", u, 1},
		{"LDPM", r, 3}, {"LDPM", u, 1}, {"STPM", u, 1},
	} {
		mi := mir.NewInstr(MIROp(OpByName[c.op]))
		if got := Latency(mi, c.def); got != c.want {
			t.Errorf("Latency(%s, %s) = %d, want %d", c.op, Arch.RegName(c.def), got, c.want)
		}
	}
}

func TestCheckPacket(t *testing.T) {
	add := Inst{Op: OpByName["ADD"], Mask: 1, Rd: 1, Rs: 2, Rt: 3}
	mul := Inst{Op: OpByName["MUL"], Mask: 1, Rd: 4, Rs: 2, Rt: 3}
	add2 := Inst{Op: OpByName["ADD"], Mask: 1, Rd: 5, Rs: 2, Rt: 3}
	if err := CheckPacket([]Inst{add, mul}); err != nil {
		t.Errorf("ADD || MUL on x: %v", err)
	}
	if err := CheckPacket([]Inst{add, add2}); err == nil || !strings.Contains(err.Error(), "bundle rule 2") {
		t.Errorf("two ALU operations on x: %v", err)
	}
}

// testConv converts the scalar forms the test below uses; the real
// converter comes with the selector. Registers name their macro.
func testConv(f *mir.Func, mi *mir.Instr, _ func(*mir.Block) string) (Inst, string, error) {
	op := Opcode(mi.Op - mir.FirstTargetOp)
	in := Inst{Op: op}
	gpr := func(r mir.Reg) (m, n uint8) {
		l := int(r) - firstGPR
		return uint8(l / NumR), uint8(l % NumR)
	}
	cp := func(r mir.Reg) (m, k uint8) {
		l := int(r) - firstCP
		return uint8(l / NumCP), uint8(l % NumCP)
	}
	addr := func(r mir.Reg) uint8 { return uint8(int(r) - firstAddr) }
	o := mi.Ops
	switch op.Form().Syn {
	case SynRRR:
		m, d := gpr(o[0].Reg)
		_, s := gpr(o[1].Reg)
		_, tt := gpr(o[2].Reg)
		in.Mask, in.Rd, in.Rs, in.Rt = Mask(1<<m), d, s, tt
	case SynLoadPM: // d, An, An, imm
		m, d := gpr(o[0].Reg)
		in.Mask, in.Rd, in.Rs, in.Imm = Mask(1<<m), d, addr(o[2].Reg), int32(o[3].Imm)
	case SynStorePM: // An, v, An, imm
		m, v := gpr(o[1].Reg)
		in.Mask, in.Rd, in.Rs, in.Imm = Mask(1<<m), addr(o[0].Reg), v, int32(o[3].Imm)
	case SynCmp: // CPd, s, t: CN, >
		m, k := cp(o[0].Reg)
		_, s := gpr(o[1].Reg)
		_, tt := gpr(o[2].Reg)
		in.Mask, in.Rd, in.Rs, in.Rt, in.Rel, in.Act = Mask(1<<m), k, s, tt, RelGT, ActCN
	case SynSel: // d, CPk, s, t
		m, d := gpr(o[0].Reg)
		_, k := cp(o[1].Reg)
		_, s := gpr(o[2].Reg)
		_, tt := gpr(o[3].Reg)
		in.Mask, in.Rd, in.Re, in.Rs, in.Rt = Mask(1<<m), d, k, s, tt
	case SynBLC: // LCn, LCn, label
		in.Rd = uint8(int(o[0].Reg) - firstLC)
		return in, "loop", nil
	default:
		return Inst{}, "", fmt.Errorf("testConv: %s", op)
	}
	return in, "", nil
}

type testMachine struct{}

// The selector's package registers BWDSP's real Machine; this test
// package does not import it.
func init() { passes.RegisterMachine(Arch, testMachine{}) }

func (testMachine) BranchInfo() passes.BranchInfo     { return nil }
func (testMachine) PhiElimHooks() passes.PhiElimHooks { return passes.PhiElimHooks{} }
func (testMachine) VLIWInfo() passes.VLIWInfo         { return NewVLIW(testConv) }

// TestPacketizeExample packetizes the loop body of spec §2.8 on one macro
// (SIMD masks are not MIR operands yet): the spec lays it out as four
// bundles after the loop setup, with the multiply able to join the
// compare, which the §2.6 latencies make the best schedule: both loads
// (rule 3 allows 2; U and V are different families, rule 4), the compare
// and the multiply once the loads' results are ready (ALU and MUL), the
// select (ALU), then the store with the loop branch last (rule 6).
func TestPacketizeExample(t *testing.T) {
	src := `--- function: ex
arch: bwdsp
props: nophis novregs selected framelowered
body:
bb0.entry:
  $LC0 = SETLC 64
bb1.loop:
  $xR10, $U0 = LDPM $U0, 16
  $xR11, $V0 = LDPM $V0, 16
  $xCP1 = CMPF $xR10, $xR14
  $xR12 = FMUL $xR10, $xR11
  $xR13 = SEL $xCP1, $xR12, $xR11
  $W0 = STPM $xR13, $W0, 16
  $LC0 = BLC $LC0, bb1.loop
bb2:
  RET
`
	f, err := mir.ParseFunc(src, lookupArch)
	if err != nil {
		t.Fatal(err)
	}
	cfg := passes.NewConfig()
	cfg.Verify = true
	plan, err := passes.NewPlan([]string{"packetize"}, cfg, f.Props)
	if err != nil {
		t.Fatal(err)
	}
	out, err := plan.Run(&mir.Module{Funcs: []*mir.Func{f}}, passes.Dump{AtEnd: true})
	if err != nil {
		t.Fatal(err)
	}
	want := `bb1.loop:  ; preds: bb0, bb1
  packet {
    $xR10, $U0 = LDPM $U0, 16
    $xR11, $V0 = LDPM $V0, 16
  }
  packet {
    $xCP1 = CMPF $xR10, $xR14
    $xR12 = FMUL $xR10, $xR11
  }
  $xR13 = SEL $xCP1, $xR12, $xR11
  packet {
    $W0 = STPM $xR13, $W0, 16
    $LC0 = BLC $LC0, bb1.loop
  }
`
	if !strings.Contains(string(out), want) {
		t.Errorf("got:\n%s\nwant the loop:\n%s", out, want)
	}
	// Every packet passes the §2.4 checker.
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if !in.Packet {
				continue
			}
			if err := (testMachine{}).VLIWInfo().CheckPacket(f, in.Flatten()); err != nil {
				t.Errorf("%s: %v", mir.FormatInstr(f, in), err)
			}
		}
	}
}
