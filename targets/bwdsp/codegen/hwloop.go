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
	}
}
