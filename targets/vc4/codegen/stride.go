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
func laneStrides(g *graph, fsize int64, konst map[mir.Reg]int64) map[mir.Reg]int64 {
	ndefs := map[mir.Reg]int{}
	for _, b := range g.blocks {
		for _, in := range b.instrs {
			for _, o := range in.Defs() {
				ndefs[o.Reg]++
			}
		}
	}
	st := map[mir.Reg]int64{}
	of := func(o mir.Operand) (int64, bool) {
		switch o.Kind {
		case mir.KindImm:
			return 0, true
		case mir.KindFrame:
			return fsize, true
		case mir.KindReg:
			c, ok := st[o.Reg]
			return c, ok
		}
		return 0, false
	}
	step := func(in *mir.Instr) (int64, bool) {
		uses := in.Uses()
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
			for _, in := range b.instrs {
				defs := in.Defs()
				if len(defs) == 0 {
					continue
				}
				c, ok := step(in)
				for _, o := range defs {
					if ok && ndefs[o.Reg] == 1 {
						st[o.Reg] = c
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
