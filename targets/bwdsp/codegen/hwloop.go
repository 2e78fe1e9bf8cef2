package codegen

import (
	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// HardwareLoops gives the generic hardware-loops pass BWL's loop counters
// (spec §2.3: `LCn = #imm`, `LCn = Un`, and `if LCn b L`, which decrements
// LCn and branches while it is not zero). Only the caller-saved LC0 and
// LC1 are offered: a function that used the callee-saved LC2/LC3 would
// have to restore its caller's value, and BWL has no instruction that
// reads a loop counter. Loops with calls are never converted, so LC0/LC1
// need no saving either.
func (Machine) HardwareLoops() *passes.HWLoopInfo {
	return &passes.HWLoopInfo{
		Counters: []mir.Reg{bw.LCReg(0), bw.LCReg(1)},
		SetCount: func(f *mir.Func, lc mir.Reg, count mir.Operand) []*mir.Instr {
			if count.Kind == mir.KindImm {
				return []*mir.Instr{newInstr("SETLC", mir.R(lc), mir.I(int64(int32(count.Imm))))}
			}
			a := f.NewVReg(bw.ClassAddr)
			return []*mir.Instr{newInstr("MOVTA", mir.R(a), count), newInstr("SETLCA", mir.R(lc), mir.R(a))}
		},
		LoopEnd: func(lc mir.Reg, header *mir.Block) *mir.Instr {
			return newInstr("BLC", mir.R(lc), mir.R(lc), mir.B(header))
		},
		// software-pipeline: the count is SETLC's immediate or SETLCA's
		// address register; count − k is `Un = Um + #-k`, and the guard
		// moves it to x and compares unsigned.
		CountOf: func(in *mir.Instr) (mir.Reg, mir.Operand, bool) {
			if (in.Op == op("SETLC") || in.Op == op("SETLCA")) && len(in.Ops) >= 2 {
				return in.Ops[0].Reg, in.Ops[1], true
			}
			return mir.NoReg, mir.Operand{}, false
		},
		SetCountMinus: func(f *mir.Func, lc mir.Reg, count mir.Operand, k int64) []*mir.Instr {
			if count.Kind == mir.KindImm {
				return []*mir.Instr{newInstr("SETLC", mir.R(lc), mir.I(int64(int32(count.Imm-k))))}
			}
			a := f.NewVReg(bw.ClassAddr)
			return []*mir.Instr{newInstr("AADDI", mir.R(a), count, mir.I(-k)), newInstr("SETLCA", mir.R(lc), mir.R(a))}
		},
		BranchCountBelow: func(f *mir.Func, count mir.Operand, k int64, target *mir.Block) []*mir.Instr {
			g := f.NewVReg(bw.ClassGPR)
			return []*mir.Instr{newInstr("MOVFA", mir.R(g), count),
				newInstr("BCMPIU", mir.I(bw.CmpCode(bw.RelLT, bw.ActCN)), mir.R(g), mir.I(k), mir.B(target))}
		},
	}
}
