package cpu0

import (
	"fmt"

	"lltosimd/mir"
	"lltosimd/passes"
)

// SelectPass is cpu0-select: it lowers the SELECT pseudo made by
// instruction selection to a compare flag plus movz/movn (spec §6). The
// result stays in SSA-with-tied-operands form: %d = MOVN_I_I %t, %k, %f with
// the definition tied to %f; the two-address pass inserts the copy.
var SelectPass = passes.Register(&passes.Pass{
	Name:     "cpu0-select",
	Needs:    mir.PropSelected,
	Desc:     "Lower the Cpu0 SELECT pseudo to movz/movn",
	Required: true,
	Stats: map[string]string{
		"movcc":  "Number of selects lowered to movz/movn",
		"branch": "Number of selects lowered to branches (-enable-cpu0-select=false)",
	},
	Run: func(c *passes.Ctx, f *mir.Func) error {
		slt := Features(c.Option("mcpu"))[featSlt]
		if c.Debugging() {
			how := "movz/movn"
			if c.Option(OptSelect) == "false" {
				how = "branches"
			}
			sel := Op["SELECT"]
			for _, b := range f.Blocks {
				for _, in := range b.Instrs {
					if in.Op == sel {
						c.Debugf("cpu0-select: %s: bb%d: %s => %s", f.Name, b.ID, mir.FormatInstr(f, in), how)
					}
				}
			}
		}
		if c.Option(OptSelect) == "false" {
			n, err := LowerSelectsToBranches(f, slt)
			c.Count("branch", int64(n))
			return err
		}
		n, err := LowerSelects(f, slt)
		c.Count("movcc", int64(n))
		f.RecomputeCFG()
		return err
	},
})

// instrList is a builder that collects new instructions.
type instrList struct {
	f   *mir.Func
	out []*mir.Instr
}

func (l *instrList) tmp() mir.Reg { return l.f.NewVReg(ClassGPR) }
func (l *instrList) emit(op string, ops ...mir.Operand) {
	l.out = append(l.out, newInstr(op, ops...))
}

// LowerSelects rewrites every SELECT of f; slt says whether the slt family
// is available (cpu032II). It returns the number of selects lowered.
func LowerSelects(f *mir.Func, slt bool) (int, error) {
	sel := Op["SELECT"]
	n := 0
	for _, b := range f.Blocks {
		l := &instrList{f: f}
		for _, in := range b.Instrs {
			if in.Op != sel {
				l.out = append(l.out, in)
				continue
			}
			ops := in.Ops
			if len(ops) < 6 || ops[3].Kind != mir.KindCond {
				return n, fmt.Errorf("%s: malformed SELECT: %s", f.Name, mir.FormatInstr(f, in))
			}
			d, t, fv, cond, a, bb := ops[0], ops[1], ops[2], ops[3].Cond, ops[4], ops[5]
			var k mir.Operand
			var neg bool
			if bb.Kind == mir.KindImm {
				// Only made for cpu032II, with constants slti/sltiu/xori take.
				var err error
				if k, neg, err = compareFlagImm(l, cond, a, bb.Imm); err != nil || !slt {
					return n, fmt.Errorf("%s: SELECT with constant operand: %s", f.Name, mir.FormatInstr(f, in))
				}
			} else {
				k, neg = compareFlag(l, slt, cond, a, bb)
			}
			op := "MOVN_I_I"
			if neg {
				op = "MOVZ_I_I"
			}
			l.emit(op, mir.D(d.Reg), t, k, fv)
			n++
		}
		b.Instrs = l.out
	}
	return n, nil
}
