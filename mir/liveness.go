package mir

// Liveness holds the registers (virtual and physical) live on entry to and
// on exit from every block. It is computed variable by variable, walking
// backwards from each upward-exposed use until a definition is found
// (Brandner et al., "Computing Liveness Sets for SSA-Form Programs"), so
// the cost is proportional to the size of the result, not to the number of
// blocks times the number of registers. It does not need SSA: a block that
// writes a register stops the walk.
//
// PHI operands count as uses at the end of the matching predecessor and the
// PHI's definition as a definition at the top of its block, so a PHI
// destination is never live-in and an incoming value is live-out only of
// the predecessor it comes from.
type Liveness struct {
	f *Func
	// LiveIn and LiveOut are indexed by the block's position in f.Blocks;
	// each lists its registers once, in no particular order.
	LiveIn, LiveOut [][]Reg
	index           map[*Block]int
}

// ForEachReg calls fn for every register read (def=false) or written
// (def=true) by in and its bundle members, in operand order, skipping undef
// reads. Predicate guards count as reads.
func ForEachReg(in *Instr, fn func(r Reg, def bool)) {
	forEachReg(in, fn)
	for _, m := range in.Bundle {
		forEachReg(m, fn)
	}
}

func forEachReg(m *Instr, fn func(r Reg, def bool)) {
	for i := range m.Ops {
		o := &m.Ops[i]
		switch {
		case o.Kind == KindReg && o.Reg != NoReg:
			if o.Flags&FlagDef != 0 {
				fn(o.Reg, true)
			} else if o.Flags&FlagUndef == 0 {
				fn(o.Reg, false)
			}
		case o.Kind == KindPred && o.Reg != NoReg:
			fn(o.Reg, false)
		}
	}
}

// ComputeLiveness computes block live-in and live-out sets for f.
// Block Preds must be up to date (see Func.RecomputeCFG).
func ComputeLiveness(f *Func) *Liveness {
	nb := len(f.Blocks)
	lv := &Liveness{f: f, LiveIn: make([][]Reg, nb), LiveOut: make([][]Reg, nb), index: make(map[*Block]int, nb)}
	for i, b := range f.Blocks {
		lv.index[b] = i
	}
	nphys := len(f.Arch.Regs)
	slot := func(r Reg) int {
		if r.IsVirtual() {
			return nphys + r.VirtIndex()
		}
		return int(r)
	}
	nvars := nphys + f.NumVRegs()

	// Per variable: the blocks where it is upward exposed (exposure), the
	// blocks that define it (defBlocks), and the predecessors whose end it
	// reaches through a PHI (phiOut).
	type ref struct {
		v     int32
		block int32
	}
	var exposed, defined, phiOut []ref
	seen := make([]int32, nvars) // per-block stamp: block index+1 when the variable was defined in it
	exp := make([]int32, nvars)  // per-block stamp for upward-exposed uses
	for bi, b := range f.Blocks {
		stamp := int32(bi + 1)
		for _, in := range b.Instrs {
			if in.Op == GPhi {
				for k := 1; k+1 < len(in.Ops); k += 2 {
					o := in.Ops[k]
					if o.Kind == KindReg && o.Reg != NoReg && o.Flags&FlagUndef == 0 && in.Ops[k+1].Kind == KindBlock {
						if p, ok := lv.index[in.Ops[k+1].Block]; ok {
							phiOut = append(phiOut, ref{int32(slot(o.Reg)), int32(p)})
						}
					}
				}
				if d := in.Ops[0]; d.IsDef() && d.Reg != NoReg {
					s := slot(d.Reg)
					if seen[s] != stamp {
						seen[s] = stamp
						defined = append(defined, ref{int32(s), int32(bi)})
					}
				}
				continue
			}
			// Reads happen before writes within one instruction (bundle).
			ForEachReg(in, func(r Reg, def bool) {
				if def {
					return
				}
				s := slot(r)
				if seen[s] != stamp && exp[s] != stamp {
					exp[s] = stamp
					exposed = append(exposed, ref{int32(s), int32(bi)})
				}
			})
			ForEachReg(in, func(r Reg, def bool) {
				if !def {
					return
				}
				s := slot(r)
				if seen[s] != stamp {
					seen[s] = stamp
					defined = append(defined, ref{int32(s), int32(bi)})
				}
			})
		}
	}

	// Group the references by variable (counting sort keeps this linear).
	group := func(refs []ref) (start []int32, blocks []int32) {
		start = make([]int32, nvars+1)
		for _, r := range refs {
			start[r.v+1]++
		}
		for i := 1; i <= nvars; i++ {
			start[i] += start[i-1]
		}
		blocks = make([]int32, len(refs))
		fill := append([]int32(nil), start[:nvars]...)
		for _, r := range refs {
			blocks[fill[r.v]] = r.block
			fill[r.v]++
		}
		return start, blocks
	}
	expStart, expBlocks := group(exposed)
	defStart, defBlocks := group(defined)
	phiStart, phiBlocks := group(phiOut)

	preds := make([][]int32, nb)
	for i, b := range f.Blocks {
		for _, p := range b.Preds {
			if pi, ok := lv.index[p]; ok {
				preds[i] = append(preds[i], int32(pi))
			}
		}
	}
	defStamp := make([]int32, nb)
	inStamp := make([]int32, nb)
	outStamp := make([]int32, nb)
	var work []int32
	for v := 0; v < nvars; v++ {
		if expStart[v] == expStart[v+1] && phiStart[v] == phiStart[v+1] {
			continue
		}
		stamp := int32(v + 1)
		r := Reg(v)
		if v >= nphys {
			r = VirtBase + Reg(v-nphys)
		}
		for _, b := range defBlocks[defStart[v]:defStart[v+1]] {
			defStamp[b] = stamp
		}
		work = append(work[:0], expBlocks[expStart[v]:expStart[v+1]]...)
		liveOutOf := func(p int32) {
			if outStamp[p] == stamp {
				return
			}
			outStamp[p] = stamp
			lv.LiveOut[p] = append(lv.LiveOut[p], r)
			if defStamp[p] != stamp {
				work = append(work, p)
			}
		}
		for _, p := range phiBlocks[phiStart[v]:phiStart[v+1]] {
			liveOutOf(p)
		}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if inStamp[b] == stamp {
				continue
			}
			inStamp[b] = stamp
			lv.LiveIn[b] = append(lv.LiveIn[b], r)
			for _, p := range preds[b] {
				liveOutOf(p)
			}
		}
	}
	return lv
}

// BlockIndex returns the position of b in the function's layout (as
// indexed by LiveIn/LiveOut), or -1.
func (lv *Liveness) BlockIndex(b *Block) int {
	if i, ok := lv.index[b]; ok {
		return i
	}
	return -1
}

// IsLiveIn reports whether r is live on entry to b.
func (lv *Liveness) IsLiveIn(b *Block, r Reg) bool { return contains(lv.LiveIn[lv.index[b]], r) }

// IsLiveOut reports whether r is live on exit from b.
func (lv *Liveness) IsLiveOut(b *Block, r Reg) bool { return contains(lv.LiveOut[lv.index[b]], r) }

func contains(rs []Reg, r Reg) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}
