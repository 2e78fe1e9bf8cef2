package cpu0

import (
	"fmt"
	"strings"

	"lltosimd/mir"
	"lltosimd/passes"
)

// ExpandPseudo lowers the generic ops that remain after register
// allocation into Cpu0 instructions. It runs after regalloc and before
// cpu0-frame-lowering, so frame lowering sees only Cpu0 ops whose frame
// operands (KindFrame bases) it resolves:
//
//	COPY $d, $s          → ADDu $d, $s, $zero (printed "move"); identity copies vanish
//	G_LOAD32 $r, fi, off → LD $r, fi, off          (spill reloads)
//	G_STORE32 $r, fi, off→ ST $r, fi, off          (spill stores)
//	G_CONST $d, imm      → ADDiu/ORi/LUi(+ORi)
//	G_BR bb              → JMP bb
//	IMPLICIT_DEF         → nothing
//	G_UNREACHABLE        → kept: a barrier for the CFG, printed as nothing
//
// (phi-elim emits Cpu0 instructions for PHI immediates and split edges
// through its hooks, registered below; G_CONST and G_BR are still lowered
// for MIR written by hand.)
var ExpandPseudo = passes.Register(&passes.Pass{
	Name:     "cpu0-expand-pseudo",
	Desc:     "Expand copies, spill code and other post-RA pseudos into Cpu0 instructions",
	Required: true,
	Stats: map[string]string{
		"copies": "Number of copies expanded to move",
	},
	Needs: mir.PropNoVRegs,
	Run:   runExpandPseudo,
})

func runExpandPseudo(c *passes.Ctx, f *mir.Func) error {
	var moves int64
	debug := c != nil && c.Debugging()
	for _, b := range f.Blocks {
		out := make([]*mir.Instr, 0, len(b.Instrs))
		for _, in := range b.Instrs {
			start := len(out)
			switch in.Op {
			case mir.GImplicitDef:
				// Nothing: the register holds whatever it holds.
			case mir.GCopy:
				if len(in.Ops) != 2 {
					return fmt.Errorf("%s: bb%d: malformed %s", f.Name, b.ID, mir.FormatInstr(f, in))
				}
				d, s := in.Ops[0], in.Ops[1]
				if d.Kind != mir.KindReg || s.Kind != mir.KindReg || !d.Reg.IsPhys() || !s.Reg.IsPhys() {
					return fmt.Errorf("%s: bb%d: cannot expand %s", f.Name, b.ID, mir.FormatInstr(f, in))
				}
				if d.Reg != s.Reg {
					out = append(out, moveInstr(d.Reg, s.Reg))
					moves++
				}
			case mir.GLoad32, mir.GStore32:
				op := Op["LD"]
				if in.Op == mir.GStore32 {
					op = Op["ST"]
				}
				out = append(out, &mir.Instr{Op: op, Ops: in.Ops, Comment: in.Comment})
			case mir.GConst:
				if len(in.Ops) != 2 || in.Ops[0].Kind != mir.KindReg || in.Ops[1].Kind != mir.KindImm {
					return fmt.Errorf("%s: bb%d: cannot expand %s", f.Name, b.ID, mir.FormatInstr(f, in))
				}
				out = append(out, constInstrs(in.Ops[0].Reg, in.Ops[1].Imm)...)
			case mir.GBr:
				out = append(out, &mir.Instr{Op: Op["JMP"], Ops: in.Ops})
			default:
				out = append(out, in)
			}
			if debug && (len(out) != start+1 || out[start] != in) {
				var to []string
				for _, e := range out[start:] {
					to = append(to, mir.FormatInstr(f, e))
				}
				if len(to) == 0 {
					to = append(to, "nothing")
				}
				c.Debugf("cpu0-expand-pseudo: %s: bb%d: %s => %s", f.Name, b.ID, mir.FormatInstr(f, in), strings.Join(to, "; "))
			}
		}
		b.Instrs = out
	}
	if c != nil && moves > 0 {
		c.Count("copies", moves)
	}
	return nil
}

// moveInstr returns `move $d, $s` (ADDu $d, $s, $zero).
func moveInstr(d, s mir.Reg) *mir.Instr {
	return mir.NewInstr(Op["ADDu"], mir.D(d), mir.R(s), mir.R(ZERO))
}

// constInstrs materializes a 32-bit constant in d with the shortest sequence.
func constInstrs(d mir.Reg, v int64) []*mir.Instr {
	v = int64(int32(v))
	u := uint32(v)
	switch {
	case v >= -32768 && v <= 32767:
		return []*mir.Instr{mir.NewInstr(Op["ADDiu"], mir.D(d), mir.R(ZERO), mir.I(v))}
	case u <= 0xffff:
		return []*mir.Instr{mir.NewInstr(Op["ORi"], mir.D(d), mir.R(ZERO), mir.I(int64(u)))}
	case u&0xffff == 0:
		return []*mir.Instr{mir.NewInstr(Op["LUi"], mir.D(d), mir.I(int64(u>>16)))}
	}
	return []*mir.Instr{
		mir.NewInstr(Op["LUi"], mir.D(d), mir.I(int64(u>>16))),
		mir.NewInstr(Op["ORi"], mir.D(d), mir.R(d), mir.I(int64(u&0xffff))),
	}
}

// materialize sets the virtual register dst to a PHI's non-register
// operand with selected Cpu0 instructions (as the isel rules would).
func materialize(f *mir.Func, dst mir.Reg, src mir.Operand) []*mir.Instr {
	switch src.Kind {
	case mir.KindImm:
		v := int64(int32(src.Imm))
		if u := uint32(v); !fitsS16(v) && u > 0xffff && u&0xffff != 0 {
			t := f.NewVReg(ClassGPR)
			return []*mir.Instr{
				mir.NewInstr(Op["LUi"], mir.D(t), mir.I(int64(u>>16))),
				mir.NewInstr(Op["ORi"], mir.D(dst), mir.R(t), mir.I(int64(u&0xffff))),
			}
		}
		return constInstrs(dst, v)
	case mir.KindSym, mir.KindBlock, mir.KindJT:
		t := f.NewVReg(ClassGPR)
		return []*mir.Instr{
			mir.NewInstr(Op["LUi"], mir.D(t), src),
			mir.NewInstr(Op["ORi"], mir.D(dst), mir.R(t), src),
		}
	case mir.KindFrame:
		return []*mir.Instr{mir.NewInstr(Op["ADDiu"], mir.D(dst), src, mir.I(0))}
	}
	return []*mir.Instr{mir.NewInstr(mir.GConst, mir.D(dst), src)}
}

// jump returns an unconditional branch to target.
func jump(f *mir.Func, target *mir.Block) *mir.Instr {
	return mir.NewInstr(Op["JMP"], mir.B(target))
}
