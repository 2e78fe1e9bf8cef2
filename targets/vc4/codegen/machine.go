package codegen

import (
	"fmt"

	"lltosimd/mir"
)

// The lowerer's translation of the VC4 ops that vc4-isel selected: one
// machine instruction per MIR instruction, with its guard and flag
// definitions, its operands mapped by the lowerer. Only the
// execute mask is added here: a value that must keep its old contents in
// inactive lanes (lowerer.needsMask) is built in a temporary through all
// the instructions that compute it, and then written under the mask
// (lowerer.dest).

// pending is a masked value being built (lowerer.open).
type pending struct {
	t   mir.Operand // the temporary the instructions write
	fin func()      // writes the temporary into the register under the mask
}

// extends reports whether in continues the computation of r: it defines
// r and reads r's previous value (a guarded write keeping it, or a
// read-modify-write such as "or h, h, lo"). Such a definition does not
// start a new value of r.
func extends(in *mir.Instr, r mir.Reg) bool {
	def := false
	for _, o := range in.Defs() {
		def = def || o.Reg == r
	}
	if !def {
		return false
	}
	for _, o := range in.Ops[in.NumDefs():] {
		if o.Kind == mir.KindReg && o.Flags&mir.FlagDef == 0 && o.Reg == r {
			return true
		}
	}
	return false
}

// machine translates one VC4 op of block b; rest are the instructions
// after it in the block (to see whether the value it writes is complete).
func (l *lowerer) machine(b *mir.Block, in *mir.Instr, rest []*mir.Instr) error {
	q, ok := qpuByOp[in.Op]
	if !ok {
		return fmt.Errorf("function '%s': op %s is not a VC4 ALU op", l.f.Name, l.f.Arch.OpName(in.Op))
	}
	var ops []mir.Operand // sources, then the guard and setF()
	var guard []mir.Operand
	for _, o := range in.Uses() {
		switch {
		case o.Kind == mir.KindPred:
			if _, ok := flagConds[o.Reg]; !ok {
				return fmt.Errorf("function '%s': guard on %s", l.f.Name, l.f.Arch.RegName(o.Reg))
			}
			guard = []mir.Operand{mir.P(o.Reg, o.Neg)}
		case o.Kind == mir.KindImm && q.ldi:
			ops = append(ops, mir.I(int64(uint32(o.Imm))))
		case o.Kind == mir.KindReg:
			if p, ok := l.open[o.Reg]; ok {
				ops = append(ops, p.t) // the value being built
			} else {
				ops = append(ops, l.opnd(o))
			}
		default:
			ops = append(ops, l.opnd(o))
		}
	}
	switch {
	case q.ldi:
	case len(ops) == 1 && q.uses == 2:
		ops = append(ops, ops[0])
	case len(ops) != q.uses:
		return fmt.Errorf("function '%s': %s with %d sources", l.f.Name, l.f.Arch.OpName(in.Op), len(ops))
	}
	ops = append(ops, guard...)
	if setsFlags(in) {
		ops = append(ops, setF())
	}
	r, d := mir.NoReg, none
	if defs := in.Defs(); len(defs) == 1 && defs[0].Reg.IsVirtual() {
		r = defs[0].Reg
		if p, ok := l.open[r]; ok {
			d = p.t
		} else {
			t, fin := l.dest(b, r)
			d = t
			if l.needsMask(b, r) {
				l.open[r] = pending{t, fin}
			}
		}
	}
	l.op(aluOp(q.asm, q.mul), d, ops...)
	if p, ok := l.open[r]; ok && !l.continued(r, rest) {
		delete(l.open, r)
		p.fin()
	}
	return nil
}

// continued reports whether the next instruction among rest that mentions
// r extends its value (see extends).
func (l *lowerer) continued(r mir.Reg, rest []*mir.Instr) bool {
	for _, in := range rest {
		for _, o := range in.Ops {
			if o.Kind == mir.KindReg && o.Reg == r {
				return extends(in, r)
			}
		}
	}
	return false
}
