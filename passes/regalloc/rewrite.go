// Rewriting to physical registers: identity-copy removal, saved registers, jump threading.

package regalloc

import (
	"slices"

	"lltosimd/mir"
	"lltosimd/passes"
)

// rewrite replaces every virtual register by its assignment, removes
// identity copies and records the callee-saved registers in use (the
// units written: a tuple saves the plain registers it is made of), and
// stages the read-port conflicts left (banks.go).
func (a *alloc) rewrite() error {
	f := a.f
	regOf := func(v mir.Reg) mir.Reg {
		if iv := a.iv[v.VirtIndex()]; iv != nil && iv.reg != mir.NoReg {
			return iv.reg
		}
		// Only read as undef: any register of its class will do.
		if cands := a.allowed(v); len(cands) > 0 {
			return cands[0]
		}
		return mir.NoReg
	}
	a.spillAroundBlocks()
	a.countColours()
	if a.debugging() {
		for _, iv := range a.iv {
			if iv != nil {
				a.debugf("%s: %%%d [%d,%d) weight %.3g -> %s%s", f.Name, iv.v.VirtIndex(), iv.start, iv.end, iv.weight,
					f.Arch.RegPrefix, f.Arch.RegName(iv.reg))
			}
		}
	}
	used := make([]bool, a.nphys) // by unit
	var coalesced int64
	var pos map[*mir.Instr]int // the instructions' indices in the intervals' numbering
	if a.banked {
		pos = map[*mir.Instr]int{}
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				pos[in] = len(pos)
			}
		}
	}
	for _, b := range f.Blocks {
		out := b.Instrs[:0]
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				for i := range m.Ops {
					o := &m.Ops[i]
					if (o.Kind == mir.KindReg || o.Kind == mir.KindPred) && o.Reg.IsVirtual() {
						o.Reg = regOf(o.Reg)
					}
					if o.Kind == mir.KindReg && o.Flags&mir.FlagDef != 0 && o.Reg.IsPhys() && int(o.Reg) < a.nphys {
						for _, u := range a.units[o.Reg] {
							used[u] = true
						}
					}
				}
			}
			if in.Op == mir.GCopy && len(in.Ops) == 2 && in.Ops[0].Kind == mir.KindReg && in.Ops[1].Kind == mir.KindReg &&
				in.Ops[0].Reg == in.Ops[1].Reg {
				coalesced++
				continue
			}
			out = append(out, in)
		}
		clear(b.Instrs[len(out):])
		b.Instrs = out
	}
	a.count("coalesced", coalesced)
	if a.banked {
		a.stageReadPorts(pos, used)
	}
	if len(a.spillSlots) > 0 {
		removed, renamed := a.forwardSpills()
		a.count("reloadsRemoved", removed)
		a.count("reloadsRenamed", renamed)
		a.count("storesRemoved", a.deadSpillStores())
	}
	if m, ok := passes.MachineFor(f.Arch).(passes.RegCopier); ok {
		lowerCopies(f, m)
	}
	if a.banked {
		if err := a.reportReadPorts(); err != nil {
			return err
		}
	}
	removeEmptyJumpBlocks(f)
	f.SavedRegs = f.SavedRegs[:0]
	for r := 1; r < a.nphys; r++ {
		if used[r] && a.unitAlloc[r] && f.Arch.Regs[r].CalleeSaved {
			f.SavedRegs = append(f.SavedRegs, mir.Reg(r))
		}
	}
	return nil
}

// countColours adds, for every class of single-unit registers (BWDSP:
// the scalar classes of each macro, x, y, z, t), the number of its
// registers some live range holds (a tuple holds one in each of its
// lanes' classes) to the statistic "Registers used in class NAME". Of
// classes with the same registers only the last counts.
func (a *alloc) countColours() {
	if a.c == nil || a.c.Cfg == nil {
		return
	}
	used := make([]bool, a.nphys)
	for _, iv := range a.iv {
		if iv != nil && iv.reg != mir.NoReg && int(iv.reg) < a.nphys {
			for _, u := range a.units[iv.reg] {
				used[u] = true
			}
		}
	}
	classes := a.f.Arch.Classes
next:
	for c, cl := range classes {
		for _, r := range cl.Alloc {
			if int(r) >= a.nphys || len(a.units[r]) != 1 {
				continue next
			}
		}
		for _, later := range classes[c+1:] {
			if slices.Equal(later.Alloc, cl.Alloc) {
				continue next
			}
		}
		n := 0
		for _, r := range cl.Alloc {
			if used[r] {
				n++
			}
		}
		if n > 0 {
			a.c.Cfg.Stats.Add(a.c.Pass.Name, "Registers used in class "+cl.Name+" (summed over functions)", int64(n))
		}
	}
}

// removeEmptyJumpBlocks deletes the blocks that hold nothing but an
// unconditional direct jump (typically edges split by phi-elim whose
// copies were all coalesced away) by pointing their predecessors'
// branches and jump tables at the jump's target. Blocks entered by
// falling through, and blocks whose address is taken (a block operand of
// a non-branch instruction, or a blockaddress in data: f.BlockSyms), are
// kept.
func removeEmptyJumpBlocks(f *mir.Func) {
	f.RecomputeCFG()
	addrTaken := map[*mir.Block]bool{}
	for b := range f.BlockSyms {
		addrTaken[b] = true
	}
	for _, b := range f.Blocks {
		for _, in := range b.Instrs {
			for _, m := range in.Flatten() {
				if f.Arch.Desc(m.Op).Flags&(mir.FlagBranch|mir.FlagTerminator) != 0 {
					continue
				}
				for _, o := range m.Ops {
					if o.Kind == mir.KindBlock {
						addrTaken[o.Block] = true
					}
				}
			}
		}
	}
	removed := false
	for i := 1; i < len(f.Blocks); i++ {
		b := f.Blocks[i]
		target := jumpOnly(f, b)
		prev := f.Blocks[i-1]
		if target == nil || target == b || addrTaken[b] || len(prev.Instrs) == 0 || !endsInBarrier(f, prev) {
			continue
		}
		for _, p := range b.Preds {
			for _, in := range p.Instrs {
				for _, m := range in.Flatten() {
					for k := range m.Ops {
						if o := &m.Ops[k]; o.Kind == mir.KindBlock && o.Block == b {
							o.Block = target
						}
					}
				}
			}
		}
		for _, jt := range f.JumpTables {
			for k, t := range jt {
				if t == b {
					jt[k] = target
				}
			}
		}
		// Keep target's predecessors current for later removals.
		target.Preds = append(target.Preds, b.Preds...)
		f.Blocks = append(f.Blocks[:i], f.Blocks[i+1:]...)
		i--
		removed = true
	}
	if removed {
		f.RecomputeCFG()
	}
}

// jumpOnly returns the target of b when b holds only an unconditional,
// unguarded, direct jump.
func jumpOnly(f *mir.Func, b *mir.Block) *mir.Block {
	if len(b.Instrs) != 1 || len(b.Instrs[0].Bundle) > 0 {
		return nil
	}
	in := b.Instrs[0]
	fl := f.Arch.Desc(in.Op).Flags
	if fl&mir.FlagBranch == 0 || fl&mir.FlagBarrier == 0 || fl&(mir.FlagIndirect|mir.FlagCall) != 0 || in.Pred() != nil {
		return nil
	}
	var t *mir.Block
	for _, o := range in.Ops {
		switch o.Kind {
		case mir.KindBlock:
			if t != nil {
				return nil
			}
			t = o.Block
		case mir.KindReg, mir.KindPred, mir.KindJT:
			return nil
		}
	}
	return t
}

func endsInBarrier(f *mir.Func, b *mir.Block) bool {
	last := b.Instrs[len(b.Instrs)-1]
	return f.Arch.Desc(last.Op).Flags&mir.FlagBarrier != 0 && last.Pred() == nil
}

// lowerCopies replaces every G_COPY left in f, allocated, bundle members
// included, by the target's copy (passes.RegCopier).
func lowerCopies(f *mir.Func, m passes.RegCopier) {
	lower := func(in *mir.Instr) *mir.Instr {
		if in.Op != mir.GCopy || len(in.Ops) != 2 || in.Ops[0].Kind != mir.KindReg || in.Ops[1].Kind != mir.KindReg {
			return in
		}
		c := m.CopyReg(f, in.Ops[0].Reg, in.Ops[1].Reg)
		c.Pos = in.Pos
		return c
	}
	for _, b := range f.Blocks {
		for i, in := range b.Instrs {
			for k, m := range in.Bundle {
				in.Bundle[k] = lower(m)
			}
			if c := lower(in); c != in {
				c.Bundle = in.Bundle
				b.Instrs[i] = c
			}
		}
	}
}
