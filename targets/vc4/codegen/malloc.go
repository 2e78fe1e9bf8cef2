package codegen

import (
	"fmt"

	"lltosimd/mir"
)

// The allocator's view of the machine form (vc4-regalloc reads and
// rewrites the mir.Func itself, regalloc.go and spill.go).
//
// Its decisions are made over *positions*: the order in which the QPU
// runs the code, a label for every named block (the emitted labels) and
// then the block's instructions, each branch or thread end followed by
// the instructions of its delay slots (its bundle). Live intervals, loop
// depths, the spiller's reuse window and the accumulators' occupation are
// indexed by position; a rewrite collects its changes by position
// (mcode.apply) and rebuilds the blocks and their delay-slot bundles.
//
// An instruction's operands are seen as the QPU reads them: at most one
// destination (d, defIdx; $nop writes nothing), and the sources a and b
// of its two read muxes (srcIdx; a unary op reads the same operand on
// both, the rotation count of V4_ROT_M and the value of V4_LDI are no
// register reads). A guarded write (a guard on a flag) is partial: it
// keeps the other lanes' old value, which it reads.

// mcode is the linear view of a machine-form function.
type mcode struct {
	f   *mir.Func
	at  []*mir.Instr // the instruction at each position; nil: the label of blk
	blk []*mir.Block // the block of each position
	// depth caches loopDepths.
	depth []int
}

// newMcode returns the positions of f.
func newMcode(f *mir.Func) *mcode {
	c := &mcode{f: f}
	for _, b := range f.Blocks {
		if b.Name != "" {
			c.at, c.blk = append(c.at, nil), append(c.blk, b)
		}
		for _, in := range flatten(b.Instrs) {
			c.at, c.blk = append(c.at, in), append(c.blk, b)
		}
	}
	return c
}

// isLabel reports whether position p is a label.
func (c *mcode) isLabel(p int) bool { return c.at[p] == nil }

// edits are the changes of a rewrite by position: instructions inserted
// before and after one, and positions dropped.
type edits struct {
	before, after map[int][]*mir.Instr
	drop          map[int]bool
}

func newEdits() edits {
	return edits{before: map[int][]*mir.Instr{}, after: map[int][]*mir.Instr{}, drop: map[int]bool{}}
}

// apply rebuilds the blocks of c.f with the edits e: every block's
// instructions in position order, then each branch or thread end bundled
// with the instructions of its delay slots again. The view c is stale
// afterwards.
func (c *mcode) apply(e edits) error {
	byBlock := map[*mir.Block][]*mir.Instr{}
	for p, in := range c.at {
		b := c.blk[p]
		l := append(byBlock[b], e.before[p]...)
		if in != nil && !e.drop[p] {
			l = append(l, in)
		}
		byBlock[b] = append(l, e.after[p]...)
	}
	for _, b := range c.f.Blocks {
		items := byBlock[b]
		var out []*mir.Instr
		for i := 0; i < len(items); i++ {
			in := items[i]
			in.Bundle = nil
			out = append(out, in)
			n := delaySlots(in.Op)
			for ; n > 0 && i+1 < len(items) && !endsMachineBlock(items[i+1]); n-- {
				i++
				in.Bundle = append(in.Bundle, items[i])
			}
			// Only another branch may follow a bundle in its block (as
			// in the lowering's branch sequences).
			if delaySlots(in.Op) > 0 && i+1 < len(items) && !isBranch(items[i+1].Op) {
				return fmt.Errorf("internal error: code inserted after the delay slots of %s in block %s", mir.FormatInstr(c.f, in), b.Name)
			}
			if len(in.Bundle) > 0 {
				c.f.Props |= mir.PropBundled
			}
		}
		b.Instrs = out
	}
	c.f.RecomputeCFG()
	return nil
}

// isALU reports whether in is an ALU operation or ldi (it has a
// destination and source operands, unlike a nop, signal or branch).
func isALU(in *mir.Instr) bool {
	_, ok := qpuByOp[in.Op]
	return ok || in.Op == opMovM || in.Op == opRotM
}

// isLdi reports whether in is a load immediate.
func isLdi(in *mir.Instr) bool { return qpuByOp[in.Op].ldi }

// defIdx returns the index in in.Ops of the destination of an ALU
// operation, or -1.
func defIdx(in *mir.Instr) int {
	if in == nil || !isALU(in) || len(in.Defs()) != 1 {
		return -1
	}
	return 0
}

// destOp returns the destination operand of in, or a $nop register operand
// when it writes none.
func destOp(in *mir.Instr) mir.Operand {
	if i := defIdx(in); i >= 0 {
		return in.Ops[i]
	}
	return mir.R(RegNop)
}

// srcIdx returns the indexes in in.Ops of the sources a and b (the same
// for a unary op), or -1, -1 when in reads none.
func srcIdx(in *mir.Instr) (a, b int) {
	a, b = -1, -1
	if in == nil || !isALU(in) || isLdi(in) {
		return a, b
	}
	for i := len(in.Defs()); i < len(in.Ops); i++ {
		o := in.Ops[i]
		if o.Kind == mir.KindPred || o.Flags&mir.FlagImplicit != 0 {
			continue
		}
		switch {
		case a < 0:
			a = i
		case b < 0 && in.Op != opRotM:
			b = i
		}
	}
	if b < 0 {
		b = a
	}
	return a, b
}

// srcOps returns the operands a and b of in (srcIdx); ok is false when in
// reads none.
func srcOps(in *mir.Instr) (a, b mir.Operand, ok bool) {
	i, j := srcIdx(in)
	if i < 0 {
		return a, b, false
	}
	return in.Ops[i], in.Ops[j], true
}

// virt returns the virtual register number of o, or -1.
func virt(o mir.Operand) int {
	if o.Kind == mir.KindReg && o.Reg.IsVirtual() {
		return o.Reg.VirtIndex()
	}
	return -1
}

// defReg returns the virtual register in writes, or -1.
func defReg(in *mir.Instr) int {
	if i := defIdx(in); i >= 0 {
		return virt(in.Ops[i])
	}
	return -1
}

// partial reports whether in's write keeps the old value in some lanes
// (a guarded write, masked or conditional).
func partial(in *mir.Instr) bool { return in != nil && in.Pred() != nil }

// usesOf returns the virtual registers in reads: a, b (twice for a unary
// op: the read muxes' weights) and the old value of a partial write.
func usesOf(in *mir.Instr) []int {
	var u []int
	if a, b, ok := srcOps(in); ok {
		for _, o := range []mir.Operand{a, b} {
			if r := virt(o); r >= 0 {
				u = append(u, r)
			}
		}
	}
	if r := defReg(in); r >= 0 && partial(in) {
		u = append(u, r)
	}
	return u
}

// readsReg reports whether in reads machine register r as a or b.
func readsReg(in *mir.Instr, r mir.Reg) bool {
	a, b, ok := srcOps(in)
	return ok && (isReg(a, r) || isReg(b, r))
}

// writesReg reports whether in's destination is machine register r.
func writesReg(in *mir.Instr, r mir.Reg) bool { return isReg(destOp(in), r) }

func isReg(o mir.Operand, r mir.Reg) bool { return o.Kind == mir.KindReg && o.Reg == r }

// sameOperand reports whether a and b read the same register or immediate.
func sameOperand(a, b mir.Operand) bool {
	return a.Kind == b.Kind && (a.Kind == mir.KindReg && a.Reg == b.Reg || a.Kind == mir.KindImm && a.Imm == b.Imm)
}

// renameReg replaces every operand of in naming register from (the
// destination, the old value of a guarded write, sources) by to.
func renameReg(in *mir.Instr, from, to mir.Reg) {
	for i := range in.Ops {
		if o := &in.Ops[i]; o.Kind == mir.KindReg && o.Reg == from {
			o.Reg = to
		}
	}
}

// Builders of the machine instructions the allocator inserts (the
// operands: vreg, hw and aluOp of mbuild.go).

// machInstr returns the ALU operation asm (mul: on the mul pipe) writing d
// from srcs (one for a unary op), with a comment.
func machInstr(asm string, mul bool, d mir.Operand, comment string, srcs ...mir.Operand) *mir.Instr {
	d.Flags |= mir.FlagDef
	in := mir.NewInstr(aluOp(asm, mul), append([]mir.Operand{d}, srcs...)...)
	in.Comment = comment
	return in
}

// movI returns d = mov s.
func movI(d, s mir.Operand, comment string) *mir.Instr { return machInstr("mov", false, d, comment, s) }

// ldiI returns d = ldi v.
func ldiI(d mir.Operand, v uint32, comment string) *mir.Instr {
	return machInstr("ldi", false, d, comment, mir.I(int64(v)))
}

// nopI returns an empty instruction.
func nopI() *mir.Instr { return mir.NewInstr(opNop) }

// cloneInstr returns a copy of in with its own operands.
func cloneInstr(in *mir.Instr) *mir.Instr {
	c := *in
	c.Ops = append([]mir.Operand(nil), in.Ops...)
	c.Bundle = nil
	return &c
}
