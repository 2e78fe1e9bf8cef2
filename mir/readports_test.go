package mir

import "testing"

func TestBanksFit(t *testing.T) {
	const A, B = BankMask(1), BankMask(2)
	for _, c := range []struct {
		reads []BankMask
		fit   bool
	}{
		{nil, true},
		{[]BankMask{A, B}, true},
		{[]BankMask{A, A}, false},
		{[]BankMask{A, 0, 0, B}, true}, // no port: accumulators
		{[]BankMask{A | B, A}, true},   // readable through either: takes B
		{[]BankMask{A | B, A, B}, false},
		{[]BankMask{B, A | B, A | B}, false},
		{[]BankMask{A | B, A | B}, true},
	} {
		if got := BanksFit(c.reads); got != c.fit {
			t.Errorf("BanksFit(%v) = %v, want %v", c.reads, got, c.fit)
		}
	}
}

// PortReads counts a register read twice once, leaves implicit reads and
// guards out, and counts distinct immediates of target ops.
func TestPortReads(t *testing.T) {
	const A, B = BankMask(1), BankMask(2)
	a := &Arch{
		Name:      "banks",
		Ops:       []OpDesc{{Name: "ADD", NumDefs: 1, NumUses: 2}},
		Regs:      []RegDesc{{}, {Name: "a0", Banks: A}, {Name: "a1", Banks: A}, {Name: "b0", Banks: B}, {Name: "acc"}},
		Classes:   []RegClassDesc{{Name: "gpr", Size: 4}},
		ReadPorts: &ReadPorts{Banks: []string{"A", "B"}, Imm: B},
	}
	add := FirstTargetOp
	for _, c := range []struct {
		in       *Instr
		n        int
		conflict bool
	}{
		{NewInstr(add, D(4), R(1), R(1)), 1, false},
		{NewInstr(add, D(4), R(1), R(2)), 2, true},
		{NewInstr(add, D(4), R(1), R(3)), 2, false},
		{NewInstr(add, D(4), R(1), R(4)), 1, false},
		{NewInstr(add, D(4), R(3), I(5)), 2, true},
		{NewInstr(add, D(4), R(1), I(5)), 2, false},
		{NewInstr(add, D(4), I(5), I(5)), 1, false},
		{NewInstr(add, D(4), R(1), R(3), Operand{Kind: KindReg, Reg: 2, Flags: FlagImplicit}), 2, false},
		{NewInstr(add, D(4), R(VirtBase), R(3)), 2, false},
	} {
		if got := a.PortReads(c.in); len(got) != c.n || a.ReadPortConflict(c.in) != c.conflict {
			t.Errorf("%v: %d reads %v, conflict %v; want %d, %v", c.in.Ops, len(got), got, a.ReadPortConflict(c.in), c.n, c.conflict)
		}
	}
}
