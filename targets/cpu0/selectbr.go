package cpu0

import (
	"fmt"

	"lltosimd/mir"
)

// OptSelect names the option (-enable-cpu0-select=false) that lowers
// SELECT to branches instead of movz/movn. cpu0-select itself is required
// (nothing else lowers the SELECT pseudo), so switching it "off" means this
// alternative lowering, which makes the benefit of movz/movn measurable.
const OptSelect = "enable-cpu0-select"

// LowerSelectsToBranches rewrites every SELECT of f (SSA form, before
// phi-elim) into a branch and a PHI:
//
//	b:    ...; k = flag(a cond b); bne k, $zero, join   (beq if negated)
//	mid:  jmp join
//	join: d = PHI t, b, f, mid; the rest of b
//
// mid holds no code: it exists so that each PHI input has its own edge
// (phi-elim puts the copy of f there; del-jmp removes the jmp). It returns
// the number of selects lowered.
func LowerSelectsToBranches(f *mir.Func, slt bool) (int, error) {
	sel := Op["SELECT"]
	n := 0
	for bi := 0; bi < len(f.Blocks); bi++ {
		b := f.Blocks[bi]
		at := -1
		for i, in := range b.Instrs {
			if in.Op == sel {
				at = i
				break
			}
		}
		if at < 0 {
			continue
		}
		in := b.Instrs[at]
		ops := in.Ops
		if len(ops) < 6 || ops[3].Kind != mir.KindCond || !ops[1].IsReg() || !ops[2].IsReg() {
			return n, fmt.Errorf("%s: malformed SELECT: %s", f.Name, mir.FormatInstr(f, in))
		}
		d, t, fv, cond, a, bb := ops[0], ops[1], ops[2], ops[3].Cond, ops[4], ops[5]
		mid, join := f.NewBlockDetached(""), f.NewBlockDetached("")
		l := &instrList{f: f, out: append([]*mir.Instr(nil), b.Instrs[:at]...)}
		switch {
		case bb.Kind == mir.KindImm:
			k, neg, err := compareFlagImm(l, cond, a, bb.Imm)
			if err != nil || !slt {
				return n, fmt.Errorf("%s: SELECT with constant operand: %s", f.Name, mir.FormatInstr(f, in))
			}
			selectBranch(l, slt, k, neg, join)
		case (cond == mir.CondEQ || cond == mir.CondNE) && slt:
			l.emit(map[mir.Cond]string{mir.CondEQ: "BEQ", mir.CondNE: "BNE"}[cond], a, bb, mir.B(join))
		default:
			k, neg := compareFlag(l, slt, cond, a, bb)
			selectBranch(l, slt, k, neg, join)
		}
		rest := b.Instrs[at+1:]
		b.Instrs = l.out
		mid.Instrs = []*mir.Instr{newInstr("JMP", mir.B(join))}
		join.Instrs = append([]*mir.Instr{mir.NewInstr(mir.GPhi, mir.D(d.Reg), mir.R(t.Reg), mir.B(b), mir.R(fv.Reg), mir.B(mid))}, rest...)
		// Control now leaves b's old successors from join.
		for _, s := range b.Succs {
			for _, pi := range s.Instrs {
				if pi.Op != mir.GPhi {
					break
				}
				for j := range pi.Ops {
					if pi.Ops[j].Kind == mir.KindBlock && pi.Ops[j].Block == b {
						pi.Ops[j].Block = join
					}
				}
			}
		}
		f.Blocks = append(f.Blocks[:bi+1], append([]*mir.Block{mid, join}, f.Blocks[bi+1:]...)...)
		f.RecomputeCFG()
		n++
	}
	return n, nil
}

// selectBranch branches to target when (k != 0) != neg.
func selectBranch(l *instrList, slt bool, k mir.Operand, neg bool, target *mir.Block) {
	if slt {
		branchOnFlag(l, k, neg, mir.B(target))
		return
	}
	l.emit("CMP", mir.D(SW), k, mir.R(ZERO))
	l.emit(map[bool]string{false: "JNE", true: "JEQ"}[neg], mir.R(SW), mir.B(target))
}
