package codegen

import (
	"lltosimd/mir"
	"lltosimd/passes"
	bw "lltosimd/targets/bwdsp"
)

// pmForms maps each [Un + #imm] load and store to its post-modify form
// [Un += #imm] (spec §2.3).
var pmForms = map[string]string{
	"LD": "LDPM", "LDB": "LDBPM", "LDBU": "LDBUPM", "LDH": "LDHPM", "LDHU": "LDHUPM",
	"ST": "STPM", "STB": "STBPM", "STH": "STHPM",
}

// isPMForm holds the post-modify forms.
var isPMForm = func() map[mir.Opcode]bool {
	m := map[mir.Opcode]bool{}
	for _, v := range pmForms {
		m[op(v)] = true
	}
	return m
}()

var pmOps = func() map[mir.Opcode]mir.Opcode {
	m := map[mir.Opcode]mir.Opcode{}
	for k, v := range pmForms {
		m[op(k)] = op(v)
	}
	return m
}()

// PostModify gives the generic post-modify pass BWL's pointer forms:
// `xRd = Rs + #imm` increments, `Un = x Rs` moves, and the [Un + #imm]
// loads and stores with their [Un += #imm] forms.
func (Machine) PostModify() *passes.PostModifyInfo {
	return &passes.PostModifyInfo{
		AddrClass: bw.ClassAddr,
		AddImm: func(in *mir.Instr) (mir.Reg, mir.Reg, int64, bool) {
			if in.Op != op("ADDI") || len(in.Ops) != 3 || in.Ops[1].Kind != mir.KindReg || in.Ops[2].Kind != mir.KindImm {
				return 0, 0, 0, false
			}
			return in.Ops[0].Reg, in.Ops[1].Reg, in.Ops[2].Imm, true
		},
		ToAddr: func(in *mir.Instr) (mir.Reg, mir.Reg, bool) {
			if in.Op != op("MOVTA") || len(in.Ops) != 2 || in.Ops[1].Kind != mir.KindReg {
				return 0, 0, false
			}
			return in.Ops[0].Reg, in.Ops[1].Reg, true
		},
		NewToAddr: func(dst, src mir.Reg) *mir.Instr { return newInstr("MOVTA", mir.R(dst), mir.R(src)) },
		Access: func(in *mir.Instr) (int, int, bool) {
			// LD*: Rd, An, imm[, S]; ST*: Rs, An, imm[, S]; no guard.
			if _, ok := pmOps[in.Op]; !ok || len(in.Ops) < 3 || len(in.Ops) > 4 || in.Ops[1].Kind != mir.KindReg || in.Ops[2].Kind != mir.KindImm ||
				len(in.Ops) == 4 && in.Ops[3].Kind != mir.KindImm {
				return 0, 0, false
			}
			return 1, 2, true
		},
		FitsOffset: isSimm16,
		Modify: func(in *mir.Instr, na, a mir.Reg, delta int64) *mir.Instr {
			pm, ok := pmOps[in.Op]
			if !ok || !isSimm16(delta) {
				return nil
			}
			stride := in.Ops[3:]                              // the lane stride, if any
			if bw.Arch.Desc(in.Op).Flags&mir.FlagStore != 0 { // [An += imm] = Rs
				return mir.NewInstr(pm, append([]mir.Operand{mir.D(na), in.Ops[0], mir.R(a), mir.I(delta)}, stride...)...)
			}
			return mir.NewInstr(pm, append([]mir.Operand{in.Ops[0], mir.D(na), mir.R(a), mir.I(delta)}, stride...)...)
		},
		PostModified: func(in *mir.Instr) (mir.Reg, mir.Reg, int64, bool) {
			if !isPMForm[in.Op] || len(in.Ops) != 4 || in.Ops[2].Kind != mir.KindReg || in.Ops[3].Kind != mir.KindImm {
				return 0, 0, 0, false
			}
			na := in.Ops[1].Reg // LD*PM Rd, An', An, imm
			if bw.Arch.Desc(in.Op).Flags&mir.FlagStore != 0 {
				na = in.Ops[0].Reg // ST*PM An', Rs, An, imm
			}
			return na, in.Ops[2].Reg, in.Ops[3].Imm, true
		},
	}
}
