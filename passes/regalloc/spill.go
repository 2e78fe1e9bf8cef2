// Spilling: stack slots, reloads and stores, rematerialization, reload forwarding.

package regalloc

import (
	"fmt"
	"slices"
	"sort"

	"lltosimd/mir"
)

// spill gives each register in vs a stack slot, or recomputes it where
// it is read when it is rematerializable, and rewrites its uses and
// definitions to go through fresh registers: the references of a value
// in one stretch of a block without calls share one register, reloaded
// (or recomputed) before the first read and stored after every
// definition (a simple live-range split: the value stays in a register
// while the block uses it); a value referenced once there, a value that
// is already such a stretch register, and every value in late rounds get
// a register that lives for one instruction and cannot be spilled. A
// stretch register spilled in turn keeps its value's slot: its reload and
// its stores go, and each of its references reloads or stores on its own
// (or recomputes the value).
func (st *state) spill(vs []mir.Reg, round int) error {
	f := st.f
	remat := st.rematerializable(vs)
	if st.exp != nil {
		// The target may give the dearest values the cheapest slots.
		vs = slices.Clone(vs)
		sort.SliceStable(vs, func(i, j int) bool { return st.weight[vs[i]] > st.weight[vs[j]] })
	}
	slot := map[mir.Reg]int{}
	derived := map[mir.Reg]bool{} // stretch registers spilled again
	unsplit := map[mir.Reg]bool{} // values split around loops before
	var newSlots int64
	for _, v := range vs {
		if remat[v] != nil {
			st.debugf("%s: rematerializing %%%d", f.Name, v.VirtIndex())
			continue
		}
		if fi, ok := st.slotOf[v]; ok {
			slot[v], derived[v] = fi, true
			st.debugf("%s: spilling %%%d back to fi#%d", f.Name, v.VirtIndex(), fi)
			continue
		}
		if fi, ok := st.splitSlot[v]; ok {
			// Split around loops before (split.go): the slot holds it
			// already; the split's stores and reloads go, the spill
			// code below replaces them.
			slot[v], unsplit[v] = fi, true
			st.debugf("%s: spilling %%%d (split before) to fi#%d", f.Name, v.VirtIndex(), fi)
			continue
		}
		if st.exp != nil {
			n := f.NumVRegs()
			fi, err := st.exp.SpillSlot(f, v, st.weight[v])
			if err != nil {
				return err
			}
			st.markNoSpill(n)
			slot[v] = fi
			newSlots++
			st.debugf("%s: spilling %%%d to target slot %d", f.Name, v.VirtIndex(), fi)
			continue
		}
		cl := f.Arch.Classes[f.ClassOf(v)]
		if cl.Size <= 0 {
			return fmt.Errorf("%s: cannot spill a register of class %s (size %d)", f.Name, cl.Name, cl.Size)
		}
		slot[v] = f.NewFrameObject(mir.FrameObject{Size: int64(cl.Size), Align: int64(min(cl.Size, 8)), Name: "spill"})
		if st.spillSlots == nil {
			st.spillSlots = map[int64]bool{}
		}
		st.spillSlots[int64(slot[v])] = true
		newSlots++
		st.debugf("%s: spilling %%%d to fi#%d", f.Name, v.VirtIndex(), slot[v])
	}
	st.count("spills", newSlots)
	newTemp := func(v mir.Reg, spillable bool) mir.Reg {
		t := f.NewVReg(f.ClassOf(v))
		st.noSpill = append(st.noSpill, make([]bool, f.NumVRegs()-len(st.noSpill))...)
		st.noSpill[t.VirtIndex()] = !spillable
		return t
	}
	reload := func(t mir.Reg, fi int) []*mir.Instr { return st.spillCode(t, fi, false) }
	share := round < maxRounds/2
	var stores, reloads, remats int64
	for _, b := range f.Blocks {
		// refs counts the instructions of each stretch between calls
		// that reference a spilled value.
		var refs map[[2]int]int
		if share {
			refs = map[[2]int]int{}
			stretch := 0
			for _, in := range b.Instrs {
				if isCall(f, in) {
					stretch++
				}
				seen := map[mir.Reg]bool{}
				mir.ForEachReg(in, func(r mir.Reg, _ bool) {
					if _, ok := slot[r]; (ok && !derived[r] || remat[r] != nil && !st.sharedRemat[r]) && !seen[r] {
						seen[r] = true
						refs[[2]int{stretch, int(r)}]++
					}
				})
			}
		}
		stretch := 0
		shared := map[mir.Reg]mir.Reg{} // spilled value -> its stretch register
		out := make([]*mir.Instr, 0, len(b.Instrs))
		skip := 0 // instructions left of a target sequence being dropped
		for _, in := range b.Instrs {
			if skip > 0 {
				skip--
				continue
			}
			if d := in.Ops; len(d) > 0 && d[0].IsDef() && remat[d[0].Reg] == in {
				if st.rematCode[d[0].Reg] == nil {
					continue // the definition is repeated at each use instead
				}
				// The target recomputes it with other code: the
				// definition stays (its side effects), its result dead.
				d[0].Reg = newTemp(d[0].Reg, false)
			}
			if fi, r, ok := st.slotAccess(in, false); ok && derived[r] && slot[r] == fi {
				// Each reference reloads on its own now; a target
				// sequence goes whole.
				skip = max(0, st.seqs[in].n-1)
				continue
			}
			if fi, r, ok := st.slotAccess(in, true); ok && derived[r] && slot[r] == fi {
				// Each definition stores on its own now; a target
				// sequence goes whole.
				skip = max(0, st.seqs[in].n-1)
				continue
			}
			if fi, r, ok := st.slotAccess(in, false); ok && unsplit[r] && slot[r] == fi {
				continue // the split's reload: every use reloads now
			}
			if fi, r, ok := st.slotAccess(in, true); ok && unsplit[r] && slot[r] == fi {
				continue // the split's store: every definition stores now
			}
			if isCall(f, in) {
				stretch++
				clear(shared)
			}
			temp := map[mir.Reg]mir.Reg{}
			var after []*mir.Instr
			for _, m := range in.Flatten() {
				for i := range m.Ops {
					o := &m.Ops[i]
					if o.Kind != mir.KindReg && o.Kind != mir.KindPred {
						continue
					}
					v := o.Reg
					fi, spilled := slot[v]
					def := remat[v]
					if !spilled && def == nil {
						continue
					}
					t, seen := temp[v]
					if !seen {
						switch {
						case def != nil && share && refs[[2]int{stretch, int(v)}] > 1:
							if t = shared[v]; t == mir.NoReg {
								t = newTemp(v, true)
								shared[v] = t
								st.sharedRemat[t] = true
								out = append(out, st.recompute(v, t, def)...)
								remats++
							}
						case def != nil:
							t = newTemp(v, false)
							out = append(out, st.recompute(v, t, def)...)
							remats++
						case share && refs[[2]int{stretch, int(v)}] > 1:
							if t = shared[v]; t == mir.NoReg {
								t = newTemp(v, true)
								shared[v] = t
								st.slotOf[t] = fi
								if readsReg(in, v) {
									out = append(out, reload(t, fi)...)
									reloads++
								}
							}
						default:
							t = newTemp(v, false)
							if readsReg(in, v) {
								out = append(out, reload(t, fi)...)
								reloads++
							}
						}
						temp[v] = t
						if spilled && writesReg(in, v) {
							// The store goes after the bundle: never
							// inside it (a delay slot), nor after the
							// terminator of the block.
							if slices.ContainsFunc(in.Flatten(), func(m *mir.Instr) bool { return f.Arch.Desc(m.Op).Flags&mir.FlagTerminator != 0 }) {
								return fmt.Errorf("%s: cannot spill %%%d defined by a terminator or in its bundle", f.Name, v.VirtIndex())
							}
							after = append(after, st.spillCode(t, fi, true)...)
							stores++
						}
					}
					o.Reg = t
				}
			}
			out = append(out, in)
			out = append(out, after...)
		}
		b.Instrs = out
	}
	st.count("stores", stores)
	st.count("reloads", reloads)
	st.count("remats", remats)
	return nil
}

func isCall(f *mir.Func, in *mir.Instr) bool {
	for _, m := range in.Flatten() {
		if f.Arch.Desc(m.Op).Flags&mir.FlagCall != 0 {
			return true
		}
	}
	return false
}

// spillSeq is a store or reload sequence of the target's spill code
// (passes.SpillExpander), known by its first instruction: its slot, the
// register it stores or reloads, and its length.
type spillSeq struct {
	slot  int
	reg   mir.Reg
	store bool
	n     int
}

// spillCode returns the instructions that store register t into slot fi
// (store) or reload it: the target's sequence when it has a
// passes.SpillExpander (the registers the sequence creates are never
// spilled), else spillInstr or reloadInstr on the stack slot.
func (st *state) spillCode(t mir.Reg, fi int, store bool) []*mir.Instr {
	f := st.f
	if st.exp == nil {
		if store {
			return []*mir.Instr{spillInstr(f, t, fi)}
		}
		return []*mir.Instr{reloadInstr(f, t, fi)}
	}
	n := f.NumVRegs()
	var seq []*mir.Instr
	if store {
		seq = st.exp.SpillStore(f, t, fi)
	} else {
		seq = st.exp.SpillReload(f, t, fi)
	}
	st.markNoSpill(n)
	if len(seq) > 0 {
		st.seqs[seq[0]] = spillSeq{slot: fi, reg: t, store: store, n: len(seq)}
	}
	return seq
}

// markNoSpill makes the virtual registers from index n on unspillable.
func (st *state) markNoSpill(n int) {
	f := st.f
	st.noSpill = append(st.noSpill, make([]bool, max(0, f.NumVRegs()-len(st.noSpill)))...)
	for i := n; i < f.NumVRegs(); i++ {
		st.noSpill[i] = true
	}
}

// slotAccess matches `r = G_LOAD32 fi#s, 0` / `r = G_RELOAD fi#s, class`
// (store false) or `G_STORE32 r, fi#s, 0` / `G_SPILL r, fi#s, class` and
// returns the frame object and the register; with the target's spill
// code, the first instruction of a reload (store) sequence and its slot.
func (st *state) slotAccess(in *mir.Instr, store bool) (int, mir.Reg, bool) {
	if st.exp != nil {
		s, ok := st.seqs[in]
		if !ok || s.store != store {
			return 0, 0, false
		}
		return s.slot, s.reg, true
	}
	op, wide := mir.GLoad32, mir.GReload
	if store {
		op, wide = mir.GStore32, mir.GSpill
	}
	if (in.Op != op && in.Op != wide) || len(in.Ops) != 3 || in.Ops[0].Kind != mir.KindReg {
		return 0, 0, false
	}
	fi := in.Ops[1]
	if fi.Kind != mir.KindFrame || fi.Off != 0 || in.Ops[2].Kind != mir.KindImm || (in.Op == op && in.Ops[2].Imm != 0) {
		return 0, 0, false
	}
	return int(fi.Imm), in.Ops[0].Reg, true
}

// rematerializable returns, for the registers in vs that are cheaper to
// recompute than to reload, their single definition: an instruction
// without side effects, memory access or control flow whose only register
// operand is that definition, apart from reserved physical registers that
// nothing in the function writes ($zero, $gp; not a moving $sp). A load
// from an incoming stack argument (a fixed frame object) that only loads
// refer to counts too: the argument slot holds the value all along, so
// the load is repeated instead of copying the value to a spill slot (as
// LLVM rematerializes loads from immutable fixed stack objects).
func (st *state) rematerializable(vs []mir.Reg) map[mir.Reg]*mir.Instr {
	f := st.f
	// Per virtual register (VirtIndex): wanted, its first definition and
	// the number of them (slices: the registers are dense).
	type vdef struct {
		first *mir.Instr
		n     int32
		want  bool
	}
	defs := make([]vdef, f.NumVRegs())
	for _, v := range vs {
		if v.IsVirtual() && v.VirtIndex() < len(defs) {
			defs[v.VirtIndex()].want = true
		}
	}
	written := map[mir.Reg]bool{}
	// mutable marks the frame objects some instruction other than a plain
	// load refers to (a store, an address taken, a call's argument area).
	mutable := map[int64]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				fl := f.Arch.Desc(m.Op).Flags
				plainLoad := fl&mir.FlagLoad != 0 && fl&(mir.FlagStore|mir.FlagSideEffect|mir.FlagCall) == 0 && len(m.Bundle) == 0
				for _, o := range m.Ops {
					if o.Kind == mir.KindFrame && !plainLoad {
						mutable[o.Imm] = true
					}
				}
			}
			mir.ForEachReg(in, func(r mir.Reg, def bool) {
				switch {
				case def && r.IsPhys():
					written[r] = true
				case def && r.IsVirtual() && r.VirtIndex() < len(defs) && defs[r.VirtIndex()].want:
					d := &defs[r.VirtIndex()]
					if d.n == 0 {
						d.first = in
					}
					d.n++
				}
			})
		}
	}
	const unsafe = mir.FlagSideEffect | mir.FlagLoad | mir.FlagStore | mir.FlagCall | mir.FlagBranch |
		mir.FlagTerminator | mir.FlagCompare | mir.FlagPseudo
	out := map[mir.Reg]*mir.Instr{}
	for i, d := range defs {
		if d.n == 0 {
			continue
		}
		v, in := mir.VirtBase+mir.Reg(i), d.first
		flags := f.Arch.Desc(in.Op).Flags
		if flags&unsafe == mir.FlagLoad && argLoad(f, in, mutable) {
			flags &^= mir.FlagLoad
		}
		if d.n != 1 || len(in.Bundle) > 0 || len(in.Ops) == 0 || !in.Ops[0].IsDef() || in.Ops[0].Reg != v {
			continue
		}
		ok := flags&unsafe == 0 && in.Op != mir.GImplicitDef && in.Op != mir.GCopy
		for _, o := range in.Ops[1:] {
			if o.Kind == mir.KindPred || (o.Kind == mir.KindReg && (o.Flags&mir.FlagDef != 0 || o.Reg.IsVirtual() ||
				int(o.Reg) >= len(f.Arch.Regs) || !f.Arch.Regs[o.Reg].Reserved || written[o.Reg])) {
				ok = false
			}
		}
		if st.rem != nil {
			// The target decides: it may refuse, or recompute with
			// its own code and keep the definition.
			code, yes := st.rem.Remat(f, in, ok)
			if ok = yes; ok && code != nil {
				st.rematCode[v] = code
			} else {
				delete(st.rematCode, v)
			}
		}
		if ok {
			out[v] = in
		}
	}
	return out
}

// recompute returns the instructions that recompute spilled value v,
// defined by def, into t: the target's (passes.Rematerializer; the
// registers they create are never spilled) or a copy of def.
func (st *state) recompute(v, t mir.Reg, def *mir.Instr) []*mir.Instr {
	if code := st.rematCode[v]; code != nil {
		n := st.f.NumVRegs()
		seq := code(t)
		st.markNoSpill(n)
		return seq
	}
	c := &mir.Instr{Op: def.Op, Ops: append([]mir.Operand(nil), def.Ops...)}
	c.Ops[0].Reg = t
	return []*mir.Instr{c}
}

// argLoad reports whether in loads from a fixed frame object that only
// loads refer to, with no register operand but its definition.
func argLoad(f *mir.Func, in *mir.Instr, mutable map[int64]bool) bool {
	frame := false
	for i, o := range in.Ops {
		switch {
		case o.Kind == mir.KindFrame:
			if o.Imm < 0 || o.Imm >= int64(len(f.Frame)) || !f.Frame[o.Imm].Fixed || mutable[o.Imm] {
				return false
			}
			frame = true
		case o.Kind == mir.KindReg && i > 0, o.Kind == mir.KindPred:
			return false
		}
	}
	return frame
}

// spillInstr stores register t of its class into spill slot fi: a
// G_STORE32 for the 4-byte classes, else a G_SPILL that names the class
// (for a tuple: one store of every lane, spec bwdsp.md §3.5).
func spillInstr(f *mir.Func, t mir.Reg, fi int) *mir.Instr {
	in := mir.NewInstr(mir.GStore32, mir.R(t), mir.FI(fi, 0), mir.I(0))
	if cl := f.ClassOf(t); f.Arch.Classes[cl].Size != 4 {
		in = mir.NewInstr(mir.GSpill, mir.R(t), mir.FI(fi, 0), mir.I(int64(cl)))
	}
	in.Mem = slotMem(f, fi)
	return in
}

// slotMem is the memory operand of an access to the whole spill slot fi,
// a frame object only spill code touches: a scheduler may move it past
// the program's own loads and stores (mir.MayAlias).
func slotMem(f *mir.Func, fi int) *mir.MemOperand {
	return &mir.MemOperand{Obj: mir.MemFrame, Index: fi, OffKnown: true, Size: f.Frame[fi].Size}
}

// reloadInstr loads register t of its class from spill slot fi: the
// counterpart of spillInstr.
func reloadInstr(f *mir.Func, t mir.Reg, fi int) *mir.Instr {
	in := mir.NewInstr(mir.GLoad32, mir.D(t), mir.FI(fi, 0), mir.I(0))
	if cl := f.ClassOf(t); f.Arch.Classes[cl].Size != 4 {
		in = mir.NewInstr(mir.GReload, mir.D(t), mir.FI(fi, 0), mir.I(int64(cl)))
	}
	in.Mem = slotMem(f, fi)
	return in
}

func readsReg(in *mir.Instr, v mir.Reg) bool {
	found := false
	mir.ForEachReg(in, func(r mir.Reg, def bool) { found = found || (!def && r == v) })
	return found
}

func writesReg(in *mir.Instr, v mir.Reg) bool {
	found := false
	mir.ForEachReg(in, func(r mir.Reg, def bool) { found = found || (def && r == v) })
	return found
}

// forwardSpills replaces a reload from a spill slot by a copy (or nothing)
// when, earlier in the same block, a register got the slot's value (by
// the spill store or a previous reload) and still holds it; where it can,
// the reload's readers read that register instead and the copy is not
// needed either (renameReload). Calls clobber their clobbered registers;
// any write to a register forgets what it held. It returns the number of
// reloads replaced and, among them, those renamed away.
func (a *alloc) forwardSpills() (n, renamed int64) {
	f := a.f
	copyOp := mir.GCopy
	for _, b := range f.Blocks {
		holds := map[int64]mir.Reg{} // spill slot -> register holding its value
		forget := func(r mir.Reg) {
			for s, x := range holds {
				if a.overlap(x, r) {
					delete(holds, s)
				}
			}
		}
		out := b.Instrs[:0]
		for i, in := range b.Instrs {
			if s, r, ok := a.spillAccess(in, false); ok {
				if x, hit := holds[s]; hit {
					n++
					if x == r {
						continue
					}
					if renameReload(f, b.Instrs, i, r, x) {
						renamed++
						continue
					}
					in = mir.NewInstr(copyOp, mir.D(r), mir.R(x))
					forget(r)
					holds[s] = x
					out = append(out, in)
					continue
				}
				forget(r)
				holds[s] = r
				out = append(out, in)
				continue
			}
			if s, r, ok := a.spillAccess(in, true); ok {
				holds[s] = r
				out = append(out, in)
				continue
			}
			mir.ForEachReg(in, func(r mir.Reg, def bool) {
				if def {
					forget(r)
				}
			})
			for _, m := range in.Flatten() {
				if f.Arch.Desc(m.Op).Flags&mir.FlagCall != 0 {
					for _, r := range a.clobberList {
						forget(r)
					}
				}
			}
			out = append(out, in)
		}
		clear(b.Instrs[len(out):])
		b.Instrs = out
	}
	return n, renamed
}

// deadSpillStores deletes the spill stores no reload can read: those of
// a slot that nothing reloads (after forwardSpills, every reload of a
// value may have been replaced), and, within a block, a store that
// another store to the same slot follows with no reload between (a tied
// definition of a spilled value stores the value it overwrites). Only
// spill code touches spill slots, so nothing else can read them. It
// returns the number of stores deleted.
func (a *alloc) deadSpillStores() int64 {
	f := a.f
	reloaded := map[int64]bool{}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			if s, _, ok := a.spillAccess(in, false); ok {
				reloaded[s] = true
			}
		}
	}
	var n int64
	for _, b := range f.Blocks {
		dead := map[*mir.Instr]bool{}
		pending := map[int64]*mir.Instr{} // slot -> store not reloaded since
		for _, in := range b.Instrs {
			if s, _, ok := a.spillAccess(in, false); ok {
				delete(pending, s)
				continue
			}
			s, _, ok := a.spillAccess(in, true)
			if !ok {
				continue
			}
			if !reloaded[s] {
				dead[in] = true
				continue
			}
			if prev := pending[s]; prev != nil {
				dead[prev] = true
			}
			pending[s] = in
		}
		if len(dead) == 0 {
			continue
		}
		out := b.Instrs[:0]
		for _, in := range b.Instrs {
			if !dead[in] {
				out = append(out, in)
			}
		}
		clear(b.Instrs[len(out):])
		b.Instrs = out
		n += int64(len(dead))
	}
	return n
}

// renameReload makes the reads of r after the reload instrs[i] read x,
// which holds the same value, so that the reload goes away instead of
// becoming a copy. It gives up (false) unless r is written again in the
// block before the end, no call or return comes first (they may read
// argument and result registers their operands do not list), x stays
// intact until then, and every read of r is an explicit operand of an
// instruction without tied operands; nothing in between may touch only
// a part of r or x (register units).
func renameReload(f *mir.Func, instrs []*mir.Instr, i int, r, x mir.Reg) bool {
	var reads []*mir.Operand
	var readers []*mir.Instr // with reads, when the target has read ports
	for _, m := range instrs[i+1:] {
		d := f.Arch.Desc(m.Op)
		if len(m.Bundle) > 0 || d.Flags&(mir.FlagCall|mir.FlagReturn) != 0 {
			return false
		}
		readsR, defsR, defsX := false, false, false
		for k := range m.Ops {
			o := &m.Ops[k]
			if (o.Kind == mir.KindReg || o.Kind == mir.KindPred) && o.Reg != r && o.Reg != x &&
				(f.Arch.RegsOverlap(o.Reg, r) || f.Arch.RegsOverlap(o.Reg, x)) {
				return false // a part of a tuple, or a tuple of a part
			}
			switch {
			case o.IsDef():
				defsR = defsR || o.Reg == r
				defsX = defsX || o.Reg == x
				if o.Flags&mir.FlagEarlyClobber != 0 && (o.Reg == r || o.Reg == x) {
					return false
				}
			case o.IsUse() && o.Reg == r:
				if o.Kind != mir.KindReg || o.Flags&mir.FlagImplicit != 0 {
					return false
				}
				readsR = true
				reads = append(reads, o)
			}
		}
		if readsR && len(d.Tied) > 0 {
			return false
		}
		if readsR && f.Arch.ReadPorts != nil {
			readers = append(readers, m)
		}
		if defsR {
			for _, o := range reads {
				o.Reg = x
			}
			// x may be in another bank than r: keep the reload (as a
			// copy) rather than make a reader's ports conflict.
			for _, m := range readers {
				if f.Arch.ReadPortConflict(m) {
					for _, o := range reads {
						o.Reg = r
					}
					return false
				}
			}
			for _, o := range reads {
				o.Flags &^= mir.FlagKill
			}
			return true
		}
		if defsX {
			return false
		}
	}
	return false
}

// spillAccess matches the reload `r = G_LOAD32 fi#s, 0` / `r = G_RELOAD
// fi#s, class` or (store) the spill `G_STORE32 r, fi#s, 0` / `G_SPILL r,
// fi#s, class` on a spill slot and returns the slot and the register.
func (a *alloc) spillAccess(in *mir.Instr, store bool) (int64, mir.Reg, bool) {
	fi, r, ok := a.slotAccess(in, store)
	if !ok || !a.spillSlots[int64(fi)] {
		return 0, 0, false
	}
	return int64(fi), r, true
}
