package codegen

import (
	"slices"

	"lltosimd/mir"
	"lltosimd/passes"
)

// vc4Branch is VC4's passes.BranchInfo, for the generic delay-slot-filler
// on the scheduled machine form: the branches V4_BRR… have three delay
// slots, the thread end two (spec §3.6), all bundled with nops by the
// lowering (passes.SlotNops), and which instructions before a branch may
// run in its slots is VC4's rule (passes.SlotPicker: slotFillers, the
// same walk as the emission's fillDelaySlots over the instruction lines of
// the function).
type vc4Branch struct{}

var (
	_ passes.SlotNops   = vc4Branch{}
	_ passes.SlotPicker = vc4Branch{}
)

func (vc4Branch) UncondTarget(in *mir.Instr) (*mir.Block, bool) {
	if in.Op == opBrr {
		return in.Ops[0].Block, true
	}
	return nil, false
}

func (vc4Branch) CondTarget(in *mir.Instr) (*mir.Block, bool) {
	if isBranch(in.Op) && in.Op != opBrr {
		return in.Ops[0].Block, true
	}
	return nil, false
}

// InvertCond: not needed by the passes VC4 runs.
func (vc4Branch) InvertCond(*mir.Instr, *mir.Block) bool { return false }

func (vc4Branch) NewJump(t *mir.Block) *mir.Instr { return mir.NewInstr(opBrr, mir.B(t)) }
func (vc4Branch) NewNop() *mir.Instr              { return mir.NewInstr(opNop) }
func (vc4Branch) IsNop(in *mir.Instr) bool        { return in.Op == opNop && len(in.Bundle) == 0 }
func (vc4Branch) DelaySlots(in *mir.Instr) int    { return delaySlots(in.Op) }
func (vc4Branch) Size(*mir.Instr) int64           { return 8 }

// InRange: brr's displacement has 32 bits.
func (vc4Branch) InRange(_ *mir.Instr, _, _ int64) bool { return true }

// RegEffects: the registers of every instruction of a bundle.
func (vc4Branch) RegEffects(in *mir.Instr) (defs, uses []mir.Reg) {
	for _, m := range in.Flatten() {
		d, u := passes.OperandRegEffects(m)
		defs, uses = append(defs, d...), append(uses, u...)
	}
	return defs, uses
}

func (vc4Branch) CanFillSlot(*mir.Instr) bool { return true }

// SlotPickerFor chooses what fillDelaySlots would move into the slots of
// each branch, on the instruction lines of f (scheduled code only: before
// vc4-sched the order is not final), made once and moved as the pass
// moves the instructions.
func (vc4Branch) SlotPickerFor(f *mir.Func) func(b *mir.Block, at, n int) []int {
	if f.TargetInfo[infoScheduled] == 0 {
		return func(*mir.Block, int, int) []int { return nil }
	}
	lines, _, err := emitMachine(f)
	if err != nil {
		return func(*mir.Block, int, int) []int { return nil }
	}
	return func(b *mir.Block, at, n int) []int {
		br := b.Instrs[at]
		if !isBranch(br.Op) || n != 3 {
			return nil
		}
		i := slices.IndexFunc(lines, func(q qinst) bool { return len(q.from) == 1 && q.from[0] == br })
		if i < 0 {
			return nil
		}
		js := slotFillers(lines, i)
		var picked []int
		for _, l := range js {
			k := slices.Index(b.Instrs[:at], lines[l].from[0])
			if k < 0 || len(picked) > 0 && k >= picked[len(picked)-1] {
				return nil // not before the branch in its block: leave the slots
			}
			picked = append(picked, k)
		}
		// The pass moves them: so do the lines (as fillDelaySlots).
		moved := make([]qinst, len(js))
		for k, j := range js {
			moved[k] = lines[j]
		}
		for _, j := range js {
			lines = append(lines[:j], lines[j+1:]...)
			i--
		}
		for k := range moved {
			lines[i+1+k] = moved[len(moved)-1-k]
		}
		return picked
	}
}

// Compiles (passes.FuncSelector): the pipeline takes the kernels vc4-mask
// lowers to the end; a helper stays generic MIR for vc4-inline.
func (machine) Compiles(m *mir.Module, f *mir.Func) bool { return lowers(m, f) }
