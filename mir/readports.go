// Banked register files with one read port per bank (VC4's regfiles A and B).

package mir

import "math/bits"

// BankMask is a set of register banks: bit i is bank i of
// Arch.ReadPorts.Banks.
type BankMask uint8

// ReadPorts describes register banks that have one read port each, as
// VC4's register files A and B (spec vc4.md §4.1: one A read and one B
// read per instruction; a small immediate takes the B read). Each
// physical register says through which banks it is read (RegDesc.Banks).
// The rule: the distinct registers and immediates an instruction reads
// through ports must each get a port of their own, one per bank; the same
// register read twice uses one port. The register allocator assigns
// registers so that the rule holds where it can and stages the reads it
// cannot (passes/regalloc, docs/regalloc.md "Register banks").
type ReadPorts struct {
	// Banks names the banks, for messages ("A", "B"); at most 8.
	Banks []string
	// Imm is the set of banks whose port an immediate operand of a target
	// op takes (VC4: B, the small-immediate field); 0 when immediates take
	// no port. Distinct immediate values are distinct reads.
	Imm BankMask
}

// PortRead is one read of an instruction that goes through a bank's
// read port: an explicit register use, or an immediate of a target op.
type PortRead struct {
	Op    int      // index of the first operand that reads it
	Reg   Reg      // the register (virtual: its bank is not known yet), or NoReg for an immediate
	Imm   int64    // the immediate, when Reg is NoReg
	Banks BankMask // the banks it can be read through; 0 for a virtual register
}

// PortReads returns the distinct reads of in (not of its bundle members)
// that go through a bank's read port: explicit register uses (implicit
// uses such as the old value of a conditional write, and guards, take
// none) of virtual registers and of physical registers with banks, and
// the immediates of a target op when ReadPorts.Imm is set. It returns nil
// when the architecture has no ReadPorts.
func (a *Arch) PortReads(in *Instr) []PortRead {
	if a == nil || a.ReadPorts == nil {
		return nil
	}
	var out []PortRead
	add := func(r PortRead) {
		for _, x := range out {
			if x.Reg == r.Reg && (r.Reg != NoReg || x.Imm == r.Imm) {
				return
			}
		}
		out = append(out, r)
	}
	for i, o := range in.Ops {
		switch {
		case o.Kind == KindReg && o.Reg != NoReg && o.Flags&(FlagDef|FlagImplicit) == 0:
			switch {
			case o.Reg.IsVirtual():
				add(PortRead{Op: i, Reg: o.Reg})
			case int(o.Reg) < len(a.Regs) && a.Regs[o.Reg].Banks != 0:
				add(PortRead{Op: i, Reg: o.Reg, Banks: a.Regs[o.Reg].Banks})
			}
		case o.Kind == KindImm && in.Op >= FirstTargetOp && a.ReadPorts.Imm != 0:
			add(PortRead{Op: i, Imm: o.Imm, Banks: a.ReadPorts.Imm})
		}
	}
	return out
}

// BanksFit reports whether reads, each given by the banks it can go
// through (0: no port needed), can each get a bank of its own: a small
// bipartite matching (few reads, at most 8 banks).
func BanksFit(reads []BankMask) bool {
	var try func(i int, used BankMask) bool
	try = func(i int, used BankMask) bool {
		if i == len(reads) {
			return true
		}
		m := reads[i]
		if m == 0 {
			return try(i+1, used)
		}
		for free := m &^ used; free != 0; free &= free - 1 {
			b := BankMask(1) << bits.TrailingZeros8(uint8(free))
			if try(i+1, used|b) {
				return true
			}
		}
		return false
	}
	return try(0, 0)
}

// ReadPortConflict reports whether the physical reads of in (virtual
// registers are ignored) cannot each get a read port of its own.
func (a *Arch) ReadPortConflict(in *Instr) bool {
	reads := a.PortReads(in)
	if len(reads) < 2 {
		return false
	}
	masks := make([]BankMask, 0, len(reads))
	for _, r := range reads {
		masks = append(masks, r.Banks)
	}
	return !BanksFit(masks)
}
