package codegen

import "lltosimd/mir"

// laneStrides estimates, for the registers of the kernel, the difference
// between the values of neighbouring lanes when a value has the form
// "the same in every lane + c·lane": get_global_id(0) and
// get_local_id(0) step by 1, private frame addresses by the frame size,
// and sums, differences, constant shifts and constant products combine
// the steps. Memory accesses use it to pick the stride of their one-DMA
// path (store, loadDMA); the access tests at run time that the lanes'
// addresses really are that far apart, so the estimate only has to be
// good, not exact: or and xor count as additions (exact when the bits are
// disjoint, as in 2·i | 1), and registers with several definitions (phi
// variables) have no estimate.
//
// The VC4 ops vc4-isel selected count the same way: mov copies, add, sub,
// or and xor combine, shl by a constant and mul24 by a constant scale, and
// the high partial product of a multiplication by a constant (mul24 of
// the operand's top byte, shifted left by 24) adds a multiple of 2^24,
// taken as 0. The instructions that extend one value (a guarded write, a
// read-modify-write) keep the estimate when all they read, the flags
// included, is the same in every lane: as the generic select did.
func laneStrides(g *flow, fsize int64, konst map[mir.Reg]int64) map[mir.Reg]int64 {
	ndefs := map[mir.Reg]int{}
	def := map[mir.Reg]*mir.Instr{}
	for _, b := range g.blocks {
		for _, in := range g.facts[b].instrs {
			for _, o := range in.Defs() {
				if !extends(in, o.Reg) {
					ndefs[o.Reg]++
				}
				def[o.Reg] = in
			}
		}
	}
	// constOf returns the value of a constant operand of a VC4 op.
	constOf := func(o mir.Operand) (int64, bool) {
		if o.Kind == mir.KindImm {
			return o.Imm, true
		}
		if d := def[o.Reg]; o.Kind == mir.KindReg && ndefs[o.Reg] == 1 && d != nil && qpuByOp[d.Op].ldi {
			return int64(int32(d.Uses()[0].Imm)), true
		}
		return 0, false
	}
	st := map[mir.Reg]int64{}
	uniformFlags := false // the flags were set from values the same in every lane
	of := func(o mir.Operand) (int64, bool) {
		switch o.Kind {
		case mir.KindImm:
			return 0, true
		case mir.KindFrame:
			return fsize, true
		case mir.KindReg:
			c, ok := st[o.Reg]
			return c, ok
		case mir.KindPred:
			return 0, uniformFlags
		}
		return 0, false
	}
	step := func(in *mir.Instr) (int64, bool) {
		uses := in.Uses()
		if q, ok := qpuByOp[in.Op]; ok && !q.ldi {
			var srcs []mir.Operand // the values read: sources, then the kept value
			for _, o := range in.Ops[in.NumDefs():] {
				if o.Kind != mir.KindPred && (o.Kind != mir.KindReg || o.Flags&mir.FlagDef == 0) {
					srcs = append(srcs, o)
				}
			}
			guard := in.Pred()
			switch name := l4(in); {
			case guard != nil || len(srcs) > q.uses:
				// Extends a value: the same in every lane, or unknown.
			case name == "V4_MOV":
				return of(srcs[0])
			case name == "V4_ADD" || name == "V4_SUB" || name == "V4_OR" || name == "V4_XOR":
				a, ok1 := of(srcs[0])
				b, ok2 := of(srcs[1])
				if name == "V4_SUB" {
					b = -b
				}
				return a + b, ok1 && ok2
			case name == "V4_SHL":
				k, isK := constOf(srcs[1])
				k &= 31
				if p := def[srcs[0].Reg]; isK && k == 24 && srcs[0].Kind == mir.KindReg && p != nil && l4(p) == "V4_MUL24" {
					return 0, true // a high partial product
				}
				a, ok := of(srcs[0])
				if !ok || !isK || k > 20 {
					return 0, false
				}
				return a << k, true
			case name == "V4_MUL24":
				for i := 0; i < 2; i++ {
					a, ok := of(srcs[i])
					if k, isK := constOf(srcs[1-i]); ok && isK {
						return a * k, true
					}
				}
				return 0, false
			}
			for _, o := range srcs {
				if c, ok := of(o); !ok || c != 0 {
					return 0, false
				}
			}
			if guard != nil {
				if _, ok := of(*guard); !ok {
					return 0, false
				}
			}
			return 0, true
		}
		switch in.Op {
		case mir.GArgs, mir.GConst:
			return 0, true
		case mir.GFrameAddr:
			return fsize, true
		case mir.GCall:
			k, dim, ok := builtinCall(in)
			if !ok {
				return 0, false
			}
			if (k == biGlobalID || k == biLocalID) && (dim == mir.NoReg || konst[dim] == 0) {
				return 1, true
			}
			return 0, true
		case mir.GCopy:
			return of(uses[0])
		case mir.GAdd, mir.GSub, mir.GOr, mir.GXor:
			a, ok1 := of(uses[0])
			b, ok2 := of(uses[1])
			if in.Op == mir.GSub {
				b = -b
			}
			return a + b, ok1 && ok2
		case mir.GShl:
			a, ok := of(uses[0])
			k, isK := konst[uses[1].Reg]
			if uses[1].Kind == mir.KindImm {
				k, isK = uses[1].Imm, true
			}
			if !ok || !isK || k < 0 || k > 20 {
				return 0, false
			}
			return a << k, true
		case mir.GMul:
			for i := 0; i < 2; i++ {
				a, ok := of(uses[i])
				k, isK := konst[uses[1-i].Reg]
				if uses[1-i].Kind == mir.KindImm {
					k, isK = uses[1-i].Imm, true
				}
				if ok && isK {
					return a * k, true
				}
			}
			return 0, false
		}
		// Any other operation of values that are the same in every lane.
		for _, o := range uses {
			if c, ok := of(o); o.Kind != mir.KindSym && (!ok || c != 0) {
				return 0, false
			}
		}
		return 0, true
	}
	// Two rounds: a value used before its definition in layout order
	// comes round a loop, so it has a phi copy and no estimate anyway.
	for round := 0; round < 2; round++ {
		for _, b := range g.blocks {
			for _, in := range g.facts[b].instrs {
				defs := in.Defs()
				if len(defs) == 0 {
					continue
				}
				c, ok := step(in)
				if setsFlags(in) {
					// The flags are the same in every lane when all the
					// sources are (the carry of a - b is not, where only
					// the difference is).
					uniformFlags = true
					for _, o := range in.Uses() {
						if c, ok := of(o); o.Kind != mir.KindPred && (!ok || c != 0) {
							uniformFlags = false
						}
					}
				}
				for _, o := range defs {
					switch {
					case ndefs[o.Reg] != 1:
					case ok:
						st[o.Reg] = c
					case extends(in, o.Reg):
						delete(st, o.Reg) // the value is no longer the same form
					}
				}
			}
		}
	}
	return st
}

// dmaStride returns the stride of a one-DMA path other than the
// consecutive one (4 bytes) for an access whose lanes are estimated to be
// step bytes apart: a positive multiple of 4 that the VDW stride field
// (gap between rows, 13 bits) and the VDR memory pitch (13 bits) can
// express; else 0.
func dmaStride(step int64) int64 {
	if step > 4 && step%4 == 0 && step < 0x1fff {
		return step
	}
	return 0
}

// l4 returns the name of a VC4 op.
func l4(in *mir.Instr) string { return Arch.OpName(in.Op) }
