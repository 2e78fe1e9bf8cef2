package codegen

import (
	"fmt"

	"lltosimd/mir"
)

// The lowerer's translation of the VC4 ops that vc4-isel selected: one LIR
// instruction per MIR instruction, by the op table (qpuByOp), with the
// guard as the condition and the flag definitions as .setf. Only the
// execute mask is added here: a value that must keep its old contents in
// inactive lanes (lowerer.needsMask) is built in a temporary through all
// the instructions that compute it, and then written under the mask
// (lowerer.dest).

// pending is a masked value being built (lowerer.open).
type pending struct {
	t   val    // the temporary the instructions write
	fin func() // writes the temporary into the register under the mask
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
func (l *lowerer) machine(b *block, in *mir.Instr, rest []*mir.Instr) error {
	q, ok := qpuByOp[in.Op]
	if !ok {
		return fmt.Errorf("function '%s': op %s is not a VC4 ALU op", l.f.Name, l.f.Arch.OpName(in.Op))
	}
	li := &lins{op: q.asm, mul: q.mul}
	var srcs []val
	for _, o := range in.Uses() {
		switch {
		case o.Kind == mir.KindPred:
			c, ok := flagConds[o.Reg]
			if !ok {
				return fmt.Errorf("function '%s': guard on %s", l.f.Name, l.f.Arch.RegName(o.Reg))
			}
			li.cond = c[0]
			if o.Neg {
				li.cond = c[1]
			}
		case o.Kind == mir.KindImm && q.ldi:
			li.imm = uint32(o.Imm)
		case o.Kind == mir.KindReg:
			if p, ok := l.open[o.Reg]; ok {
				srcs = append(srcs, p.t) // the value being built
			} else {
				srcs = append(srcs, l.opnd(o))
			}
		default:
			srcs = append(srcs, l.opnd(o))
		}
	}
	switch {
	case q.ldi:
	case len(srcs) == 1:
		li.a, li.b = srcs[0], srcs[0]
	case len(srcs) == 2:
		li.a, li.b = srcs[0], srcs[1]
	default:
		return fmt.Errorf("function '%s': %s with %d sources", l.f.Name, l.f.Arch.OpName(in.Op), len(srcs))
	}
	li.setf = setsFlags(in)
	r := mir.NoReg
	if d := in.Defs(); len(d) == 1 && d[0].Reg.IsVirtual() {
		r = d[0].Reg
		if p, ok := l.open[r]; ok {
			li.d = p.t
		} else {
			t, fin := l.dest(b, r)
			li.d = t
			if l.needsMask(b, r) {
				l.open[r] = pending{t, fin}
			}
		}
	}
	l.emit(li)
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
