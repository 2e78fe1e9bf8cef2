package passes

import (
	"fmt"

	"lltosimd/mir"
)

// BranchInfo is what a target tells the generic late branch passes
// (del-jmp, delay-slot-filler, branch relaxation). The passes know nothing
// about opcodes; everything target-specific goes through these hooks, so the
// same algorithms can serve targets with any number of delay slots (Cpu0
// has one; the mock in branch_mock_test.go checks others).
//
// The passes run on fully lowered MIR: physical registers only, frame
// lowered, pseudos expanded.
type BranchInfo interface {
	// UncondTarget reports whether in is a direct, unguarded, unconditional
	// jump to a block (Cpu0 JMP) and returns the block.
	UncondTarget(in *mir.Instr) (*mir.Block, bool)
	// CondTarget reports whether in is a direct conditional branch to a
	// block (Cpu0 BEQ, JNE ...) and returns the block.
	CondTarget(in *mir.Instr) (*mir.Block, bool)
	// InvertCond rewrites the conditional branch in, in place, into the
	// branch on the opposite condition to target. Its other operands, its
	// bundle and its delay slots are kept. It returns false, leaving in
	// untouched, if the branch has no inverse.
	InvertCond(in *mir.Instr, target *mir.Block) bool
	// NewJump returns a direct unconditional jump to target with the
	// longest reach the target has.
	NewJump(target *mir.Block) *mir.Instr
	// NewNop returns an instruction that does nothing.
	NewNop() *mir.Instr
	// DelaySlots returns how many instructions after in execute before
	// its transfer of control takes effect (0: none).
	DelaySlots(in *mir.Instr) int
	// Size returns the encoded size of in in bytes, not counting its bundle.
	Size(in *mir.Instr) int64
	// InRange reports whether the branch in, placed at byte address pc,
	// can reach byte address target.
	InRange(in *mir.Instr, pc, target int64) bool
	// RegEffects returns every register in writes and reads, the implicit
	// ones included (condition/status registers, the link register, the
	// argument registers a call reads, the value registers a return reads).
	RegEffects(in *mir.Instr) (defs, uses []mir.Reg)
	// CanFillSlot reports target-specific reasons an otherwise movable
	// instruction must stay where it is (it reads the PC, it may store to
	// a memory-mapped I/O address ...). The generic checks come on top.
	CanFillSlot(in *mir.Instr) bool
}

// BranchInfoFor returns the branch hooks of an architecture's Machine, or
// nil if it has none (the branch passes then leave its code alone).
func BranchInfoFor(a *mir.Arch) BranchInfo {
	if m := MachineFor(a); m != nil {
		return m.BranchInfo()
	}
	return nil
}

// blockLabel names a block in debug output: bb3, or bb3.if.then when the
// block carries its IR label.
func blockLabel(b *mir.Block) string {
	if b == nil {
		return "<nil>"
	}
	if b.Name != "" {
		return fmt.Sprintf("bb%d.%s", b.ID, b.Name)
	}
	return fmt.Sprintf("bb%d", b.ID)
}

// instrString renders an instruction on one line for debug output and
// error messages, in the MIR printer's syntax, with its bundle members
// appended in braces.
func instrString(f *mir.Func, in *mir.Instr) string {
	head := *in
	head.Bundle = nil
	s := mir.FormatInstr(f, &head)
	for _, m := range in.Bundle {
		s += " { " + instrString(f, m) + " }"
	}
	return s
}
