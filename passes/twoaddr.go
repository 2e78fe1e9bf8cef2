package passes

import (
	"fmt"

	"lltosimd/mir"
)

// TwoAddr satisfies tied operands (OpDesc.Tied, or the tied inputs of
// INLINEASM: a definition that must get the same register as one of the
// uses; mir.TiedOperands) before register allocation: for
// each tied pair `%d = OP ..., %u` it inserts `%d = COPY %u` in front and
// rewrites the use to %d. The allocator's copy coalescing removes the copy
// when %u dies at the instruction.
var TwoAddr = Register(&Pass{
	Name:     "two-address",
	Desc:     "Two-address instruction pass: satisfy tied operands with copies",
	Required: true,
	Stats: map[string]string{
		"copies": "Number of two-address copies inserted",
	},
	Needs: mir.PropNoPHIs | mir.PropSelected, Forbids: mir.PropNoVRegs,
	Run: runTwoAddr,
})

func runTwoAddr(c *Ctx, f *mir.Func) error {
	for _, b := range f.Blocks {
		out := make([]*mir.Instr, 0, len(b.Instrs))
		for _, in := range b.Instrs {
			pairs, err := mir.TiedOperands(f.Arch, in)
			if err != nil {
				return fmt.Errorf("%s: bb%d: %s: %v", f.Name, b.ID, mir.FormatInstr(f, in), err)
			}
			for _, p := range pairs {
				d, u := in.Ops[p[0]].Reg, &in.Ops[p[1]]
				if u.Kind != mir.KindReg || u.Reg == d {
					continue
				}
				if !d.IsVirtual() {
					return fmt.Errorf("%s: bb%d: %s: tied definition must be a virtual register", f.Name, b.ID, mir.FormatInstr(f, in))
				}
				if u.Flags&mir.FlagUndef == 0 {
					cp := mir.NewInstr(mir.GCopy, mir.D(d), mir.R(u.Reg))
					out = append(out, cp)
					c.Count("copies", 1)
					if c.Debugging() {
						c.Debugf("two-address: %s: %s before %s", blockLabel(b), instrString(f, cp), instrString(f, in))
					}
				}
				u.Reg = d
				u.Flags &^= mir.FlagKill
			}
			out = append(out, in)
		}
		b.Instrs = out
	}
	return nil
}
